import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { getSession, login, signInWithPassword, type Admin } from '~/services/auth.server.ts'
import { DomainValidationError, ForbiddenError, InvalidCredentialsError, SudoRequiredError } from '~/services/errors.server.ts'
import {
  InvitationUnusableError,
  acceptInvitation,
  authenticateApiToken,
  changeRole,
  createApiToken,
  createPersonFromShell,
  findOpenInvitation,
  invitePerson,
  listPeople,
  revokeApiToken,
  revokeInvitation,
  setPersonStatus,
  setSecondFactorRequired,
  setUpNeeded,
  updateProfile,
  withBylines,
} from '~/services/people.server.ts'
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

    const session = await acceptInvitation(h.db, token, { username: 'writer', displayName: 'Wren Writer', newPassword: 'writer-password' }, origin)
    const person = (await getSession(h.db, session.token)).admin!
    expect(person).toMatchObject({ username: 'writer', role: 'editor', displayName: 'Wren Writer' })
    // Once only, even with the right form again.
    await rejection(acceptInvitation(h.db, token, { username: 'writer2', displayName: 'Again', newPassword: 'writer-password' }, origin), InvitationUnusableError)
    expect(await signInWithPassword(h.db, { username: 'writer', password: 'writer-password', ip: '192.0.2.8' })).toMatchObject({ kind: 'session' })
  })

  it('refuses an invitation after 7 days, and once revoked', async () => {
    const t0 = Date.now()
    const old = await invite('late@example.com', 'sales', t0)
    expect(await findOpenInvitation(h.db, old, t0 + 7 * DAY - 1000)).toMatchObject({ role: 'sales' })
    expect(await findOpenInvitation(h.db, old, t0 + 7 * DAY + 1000)).toBeUndefined()
    await rejection(acceptInvitation(h.db, old, { username: 'late', displayName: 'Late', newPassword: 'late-password' }, origin, t0 + 7 * DAY + 1000), InvitationUnusableError)

    const revoked = await invite('revoked@example.com')
    const { invitations } = await listPeople(h.db, owner)
    await revokeInvitation(h.db, owner, invitations.find((i) => i.email === 'revoked@example.com')!.id)
    await rejection(acceptInvitation(h.db, revoked, { username: 'revoked', displayName: 'Revoked', newPassword: 'revoked-password' }, origin), InvitationUnusableError)
  })

  it('asks for the password again (sudo mode) to invite, change a role or remove', async () => {
    const { token } = await login(h.db, { username: 'admin', password: ADMIN_PASSWORD, ip: '192.0.2.9' })
    const fresh = (await getSession(h.db, token)).admin!
    await rejection(invitePerson(h.db, fresh, { email: 'x@example.com', role: 'sales' }, linkFor), SudoRequiredError)
    const { id } = await personWithRole('sales')
    await rejection(changeRole(h.db, fresh, id, 'editor'), SudoRequiredError)
    await rejection(setPersonStatus(h.db, fresh, id, 'removed'), SudoRequiredError)
  })

  /** A person made with admin:create, their password changed, signed in: their Admin and session token. */
  async function personWithRole(role: 'editor' | 'sales' | 'author' | 'administrator', username = `p-${role}`) {
    const { password } = await createPersonFromShell(h.db, username, role)
    const { token } = await login(h.db, { username, password, ip: '192.0.2.10' })
    const admin = (await getSession(h.db, token)).admin!
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
    const lead = await insertProposal(h.db, { name: 'Ada Client', email: 'ada@example.com', phone: null, businessType: 'retail', budget: '1000-2500', requirements: 'A shop.', date: new Date().toISOString() })
    await insertProposal(h.db, { name: 'Other Lead', email: 'other@example.com', phone: null, businessType: 'retail', budget: '1000-2500', requirements: 'Other.', date: new Date().toISOString() })

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
    const session = await acceptInvitation(h.db, token, { username: 'wren', displayName: 'Wren Writer', newPassword: 'wren-password' }, origin)
    const wren = (await getSession(h.db, session.token)).admin!
    await updateProfile(h.db, wren, { displayName: 'Wren Writer', picture: '/uploads/wren.webp' })
    const post = await createPost(h.db, wren, { title: 'By Wren', subheading: 'Sub', excerpt: 'Ex', content: '<p>Hi</p>', category: 'SEO', author: 'Admin', status: 'published', image: '', readTime: undefined })
    const sample = { authorId: null, author: 'Admin' }
    const [mine, theirs] = await withBylines(h.db, [post, sample])
    expect(mine).toMatchObject({ author: 'Wren Writer', authorPicture: '/uploads/wren.webp' })
    expect(theirs).toMatchObject({ author: 'Admin', authorPicture: '' })
  })
})
