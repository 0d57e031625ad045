import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import sharp from 'sharp'
import { beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { ACTIVITY_ACTIONS, activityCsv, activityFilterFrom, type ActivityEntry } from '~/lib/activity.ts'
import { BookingSchema } from '~/lib/booking-schemas.ts'
import { BlogPostPatchSchema, BlogPostSchema, PortfolioItemPatchSchema, PortfolioItemSchema } from '~/lib/schemas.ts'
import { DEFAULT_AVAILABILITY } from '~/content/booking-defaults.ts'
import * as factors from '~/models/sign-in-factors.server.ts'
import { runFromShell, runRequest, setActingPerson } from '~/infra/acting-context.server.ts'
import {
  exportActivity,
  getActivityRetention,
  listActivity,
  pruneActivity,
  recordActivity,
  setActivityRetention,
} from '~/services/activity-log.server.ts'
import { changePassword, completeSecondStep, login, resetAdminAccess, signInWithPassword } from '~/services/auth.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { createPost, deletePost, updatePost } from '~/services/blog.server.ts'
import { listRevisions, restoreRevision } from '~/services/post-revisions.server.ts'
import { bookCall, cancelBooking, listFreeSlots, moveBooking, saveAvailability } from '~/services/bookings.server.ts'
import { deleteContactMessage, setContactMessageRead, submitContactMessage } from '~/services/contact-messages.server.ts'
import { DomainValidationError, InvalidCredentialsError, NotFoundError } from '~/infra/errors.server.ts'
import { addProposalNote, replyToProposal } from '~/services/lead-desk.server.ts'
import { removePasskey, renamePasskey } from '~/services/passkeys.server.ts'
import { changeRole, setPersonStatus } from '~/services/people.server.ts'
import { acceptInvitation, invitePerson, revokeInvitation } from '~/services/invitations.server.ts'
import { createApiToken, revokeApiToken } from '~/services/api-tokens.server.ts'
import { createPortfolioItem, deletePortfolioItem, updatePortfolioItem } from '~/services/portfolio.server.ts'
import { deleteProposal, exportProposals, setProposalStatus, submitProposal } from '~/services/proposals.server.ts'
import { endOtherSessions, endSession, listSessions } from '~/services/sessions.server.ts'
import { updateSettings } from '~/services/settings-update.server.ts'
import { exportSite } from '~/services/site-export/export-site.server.ts'
import { importSite } from '~/services/site-import/import-site.server.ts'
import { confirmSudo } from '~/services/sudo.server.ts'
import { confirmTotpEnrolment, disableTotp, regenerateRecoveryCodes, startTotpEnrolment } from '~/services/totp.server.ts'
import { createImageStore } from '~/services/image-store.server.ts'
import { uploadImage } from '~/services/uploads.server.ts'
import { ADMIN_PASSWORD, ADMIN_USERNAME, dialects } from '../helpers/app.ts'
import { rejection, seededDatabaseWithAdmin } from './db.ts'

const IP = '203.0.113.7'
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const DEVICE = 'Chrome 131 on macOS Catalina (desktop)'
const DAY = 86_400_000
const post = (over: Record<string, unknown> = {}) =>
  BlogPostSchema.parse({
    title: `Post ${randomBytes(3).toString('hex')}`,
    subheading: 'Sub',
    excerpt: 'Excerpt',
    content: '<p>Words.</p>',
    category: 'SEO',
    ...over,
  })
const patch = (p: Record<string, unknown>) => BlogPostPatchSchema.parse(p)
const proposalInput = {
  name: 'Mira Shah',
  email: 'mira@example.com',
  phone: '',
  businessType: 'restaurant',
  budget: '1000-2500',
  requirements: 'A menu site',
} as never

describe.each(dialects())('activity log on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  seededDatabaseWithAdmin(url, (db, signedIn) => {
    h = db
    admin = signedIn
  })
  beforeEach(async () => {
    await h.db.deleteFrom('activityLog').execute()
  })

  /** Runs `fn` as a request from IP on CHROME_MAC by the signed-in admin (what the guards set). */
  const asAdmin = <T>(fn: () => Promise<T>): Promise<T> =>
    runRequest({ ip: IP, userAgent: CHROME_MAC }, () => {
      setActingPerson({ id: admin.id, name: admin.username })
      return fn()
    })
  const entries = () => h.db.selectFrom('activityLog').selectAll().orderBy('id').execute()
  /** The one entry the change made, from the admin, on IP and CHROME_MAC. */
  async function onlyEntry(action: keyof typeof ACTIVITY_ACTIONS, itemType: string, itemId?: string | number) {
    const rows = await entries()
    expect(rows.map((r) => r.action)).toEqual([action])
    const [e] = rows
    expect(e).toMatchObject({ personId: admin.id, personName: ADMIN_USERNAME, itemType, ip: IP, device: DEVICE })
    if (itemId !== undefined) expect(e.itemId).toBe(String(itemId))
    expect(Date.now() - Date.parse(e.at)).toBeLessThan(60_000)
    return e
  }
  const clear = () => h.db.deleteFrom('activityLog').execute()

  it('records blog posts: created, edited, published, scheduled, restored, deleted', async () => {
    const p = await asAdmin(() => createPost(h.db, admin, post()))
    expect((await onlyEntry('post.create', 'post', p.id)).itemLabel).toBe(p.title)
    await clear()
    await asAdmin(() => updatePost(h.db, admin, p.id, patch({ title: `${p.title} v2`, excerpt: 'New excerpt' })))
    expect((await onlyEntry('post.update', 'post', p.id)).detail).toBe('Changed title and excerpt.')
    await clear()
    await asAdmin(() => updatePost(h.db, admin, p.id, patch({ status: 'published' })))
    expect((await onlyEntry('post.publish', 'post', p.id)).detail).toContain('Status: draft to published.')
    await clear()
    await asAdmin(() =>
      updatePost(h.db, admin, p.id, patch({ status: 'scheduled', publishAt: new Date(Date.now() + 7 * DAY).toISOString() })),
    )
    await onlyEntry('post.schedule', 'post', p.id)
    await clear()
    const [, older] = await listRevisions(h.db, admin, p.id)
    await asAdmin(() => restoreRevision(h.db, admin, p.id, older.id))
    await onlyEntry('post.restore', 'post', p.id)
    await clear()
    await asAdmin(() => deletePost(h.db, admin, p.id))
    expect((await onlyEntry('post.delete', 'post', p.id)).itemLabel).toContain(p.title)
  })

  it('records portfolio projects: created, edited, deleted', async () => {
    const item = await asAdmin(() =>
      createPortfolioItem(
        h.db,
        admin,
        PortfolioItemSchema.parse({ title: 'Bakery', description: 'A site', category: 'Retail', image: '/images/a.webp' }),
      ),
    )
    await onlyEntry('project.create', 'project', item.id)
    await clear()
    await asAdmin(() => updatePortfolioItem(h.db, admin, item.id, PortfolioItemPatchSchema.parse({ status: 'archived' })))
    expect((await onlyEntry('project.update', 'project', item.id)).detail).toBe('Changed status.')
    await clear()
    await asAdmin(() => deletePortfolioItem(h.db, admin, item.id))
    expect((await onlyEntry('project.delete', 'project', item.id)).itemLabel).toBe('Bakery')
  })

  it('records settings and booking hours, naming the fields that changed; an unchanged save records nothing', async () => {
    await asAdmin(() => updateSettings(h.db, admin, { siteName: 'Activity Studio', maintenanceMode: false }))
    expect((await onlyEntry('settings.update', 'settings')).detail).toBe('Changed site name.')
    await clear()
    await asAdmin(() => updateSettings(h.db, admin, { siteName: 'Activity Studio' }))
    expect(await entries()).toEqual([])
    await asAdmin(() => saveAvailability(h.db, admin, { ...DEFAULT_AVAILABILITY, callMinutes: 45 }))
    await onlyEntry('booking-hours.update', 'settings')
    await asAdmin(() => saveAvailability(h.db, admin, DEFAULT_AVAILABILITY))
  })

  it("records the lead desk: status, note, reply, CSV export, delete (a visitor's request itself is not a change by the team)", async () => {
    const p = await submitProposal(h.db, proposalInput, '198.51.100.20')
    expect(await entries()).toEqual([])
    await asAdmin(() => setProposalStatus(h.db, admin, p.id, 'reviewed'))
    expect(await onlyEntry('proposal.status', 'proposal', p.id)).toMatchObject({
      itemLabel: 'Proposal from Mira Shah',
      detail: 'pending to reviewed.',
    })
    await clear()
    await asAdmin(() => addProposalNote(h.db, admin, p.id, { note: 'Called back' }))
    await onlyEntry('proposal.note', 'proposal', p.id)
    await clear()
    await asAdmin(() => replyToProposal(h.db, admin, p.id, { subject: 'Your site', body: 'Hello' }))
    expect((await onlyEntry('proposal.reply', 'proposal', p.id)).detail).toBe('Subject: Your site')
    // The reply waits in the outbox (mail may not be set up): the log never says it was sent.
    const replyCsv = activityCsv(await exportActivity(h.db, admin, activityFilterFrom(new URLSearchParams('action=proposal.reply'))), 'UTC')
    expect(replyCsv.split('\r\n')[1]).toContain(',Proposal reply put in the outbox,Proposal,Proposal from Mira Shah,')
    expect(replyCsv).not.toMatch(/reply sent/i)
    await clear()
    await asAdmin(() => exportProposals(h.db, admin, { status: 'reviewed' }))
    expect((await onlyEntry('proposals.export', 'proposal')).detail).toBe('1 proposals (status reviewed).')
    await clear()
    await asAdmin(() => deleteProposal(h.db, admin, p.id))
    await onlyEntry('proposal.delete', 'proposal', p.id)
  })

  it('records messages read, unread and deleted', async () => {
    const m = await submitContactMessage(h.db, { name: 'Ravi', email: 'ravi@example.com', message: 'Hi there' }, '198.51.100.21')
    expect(await entries()).toEqual([])
    await asAdmin(() => setContactMessageRead(h.db, admin, m.id, true))
    expect((await onlyEntry('message.read', 'message', m.id)).itemLabel).toBe('Message from Ravi')
    await clear()
    await asAdmin(() => setContactMessageRead(h.db, admin, m.id, false))
    await onlyEntry('message.unread', 'message', m.id)
    await clear()
    await asAdmin(() => deleteContactMessage(h.db, admin, m.id))
    await onlyEntry('message.delete', 'message', m.id)
  })

  it("records calls the team moves or cancels, not the visitor's own booking", async () => {
    const links = { siteUrl: 'https://agency.example' }
    const { slots } = await listFreeSlots(h.db)
    const input = BookingSchema.parse({
      start: new Date(slots[0].start).toISOString(),
      tz: 'Europe/Berlin',
      name: 'Asha Rao',
      email: 'asha@example.com',
      note: '',
    })
    const { booking } = await bookCall(h.db, input, '192.0.2.1', links)
    expect(await entries()).toEqual([])
    await asAdmin(() => moveBooking(h.db, booking.id, new Date(slots.at(-1)!.start).toISOString(), { admin }, links))
    expect((await onlyEntry('call.move', 'call', booking.id)).itemLabel).toBe('Call with Asha Rao')
    await clear()
    await asAdmin(() => cancelBooking(h.db, booking.id, { admin }, links))
    await onlyEntry('call.cancel', 'call', booking.id)
  })

  it('records an upload', async () => {
    const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#336699' } })
      .png()
      .toBuffer()
    const stored = await asAdmin(() => uploadImage(h.db, createImageStore(h.db), admin, png))
    expect((await onlyEntry('upload.create', 'upload', stored.url)).detail).toBe('8 × 6 pixels.')
  })

  it('records sign-ins (with how) and failed ones, never what a stranger typed as the username', async () => {
    await runRequest({ ip: IP, userAgent: CHROME_MAC }, () => login(h.db, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ip: IP }))
    expect(await onlyEntry('sign-in', 'account', admin.id)).toMatchObject({ detail: 'With the password.' })
    await clear()
    await runRequest({ ip: IP, userAgent: CHROME_MAC }, async () => {
      await rejection(signInWithPassword(h.db, { username: ADMIN_USERNAME, password: 'wrong-password', ip: IP }), InvalidCredentialsError)
      await rejection(signInWithPassword(h.db, { username: 'my-s3cret-pass', password: 'x', ip: IP }), InvalidCredentialsError)
    })
    const rows = await entries()
    expect(rows.map((r) => [r.action, r.personId, r.personName, r.itemLabel, r.detail, r.ip])).toEqual([
      ['sign-in.failed', null, 'Not signed in', ADMIN_USERNAME, 'Wrong password.', IP],
      ['sign-in.failed', null, 'Not signed in', '(unknown username)', 'No such username.', IP],
    ])
    expect(JSON.stringify(rows)).not.toContain('s3cret')
    expect(JSON.stringify(rows)).not.toContain('wrong-password')
  })

  it('records every change to how one signs in, and never a secret', async () => {
    const key = randomBytes(32)
    await confirmSudo(h.db, admin, ADMIN_PASSWORD)
    // Two-step on: the enrolment's code from the secret the page shows.
    const enrolment = await startTotpEnrolment(h.db, key, admin)
    const code = new TOTP({ secret: Secret.fromBase32(enrolment.secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate()
    const recovery = await asAdmin(() => confirmTotpEnrolment(h.db, key, admin, code))
    await onlyEntry('two-step.on', 'account', admin.id)
    await clear()
    const fresh = await asAdmin(() => regenerateRecoveryCodes(h.db, admin))
    await onlyEntry('recovery-codes.new', 'account', admin.id)
    await clear()
    // A wrong second-step code and a right one (a recovery code) at sign-in.
    await runRequest({ ip: IP, userAgent: CHROME_MAC }, async () => {
      const first = await signInWithPassword(h.db, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ip: IP })
      await expect(completeSecondStep(h.db, key, { token: first.token, code: '000000', ip: IP })).rejects.toThrow()
      await completeSecondStep(h.db, key, { token: first.token, code: fresh[0], ip: IP })
    })
    expect((await entries()).map((r) => [r.action, r.detail])).toEqual([
      ['sign-in.failed', 'Wrong two-step code.'],
      ['sign-in', 'With the password and a recovery code.'],
    ])
    await clear()
    await asAdmin(() => disableTotp(h.db, admin))
    await onlyEntry('two-step.off', 'account', admin.id)
    await clear()
    // Passkeys: added by the WebAuthn ceremony (its own tests); renamed and removed here.
    await factors.insertPasskey(h.db, {
      userId: admin.id,
      credentialId: 'cred-activity',
      publicKey: 'pk',
      counter: 0,
      transports: null,
      name: 'Laptop',
    })
    const [pk] = await factors.listPasskeys(h.db, admin.id)
    await asAdmin(() => renamePasskey(h.db, admin, pk.id, 'Work laptop'))
    await onlyEntry('passkey.rename', 'account', admin.id)
    await clear()
    await asAdmin(() => removePasskey(h.db, admin, pk.id))
    expect((await onlyEntry('passkey.remove', 'account', admin.id)).detail).toBe('Passkey "Work laptop".')
    await clear()
    // Sessions: another one ended, then all the others.
    const other = await login(h.db, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ip: '192.0.2.9' })
    const otherId = (await listSessions(h.db, admin)).find((s) => !s.current)!.id
    await clear()
    await asAdmin(() => endSession(h.db, admin, otherId))
    await onlyEntry('session.end', 'account', admin.id)
    await clear()
    expect(other.token).toBeTruthy()
    await login(h.db, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ip: '192.0.2.9' })
    await clear()
    await asAdmin(() => endOtherSessions(h.db, admin))
    await onlyEntry('sessions.end-others', 'account', admin.id)
    await clear()
    // The password (the same one again, so the other tests still sign in).
    await asAdmin(() => changePassword(h.db, admin, { currentPassword: ADMIN_PASSWORD, newPassword: ADMIN_PASSWORD }))
    await onlyEntry('password.change', 'account', admin.id)
    const all = JSON.stringify(await exportActivity(h.db, admin))
    for (const secret of [ADMIN_PASSWORD, code, enrolment.secret, ...recovery, ...fresh]) expect(all).not.toContain(secret)
  })

  it('records people: invited, invitation revoked, joined, role changed, suspended, restored, removed; API tokens; never a link or token', async () => {
    await confirmSudo(h.db, admin, ADMIN_PASSWORD)
    let link = ''
    const first = await asAdmin(() => invitePerson(h.db, admin, { email: 'first@example.com', role: 'editor' }, (t) => (link = t)))
    expect(await onlyEntry('person.invite', 'person')).toMatchObject({
      itemLabel: 'first@example.com',
      detail: `As Editor; invitation ${first}.`,
    })
    await clear()
    await asAdmin(() => revokeInvitation(h.db, admin, first))
    await onlyEntry('person.invitation-revoke', 'person')
    await asAdmin(() => invitePerson(h.db, admin, { email: 'writer@example.com', role: 'author' }, (t) => (link = t)))
    await clear()
    // The invitee joins (from their own device): recorded as them.
    await runRequest({ ip: '192.0.2.77', userAgent: CHROME_MAC }, () =>
      acceptInvitation(
        h.db,
        link,
        { username: 'writer', displayName: 'Wren Writer', newPassword: 'a-long-new-password' },
        { ip: '192.0.2.77' },
      ),
    )
    const [joined] = await entries()
    expect(joined).toMatchObject({ action: 'person.join', personName: 'writer', itemLabel: 'writer', ip: '192.0.2.77' })
    const writerId = joined.personId!
    await clear()
    await asAdmin(() => changeRole(h.db, admin, writerId, 'editor'))
    expect((await onlyEntry('person.role', 'person', writerId)).detail).toBe('Author to Editor.')
    for (const [status, action] of [
      ['suspended', 'person.suspend'],
      ['active', 'person.restore'],
      ['removed', 'person.remove'],
    ] as const) {
      await clear()
      await asAdmin(() => setPersonStatus(h.db, admin, writerId, status))
      await onlyEntry(action, 'person', writerId)
    }
    await clear()
    const token = await asAdmin(() => createApiToken(h.db, admin, 'Deploy script'))
    expect((await onlyEntry('token.create', 'token', token.id)).itemLabel).toBe('Deploy script')
    await clear()
    await asAdmin(() => revokeApiToken(h.db, admin, token.id))
    await onlyEntry('token.revoke', 'token', token.id)
    const all = JSON.stringify(await exportActivity(h.db, admin))
    expect(all).not.toContain(token.token)
    expect(all).not.toContain(link)
  })

  it('a change refused (400, 404) records nothing', async () => {
    await asAdmin(async () => {
      await rejection(updatePost(h.db, admin, 999_999, patch({ title: 'x' })), NotFoundError)
      await rejection(deletePortfolioItem(h.db, admin, 999_999), NotFoundError)
      await rejection(createPost(h.db, admin, { ...post(), status: 'scheduled', publishAt: undefined }), DomainValidationError)
      await rejection(changePassword(h.db, admin, { currentPassword: 'not-it', newPassword: 'whatever-new' }), DomainValidationError)
      await rejection(setContactMessageRead(h.db, admin, 999_999, true), NotFoundError)
    })
    expect(await entries()).toEqual([])
  })

  it("records the shell's changes as from the shell: reset, import, export", async () => {
    const result = await runFromShell('npm run admin:reset', () => resetAdminAccess(h.db, ADMIN_USERNAME))
    const [reset] = await entries()
    expect(reset).toMatchObject({
      action: 'password.reset',
      personId: null,
      personName: 'Shell',
      ip: null,
      device: 'Shell: npm run admin:reset',
      itemLabel: ADMIN_USERNAME,
    })
    expect(JSON.stringify(reset)).not.toContain(result!.password)
    // The other tests sign in with the usual password.
    await asAdmin(() => changePassword(h.db, admin, { currentPassword: result!.password, newPassword: ADMIN_PASSWORD }))
    await clear()
    const wxr = await readFile(path.join(import.meta.dirname, '../fixtures/wordpress/export.xml'))
    await runFromShell('npm run import', () =>
      importSite(h.db, createImageStore(h.db), wxr, {
        fileName: 'export.xml',
        imagesDir: path.join(import.meta.dirname, '../fixtures/wordpress/uploads'),
      }),
    )
    expect(await entries()).toEqual([
      expect.objectContaining({ action: 'site.import', personName: 'Shell', device: 'Shell: npm run import', itemLabel: 'export.xml' }),
    ])
    await clear()
    const dir = await mkdtemp(path.join(tmpdir(), 'activity-export-'))
    try {
      await runFromShell('npm run export', () => exportSite(h.db, dir, 'https://agency.example'))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
    expect(await entries()).toEqual([
      expect.objectContaining({ action: 'site.export', personName: 'Shell', device: 'Shell: npm run export' }),
    ])
  })

  it('filters by person, kind, item type and days, pages, and exports the same as CSV', async () => {
    const at = (iso: string) => new Date(iso)
    await recordActivity(
      h.db,
      { action: 'post.create', itemType: 'post', itemId: 1, itemLabel: 'First', person: { id: admin.id, name: 'asha' } },
      at('2030-01-10T20:00:00Z'),
    )
    await recordActivity(
      h.db,
      { action: 'post.delete', itemType: 'post', itemId: 1, itemLabel: 'First', person: { id: admin.id, name: 'asha' } },
      at('2030-01-11T07:59:00Z'),
    )
    await recordActivity(
      h.db,
      { action: 'settings.update', itemType: 'settings', itemLabel: 'Site settings', person: { id: 99, name: 'ravi' } },
      at('2030-01-12T12:00:00Z'),
    )
    await recordActivity(
      h.db,
      {
        action: 'project.update',
        itemType: 'project',
        itemId: 4,
        itemLabel: '=HYPERLINK("http://evil.example","x")',
        detail: 'Changed title, "quoted"',
        person: { id: 99, name: 'ravi' },
      },
      at('2030-01-13T12:00:00Z'),
    )
    const list = (q: string) => listActivity(h.db, admin, activityFilterFrom(new URLSearchParams(q)))
    expect((await list('')).entries.map((e) => e.action)).toEqual(['project.update', 'settings.update', 'post.delete', 'post.create'])
    expect((await list('')).people).toEqual(['asha', 'ravi'])
    expect((await list('person=ravi')).entries.map((e) => e.action)).toEqual(['project.update', 'settings.update'])
    expect((await list('action=post.delete')).total).toBe(1)
    expect((await list('itemType=post')).total).toBe(2)
    // Days are the agency's (Pacific): 2030-01-11T07:59Z is still January 10 there.
    expect((await list('from=2030-01-10&to=2030-01-10')).entries.map((e) => e.action)).toEqual(['post.delete', 'post.create'])
    expect((await list('from=2030-01-11&to=2030-01-12')).entries.map((e) => e.action)).toEqual(['settings.update'])
    // Unknown kinds and unreadable days are ignored, not refused.
    expect((await list('action=drop-table&from=2030-13-45')).total).toBe(4)

    const csv = activityCsv(
      await exportActivity(h.db, admin, activityFilterFrom(new URLSearchParams('person=ravi'))),
      'America/Los_Angeles',
    )
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe('When (Pacific Time),Person,Change,Item type,Item,Item id,Detail,Address,Device')
    expect(lines).toHaveLength(3)
    // The formula-like title is neutralised (a leading quote), then quoted as RFC 4180 asks.
    expect(lines[1]).toBe(
      `2030-01-13 04:00,ravi,Project edited,Portfolio project,"'=HYPERLINK(""http://evil.example"",""x"")",4,"Changed title, ""quoted""",,System`,
    )
  })

  it('pages fifty entries at a time', async () => {
    for (let i = 0; i < 51; i++)
      await recordActivity(h.db, { action: 'message.read', itemType: 'message', itemId: i }, new Date(Date.UTC(2030, 0, 1, 0, i)))
    const first = await listActivity(h.db, admin, { page: 1 })
    expect([first.total, first.pages, first.entries.length, first.entries[0].itemId]).toEqual([51, 2, 50, '50'])
    const second = await listActivity(h.db, admin, { page: 2 })
    expect(second.entries.map((e: ActivityEntry) => e.itemId)).toEqual(['0'])
  })

  it('keeps exactly the configured days: older entries go when pruned and when the retention changes', async () => {
    const now = new Date('2030-06-01T12:00:00.000Z')
    expect(await getActivityRetention(h.db)).toBe(365)
    const ago = (ms: number) => new Date(now.getTime() - ms)
    await recordActivity(h.db, { action: 'post.create', itemType: 'post', itemLabel: 'kept: exactly 365 days' }, ago(365 * DAY))
    await recordActivity(h.db, { action: 'post.create', itemType: 'post', itemLabel: 'gone: a millisecond older' }, ago(365 * DAY + 1))
    await recordActivity(h.db, { action: 'post.create', itemType: 'post', itemLabel: 'kept: 10 days' }, ago(10 * DAY))
    expect(await pruneActivity(h.db, now)).toBe(1)
    expect((await entries()).map((e) => e.itemLabel)).toEqual(['kept: exactly 365 days', 'kept: 10 days'])
    // Seven days: pruned at once, and the change itself is recorded.
    await asAdmin(() => setActivityRetention(h.db, admin, 7, now))
    expect(await getActivityRetention(h.db)).toBe(7)
    expect((await entries()).map((e) => [e.action, e.detail])).toEqual([
      ['activity-retention.update', 'Keep activity for 7 days (was 365).'],
    ])
    await asAdmin(() => setActivityRetention(h.db, admin, 365, now))
  })
})
