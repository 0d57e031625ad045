import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { setTotpSecret } from '~/models/admin.server.ts'
import { getSession, login, signInWithPassword } from '~/services/auth.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { DomainValidationError, InvalidCredentialsError, RateLimitedError, SudoRequiredError } from '~/infra/errors.server.ts'
import { createPersonFromShell, setPersonStatus } from '~/services/people.server.ts'
import { acceptInvitation, invitePerson } from '~/services/invitations.server.ts'
import { authenticateApiToken, createApiToken } from '~/services/api-tokens.server.ts'
import { createAfterAnswer, type AfterAnswer } from '~/infra/after-answer.server.ts'
import {
  findResetLink,
  requestPasswordReset,
  ResetLinkUnusableError,
  resetPasswordWithLink,
  sendPasswordReset,
} from '~/services/password-reset.server.ts'
import { confirmSudo } from '~/services/sudo.server.ts'
import { ADMIN_PASSWORD, dialects } from '../helpers/app.ts'
import { freshDatabase, rejection, signInAdmin } from './db.ts'

const HOUR = 60 * 60_000
const origin = { ip: '192.0.2.30', userAgent: 'test' }

/** Password reset by mail (issue 23, docs/decisions/047), on both databases. */
describe.each(dialects())('password reset by mail on %s', (_name, url) => {
  let h: DatabaseHandle
  let owner: Admin
  let tokens: string[]
  let later: AfterAnswer
  let failures: object[]
  const linkFor = (token: string) => {
    tokens.push(token)
    return `http://site.test/admin/reset/${token}`
  }
  /** "Forgot your password?", and the work it leaves for after the answer, done. */
  const ask = async (input: { account: string; ip: string }, now?: number) => {
    await requestPasswordReset(h.db, input, linkFor, later, now)
    await later.idle()
  }
  /** The reset links mailed to `to` (their invitation went there too). */
  const mailTo = async (to: string) =>
    (await h.db.selectFrom('mailOutbox').selectAll().where('toAddress', '=', to).orderBy('id').execute()).filter((m) =>
      m.subject.includes('new password'),
    )

  /** An invited person who joined: their email on file, a password of their own, signed in. */
  async function joined(username: string, email: string) {
    const invitations: string[] = []
    await invitePerson(h.db, owner, { email, role: 'editor' }, (t) => (invitations.push(t), `http://site.test/admin/invite/${t}`))
    const session = await acceptInvitation(
      h.db,
      invitations[0],
      { username, displayName: username, newPassword: `${username}-old-password` },
      origin,
    )
    return { ...(await getSession(h.db, session.token)).admin!, token: session.token }
  }

  beforeEach(async () => {
    h = await freshDatabase(url())
    owner = await signInAdmin(h.db)
    tokens = []
    failures = []
    later = createAfterAnswer({ error: (obj) => void failures.push(obj) })
    await confirmSudo(h.db, owner, ADMIN_PASSWORD)
  })
  afterEach(async () => {
    await h.close()
  })

  it('the owner mails a single-use link (sudo mode); it sets the password once, ends every session, revokes API tokens, and is logged without the token', async () => {
    const wren = await joined('wren', 'wren@example.com')
    await confirmSudo(h.db, wren, 'wren-old-password')
    const { token: apiToken } = await createApiToken(h.db, wren, 'Script')
    const other = await login(h.db, { username: 'wren', password: 'wren-old-password', ip: '192.0.2.31' })

    // Sudo mode: a session that has not confirmed the password is refused.
    const fresh = (await getSession(h.db, (await login(h.db, { username: 'admin', password: ADMIN_PASSWORD, ip: '192.0.2.32' })).token))
      .admin!
    await rejection(sendPasswordReset(h.db, fresh, wren.id, linkFor), SudoRequiredError)
    expect(await mailTo('wren@example.com')).toHaveLength(0)

    await sendPasswordReset(h.db, owner, wren.id, linkFor)
    const [mail] = await mailTo('wren@example.com')
    const token = tokens.at(-1)!
    expect(mail.body).toContain(`http://site.test/admin/reset/${token}`)
    expect(mail.body).toContain('works once, for 60 minutes')
    // Only the SHA-256 is stored.
    const stored = await h.db.selectFrom('authChallenges').selectAll().where('kind', '=', 'password-reset').execute()
    expect(stored).toHaveLength(1)
    expect(stored[0].tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(stored)).not.toContain(token)

    expect(await findResetLink(h.db, token)).toEqual({ username: 'wren' })
    await resetPasswordWithLink(h.db, token, 'wren-new-password', origin)
    // Every session ended; the old password no longer works, the new one does; the API token is revoked (issue 33).
    expect((await getSession(h.db, wren.token)).admin).toBeNull()
    expect((await getSession(h.db, other.token)).admin).toBeNull()
    await rejection(login(h.db, { username: 'wren', password: 'wren-old-password', ip: '192.0.2.33' }), InvalidCredentialsError)
    expect(await signInWithPassword(h.db, { username: 'wren', password: 'wren-new-password', ip: '192.0.2.33' })).toMatchObject({
      kind: 'session',
    })
    expect(await authenticateApiToken(h.db, apiToken)).toBeUndefined()

    // Once only.
    expect(await findResetLink(h.db, token)).toBeUndefined()
    await rejection(resetPasswordWithLink(h.db, token, 'another-password', origin), ResetLinkUnusableError)

    const log = await h.db
      .selectFrom('activityLog')
      .selectAll()
      .where('action', 'in', ['password.reset-link', 'password.reset-by-link'])
      .orderBy('id')
      .execute()
    // (Who sent the link comes from the request's acting context, which a service test has none of.)
    expect(log.map((e) => [e.action, e.itemLabel])).toEqual([
      ['password.reset-link', 'wren'],
      ['password.reset-by-link', 'wren'],
    ])
    expect(log[1].personName).toBe('wren')
    expect(JSON.stringify(log)).not.toContain(token)
    // The security notice, as for any password change.
    expect((await h.db.selectFrom('mailOutbox').select('subject').execute()).map((m) => m.subject)).toContain(
      'Security change: The password of wren (editor) was reset with a link mailed to them',
    )
  })

  it('a link expires after an hour, and a newer link replaces an older one', async () => {
    const wren = await joined('wren', 'wren@example.com')
    const t0 = Date.now()
    await sendPasswordReset(h.db, owner, wren.id, linkFor, t0)
    const first = tokens.at(-1)!
    expect(await findResetLink(h.db, first, t0 + HOUR - 1000)).toEqual({ username: 'wren' })
    expect(await findResetLink(h.db, first, t0 + HOUR + 1000)).toBeUndefined()
    await rejection(resetPasswordWithLink(h.db, first, 'wren-new-password', origin, t0 + HOUR + 1000), ResetLinkUnusableError)

    await ask({ account: 'wren', ip: '192.0.2.40' }, t0)
    const older = tokens.at(-1)!
    await ask({ account: 'WREN@example.com', ip: '192.0.2.40' }, t0 + 1000)
    const newer = tokens.at(-1)!
    expect(newer).not.toBe(older)
    expect(await findResetLink(h.db, older, t0 + 2000)).toBeUndefined()
    await rejection(resetPasswordWithLink(h.db, older, 'wren-new-password', origin, t0 + 2000), ResetLinkUnusableError)
    await resetPasswordWithLink(h.db, newer, 'wren-new-password', origin, t0 + 2000)
    expect(await signInWithPassword(h.db, { username: 'wren', password: 'wren-new-password', ip: '192.0.2.41' })).toMatchObject({
      kind: 'session',
    })
  })

  it('"forgot your password" mails only an active person with an email on file, and answers the same for everyone', async () => {
    const wren = await joined('wren', 'wren@example.com')
    const sam = await joined('sam', 'sam@example.com')
    const pat = await joined('pat', 'pat@example.com')
    await setPersonStatus(h.db, owner, sam.id, 'suspended')
    await setPersonStatus(h.db, owner, pat.id, 'removed')
    await createPersonFromShell(h.db, 'shelly', 'sales')
    const before = await h.db.selectFrom('mailOutbox').selectAll().execute()

    // Unknown, a person made from the shell without an email, suspended, removed: no mail, no error.
    // (The owner has an email from the first start since issue 33.)
    for (const [i, account] of ['nobody', 'nobody@example.com', 'shelly', 'sam', 'sam@example.com', 'pat', 'pat@example.com'].entries()) {
      await expect(ask({ account, ip: `192.0.2.${50 + i}` })).resolves.toBeUndefined()
    }
    expect(tokens).toEqual([])
    expect(await h.db.selectFrom('mailOutbox').selectAll().execute()).toHaveLength(before.length)

    // Known and active, by username or email in any letter case: the same (no) answer, and a mail.
    await expect(ask({ account: 'Wren', ip: '192.0.2.60' })).resolves.toBeUndefined()
    expect(tokens).toHaveLength(1)
    expect((await mailTo('wren@example.com')).at(-1)?.body).toContain(tokens[0])
    expect(await findResetLink(h.db, tokens[0])).toEqual({ username: wren.username })
    // The owner's button says why a person without an email gets none.
    await rejection(
      sendPasswordReset(
        h.db,
        owner,
        (await h.db.selectFrom('adminUsers').select('id').where('username', '=', 'shelly').executeTakeFirstOrThrow()).id,
        linkFor,
      ),
      DomainValidationError,
    )
  })

  it('rate-limits per address (429) and per account (silently: no more mail, the same answer)', async () => {
    await joined('wren', 'wren@example.com')
    const t0 = Date.now()
    // Five an hour from one address, whatever they name.
    for (let i = 0; i < 5; i++) await ask({ account: `nobody-${i}`, ip: '198.51.100.1' }, t0)
    await rejection(ask({ account: 'wren', ip: '198.51.100.1' }, t0), RateLimitedError)
    expect(tokens).toHaveLength(0)
    // Three links an hour to one person, from any addresses; then none, without an error.
    for (let i = 0; i < 5; i++) await ask({ account: 'wren', ip: `198.51.100.${10 + i}` }, t0)
    expect(tokens).toHaveLength(3)
    expect(await mailTo('wren@example.com')).toHaveLength(3)
    // An hour later, one more.
    await ask({ account: 'wren', ip: '198.51.100.30' }, t0 + HOUR + 1000)
    expect(tokens).toHaveLength(4)
  })

  it('answers before looking the name up: the link is made after the answer, and a failure there is logged, never thrown (issue 33)', async () => {
    await joined('wren', 'wren@example.com')
    // The call returns once the address is counted; who was named is looked at afterwards.
    await requestPasswordReset(h.db, { account: 'wren', ip: '192.0.2.80' }, linkFor, later)
    expect(tokens).toEqual([])
    await later.idle()
    expect(tokens).toHaveLength(1)
    expect(await mailTo('wren@example.com')).toHaveLength(1)
    // The database fails while the link is made (its table is away for a moment): the caller
    // already has its answer; the failure is logged.
    await sql`alter table auth_challenges rename to auth_challenges_away`.execute(h.db)
    try {
      await expect(requestPasswordReset(h.db, { account: 'wren', ip: '192.0.2.81' }, linkFor, later)).resolves.toBeUndefined()
      await later.idle()
    } finally {
      await sql`alter table auth_challenges_away rename to auth_challenges`.execute(h.db)
    }
    expect(failures).toEqual([expect.objectContaining({ task: 'password reset link', err: expect.stringMatching(/auth_challenges/) })])
  })

  it('replaces only the password: two-step sign-in still asks for its code after a reset', async () => {
    const wren = await joined('wren', 'wren@example.com')
    await setTotpSecret(h.db, wren.id, 'sealed-secret-for-the-test')
    await ask({ account: 'wren', ip: '192.0.2.70' })
    await resetPasswordWithLink(h.db, tokens[0], 'wren-new-password', origin)
    expect(await signInWithPassword(h.db, { username: 'wren', password: 'wren-new-password', ip: '192.0.2.71' })).toMatchObject({
      kind: 'second-step',
    })
  })
})
