import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { changePassword, getSession, login, resetAdminAccess, signInWithPassword } from '~/services/auth.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { DomainValidationError, ForbiddenError, InvalidCredentialsError, SudoRequiredError } from '~/infra/errors.server.ts'
import {
  changeRole,
  createPersonFromShell,
  listPeople,
  setPersonStatus,
  setSecondFactorRequired,
  setUpNeeded,
  updateNoticeEmail,
  updateProfile,
  withBylines,
} from '~/services/people.server.ts'
import {
  InvitationUnusableError,
  acceptInvitation,
  findOpenInvitation,
  invitePerson,
  revokeInvitation,
} from '~/services/invitations.server.ts'
import { authenticateApiToken, createApiToken, listApiTokens, revokeApiToken } from '~/services/api-tokens.server.ts'
import { endOtherSessions } from '~/services/sessions.server.ts'
import { updateSettings } from '~/services/settings-update.server.ts'
import { createPost } from '~/services/blog.server.ts'
import { confirmSudo } from '~/services/sudo.server.ts'
import { assignProposal, getProposalDesk } from '~/services/lead-desk.server.ts'
import { listProposals } from '~/services/proposals.server.ts'
import { insertProposal } from '~/models/proposals.server.ts'
import { ADMIN_PASSWORD, dialects } from '../helpers/app.ts'
import { freshDatabase, rejection, signInAdmin } from './db.ts'

const DAY = 24 * 60 * 60_000
const origin = { ip: '192.0.2.7', userAgent: 'test' }

