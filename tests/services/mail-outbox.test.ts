import net from 'node:net'
import { Migrator } from 'kysely'
import pino from 'pino'
import { SMTPServer } from 'smtp-server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase, type DatabaseHandle } from '~/db/db.server.ts'
import { migrationProvider } from '~/db/migrations/index.ts'
import { NEVER_AUTOMATICALLY, findMail, insertOutboxMail, settleLegacySentMail } from '~/models/outbox.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { ForbiddenError, NotFoundError } from '~/infra/errors.server.ts'
import { findOpenInvitation, invitePerson, renewInvitationLink, revokeInvitation } from '~/services/invitations.server.ts'
import { confirmSudo } from '~/services/sudo.server.ts'
import { createMailer, type Mailer } from '~/infra/mail.server.ts'
import { attemptWords, listOutbox, retryMail, sendTestMail } from '~/services/outbox.server.ts'
import { ADMIN_PASSWORD, dialects, resetPostgres } from '../helpers/app.ts'
import { freshDatabase, rejection, signInAdmin } from './db.ts'

const DAY = 24 * 60 * 60_000
const silent = pino({ level: 'silent' })

/**
 * A real SMTP server on loopback. `refuse` set: it answers RCPT TO with that code and text (550: for
 * good; 451: for now), as a mail server refusing an address does.
 */
async function startSmtp() {
  const received: string[] = []
  const state: { refuse?: { code: number; text: string } } = {}
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, done) {
      if (!state.refuse) return done()
      const err = new Error(state.refuse.text) as Error & { responseCode: number }
      err.responseCode = state.refuse.code
      done(err)
    },
    onData(stream, session, done) {
      stream.resume()
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((r) => r.address).join(','))
        done()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as net.AddressInfo
  return { received, state, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) }
}

