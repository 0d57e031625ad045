import type { Db } from '~/db/db.server.ts'
import { SUDO_PROMPT, WRONG_PASSWORD } from '~/lib/sudo.ts'
import type { Admin } from '~/services/actor.server.ts'
import { DomainValidationError, RateLimitedError, SudoRequiredError } from '~/infra/errors.server.ts'
import { confirmSudo } from '~/services/sudo.server.ts'

/** A form refused for want of the password: what its password field (SUDO_FIELD) says, and the status. */
export class PasswordAsked {
  constructor(
    readonly status: 400 | 403 | 429,
    readonly message: string,
  ) {}
}

/**
 * Sudo mode for a page's form, the one way (docs/decisions/027): the password the form carried,
 * if any, is confirmed first (this session is then in sudo mode for a few minutes), then `change`
 * runs. A wrong password, too many tries, or a change the service refuses for want of a recent
 * password come back as a PasswordAsked for the form's password field; anything else `change`
 * throws is the caller's.
 */
export async function withSudo<T>(
  db: Db,
  admin: Admin,
  password: FormDataEntryValue | null | undefined,
  change: () => Promise<T>,
  { prompt = SUDO_PROMPT, now = Date.now() }: { prompt?: string; now?: number } = {},
): Promise<T | PasswordAsked> {
  const typed = typeof password === 'string' ? password : ''
  if (typed) {
    try {
      await confirmSudo(db, admin, typed, now)
    } catch (err) {
      if (err instanceof DomainValidationError) return new PasswordAsked(400, WRONG_PASSWORD)
      if (err instanceof RateLimitedError) return new PasswordAsked(429, err.message)
      throw err
    }
  }
  try {
    return await change()
  } catch (err) {
    if (err instanceof SudoRequiredError) return new PasswordAsked(403, prompt)
    throw err
  }
}
