import { randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import * as factors from '~/models/sign-in-factors.server.ts'
import {
  InvalidCodeError,
  SecondStepExhaustedError,
  SecondStepExpiredError,
  changePassword,
  completeSecondStep,
  ensureAdmin,
  getSession,
  openSession,
  pendingSecondStep,
  signInWithPassword,
} from '~/services/auth.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { DomainValidationError, InvalidCredentialsError, RateLimitedError, SudoRequiredError } from '~/infra/errors.server.ts'
import { registerPasskey, registrationOptions, relyingParty, removePasskey } from '~/services/passkeys.server.ts'
import { authenticateApiToken, createApiToken } from '~/services/api-tokens.server.ts'
import { endOtherSessions, endSession, listSessions } from '~/services/sessions.server.ts'
import { getSettings } from '~/services/settings.server.ts'
import { updateSettings } from '~/services/settings-update.server.ts'
import { SUDO_WINDOW_MS, confirmSudo, sudoState } from '~/services/sudo.server.ts'
import { confirmTotpEnrolment, disableTotp, regenerateRecoveryCodes, startTotpEnrolment, twoStepState } from '~/services/totp.server.ts'
import { ADMIN_PASSWORD, ADMIN_USERNAME, dialects } from '../helpers/app.ts'
import { freshDatabase, rejection } from './db.ts'

/** Issue 21: a stolen session cannot take the account (docs/decisions/027). */
const T0 = Date.parse('2030-05-01T08:00:00.000Z')
const MINUTE = 60_000
const STEP = 30_000
const SLOW = 240_000
const rp = relyingParty('http://localhost:3000', 'Test Studio')
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at })

