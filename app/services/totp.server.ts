import { createHash } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import type { Db } from '~/db/db.server.ts'
import type { AdminUserRow } from '~/db/schema.ts'
import * as model from '~/models/admin.server.ts'
import * as factors from '~/models/sign-in-factors.server.ts'
import { securityChanged } from './security-notice.server.ts'
import type { Admin, Origin } from './actor.server.ts'
import { DomainValidationError } from '~/infra/errors.server.ts'
import { consume, reset, type Limit } from '~/infra/rate-limit.server.ts'
import { dropRecoveryCodes, newRecoveryCodes, remainingRecoveryCodes } from './recovery-codes.server.ts'
import { open, seal, SealedSecretError, type SecretKey } from '~/infra/secret-box.server.ts'
import { checkKeyForSealing, KEY_DIFFERS_MESSAGE } from '~/infra/secret-key.server.ts'
import { getSettings } from './settings.server.ts'
import { recordAccountActivity } from './activity-log.server.ts'
import { requireSudo } from './sudo.server.ts'

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30
/** One step either side: a phone clock a little off, or a code typed as it changed. */
const WINDOW = 1
const ENROL_MS = 15 * 60_000
/** Wrong confirmation codes while setting up, per admin (the session is already proven). */
const ENROL_LIMIT: Limit = {
  name: 'totp-enrol',
  max: 10,
  windowMs: 15 * 60_000,
  message: 'Too many wrong codes. Please wait 15 minutes and try again.',
}
export const WRONG_CODE = 'That code is not right. Check the time on your phone and try the newest code.'

function totpFor(secret: Secret, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret })
}

/** The time step a code belongs to, or null when it is none of previous/current/next. */
function matchStep(secret: Secret, code: string, now: number): number | null {
  const totp = totpFor(secret, 'x', 'x')
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW })
  return delta === null ? null : totp.counter({ timestamp: now }) + delta
}

/** The enrolment in progress is keyed by the admin, not by a browser token. */
const enrolKey = (userId: number) => createHash('sha256').update(`totp-enrol:${userId}`).digest('hex')

/**
 * Checks a sign-in code against the admin's secret and uses it up: the step it belongs to must be
 * later than the last one accepted (claimed atomically), so a code works once. Throws
 * SealedSecretError when this server's key cannot open the secret (docs/decisions/029).
 */
export async function acceptTotpCode(db: Db, key: SecretKey, user: AdminUserRow, code: string, now = Date.now()): Promise<boolean> {
  if (!user.totpSecret) return false
  const step = matchStep(Secret.fromBase32(open(key, user.totpSecret)), code, now)
  if (step === null) return false
  return model.claimTotpStep(db, user.id, step)
}

export type TotpEnrolment = { secret: string; uri: string; qrSvg: string }

export type TwoStepState = { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number; enrolment: TotpEnrolment | null }

/** What the Security page shows. The secret appears only while setting up, never once it is on. */
export async function twoStepState(db: Db, key: SecretKey, admin: Admin, now = Date.now()): Promise<TwoStepState> {
  const user = await model.findAdminById(db, admin.id)
  const enabled = Boolean(user?.totpSecret)
  let enrolment: TotpEnrolment | null = null
  if (!enabled) {
    const row = await factors.findChallenge(db, enrolKey(admin.id), 'totp-enrol', new Date(now).toISOString())
    // One sealed under another instance's key cannot be shown here: as if none were under way.
    const base32 = row ? openOrUndefined(key, (JSON.parse(row.data) as { secret: string }).secret) : undefined
    if (base32) enrolment = await describeEnrolment(db, admin, base32)
  }
  return {
    enabled,
    enabledAt: user?.totpEnabledAt ?? null,
    recoveryCodesLeft: enabled ? await remainingRecoveryCodes(db, admin.id) : 0,
    enrolment,
  }
}

function openOrUndefined(key: SecretKey, sealed: string): string | undefined {
  try {
    return open(key, sealed)
  } catch (err) {
    if (err instanceof SealedSecretError) return undefined
    throw err
  }
}

async function describeEnrolment(db: Db, admin: Admin, base32: string): Promise<TotpEnrolment> {
  const { siteName } = await getSettings(db)
  const uri = totpFor(Secret.fromBase32(base32), siteName, admin.username).toString()
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { secret: base32, uri, qrSvg }
}