/** People, invitations, roles and API tokens (issue 23), on both databases. */
describe.each(dialects())('people on %s', (_name, url) => {
  let h: DatabaseHandle
  let owner: Admin
  let links: string[]
  const linkFor = (token: string) => {
    links.push(token)
    return `http://site.test/admin/invite/${token}`
  }
  const outbox = () => h.db.selectFrom('mailOutbox').selectAll().orderBy('id').execute()
  const invite = async (email: string, role: 'editor' | 'sales' | 'author' = 'editor', now = Date.now()) => {
    await invitePerson(h.db, owner, { email, role }, linkFor, now)
    return links.at(-1)!
  }

  beforeEach(async () => {
    h = await freshDatabase(url())
    owner = await signInAdmin(h.db)
    links = []
    await confirmSudo(h.db, owner, ADMIN_PASSWORD)
  })
  afterEach(async () => {
    await h.close()
  })

  it('makes the first admin the owner', async () => {
    expect(owner.role).toBe('owner')
    const { people } = await listPeople(h.db, owner)
    expect(people).toMatchObject([{ username: 'admin', role: 'owner', status: 'active' }])
  })

  it('mails a single-use invitation link through the outbox; the invitee signs in with their own password and role', async () => {
    const token = await invite('writer@example.com', 'editor')
    const [mail] = (await outbox()).filter((m) => m.toAddress === 'writer@example.com')
    expect(mail.subject).toContain('invited')
    expect(mail.body).toContain(`http://site.test/admin/invite/${token}`)
    // Only the hash is stored.
    const stored = await h.db.selectFrom('invitations').selectAll().executeTakeFirstOrThrow()
    expect(stored.tokenHash).not.toContain(token)

    const session = await acceptInvitation(
      h.db,
      token,
      { username: 'writer', displayName: 'Wren Writer', newPassword: 'writer-password' },
      origin,
    )
    const person = (await getSession(h.db, session.token)).admin!
    expect(person).toMatchObject({ username: 'writer', role: 'editor', displayName: 'Wren Writer' })
    // Once only, even with the right form again.
    await rejection(
      acceptInvitation(h.db, token, { username: 'writer2', displayName: 'Again', newPassword: 'writer-password' }, origin),
      InvitationUnusableError,
    )
    expect(await signInWithPassword(h.db, { username: 'writer', password: 'writer-password', ip: '192.0.2.8' })).toMatchObject({
      kind: 'session',
    })
  })

  it('refuses an invitation after 7 days, and once revoked', async () => {
    const t0 = Date.now()
    const old = await invite('late@example.com', 'sales', t0)
    expect(await findOpenInvitation(h.db, old, t0 + 7 * DAY - 1000)).toMatchObject({ role: 'sales' })
    expect(await findOpenInvitation(h.db, old, t0 + 7 * DAY + 1000)).toBeUndefined()
    await rejection(
      acceptInvitation(h.db, old, { username: 'late', displayName: 'Late', newPassword: 'late-password' }, origin, t0 + 7 * DAY + 1000),
      InvitationUnusableError,
    )

    const revoked = await invite('revoked@example.com')
    const { invitations } = await listPeople(h.db, owner)
    await revokeInvitation(h.db, owner, invitations.find((i) => i.email === 'revoked@example.com')!.id)
    await rejection(
      acceptInvitation(h.db, revoked, { username: 'revoked', displayName: 'Revoked', newPassword: 'revoked-password' }, origin),
      InvitationUnusableError,
    )
  })

  it('asks for the password again (sudo mode) to invite, change a role or remove', async () => {
    const { token } = await login(h.db, { username: 'admin', password: ADMIN_PASSWORD, ip: '192.0.2.9' })
    const fresh = (await getSession(h.db, token)).admin!
    await rejection(invitePerson(h.db, fresh, { email: 'x@example.com', role: 'sales' }, linkFor), SudoRequiredError)
    const { id } = await personWithRole('sales')
    await rejection(changeRole(h.db, fresh, id, 'editor'), SudoRequiredError)
    await rejection(setPersonStatus(h.db, fresh, id, 'removed'), SudoRequiredError)
  })

  /** A person made with admin:create (their email `username@people.example`), signed in and in sudo mode: their Admin and session token. */
  async function personWithRole(role: 'editor' | 'sales' | 'author' | 'administrator', username = `p-${role}`) {
    const { password } = await createPersonFromShell(h.db, username, role, `${username}@people.example`)
    const { token } = await login(h.db, { username, password, ip: '192.0.2.10' })
    const admin = (await getSession(h.db, token)).admin!
    await confirmSudo(h.db, admin, password)
    return { ...admin, token, password }
  }

  it('ends a suspended or removed person’s sessions and API tokens at once; the owner cannot be left without an owner', async () => {
    const sales = await personWithRole('sales')
    const { token: apiToken } = await createApiToken(h.db, sales, 'CRM sync')
    expect(await authenticateApiToken(h.db, apiToken)).toMatchObject({ id: sales.id, role: 'sales', via: 'token' })

    await setPersonStatus(h.db, owner, sales.id, 'suspended')
    expect((await getSession(h.db, sales.token)).admin).toBeNull()
    expect(await authenticateApiToken(h.db, apiToken)).toBeUndefined()
    await rejection(login(h.db, { username: 'p-sales', password: sales.password, ip: '192.0.2.10' }), InvalidCredentialsError)

    await setPersonStatus(h.db, owner, sales.id, 'active')
    const { token } = await login(h.db, { username: 'p-sales', password: sales.password, ip: '192.0.2.10' })
    expect((await getSession(h.db, token)).admin).toMatchObject({ role: 'sales' })
    // Restored, they sign in again, but the old token stays dead (issue 33): it was revoked, not paused.
    expect(await authenticateApiToken(h.db, apiToken)).toBeUndefined()
    expect(await h.db.selectFrom('apiTokens').selectAll().where('userId', '=', sales.id).execute()).toEqual([])
    await setPersonStatus(h.db, owner, sales.id, 'removed')
    expect((await getSession(h.db, token)).admin).toBeNull()
    expect(await authenticateApiToken(h.db, apiToken)).toBeUndefined()

    // Nobody removes or demotes themself, and the last owner stays owner.
    await rejection(setPersonStatus(h.db, owner, owner.id, 'removed'), DomainValidationError)
    const admin2 = await personWithRole('administrator')
    await rejection(setPersonStatus(h.db, admin2, owner.id, 'removed'), ForbiddenError)
  })

  it('API tokens: shown once, stored as SHA-256, revoked by their person', async () => {
    const editor = await personWithRole('editor')
    const { id, token } = await createApiToken(h.db, editor, 'Publishing script')
    const row = await h.db.selectFrom('apiTokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row.tokenHash).not.toContain(token)
    await revokeApiToken(h.db, editor, id)
    expect(await authenticateApiToken(h.db, token)).toBeUndefined()
  })

  it('API tokens: made only in sudo mode, with a notice to the person; each expires (30 days unless chosen) and records its last use', async () => {
    const editor = await personWithRole('editor', 'priya')
    await updateProfile(h.db, editor, { displayName: 'Priya', picture: '' })
    const fresh = (await getSession(h.db, (await login(h.db, { username: 'priya', password: editor.password, ip: '192.0.2.11' })).token))
      .admin!
    await rejection(createApiToken(h.db, fresh, 'No password'), SudoRequiredError)

    const t0 = Date.now()
    const { token, expiresAt } = await createApiToken(h.db, editor, 'Publishing script', { now: t0 })
    expect(expiresAt).toBe(new Date(t0 + 30 * DAY).toISOString())
    const notice = (await outbox()).at(-1)!
    expect(notice).toMatchObject({
      toAddress: 'priya@people.example',
      subject: expect.stringContaining('An API token ("Publishing script") was made for Priya (editor)'),
    })

    // Works until it expires, then answers as unknown (the API's 401); its last use is shown.
    expect(await authenticateApiToken(h.db, token, t0 + 30 * DAY - 1000)).toMatchObject({ id: editor.id, via: 'token' })
    expect(await authenticateApiToken(h.db, token, t0 + 30 * DAY + 1000)).toBeUndefined()
    const [listed] = await listApiTokens(h.db, editor)
    expect(listed).toMatchObject({ name: 'Publishing script', expiresAt, lastUsedAt: new Date(t0 + 30 * DAY - 1000).toISOString() })

    // A chosen expiry; none in the past.
    const chosen = await createApiToken(h.db, editor, 'Ninety', { now: t0, expiresAt: new Date(t0 + 90 * DAY).toISOString() })
    expect(await authenticateApiToken(h.db, chosen.token, t0 + 89 * DAY)).toBeTruthy()
    await rejection(createApiToken(h.db, editor, 'Past', { now: t0, expiresAt: new Date(t0 - 1000).toISOString() }), DomainValidationError)
  })

  it('revokes every API token of the person on a password change, on signing out everywhere else and on admin:reset, and says so in the notice', async () => {
    const editor = await personWithRole('editor')
    const other = await personWithRole('sales')
    const theirs = await createApiToken(h.db, other, 'Not affected')
    const first = await createApiToken(h.db, editor, 'First')
    await changePassword(h.db, editor, { currentPassword: editor.password, newPassword: 'editors-new-password' })
    expect(await authenticateApiToken(h.db, first.token)).toBeUndefined()
    expect((await outbox()).at(-1)).toMatchObject({
      toAddress: 'p-editor@people.example',
      subject: 'Security change: The password of p-editor (editor) was changed',
    })
    expect((await outbox()).at(-1)!.body).toContain('Every API token of this account has been revoked (1)')

    await confirmSudo(h.db, editor, 'editors-new-password')
    const second = await createApiToken(h.db, editor, 'Second')
    expect(await endOtherSessions(h.db, editor)).toEqual({ tokensRevoked: 1 })
    expect(await authenticateApiToken(h.db, second.token)).toBeUndefined()

    const third = await createApiToken(h.db, editor, 'Third')
    expect(await resetAdminAccess(h.db, 'p-editor')).toMatchObject({ tokensRevoked: 1 })
    expect(await authenticateApiToken(h.db, third.token)).toBeUndefined()
    // Someone else's token is theirs to keep.
    expect(await authenticateApiToken(h.db, theirs.token)).toMatchObject({ id: other.id })
  })

  it("sends each person's security notices to their own email, named with their role; an administrator who changes the contact email gets none of the owner's", async () => {
    await updateProfile(h.db, owner, { displayName: 'Olu', picture: '' })
    const admin2 = await personWithRole('administrator', 'ada')
    // The administrator points the contact email at themself...
    await updateSettings(h.db, admin2, { contactEmail: 'ada@people.example' })
    // ... and the owner's own notices still go to the owner's address (the contact email at the first start).
    await changePassword(h.db, owner, { currentPassword: ADMIN_PASSWORD, newPassword: 'owners-new-password' })
    const notice = (await outbox()).at(-1)!
    expect(notice).toMatchObject({
      toAddress: 'hello@launchpad-web.example',
      subject: 'Security change: The password of Olu (owner) was changed',
    })
    expect((await outbox()).filter((m) => m.toAddress === 'ada@people.example' && m.subject.includes('Olu (owner)'))).toEqual([])

    // A new address for one's own notices needs sudo mode, and is announced at the old address.
    const fresh = (await getSession(h.db, (await login(h.db, { username: 'ada', password: admin2.password, ip: '192.0.2.12' })).token))
      .admin!
    await rejection(updateNoticeEmail(h.db, fresh, 'thief@evil.example'), SudoRequiredError)
    // Someone else's address is not taken over.
    await rejection(updateNoticeEmail(h.db, admin2, 'HELLO@launchpad-web.example'), DomainValidationError)
    await updateNoticeEmail(h.db, admin2, 'ada.new@people.example')
    const moved = (await outbox()).at(-1)!
    expect(moved).toMatchObject({
      toAddress: 'ada@people.example',
      subject: expect.stringContaining('The email address of ada (administrator), where their security notices go, was changed'),
    })
    expect(moved.body).toContain('from ada@people.example to ada.new@people.example')
  })

  it('answers "That username was just taken" to the second of two invitations accepted at once with one username, and keeps that invitation usable', async () => {
    const pairs: [string, string][] = []
    for (const n of ['one', 'two', 'three']) pairs.push([await invite(`${n}-a@example.com`), await invite(`${n}-b@example.com`)])
    const results = await Promise.all(
      pairs.flatMap(([a, b], i) =>
        [a, b].map((token) =>
          acceptInvitation(h.db, token, { username: `same-${i}`, displayName: 'Same', newPassword: 'same-password' }, origin).then(
            () => ({ token, ok: true as const }),
            (err: unknown) => ({ token, ok: false as const, err }),
          ),
        ),
      ),
    )
    for (let i = 0; i < pairs.length; i++) {
      const pair = results.slice(2 * i, 2 * i + 2)
      expect(pair.filter((r) => r.ok)).toHaveLength(1)
      const lost = pair.find((r) => !r.ok)!
      expect(lost.ok === false && lost.err).toBeInstanceOf(DomainValidationError)
      expect((lost as { err: DomainValidationError }).err.fields.username).toMatch(
        /^That username (was just taken|is taken)\. Choose another\.$/,
      )
      // The loser's invitation still works, with another username.
      const session = await acceptInvitation(
        h.db,
        lost.token,
        { username: `other-${i}`, displayName: 'Other', newPassword: 'other-password' },
        origin,
      )
      expect((await getSession(h.db, session.token)).admin).toMatchObject({ username: `other-${i}` })
    }
  })

  it('a one-time password from admin:create must be replaced first; a required second factor sends everyone without one to set it up', async () => {
    const author = await personWithRole('author')
    expect(await setUpNeeded(h.db, author)).toBe('password')
    await setSecondFactorRequired(h.db, owner, true)
    expect(await setUpNeeded(h.db, { ...author, mustChangePassword: false })).toBe('second-factor')
    expect(await setUpNeeded(h.db, owner)).toBe('second-factor')
    await setSecondFactorRequired(h.db, owner, false)
    expect(await setUpNeeded(h.db, owner)).toBeNull()
  })

  it('assigns a lead to a person: a note in its history, a notice mailed to them, the desk filters "mine", and replies are signed with their name', async () => {
    const token = await invite('sam@example.com', 'sales')
    const session = await acceptInvitation(h.db, token, { username: 'sam', displayName: 'Sam Seller', newPassword: 'sam-password' }, origin)
    const sam = (await getSession(h.db, session.token)).admin!
    const lead = await insertProposal(h.db, {
      name: 'Ada Client',
      email: 'ada@example.com',
      phone: null,
      businessType: 'retail',
      budget: '1000-2500',
      requirements: 'A shop.',
      date: new Date().toISOString(),
    })
    await insertProposal(h.db, {
      name: 'Other Lead',
      email: 'other@example.com',
      phone: null,
      businessType: 'retail',
      budget: '1000-2500',
      requirements: 'Other.',
      date: new Date().toISOString(),
    })

    await assignProposal(h.db, owner, lead.id, sam.id)
    const notice = (await outbox()).find((m) => m.toAddress === 'sam@example.com' && m.subject.includes('Lead assigned'))
    expect(notice?.body).toContain('Ada Client')
    expect((await listProposals(h.db, sam, { assignedTo: sam.id })).proposals.map((p) => p.name)).toEqual(['Ada Client'])
    // The filter buttons count the same leads the list shows.
    expect((await listProposals(h.db, sam, { assignedTo: sam.id })).counts).toMatchObject({ all: 1, pending: 1 })
    const desk = await getProposalDesk(h.db, sam, lead.id)
    expect(desk.proposal.assignedTo).toBe(sam.id)
    expect(desk.events.at(-1)?.body).toBe('Assigned to Sam Seller.')
    expect(desk.replyDraft.body).toMatch(/Best regards,\nSam Seller\n/)
    // Only someone whose role includes the lead desk.
    const author = await personWithRole('author')
    await rejection(assignProposal(h.db, owner, lead.id, author.id), DomainValidationError)
  })

  it("shows a post's author as the person who wrote it (name and picture); posts without a person keep their author text", async () => {
    const token = await invite('wren@example.com', 'editor')
    const session = await acceptInvitation(
      h.db,
      token,
      { username: 'wren', displayName: 'Wren Writer', newPassword: 'wren-password' },
      origin,
    )
    const wren = (await getSession(h.db, session.token)).admin!
    await updateProfile(h.db, wren, { displayName: 'Wren Writer', picture: '/uploads/wren.webp' })
    const post = await createPost(h.db, wren, {
      title: 'By Wren',
      subheading: 'Sub',
      excerpt: 'Ex',
      content: '<p>Hi</p>',
      category: 'SEO',
      author: 'Admin',
      status: 'published',
      image: '',
      readTime: undefined,
    })
    const sample = { authorId: null, author: 'Admin' }
    const [mine, theirs] = await withBylines(h.db, [post, sample])
    expect(mine).toMatchObject({ author: 'Wren Writer', authorPicture: '/uploads/wren.webp' })
    expect(theirs).toMatchObject({ author: 'Admin', authorPicture: '' })
  })
})