/** The outbox's states (issue 36, docs/decisions/054), on both databases, through a real SMTP server. */
describe.each(dialects())('mail states on %s', (_name, url) => {
  let h: DatabaseHandle
  let owner: Admin
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined
  const mailers: Mailer[] = []
  const mailer = (smtpUrl?: string) => {
    const m = createMailer(h.db, { smtpUrl, from: 'Site <site@example.com>', logger: silent, baseBackoffMs: 60_000 })
    mailers.push(m)
    return m
  }
  const queue = (toAddress: string, subject = 'Hello') => insertOutboxMail(h.db, { toAddress, subject, body: 'Body.' })

  beforeEach(async () => {
    h = await freshDatabase(url())
    owner = await signInAdmin(h.db)
  })
  afterEach(async () => {
    for (const m of mailers.splice(0)) await m.stop()
    await smtp?.close()
    smtp = undefined
    await h.close()
  })

  it('without SMTP_URL mail waits: nothing is tried, nothing is marked sent, and a Retry or a test mail says it was kept', async () => {
    const m = mailer(undefined)
    expect(m.configured).toBe(false)
    const id = await queue('ada@example.com')
    expect(await m.deliverDue()).toBe(0)
    expect(await findMail(h.db, id)).toMatchObject({ status: 'waiting', attempts: 0, sentAt: null, serverAnswer: null })

    const retried = await retryMail(h.db, m, owner, id)
    expect(retried).toMatchObject({ outcome: 'kept', state: 'waiting', answer: null })
    expect(attemptWords(retried)).toBe(
      'Kept in the outbox, not sent: mail is not set up (SMTP_URL). It will be sent to ada@example.com once mail is set up.',
    )

    const test = await sendTestMail(h.db, m, owner)
    expect(test).toMatchObject({ outcome: 'kept', state: 'waiting' })
    const list = await listOutbox(h.db, owner, 1, m)
    // Newest first; nothing says it will go by itself while mail is not set up.
    expect(list.entries.map((e) => [e.subject, e.state, e.nextTryAt])).toEqual([
      ['Launchpad Web Studio: test mail', 'waiting', null],
      ['Hello', 'waiting', null],
    ])
    expect(list.counts).toEqual({ waiting: 2, failed: 0 })
  })

  it('delivers through a real SMTP server, keeping its answer; mail that waited before SMTP_URL was set goes out by itself, unless it is over 7 days old', async () => {
    const old = await queue('old@example.com', 'Old')
    await h.db
      .updateTable('mailOutbox')
      .set({ createdAt: new Date(Date.now() - 8 * DAY).toISOString() })
      .where('id', '=', old)
      .execute()
    const recent = await queue('recent@example.com', 'Recent')
    // Mail set up later: the next start's mailer finds what waited.
    smtp = await startSmtp()
    const m = mailer(smtp.url)
    expect(await m.deliverDue()).toBe(1)
    const delivered = await findMail(h.db, recent)
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1 })
    expect(delivered!.serverAnswer).toMatch(/^250 /)
    expect(delivered!.sentAt).toBeTruthy()
    expect(smtp.received).toEqual(['recent@example.com'])
    expect(await findMail(h.db, old)).toMatchObject({ status: 'waiting', attempts: 0 })
    const list = await listOutbox(h.db, owner, 1, m)
    expect(list.entries.find((e) => e.id === old)).toMatchObject({ state: 'waiting', nextTryAt: null })

    // The old one goes only when asked; a delivered mail is never sent twice.
    expect(await retryMail(h.db, m, owner, old)).toMatchObject({
      outcome: 'delivered',
      state: 'delivered',
      answer: expect.stringMatching(/^250 /),
    })
    const again = await retryMail(h.db, m, owner, recent)
    expect(again).toMatchObject({ outcome: 'already', state: 'delivered' })
    expect(attemptWords(again)).toBe('It was delivered to recent@example.com before; it is not sent twice.')
    expect(smtp.received).toEqual(['recent@example.com', 'old@example.com'])

    const test = await sendTestMail(h.db, m, owner)
    expect(test.outcome).toBe('delivered')
    expect(attemptWords(test)).toMatch(/^Delivered to .+@.+\. The mail server answered: 250 /)
  })

  it("a refusal for good (550) is failed with the server's answer and not tried again by itself; a Retry once the server accepts delivers it", async () => {
    smtp = await startSmtp()
    smtp.state.refuse = { code: 550, text: 'No such user here' }
    const m = mailer(smtp.url)
    const id = await queue('nobody@example.com')
    expect(await m.deliverDue()).toBe(0)
    const failed = await findMail(h.db, id)
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: NEVER_AUTOMATICALLY })
    expect(failed!.serverAnswer).toContain('550 No such user here')
    const [entry] = (await listOutbox(h.db, owner, 1, m)).entries
    expect(entry).toMatchObject({ state: 'failed', answer: expect.stringContaining('550 No such user here'), nextTryAt: null })
    expect(attemptWords(await retryMail(h.db, m, owner, id))).toContain('Not delivered to nobody@example.com. The mail server answered: ')
    expect(await m.deliverDue(Date.now() + 30 * DAY)).toBe(0)
    expect((await findMail(h.db, id))!.attempts).toBe(2)

    smtp.state.refuse = undefined
    expect(await retryMail(h.db, m, owner, id)).toMatchObject({ outcome: 'delivered', state: 'delivered' })
    expect(await findMail(h.db, id)).toMatchObject({ status: 'delivered', attempts: 3 })

    // Refused, then asked again while mail is not set up (no SMTP_URL at the next start): kept, not tried, still failed.
    const refusedAgain = await queue('nobody2@example.com')
    smtp.state.refuse = { code: 550, text: 'No such user here' }
    await m.deliverDue()
    const kept = await retryMail(h.db, mailer(undefined), owner, refusedAgain)
    expect(kept).toMatchObject({ outcome: 'kept', state: 'failed', answer: expect.stringContaining('550 No such user here') })
    expect(attemptWords(kept)).toContain('Kept in the outbox, not sent: mail is not set up (SMTP_URL).')
    expect(smtp.received).toEqual(['nobody@example.com'])
  })

  it('a refusal for now (451) is failed with the answer and tried again by itself later', async () => {
    smtp = await startSmtp()
    smtp.state.refuse = { code: 451, text: 'Try again later' }
    const m = mailer(smtp.url)
    const id = await queue('later@example.com')
    const now = Date.now()
    await m.deliverDue(now)
    const failed = await findMail(h.db, id)
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed!.serverAnswer).toContain('451 Try again later')
    expect(Date.parse(failed!.nextAttemptAt)).toBe(now + 60_000)
    expect((await listOutbox(h.db, owner, 1, m, now)).entries[0].nextTryAt).toBe(failed!.nextAttemptAt)

    smtp.state.refuse = undefined
    expect(await m.deliverDue(now + 30_000)).toBe(0)
    expect(await m.deliverDue(now + 60_000)).toBe(1)
    expect(await findMail(h.db, id)).toMatchObject({ status: 'delivered', attempts: 2 })
  })

  it('a pending invitation gets a new link to copy: the mailed one stops working, the new one opens it; only for the owner, in sudo mode', async () => {
    const linkFor = (token: string) => `http://site.test/admin/invite/${token}`
    await confirmSudo(h.db, owner, ADMIN_PASSWORD)
    let mailed = ''
    const id = await invitePerson(h.db, owner, { email: 'wren@example.com', role: 'editor' }, (t) => ((mailed = t), linkFor(t)))
    const made = await renewInvitationLink(h.db, owner, id, linkFor)
    expect(made.email).toBe('wren@example.com')
    const token = made.link.split('/').at(-1)!
    expect(token).not.toBe(mailed)
    expect(await findOpenInvitation(h.db, mailed)).toBeUndefined()
    expect(await findOpenInvitation(h.db, token)).toMatchObject({ email: 'wren@example.com', role: 'editor' })
    await rejection(renewInvitationLink(h.db, { ...owner, role: 'administrator' }, id, linkFor), ForbiddenError)
    await revokeInvitation(h.db, owner, id)
    await rejection(renewInvitationLink(h.db, owner, id, linkFor), NotFoundError)
  })

  it('only owners and administrators see the outbox, retry, or send a test mail; the list is paged, newest first', async () => {
    const m = mailer(undefined)
    for (let i = 1; i <= 27; i++) await queue(`p${i}@example.com`, `Mail ${i}`)
    const admin: Admin = { ...owner, role: 'administrator' }
    const first = await listOutbox(h.db, admin, 1, m)
    expect(first.total).toBe(27)
    expect(first.pages).toBe(2)
    expect(first.entries).toHaveLength(25)
    expect(first.entries[0].subject).toBe('Mail 27')
    expect((await listOutbox(h.db, admin, 2, m)).entries.map((e) => e.subject)).toEqual(['Mail 2', 'Mail 1'])
    for (const role of ['editor', 'author', 'sales'] as const) {
      const someone: Admin = { ...owner, role }
      await rejection(listOutbox(h.db, someone, 1, m), ForbiddenError)
      await rejection(retryMail(h.db, m, someone, first.entries[0].id), ForbiddenError)
      await rejection(sendTestMail(h.db, m, someone), ForbiddenError)
    }
  })
})

