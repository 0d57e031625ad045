import { randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import {
  InvalidCodeError,
  SecondStepExpiredError,
  SecondStepRequiredError,
  completeSecondStep,
  ensureAdmin,
  getSession,
  login,
  signInWithPassword,
} from '~/services/auth.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { DomainValidationError, InvalidCredentialsError, RateLimitedError, SudoRequiredError } from '~/infra/errors.server.ts'
import { endOtherSessions, endSession, listSessions } from '~/services/sessions.server.ts'
import { confirmSudo } from '~/services/sudo.server.ts'
import { confirmTotpEnrolment, disableTotp, regenerateRecoveryCodes, startTotpEnrolment, twoStepState } from '~/services/totp.server.ts'
import { ADMIN_PASSWORD, ADMIN_USERNAME, dialects } from '../helpers/app.ts'
import { freshDatabase, rejection } from './db.ts'

const T0 = Date.parse('2030-04-01T08:00:00.000Z')
const MINUTE = 60_000
const STEP = 30_000
const SLOW = 240_000
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'

/** The authenticator app's side: codes computed here from the secret the page showed. */
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at })

describe.each(dialects())('sign-in factors on %s', (_name, url) => {
  let h: DatabaseHandle
  const key = randomBytes(32)
  beforeEach(async () => {
    h = await freshDatabase(url())
    await ensureAdmin(h.db, ADMIN_USERNAME, ADMIN_PASSWORD)
  })
  afterEach(async () => {
    await h.close()
  })

  const password = (ip: string, now: number, userAgent: string | null = CHROME_MAC) =>
    signInWithPassword(h.db, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ip, userAgent }, now)
  const sessionAdmin = async (token: string, now: number): Promise<Admin> => {
    const s = await getSession(h.db, token, now)
    if (!s.admin) throw new Error('no session')
    return s.admin
  }
  const signedInAdmin = async (ip = '192.0.2.1', now = T0) => {
    const r = await password(ip, now)
    if (r.kind !== 'session') throw new Error('expected a session')
    return { admin: await sessionAdmin(r.token, now), token: r.token }
  }
  /** Turns two-step sign-in on at `now`; returns the secret (as the page shows it) and the recovery codes. */
  const enrol = async (admin: Admin, now = T0) => {
    await confirmSudo(h.db, admin, ADMIN_PASSWORD, now)
    const { secret, qrSvg, uri } = await startTotpEnrolment(h.db, key, admin, now)
    expect(qrSvg).toMatch(/^<svg/)
    expect(uri).toContain(`secret=${secret}`)
    const recoveryCodes = await confirmTotpEnrolment(h.db, key, admin, codeAt(secret, now), now)
    return { secret, recoveryCodes }
  }
  const pendingStep = async (ip: string, now: number) => {
    const r = await password(ip, now)
    expect(r.kind).toBe('second-step')
    return r.token
  }
  const second = (token: string | undefined, code: string, ip: string, now: number) =>
    completeSecondStep(h.db, key, { token, code, ip, userAgent: FIREFOX_LINUX }, now)

  it(
    'sets up an authenticator with one right code; the secret is stored sealed and never shown again',
    async () => {
      const me = await signedInAdmin()
      const admin = me.admin
      const other = await signedInAdmin('192.0.2.2')
      await confirmSudo(h.db, admin, ADMIN_PASSWORD, T0)
      const { secret } = await startTotpEnrolment(h.db, key, admin, T0)
      expect(secret).toMatch(/^[A-Z2-7]{32}$/)
      // While setting up, the page can show it again (e.g. after a wrong code without JavaScript).
      expect((await twoStepState(h.db, key, admin, T0)).enrolment?.secret).toBe(secret)

      const wrong = await rejection(confirmTotpEnrolment(h.db, key, admin, codeAt(secret, T0 + 10 * STEP), T0), DomainValidationError)
      expect(wrong.fields.code).toMatch(/not right/)
      const codes = await confirmTotpEnrolment(h.db, key, admin, codeAt(secret, T0), T0)
      expect(codes).toHaveLength(10)
      expect(new Set(codes).size).toBe(10)

      const state = await twoStepState(h.db, key, admin, T0)
      expect(state).toMatchObject({ enabled: true, recoveryCodesLeft: 10, enrolment: null })
      expect(JSON.stringify(state)).not.toContain(secret)
      const row = await h.db.selectFrom('adminUsers').selectAll().executeTakeFirstOrThrow()
      expect(row.totpSecret).toMatch(/^v1\./)
      expect(row.totpSecret).not.toContain(secret)
      const stored = await h.db.selectFrom('recoveryCodes').select('codeHash').execute()
      expect(stored.map((r) => r.codeHash).join()).not.toContain(codes[0].replace('-', ''))

      // Turning it on ended the other session and queued a notice.
      expect((await getSession(h.db, other.token, T0)).admin).toBeNull()
      expect((await getSession(h.db, me.token, T0)).admin).toBeTruthy()
      const mail = await h.db.selectFrom('mailOutbox').selectAll().execute()
      expect(mail.map((m) => m.subject)).toEqual(['Security change: Two-step sign-in (authenticator app) was turned on for admin (owner)'])
      expect(mail[0].body).toContain('Every other signed-in session has been ended.')
    },
    SLOW,
  )

  it(
    'asks for a code after the password: past, current and next codes work once each; replayed and older codes do not',
    async () => {
      const { admin } = await signedInAdmin()
      const { secret } = await enrol(admin)
      // The JSON API has no second step: a right password alone is refused.
      await rejection(login(h.db, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ip: '192.0.2.9' }, T0), SecondStepRequiredError)
      await rejection(
        signInWithPassword(h.db, { username: ADMIN_USERNAME, password: 'wrong-password', ip: '192.0.2.9' }, T0),
        InvalidCredentialsError,
      )

      // The previous step (a code typed as it changed).
      const t1 = T0 + 10 * MINUTE
      let token = await pendingStep('192.0.2.10', t1)
      const s1 = await second(token, codeAt(secret, t1 - STEP), '192.0.2.10', t1)
      expect((await sessionAdmin(s1.token, t1)).username).toBe(ADMIN_USERNAME)
      expect(s1.usedRecoveryCode).toBe(false)
      // The waiting step is used up with it.
      await rejection(second(token, codeAt(secret, t1), '192.0.2.10', t1), SecondStepExpiredError)

      // The current step.
      const t2 = t1 + 10 * MINUTE
      token = await pendingStep('192.0.2.10', t2)
      await second(token, codeAt(secret, t2), '192.0.2.10', t2)
      // Replayed: the same code again, within its window.
      token = await pendingStep('192.0.2.10', t2 + 5_000)
      await rejection(second(token, codeAt(secret, t2), '192.0.2.10', t2 + 5_000), InvalidCodeError)

      // The next step (a phone clock a little ahead) ...
      const t3 = t2 + 10 * MINUTE
      token = await pendingStep('192.0.2.11', t3)
      await second(token, codeAt(secret, t3 + STEP), '192.0.2.11', t3)
      // ... after which the current one is older than the last accepted, so no longer good.
      token = await pendingStep('192.0.2.11', t3)
      await rejection(second(token, codeAt(secret, t3), '192.0.2.11', t3), InvalidCodeError)
      // Two steps away is outside the window.
      await rejection(second(token, codeAt(secret, t3 + 3 * STEP), '192.0.2.11', t3), InvalidCodeError)
      await rejection(second(token, codeAt(secret, t3 - 2 * STEP), '192.0.2.11', t3), InvalidCodeError)
      // A made-up token never reaches the codes.
      await rejection(second('not-a-token', codeAt(secret, t3 + 2 * STEP), '192.0.2.11', t3 + 2 * STEP), SecondStepExpiredError)
      // The waiting step runs out after five minutes.
      await rejection(second(token, codeAt(secret, t3 + 10 * MINUTE), '192.0.2.11', t3 + 10 * MINUTE), SecondStepExpiredError)
    },
    SLOW,
  )

  it(
    'takes each recovery code once, in any case or spacing; a new set replaces the old',
    async () => {
      const { admin } = await signedInAdmin()
      const { recoveryCodes } = await enrol(admin)
      expect(recoveryCodes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)

      const t1 = T0 + 10 * MINUTE
      let token = await pendingStep('192.0.2.20', t1)
      const s = await second(token, recoveryCodes[0], '192.0.2.20', t1)
      expect(s.usedRecoveryCode).toBe(true)
      token = await pendingStep('192.0.2.20', t1)
      await rejection(second(token, recoveryCodes[0], '192.0.2.20', t1), InvalidCodeError)
      await second(token, ` ${recoveryCodes[1].toUpperCase().replace('-', ' ')} `, '192.0.2.20', t1)
      expect((await twoStepState(h.db, key, admin, t1)).recoveryCodesLeft).toBe(8)

      await confirmSudo(h.db, admin, ADMIN_PASSWORD, t1)
      const fresh = await regenerateRecoveryCodes(h.db, admin, t1)
      expect(fresh).toHaveLength(10)
      expect((await twoStepState(h.db, key, admin, t1)).recoveryCodesLeft).toBe(10)
      token = await pendingStep('192.0.2.21', t1)
      await rejection(second(token, recoveryCodes[2], '192.0.2.21', t1), InvalidCodeError)
      await second(token, fresh[9], '192.0.2.21', t1)
    },
    SLOW,
  )

  it(
    'throttles the second step like the password: per address, account-wide slowing not locking, and a right password resets nothing',
    async () => {
      const { admin } = await signedInAdmin()
      const { secret } = await enrol(admin)
      const t1 = T0 + 10 * MINUTE
      const wrong = (at: number) => codeAt(secret, at + 20 * STEP)

      // Per address: four wrong codes, then a right password again does not clear the count ...
      let token = await pendingStep('198.51.100.1', t1)
      for (let i = 0; i < 4; i++) await rejection(second(token, wrong(t1), '198.51.100.1', t1), InvalidCodeError)
      token = await pendingStep('198.51.100.1', t1)
      await rejection(second(token, wrong(t1), '198.51.100.1', t1), InvalidCodeError)
      // ... so the sixth attempt from that address is refused, even with the right code.
      const limited = await rejection(second(token, codeAt(secret, t1), '198.51.100.1', t1), RateLimitedError)
      expect(limited.retryAfterSeconds).toBeGreaterThan(0)
      // Wrong codes and wrong passwords share the address's count.
      await rejection(password('198.51.100.1', t1), RateLimitedError)
      // Another address is not affected by that one.
      await second(token, codeAt(secret, t1), '198.51.100.2', t1)

      // Account-wide, from many addresses: ten wrong codes in the window run at full speed (over
      // three waiting steps: each takes five codes at most) ...
      const t2 = t1 + 20 * MINUTE
      for (let i = 0; i < 9; i++) {
        if (i % 4 === 0) token = await pendingStep('203.0.113.200', t2)
        await rejection(second(token, wrong(t2), `203.0.113.${i + 1}`, t2), InvalidCodeError)
      }
      await rejection(second(token, wrong(t2), '203.0.113.10', t2), InvalidCodeError)
      // ... then one attempt per 10 seconds for the account, whoever sends it: slowed, never locked.
      await rejection(second(token, wrong(t2), '203.0.113.11', t2), InvalidCodeError)
      await rejection(second(token, codeAt(secret, t2), '203.0.113.12', t2 + 1_000), RateLimitedError)
      const s = await second(token, codeAt(secret, t2 + 11_000), '203.0.113.12', t2 + 11_000)
      expect((await sessionAdmin(s.token, t2 + 11_000)).username).toBe(ADMIN_USERNAME)
    },
    SLOW,
  )

  it(
    'turns two-step sign-in off with the password; recovery codes go with it',
    async () => {
      const { admin } = await signedInAdmin()
      await enrol(admin)
      // Sudo mode from setting it up has run out: the password again.
      await rejection(disableTotp(h.db, admin, T0 + 11 * MINUTE), SudoRequiredError)
      const refused = await rejection(confirmSudo(h.db, admin, 'not-the-password', T0 + 11 * MINUTE), DomainValidationError)
      expect(refused.fields.currentPassword).toBe('Current password is incorrect.')
      await rejection(disableTotp(h.db, admin, T0 + 11 * MINUTE), SudoRequiredError)
      await confirmSudo(h.db, admin, ADMIN_PASSWORD, T0 + 11 * MINUTE)
      await disableTotp(h.db, admin, T0 + 11 * MINUTE)
      expect(await twoStepState(h.db, key, admin, T0)).toMatchObject({ enabled: false, recoveryCodesLeft: 0, enrolment: null })
      expect(await h.db.selectFrom('recoveryCodes').selectAll().execute()).toEqual([])
      expect((await password('192.0.2.30', T0 + MINUTE)).kind).toBe('session')
      const subjects = (await h.db.selectFrom('mailOutbox').select('subject').orderBy('id').execute()).map((m) => m.subject)
      expect(subjects).toEqual([
        'Security change: Two-step sign-in (authenticator app) was turned on for admin (owner)',
        'Security change: Two-step sign-in (authenticator app) was turned off for admin (owner)',
      ])
    },
    SLOW,
  )

  it(
    'lists the sessions with device, address, last seen and created; ends one, or all others',
    async () => {
      const { admin } = await signedInAdmin('192.0.2.40', T0)
      const r2 = await password('192.0.2.41', T0 + MINUTE, FIREFOX_LINUX)
      const r3 = await password('192.0.2.42', T0 + 2 * MINUTE, null)
      // Seen again later: "last seen" moves (written at most once a minute).
      await getSession(h.db, r2.token, T0 + 5 * MINUTE)

      const list = await listSessions(h.db, admin)
      expect(list.map((s) => [s.ip, s.device, s.current])).toEqual([
        ['192.0.2.41', 'Firefox 133 on Linux (desktop)', false],
        ['192.0.2.42', 'Unknown device', false],
        ['192.0.2.40', 'Chrome 131 on macOS Catalina (desktop)', true],
      ])
      expect(list[0].lastSeenAt).toBe(new Date(T0 + 5 * MINUTE).toISOString())
      expect(list[0].createdAt).toBe(new Date(T0 + MINUTE).toISOString())

      await confirmSudo(h.db, admin, ADMIN_PASSWORD, T0 + 6 * MINUTE)
      await endSession(h.db, admin, list[0].id, T0 + 6 * MINUTE)
      expect((await getSession(h.db, r2.token, T0 + 6 * MINUTE)).admin).toBeNull()
      await rejection(endSession(h.db, admin, list[0].id, T0 + 6 * MINUTE), Error)
      await endOtherSessions(h.db, admin, T0 + 6 * MINUTE)
      expect((await getSession(h.db, r3.token, T0 + 6 * MINUTE)).admin).toBeNull()
      expect((await listSessions(h.db, admin)).map((s) => s.ip)).toEqual(['192.0.2.40'])
    },
    SLOW,
  )
})
