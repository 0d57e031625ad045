import type { Db } from '~/db/db.server.ts'
import * as model from '~/models/admin.server.ts'
import { SUDO_MINUTES } from '~/lib/sudo.ts'
import type { Admin } from './actor.server.ts'
import { DomainValidationError, SudoRequiredError } from '~/infra/errors.server.ts'
import { verifyPassword } from '~/infra/passwords.server.ts'
import { PASSWORD_CHANGE_LIMIT, consume, reset } from '~/infra/rate-limit.server.ts'

/**
 * Sudo mode (docs/decisions/027): changing how the admin signs in (passkeys, two-step sign-in,
 * recovery codes, the password), ending other sessions, making an API token, or changing where
 * security notices go (one's own email; docs/decisions/052) or the contact email needs the password entered on this session within the last 10 minutes. A stolen session cookie
 * alone cannot take the account. Signing in does not count: the cookie is what gets stolen.
 * The time is stored on the session row, so every instance behind a load balancer agrees.
 */
export const SUDO_WINDOW_MS = SUDO_MINUTES * 60_000
/** How far ahead of this clock another instance's may be. */
const CLOCK_SKEW_MS = 60_000

export type SudoState = { active: boolean; until: string | null }

export async function sudoState(db: Db, admin: Pick<Admin, 'tokenHash'>, now = Date.now()): Promise<SudoState> {
  const at = await model.findSessionSudoAt(db, admin.tokenHash)
  const confirmed = at ? Date.parse(at) : Number.NaN
  // A time more than a minute ahead of this clock is not trusted (never a longer window).
  const active = Number.isFinite(confirmed) && confirmed <= now + CLOCK_SKEW_MS && now < confirmed + SUDO_WINDOW_MS
  return active ? { active, until: new Date(confirmed + SUDO_WINDOW_MS).toISOString() } : { active: false, until: null }
}

/** Throws SudoRequiredError unless this session confirmed the password within the window. */
export async function requireSudo(db: Db, admin: Pick<Admin, 'tokenHash'>, now = Date.now()): Promise<void> {
  if (!(await sudoState(db, admin, now)).active) throw new SudoRequiredError()
}

/**
 * Checks the admin's current password before a sensitive change (field `currentPassword`).
 * Counted before the check, like sign-in: a stolen session must not become a password oracle.
 * A right password puts this session in sudo mode (sudo.server.ts) for the next few minutes.
 */
export async function confirmPassword(db: Db, admin: Admin, password: string, now = Date.now()): Promise<void> {
  const attemptKey = await consume(db, PASSWORD_CHANGE_LIMIT, String(admin.id), now)
  const user = await model.findAdminById(db, admin.id)
  if (!user || !(await verifyPassword(password, user.passwordHash))) {
    throw new DomainValidationError({ currentPassword: 'Current password is incorrect.' })
  }
  await reset(db, attemptKey)
  await model.markSessionSudo(db, admin.tokenHash, new Date(now).toISOString())
}

/**
 * Enters sudo mode with the password. Wrong passwords count against the password-change limit
 * (5 per 15 minutes per admin) and throw DomainValidationError `{ currentPassword }`.
 */
export function confirmSudo(db: Db, admin: Admin, password: string, now = Date.now()): Promise<void> {
  return confirmPassword(db, admin, password, now)
}