/** Upgrading a site made before issue 36: its outbox rows get the new states (docs/decisions/054). */
describe.each(dialects())('the mail states upgrade on %s', (_name, url) => {
  let h: DatabaseHandle | undefined
  afterEach(async () => {
    await h?.close()
  })

  it("turns never-tried rows into waiting and tried ones into failed with their error; rows marked 'sent' are settled at start by whether mail is set up", async () => {
    const dbUrl = url()
    if (dbUrl.startsWith('postgres')) await resetPostgres(dbUrl)
    h = openDatabase(dbUrl)
    const names = Object.keys(await migrationProvider.getMigrations()).sort()
    const before = names[names.indexOf('2026_11_28_g_mail_states') - 1]
    expect((await new Migrator({ db: h.db, provider: migrationProvider }).migrateTo(before)).error).toBeUndefined()
    const now = new Date().toISOString()
    const row = (toAddress: string, status: string, attempts: number, lastError: string | null) =>
      h!.db
        .insertInto('mailOutbox')
        .values({
          toAddress,
          subject: 'Old',
          body: 'Body',
          status,
          attempts,
          nextAttemptAt: now,
          lastError,
          createdAt: now,
          sentAt: status === 'sent' ? now : null,
        } as never)
        .execute()
    await row('never@example.com', 'pending', 0, null)
    await row('tried@example.com', 'pending', 2, 'connect ECONNREFUSED 127.0.0.1:25')
    await row('sent1@example.com', 'sent', 0, null)
    await row('sent2@example.com', 'sent', 0, null)
    await migrateToLatest(h.db)
    const states = async () =>
      (await h!.db.selectFrom('mailOutbox').select(['toAddress', 'status', 'serverAnswer', 'sentAt']).orderBy('id').execute()).map((r) => [
        r.toAddress,
        r.status,
        r.serverAnswer,
        Boolean(r.sentAt),
      ])
    expect((await states()).slice(0, 2)).toEqual([
      ['never@example.com', 'waiting', null, false],
      ['tried@example.com', 'failed', 'connect ECONNREFUSED 127.0.0.1:25', false],
    ])

    // Started without SMTP_URL: the old 'sent' never left, so it waits (and goes once mail is set up).
    await h.db
      .updateTable('mailOutbox')
      .set({ status: 'sent' as never })
      .where('toAddress', '=', 'sent2@example.com')
      .execute()
    expect(await settleLegacySentMail(h.db, false)).toBe(2)
    expect((await states()).slice(2)).toEqual([
      ['sent1@example.com', 'waiting', 'Marked sent by an older version of the site while mail was not set up: it never left.', false],
      ['sent2@example.com', 'waiting', 'Marked sent by an older version of the site while mail was not set up: it never left.', false],
    ])
    // Started with SMTP_URL: taken as delivered, saying the answer was not kept.
    await h.db
      .updateTable('mailOutbox')
      .set({ status: 'sent' as never, sentAt: now })
      .where('toAddress', '=', 'sent1@example.com')
      .execute()
    expect(await settleLegacySentMail(h.db, true)).toBe(1)
    expect((await states())[2]).toEqual([
      'sent1@example.com',
      'delivered',
      'Marked sent by an older version of the site, whose SMTP answer was not kept.',
      true,
    ])
    expect(await settleLegacySentMail(h.db, true)).toBe(0)
  })
})
