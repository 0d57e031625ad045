import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import {
  SESSION_LIFETIME_MS,
  changePassword,
  ensureAdmin,
  getSession,
  login,
  logout,
  pruneSessions,
  requireSession,
} from '~/services/auth.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { DomainValidationError, InvalidCredentialsError, RateLimitedError, UnauthorizedError } from '~/infra/errors.server.ts'
import { ADMIN_PASSWORD, ADMIN_USERNAME, dialects } from '../helpers/app.ts'
import { freshDatabase, rejection } from './db.ts'

const T0 = Date.parse('2030-04-01T08:00:00.000Z')
const MINUTE = 60_000
const WRONG = 'not-the-password'
/** Every sign-in runs scrypt (about a second each on a busy machine): these tests are slow by design. */
const SLOW = 180_000

describe.each(dialects())('auth service on %s', (_name, url) => {
  // Each test gets a new database: the account-wide counters are shared by all its sign-ins.
  let h: DatabaseHandle
  beforeEach(async () => {
    h = await freshDatabase(url())
  })
  afterEach(async () => {
    await h.close()
  })

  const signIn = (password: string, ip: string, now = T0, username = ADMIN_USERNAME) => login(h.db, { username, password, ip }, now)
  const adminOf = async (token: string, now = T0) => {
    const session = await getSession(h.db, token, now)
    if (!session.admin) throw new Error('no session')
    return session.admin
  }
  /** Settles attempts made at once, as a burst from the network would arrive. */
  const outcomes = async (attempts: Promise<unknown>[]) =>
    (await Promise.allSettled(attempts)).map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as Error).constructor.name))

  it(
    'creates the first admin once, with a generated password when none is given',
    async () => {
      const first = await ensureAdmin(h.db, ADMIN_USERNAME, undefined)
      expect(first.created).toBe(true)
      expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16,}$/)
      expect(await ensureAdmin(h.db, ADMIN_USERNAME, 'a-different-password')).toEqual({ created: false })
      expect(await ensureAdmin(h.db, 'someone-else', 'a-different-password')).toEqual({ created: false })

      const users = await h.db.selectFrom('adminUsers').selectAll().execute()
      expect(users.map((u) => u.username)).toEqual([ADMIN_USERNAME])
      expect(users[0].passwordHash).toMatch(/^scrypt\$/)
      expect(users[0].passwordHash).not.toContain(first.generatedPassword)

      await signIn(first.generatedPassword!, '198.51.100.1')
      await rejection(signIn('a-different-password', '198.51.100.1'), InvalidCredentialsError)
    },
    SLOW,
  )

  it(
    'signs in with the right password for 24 hours, and refuses a wrong one or an unknown user alike',
    async () => {
      expect(await ensureAdmin(h.db, ADMIN_USERNAME, ADMIN_PASSWORD)).toEqual({ created: true, generatedPassword: undefined })
      const { token, expiresAt } = await signIn(ADMIN_PASSWORD, '198.51.100.2')
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(expiresAt).toBe(new Date(T0 + SESSION_LIFETIME_MS).toISOString())
      expect(SESSION_LIFETIME_MS).toBe(24 * 60 * MINUTE)
      expect(await adminOf(token)).toMatchObject({ username: ADMIN_USERNAME, expiresAt })
      // Only the token's hash is stored.
      const stored = await h.db.selectFrom('sessions').select('tokenHash').execute()
      expect(stored.map((s) => s.tokenHash)).not.toContain(token)

      const wrong = await rejection(signIn(WRONG, '198.51.100.2'), InvalidCredentialsError)
      const unknown = await rejection(signIn(ADMIN_PASSWORD, '198.51.100.2', T0, 'mallory'), InvalidCredentialsError)
      expect(unknown.message).toBe(wrong.message)
    },
    SLOW,
  )

  it(
    'refuses the 6th attempt from one address, even with the right password; a burst cannot outrun the count',
    async () => {
      await ensureAdmin(h.db, ADMIN_USERNAME, ADMIN_PASSWORD)
      // Eight at once: each is counted before its password is hashed, so exactly five get checked.
      const burst = await outcomes(Array.from({ length: 8 }, () => signIn(WRONG, '203.0.113.9', T0)))
      expect(burst.filter((o) => o === 'InvalidCredentialsError')).toHaveLength(5)
      expect(burst.filter((o) => o === 'RateLimitedError')).toHaveLength(3)

      const err = await rejection(signIn(ADMIN_PASSWORD, '203.0.113.9', T0 + MINUTE), RateLimitedError)
      expect(err.retryAfterSeconds).toBe(14 * 60)
      // Another address is not affected; the blocked one may try again when its 15 minutes are over.
      await signIn(ADMIN_PASSWORD, '203.0.113.10', T0 + MINUTE)
      await signIn(ADMIN_PASSWORD, '203.0.113.9', T0 + 15 * MINUTE + 1)
    },
    SLOW,
  )

  it(
    'clears the address’s count on a right password',
    async () => {
      await ensureAdmin(h.db, ADMIN_USERNAME, ADMIN_PASSWORD)
      for (let i = 0; i < 4; i++) await rejection(signIn(WRONG, '203.0.113.20', T0 + i), InvalidCredentialsError)
      await signIn(ADMIN_PASSWORD, '203.0.113.20', T0 + 10)
      // A whole new allowance of five, not what was left of the old one.
      for (let i = 0; i < 5; i++) await rejection(signIn(WRONG, '203.0.113.20', T0 + 20 + i), InvalidCredentialsError)
      await rejection(signIn(ADMIN_PASSWORD, '203.0.113.20', T0 + 30), RateLimitedError)
    },
    SLOW,
  )

  it(
    'slows an account-wide spray to one attempt per 10 s, but never an address that signed in before',
    async () => {
      await ensureAdmin(h.db, ADMIN_USERNAME, ADMIN_PASSWORD)
      await signIn(ADMIN_PASSWORD, '192.0.2.1', T0 - 60 * MINUTE) // the admin's usual address

      // Ten addresses, two wrong tries each would be blocked per address; one each stays under it.
      const spray = await outcomes(Array.from({ length: 10 }, (_, i) => signIn(WRONG, `198.18.0.${i + 1}`, T0)))
      expect(spray).toEqual(Array(10).fill('InvalidCredentialsError'))

      // Over ten in 15 minutes: one attempt per 10-second slot, whoever sends it.
      await rejection(signIn(WRONG, '198.18.0.11', T0 + 1000), InvalidCredentialsError)
      const slowed = await rejection(signIn(ADMIN_PASSWORD, '198.18.0.12', T0 + 2000), RateLimitedError)
      expect(slowed.retryAfterSeconds).toBeGreaterThanOrEqual(1)
      expect(slowed.retryAfterSeconds).toBeLessThanOrEqual(10)
      expect(slowed.retryAfterSeconds).toBe(9)

      // The admin's known address is not slowed, nor counted.
      await signIn(ADMIN_PASSWORD, '192.0.2.1', T0 + 2000)
      await signIn(ADMIN_PASSWORD, '192.0.2.1', T0 + 2001)
      // The next slot is open to anyone with the right password.
      await signIn(ADMIN_PASSWORD, '198.18.0.12', T0 + 11_001)
    },
    SLOW,
  )

  it(
    'resolves sessions: none, valid, expired after 24 h, ended by logout',
    async () => {
      await ensureAdmin(h.db, ADMIN_USERNAME, ADMIN_PASSWORD)
      expect(await getSession(h.db, undefined)).toEqual({ admin: null, expired: false })
      expect(await getSession(h.db, 'no-such-token')).toEqual({ admin: null, expired: false })

      const first = await signIn(ADMIN_PASSWORD, '198.51.100.30')
      const admin: Admin = await adminOf(first.token, T0 + SESSION_LIFETIME_MS - 1)
      expect(admin).toMatchObject({ username: ADMIN_USERNAME, expiresAt: first.expiresAt })
      expect(await requireSession(h.db, first.token)).toEqual(admin)
      // Absolute lifetime: at 24 h the session is over, reported once as expired, then unknown.
      expect(await getSession(h.db, first.token, T0 + SESSION_LIFETIME_MS)).toEqual({ admin: null, expired: true })
      expect(await getSession(h.db, first.token, T0)).toEqual({ admin: null, expired: false })

      const second = await signIn(ADMIN_PASSWORD, '198.51.100.30', T0 + 1)
      await logout(h.db, second.token)
      await logout(h.db, undefined)
      expect(await getSession(h.db, second.token, T0 + 2)).toEqual({ admin: null, expired: false })
      expect((await rejection(requireSession(h.db, second.token), UnauthorizedError)).message).toBe('Authentication required')
    },
    SLOW,
  )

  it(
    'reports an expired session to requireSession, and prunes expired sessions',
    async () => {
      await ensureAdmin(h.db, ADMIN_USERNAME, ADMIN_PASSWORD)
      const past = Date.now() - SESSION_LIFETIME_MS - MINUTE
      const old = await signIn(ADMIN_PASSWORD, '198.51.100.31', past)
      expect((await rejection(requireSession(h.db, old.token), UnauthorizedError)).message).toBe('Session expired')

      const stale = await signIn(ADMIN_PASSWORD, '198.51.100.31', past + 1)
      const current = await signIn(ADMIN_PASSWORD, '198.51.100.31')
      await pruneSessions(h.db)
      // Gone from the table, so not even reported as expired.
      expect(await getSession(h.db, stale.token, past + 2)).toEqual({ admin: null, expired: false })
      expect((await getSession(h.db, current.token)).admin).not.toBeNull()
    },
    SLOW,
  )

  it(
    'changes the password only with the right current one, then ends the other sessions',
    async () => {
      await ensureAdmin(h.db, ADMIN_USERNAME, ADMIN_PASSWORD)
      const here = await signIn(ADMIN_PASSWORD, '198.51.100.40')
      const elsewhere = await signIn(ADMIN_PASSWORD, '198.51.100.41')
      const admin = await adminOf(here.token)

      const err = await rejection(
        changePassword(h.db, admin, { currentPassword: WRONG, newPassword: 'brand-new-password' }, T0),
        DomainValidationError,
      )
      expect(Object.keys(err.fields)).toEqual(['currentPassword'])
      expect((await getSession(h.db, elsewhere.token, T0)).admin).not.toBeNull()

      await changePassword(h.db, admin, { currentPassword: ADMIN_PASSWORD, newPassword: 'brand-new-password' }, T0)
      expect(await getSession(h.db, elsewhere.token, T0)).toEqual({ admin: null, expired: false })
      expect((await getSession(h.db, here.token, T0)).admin).toEqual(admin)

      await rejection(signIn(ADMIN_PASSWORD, '198.51.100.40', T0 + 1), InvalidCredentialsError)
      await signIn('brand-new-password', '198.51.100.40', T0 + 2)
    },
    SLOW,
  )

  it(
    'refuses a password change after 5 wrong current passwords, even with the right one, for 15 minutes',
    async () => {
      await ensureAdmin(h.db, ADMIN_USERNAME, ADMIN_PASSWORD)
      const admin = await adminOf((await signIn(ADMIN_PASSWORD, '198.51.100.50')).token)
      for (let i = 0; i < 5; i++) {
        await rejection(
          changePassword(h.db, admin, { currentPassword: WRONG, newPassword: 'brand-new-password' }, T0 + i * MINUTE),
          DomainValidationError,
        )
      }
      const err = await rejection(
        changePassword(h.db, admin, { currentPassword: ADMIN_PASSWORD, newPassword: 'brand-new-password' }, T0 + 5 * MINUTE),
        RateLimitedError,
      )
      expect(err.retryAfterSeconds).toBe(10 * 60)
      // Nothing changed: the old password still signs in.
      await signIn(ADMIN_PASSWORD, '198.51.100.50', T0 + 5 * MINUTE)

      await changePassword(h.db, admin, { currentPassword: ADMIN_PASSWORD, newPassword: 'brand-new-password' }, T0 + 15 * MINUTE + 1)
      await signIn('brand-new-password', '198.51.100.50', T0 + 15 * MINUTE + 2)
    },
    SLOW,
  )
})