/** Starts setting up an authenticator: a new secret, kept (sealed) for 15 minutes until confirmed. */
export async function startTotpEnrolment(db: Db, key: SecretKey, admin: Admin, now = Date.now()): Promise<TotpEnrolment> {
  // Sealed under a key the other instances do not have, it would lock the admin out there.
  await checkKeyForSealing(db, key)
  await requireSudo(db, admin, now)
  const secret = new Secret({ size: 20 })
  await factors.deleteUserChallenges(db, admin.id, 'totp-enrol')
  await factors.insertChallenge(db, {
    tokenHash: enrolKey(admin.id),
    kind: 'totp-enrol',
    userId: admin.id,
    data: JSON.stringify({ secret: seal(key, secret.base32) }),
    expiresAt: new Date(now + ENROL_MS).toISOString(),
  })
  return describeEnrolment(db, admin, secret.base32)
}

export async function cancelTotpEnrolment(db: Db, admin: Admin): Promise<void> {
  await factors.deleteUserChallenges(db, admin.id, 'totp-enrol')
}

/**
 * Turns two-step sign-in on once the admin typed a right code from the new secret; returns the
 * ten recovery codes, shown this once. The confirming code's step is used up.
 */
export async function confirmTotpEnrolment(
  db: Db,
  key: SecretKey,
  admin: Admin,
  code: string,
  now = Date.now(),
  origin?: Origin,
): Promise<string[]> {
  await requireSudo(db, admin, now)
  const row = await factors.findChallenge(db, enrolKey(admin.id), 'totp-enrol', new Date(now).toISOString())
  if (!row) throw new DomainValidationError({ code: 'Setting up timed out. Please start again.' })
  const attemptKey = await consume(db, ENROL_LIMIT, String(admin.id), now)
  const sealed = (JSON.parse(row.data) as { secret: string }).secret
  const base32 = openOrUndefined(key, sealed)
  if (base32 === undefined) throw new DomainValidationError({ code: KEY_DIFFERS_MESSAGE })
  const step = /^\d{6}$/.test(code.trim()) ? matchStep(Secret.fromBase32(base32), code.trim(), now) : null
  if (step === null) throw new DomainValidationError({ code: WRONG_CODE })
  await reset(db, attemptKey)
  await model.setTotpSecret(db, admin.id, sealed)
  await model.claimTotpStep(db, admin.id, step)
  await factors.deleteUserChallenges(db, admin.id, 'totp-enrol')
  const codes = await newRecoveryCodes(db, admin.id)
  await recordAccountActivity(db, admin, 'two-step.on')
  await securityChanged(db, admin, (who) => `Two-step sign-in (authenticator app) was turned on for ${who}.`, origin)
  return codes
}

/** Turns two-step sign-in off (in sudo mode: the password entered within minutes); recovery codes go with it. */
export async function disableTotp(db: Db, admin: Admin, now = Date.now(), origin?: Origin): Promise<void> {
  await requireSudo(db, admin, now)
  await model.setTotpSecret(db, admin.id, null)
  await dropRecoveryCodes(db, admin.id)
  await recordAccountActivity(db, admin, 'two-step.off')
  await securityChanged(db, admin, (who) => `Two-step sign-in (authenticator app) was turned off for ${who}.`, origin)
}

/**
 * A new set of recovery codes (the old ones stop working); only while two-step sign-in is on, in
 * sudo mode. Like any sign-in change, it ends the other sessions and mails a notice.
 */
export async function regenerateRecoveryCodes(db: Db, admin: Admin, now = Date.now(), origin?: Origin): Promise<string[]> {
  await requireSudo(db, admin, now)
  const user = await model.findAdminById(db, admin.id)
  if (!user?.totpSecret) throw new DomainValidationError({ recovery: 'Turn on two-step sign-in first.' })
  const codes = await newRecoveryCodes(db, admin.id)
  await recordAccountActivity(db, admin, 'recovery-codes.new')
  await securityChanged(db, admin, (who) => `New recovery codes were made for ${who}; the old ones no longer work.`, origin)
  return codes
}

/** For `npm run admin:reset`: two-step sign-in off, recovery codes gone. */
export async function resetTwoStep(db: Db, userId: number): Promise<void> {
  await model.setTotpSecret(db, userId, null)
  await dropRecoveryCodes(db, userId)
  await factors.deleteUserChallenges(db, userId, 'totp-enrol')
}