describe.each(dialects())('sudo mode on %s', (_name, url) => {
  let h: DatabaseHandle
  const key = randomBytes(32)
  beforeEach(async () => {
    h = await freshDatabase(url())
    await ensureAdmin(h.db, ADMIN_USERNAME, ADMIN_PASSWORD)
  })
  afterEach(async () => {
    await h.close()
  })

  const signedIn = async (ip: string, now: number): Promise<{ admin: Admin; token: string }> => {
    const r = await signInWithPassword(h.db, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ip }, now)
    if (r.kind !== 'session') throw new Error('expected a session')
    const s = await getSession(h.db, r.token, now)
    if (!s.admin) throw new Error('no session')
    return { admin: s.admin, token: r.token }
  }
  const outbox = () => h.db.selectFrom('mailOutbox').select(['toAddress', 'subject', 'body']).orderBy('id').execute()
  const addStolenPasskey = async (admin: Admin) => {
    await factors.insertPasskey(h.db, {
      userId: admin.id,
      credentialId: `cred-${randomBytes(6).toString('hex')}`,
      publicKey: 'AAAA',
      counter: 0,
      transports: null,
      name: 'Elsewhere',
    })
    return (await factors.listPasskeys(h.db, admin.id)).at(-1)!.id
  }

  it(
    'refuses every sign-in change from a session that has not re-entered the password; after it each works; after 10 minutes they are refused again',
    async () => {
      const { admin } = await signedIn('192.0.2.1', T0)
      const other = await signedIn('192.0.2.2', T0)
      const passkeyId = await addStolenPasskey(admin)
      const otherSessionId = (await listSessions(h.db, admin)).find((s) => !s.current)!.id
      const bogus = {
        response: {
          id: 'x',
          rawId: 'x',
          type: 'public-key',
          response: { clientDataJSON: '', attestationObject: '' },
          clientExtensionResults: {},
        },
        name: 'Mine',
      } as never

      // Signing in is not sudo mode: the cookie is what gets stolen.
      expect(await sudoState(h.db, admin, T0)).toEqual({ active: false, until: null })
      const refusals = async (now: number, passkeyId: number, otherSessionId: number) => {
        await rejection(registrationOptions(h.db, rp, admin, now), SudoRequiredError)
        await rejection(registerPasskey(h.db, rp, admin, bogus, now), SudoRequiredError)
        await rejection(removePasskey(h.db, admin, passkeyId, undefined, now), SudoRequiredError)
        await rejection(startTotpEnrolment(h.db, key, admin, now), SudoRequiredError)
        await rejection(confirmTotpEnrolment(h.db, key, admin, '123456', now), SudoRequiredError)
        await rejection(disableTotp(h.db, admin, now), SudoRequiredError)
        await rejection(regenerateRecoveryCodes(h.db, admin, now), SudoRequiredError)
        await rejection(endOtherSessions(h.db, admin, now), SudoRequiredError)
        await rejection(endSession(h.db, admin, otherSessionId, now), SudoRequiredError)
        await rejection(updateSettings(h.db, admin, { contactEmail: 'thief@evil.example' }, { now }), SudoRequiredError)
        // An API token is a way in that outlives the session (issue 33).
        await rejection(createApiToken(h.db, admin, 'Stolen', { now }), SudoRequiredError)
        // Changing the password still needs the current one itself.
        await rejection(
          changePassword(h.db, admin, { currentPassword: 'not-it', newPassword: 'new-password-1' }, now),
          DomainValidationError,
        )
      }
      await refusals(T0, passkeyId, otherSessionId)
      // Nothing changed, nothing was sent, and the other session is still there.
      expect(await factors.listPasskeys(h.db, admin.id)).toHaveLength(1)
      expect(await h.db.selectFrom('apiTokens').selectAll().execute()).toEqual([])
      expect((await getSettings(h.db)).contactEmail).not.toBe('thief@evil.example')
      expect((await getSession(h.db, other.token, T0)).admin).toBeTruthy()
      expect(await outbox()).toEqual([])
      // Other settings need no password.
      expect((await updateSettings(h.db, admin, { siteName: 'Kept Studio' }, { now: T0 })).siteName).toBe('Kept Studio')

      // The password, once: sudo mode for ten minutes, on this session only.
      const t1 = T0 + MINUTE
      await confirmSudo(h.db, admin, ADMIN_PASSWORD, t1)
      expect(await sudoState(h.db, admin, t1)).toEqual({ active: true, until: new Date(t1 + SUDO_WINDOW_MS).toISOString() })
      expect((await sudoState(h.db, other.admin, t1)).active).toBe(false)
      const row = await h.db.selectFrom('sessions').select('sudoAt').where('tokenHash', '=', admin.tokenHash).executeTakeFirstOrThrow()
      expect(row.sudoAt).toBe(new Date(t1).toISOString())

      // A token now: shown once, and a notice mailed to the owner's own address.
      const made = await createApiToken(h.db, admin, 'Deploy', { now: t1 })
      expect(await authenticateApiToken(h.db, made.token, t1)).toMatchObject({ id: admin.id, via: 'token' })
      expect((await outbox()).at(-1)?.subject).toBe(
        'Security change: An API token ("Deploy") was made for admin (owner); it works until Fri, 31 May 2030 08:01:00 GMT',
      )
      const options = await registrationOptions(h.db, rp, admin, t1)
      expect(options.challenge).toBeTruthy()
      // Past the gate: the made-up answer fails its own check, not sudo mode.
      await rejection(registerPasskey(h.db, rp, admin, bogus, t1), DomainValidationError)
      const { secret } = await startTotpEnrolment(h.db, key, admin, t1)
      const codes = await confirmTotpEnrolment(h.db, key, admin, codeAt(secret, t1), t1)
      expect(codes).toHaveLength(10)
      // Turning it on ended the other session.
      expect((await getSession(h.db, other.token, t1)).admin).toBeNull()

      // New recovery codes: the old ones stop working, other sessions end, a notice goes out.
      // (a session opened the way a right code opens it)
      await openSession(h.db, admin.id, { ip: '192.0.2.3' }, t1)
      expect(await listSessions(h.db, admin)).toHaveLength(2)
      const fresh = await regenerateRecoveryCodes(h.db, admin, t1 + MINUTE)
      expect(fresh).toHaveLength(10)
      expect(fresh).not.toContain(codes[0])
      expect((await listSessions(h.db, admin)).map((s) => s.current)).toEqual([true])
      expect((await outbox()).at(-1)?.subject).toBe(
        'Security change: New recovery codes were made for admin (owner); the old ones no longer work',
      )

      await removePasskey(h.db, admin, passkeyId, undefined, t1 + 2 * MINUTE)
      expect(await factors.listPasskeys(h.db, admin.id)).toEqual([])
      await disableTotp(h.db, admin, t1 + 3 * MINUTE)
      expect((await twoStepState(h.db, key, admin, t1 + 3 * MINUTE)).enabled).toBe(false)

      // Ten minutes after the password, each is refused again (the window is on the session row).
      const late = t1 + SUDO_WINDOW_MS
      await signedIn('192.0.2.4', late)
      await refusals(late, await addStolenPasskey(admin), (await listSessions(h.db, admin)).find((s) => !s.current)!.id)
      // ... and the same when the row says so, whatever the clock (another instance wrote it).
      await confirmSudo(h.db, admin, ADMIN_PASSWORD, late)
      await endOtherSessions(h.db, admin, late)
      await h.db
        .updateTable('sessions')
        .set({ sudoAt: new Date(late - 11 * MINUTE).toISOString() })
        .where('tokenHash', '=', admin.tokenHash)
        .execute()
      await rejection(endOtherSessions(h.db, admin, late), SudoRequiredError)
      // A time far ahead of this clock is not trusted either.
      await h.db
        .updateTable('sessions')
        .set({ sudoAt: new Date(late + 60 * MINUTE).toISOString() })
        .where('tokenHash', '=', admin.tokenHash)
        .execute()
      await rejection(endOtherSessions(h.db, admin, late), SudoRequiredError)
    },
    SLOW,
  )

  it(
    'ends one other session, or all, only in sudo mode; ending this one is signing out and needs nothing',
    async () => {
      const { admin } = await signedIn('192.0.2.10', T0)
      await signedIn('192.0.2.11', T0)
      const list = await listSessions(h.db, admin)
      const mine = list.find((s) => s.current)!
      const theirs = list.find((s) => !s.current)!
      await rejection(endSession(h.db, admin, theirs.id, T0), SudoRequiredError)
      await confirmSudo(h.db, admin, ADMIN_PASSWORD, T0)
      await endSession(h.db, admin, theirs.id, T0)
      await rejection(endSession(h.db, admin, theirs.id, T0), Error)
      await endSession(h.db, admin, mine.id, T0 + SUDO_WINDOW_MS + MINUTE)
      expect(await listSessions(h.db, admin)).toEqual([])
    },
    SLOW,
  )

  it(
    'counts wrong passwords in the prompt against the password-change limit (5 per 15 minutes)',
    async () => {
      const { admin } = await signedIn('192.0.2.20', T0)
      for (let i = 0; i < 5; i++) {
        const wrong = await rejection(confirmSudo(h.db, admin, `guess-${i}`, T0), DomainValidationError)
        expect(wrong.fields.currentPassword).toBe('Current password is incorrect.')
      }
      // The sixth is refused before it is checked, right or not, and so is a password change.
      await rejection(confirmSudo(h.db, admin, ADMIN_PASSWORD, T0), RateLimitedError)
      await rejection(changePassword(h.db, admin, { currentPassword: ADMIN_PASSWORD, newPassword: 'new-password-1' }, T0), RateLimitedError)
      expect((await sudoState(h.db, admin, T0)).active).toBe(false)
      await confirmSudo(h.db, admin, ADMIN_PASSWORD, T0 + 16 * MINUTE)
      expect((await sudoState(h.db, admin, T0 + 16 * MINUTE)).active).toBe(true)
    },
    SLOW,
  )

  it(
    'sends the notice of a new contact email to the address on file before it; security notices stay with the owner’s own email',
    async () => {
      const { admin, token } = await signedIn('192.0.2.30', T0)
      const other = await signedIn('192.0.2.31', T0)
      const before = (await getSettings(h.db)).contactEmail
      await confirmSudo(h.db, admin, ADMIN_PASSWORD, T0)
      await updateSettings(
        h.db,
        admin,
        { contactEmail: 'new-inbox@studio.example' },
        { now: T0, origin: { ip: '192.0.2.30', userAgent: null } },
      )
      expect((await getSettings(h.db)).contactEmail).toBe('new-inbox@studio.example')
      const mail = await outbox()
      expect(mail).toHaveLength(1)
      expect(mail[0].toAddress).toBe(before)
      expect(mail[0].subject).toContain('The contact email, where new proposals and messages are mailed, was changed')
      expect(mail[0].body).toContain(`from ${before} to new-inbox@studio.example`)
      expect(mail[0].body).toContain('From address: 192.0.2.30')
      // Where notices go is not how one signs in: the sessions stay.
      expect((await getSession(h.db, other.token, T0)).admin).toBeTruthy()
      expect((await getSession(h.db, token, T0)).admin).toBeTruthy()
      // Saving the same address again is no change: no password, no notice.
      await updateSettings(
        h.db,
        admin,
        { contactEmail: 'new-inbox@studio.example', siteName: 'Same' },
        { now: T0 + SUDO_WINDOW_MS + MINUTE },
      )
      expect(await outbox()).toHaveLength(1)
      // The next security notice still goes to the owner's own address (the contact email at the
      // first start), not to the new contact email (issue 33).
      await confirmSudo(h.db, admin, ADMIN_PASSWORD, T0 + 20 * MINUTE)
      await endOtherSessions(h.db, admin, T0 + 20 * MINUTE)
      await changePassword(h.db, admin, { currentPassword: ADMIN_PASSWORD, newPassword: ADMIN_PASSWORD }, T0 + 21 * MINUTE)
      expect((await outbox()).at(-1)).toMatchObject({
        toAddress: before,
        subject: 'Security change: The password of admin (owner) was changed',
      })
    },
    SLOW,
  )

  describe('the code step', () => {
    const enrolled = async () => {
      const me = await signedIn('192.0.2.1', T0)
      await confirmSudo(h.db, me.admin, ADMIN_PASSWORD, T0)
      const { secret } = await startTotpEnrolment(h.db, key, me.admin, T0)
      await confirmTotpEnrolment(h.db, key, me.admin, codeAt(secret, T0), T0)
      return secret
    }
    const passwordStep = async (ip: string, now: number) => {
      const r = await signInWithPassword(h.db, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ip }, now)
      expect(r.kind).toBe('second-step')
      return r.token
    }
    const code = (token: string, c: string, ip: string, now: number) => completeSecondStep(h.db, key, { token, code: c, ip }, now)

    it(
      'lets the admin in from a known address with the right code while strangers spray wrong passwords',
      async () => {
        const secret = await enrolled()
        const t1 = T0 + 60 * MINUTE
        const spray = async (at: number, from: number, n: number) => {
          for (let i = 0; i < n; i++) {
            const err = await signInWithPassword(
              h.db,
              { username: ADMIN_USERNAME, password: `spray-${from + i}`, ip: `203.0.113.${(from + i) % 250}` },
              at,
            ).then(
              () => undefined,
              (e: unknown) => e,
            )
            expect(err instanceof InvalidCredentialsError || err instanceof RateLimitedError).toBe(true)
          }
        }
        // Ten free attempts, then the account's slow lane: one per ten seconds, taken by the spray.
        await spray(t1, 1, 20)
        for (let round = 0; round < 5; round++) {
          const at = t1 + round * STEP + 1_000
          await spray(at, 30 + round * 10, 5)
          // A stranger, even with the right password, waits ...
          await rejection(
            signInWithPassword(h.db, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ip: '198.51.100.77' }, at),
            RateLimitedError,
          )
          // ... the admin, from the address they signed in from, does not: password, then code.
          const token = await passwordStep('192.0.2.1', at)
          const s = await code(token, codeAt(secret, at), '192.0.2.1', at)
          expect((await getSession(h.db, s.token, at)).admin?.username).toBe(ADMIN_USERNAME)
        }
      },
      SLOW,
    )

    it(
      'takes five codes per waiting step: the fifth wrong one deletes it and the password is asked again',
      async () => {
        const secret = await enrolled()
        const t1 = T0 + 60 * MINUTE
        const wrong = codeAt(secret, t1 + 40 * STEP)
        let token = await passwordStep('192.0.2.1', t1)
        // From several addresses (the per-address limit is not what stops them here).
        for (let i = 0; i < 4; i++) await rejection(code(token, wrong, `198.51.100.${i + 1}`, t1), InvalidCodeError)
        const fifth = await rejection(code(token, wrong, '198.51.100.5', t1), SecondStepExhaustedError)
        expect(fifth).toBeInstanceOf(SecondStepExpiredError)
        expect(fifth.message).toBe('Too many wrong codes. Please enter your password again.')
        expect(await pendingSecondStep(h.db, token, t1)).toBeUndefined()
        // The right code is too late for that step.
        await rejection(code(token, codeAt(secret, t1), '192.0.2.1', t1), SecondStepExpiredError)
        // A new password step takes it.
        token = await passwordStep('192.0.2.1', t1)
        await code(token, codeAt(secret, t1), '192.0.2.1', t1)

        // Sent all at once, a step still takes no more than five.
        const t2 = t1 + 30 * MINUTE
        token = await passwordStep('192.0.2.1', t2)
        const results = await Promise.allSettled(
          Array.from({ length: 9 }, (_, i) => code(token, codeAt(secret, t2 + 40 * STEP), `198.51.100.${20 + i}`, t2)),
        )
        const reasons = results.map((r) => (r.status === 'rejected' ? r.reason : r.value))
        const checked = reasons.filter((e) => e instanceof InvalidCodeError).length
        expect(reasons.every((e) => e instanceof InvalidCodeError || e instanceof SecondStepExpiredError)).toBe(true)
        expect(checked).toBeLessThanOrEqual(5)
        expect(checked).toBeGreaterThanOrEqual(4)
        expect(await pendingSecondStep(h.db, token, t2)).toBeUndefined()
        await rejection(code(token, codeAt(secret, t2 + STEP), '192.0.2.1', t2), SecondStepExpiredError)
      },
      SLOW,
    )
  })
})
