import net from 'node:net'
import ICAL from 'ical.js'
import { SMTPServer } from 'smtp-server'
import { afterEach, describe, expect, it } from 'vitest'
import { BookingSchema } from '~/lib/booking-schemas.ts'
import { findMailByStatus } from '~/models/outbox.server.ts'
import { bookCall, listFreeSlots } from '~/services/bookings.server.ts'
import { dialects, startTestApp, validProposal, type TestApp } from '../helpers/app.ts'

type Received = { from: string; to: string[]; raw: string }

/** A real SMTP server on loopback that keeps every message it accepts. */
async function startSmtp(port = 0) {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        done()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.server.address() as net.AddressInfo
  return { received, port: address.port, close: () => new Promise<void>((r) => server.close(() => r())) }
}

/** A loopback port that nothing listens on (yet). */
async function freePort(): Promise<number> {
  const s = net.createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()))
  const { port } = s.address() as net.AddressInfo
  await new Promise((r) => s.close(r))
  return port
}

async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const v = await check()
    if (v) return v
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Quoted-printable soft line breaks may split long lines; undo them before matching. */
const body = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')

describe.each(dialects())('new-proposal mail over SMTP on %s', (_name, url) => {
  let t: TestApp | undefined
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined
  afterEach(async () => {
    await t?.stop()
    await smtp?.close()
    t = smtp = undefined
  })

  it('mails the proposal details to the contact email', async () => {
    smtp = await startSmtp()
    t = await startTestApp(url(), { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Site <site@example.com>' })
    const res = await t.client().post('/api/proposals', { ...validProposal(), name: 'Mail Check', email: 'mail.check@example.com' })
    expect(res.status).toBe(201)

    const mail = await waitFor('the notification', () => smtp!.received.find((m) => m.to.includes('hello@launchpad-web.example')))
    expect(mail.from).toBe('site@example.com')
    const text = body(mail.raw)
    expect(text).toContain('Subject: New proposal request from Mail Check')
    expect(text).toContain('Email: mail.check@example.com')
    expect(text).toContain('Phone: +91 98765 43210')
    expect(text).toContain('Business type: Restaurant / Food Service')
    expect(text).toContain('Budget: $1,000 - $2,500')
    expect(text).toContain('A menu site with online table booking.')

    // The visitor gets a receipt saying what happens next, in the agency's words only.
    const receipt = await waitFor('the confirmation', () => smtp!.received.find((m) => m.to.includes('mail.check@example.com')))
    const receiptText = body(receipt.raw)
    expect(receiptText).toContain('Subject: Launchpad Web Studio: we received your proposal request')
    expect(receiptText).toContain('within 24 hours, to this address.')
    expect(receiptText).not.toContain('Mail Check')
    expect(receiptText).not.toContain('A menu site with online table booking.')
    await waitFor('both outbox rows marked delivered', async () => (await findMailByStatus(t!.ctx.db, 'delivered')).length === 2)
  })

  it('relays nothing a visitor typed to the address they typed: the receipt has no name, text or link of theirs (issue 21)', async () => {
    smtp = await startSmtp()
    t = await startTestApp(url(), { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` })
    const bait = {
      ...validProposal(),
      name: 'Prize https://evil.example/x',
      email: 'someone.else@example.com',
      requirements: 'You won! Claim at https://evil.example/x',
    }
    expect((await t.client().post('/api/proposals', bait)).status).toBe(201)
    const queued = await waitFor('the receipt in the outbox', async () =>
      (await findMailByStatus(t!.ctx.db)).find((m) => m.toAddress === bait.email),
    )
    for (const text of [queued.subject, queued.body]) {
      expect(text).not.toContain('evil.example')
      expect(text).not.toContain('Prize')
      expect(text).not.toContain('You won')
    }
    const delivered = await waitFor('the receipt over SMTP', () => smtp!.received.find((m) => m.to.includes(bait.email)))
    expect(body(delivered.raw)).not.toContain('evil.example')
  })

  it('keeps the mail while SMTP is down and delivers it once the server is back', async () => {
    const port = await freePort()
    t = await startTestApp(url(), { SMTP_URL: `smtp://127.0.0.1:${port}` })
    const res = await t.client().post('/api/proposals', { ...validProposal(), name: 'Outage Check' })
    expect(res.status).toBe(201)
    // The proposal itself is stored at once.
    const admin = await t.client().login()
    expect(((await (await admin.get('/api/proposals')).json()) as { name: string }[]).map((p) => p.name)).toContain('Outage Check')

    // Failed, with why (nothing listens there), and tried again by itself.
    const failed = await waitFor('a failed attempt', async () => (await findMailByStatus(t!.ctx.db, 'failed')).find((m) => m.attempts > 0))
    expect(failed.serverAnswer).toMatch(/ECONNREFUSED/)

    smtp = await startSmtp(port)
    const mail = await waitFor(
      'the delivery after the outage',
      () => smtp!.received.find((m) => body(m.raw).includes('Subject: New proposal request from Outage Check')),
      15_000,
    )
    expect(mail.to).toEqual(['hello@launchpad-web.example'])
    // The notification and the visitor's confirmation.
    const [row] = await waitFor('the rows marked delivered', async () => {
      const sent = await findMailByStatus(t!.ctx.db, 'delivered')
      return sent.length === 2 ? sent : undefined
    })
    expect(row.attempts).toBeGreaterThan(0)
    expect(await findMailByStatus(t.ctx.db, 'failed')).toEqual([])
  })

  it('sends the agency nothing when notifications are off (the visitor still gets the confirmation)', async () => {
    smtp = await startSmtp()
    t = await startTestApp(url(), { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` })
    const admin = await t.client().login()
    expect((await admin.put('/api/settings', { enableNotifications: false })).status).toBe(200)
    expect((await t.client().post('/api/proposals', validProposal())).status).toBe(201)
    const receipt = await waitFor('the confirmation', () => smtp!.received[0])
    expect(receipt.to).toEqual([validProposal().email])
    expect((await findMailByStatus(t.ctx.db)).map((m) => m.toAddress)).toEqual([validProposal().email])
  })
})

describe.each(dialects())('a booked call over SMTP on %s', (_name, url) => {
  let t: TestApp | undefined
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined
  afterEach(async () => {
    await t?.stop()
    await smtp?.close()
    t = smtp = undefined
  })

  it('mails the visitor a calendar invitation (issue 26) and the agency a notice', async () => {
    smtp = await startSmtp()
    t = await startTestApp(url(), { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` })
    // Booked through the service (this in-process app serves the API, not the pages; the form is the system test's).
    const start = new Date((await listFreeSlots(t.ctx.db)).slots[0].start).toISOString()
    const input = BookingSchema.parse({ start, tz: 'Asia/Kolkata', name: 'Invite Check', email: 'invite.check@example.com' })
    await bookCall(t.ctx.db, input, '192.0.2.7', { siteUrl: 'https://agency.example' })

    const invite = await waitFor('the invitation', () => smtp!.received.find((m) => m.to.includes('invite.check@example.com')))
    // The calendar part, as mail clients read it: text/calendar with the invitation's METHOD.
    const part =
      /Content-Type: text\/calendar; charset=utf-8; method=REQUEST\r\nContent-Transfer-Encoding: (\S+)\r\n\r\n([\s\S]*?)\r\n--/.exec(
        invite.raw,
      )
    expect(part).not.toBeNull()
    const ics = part![1] === 'base64' ? Buffer.from(part![2], 'base64').toString('utf8') : body(part![2])
    const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!
    expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(start)
    expect(event.getFirstPropertyValue('summary')).toBe('Discovery call with Launchpad Web Studio')
    expect(String(event.getFirstPropertyValue('url'))).toMatch(/^https:\/\/agency\.example\/book\/manage\/[\w-]+$/)
    const notice = await waitFor('the agency notice', () => smtp!.received.find((m) => m.to.includes('hello@launchpad-web.example')))
    expect(body(notice.raw)).toContain('Name: Invite Check')
  })
})
