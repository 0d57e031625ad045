import net from 'node:net'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dialects, resetPostgres, validProposal, type Client } from '../helpers/app.ts'
import { adminCreate } from './people-helpers.ts'
import { ADMIN, postForm, startServer, tempDir, type RunningServer } from './server.ts'

/** A real SMTP server on loopback that keeps who each accepted mail was for. */
async function startSmtp() {
  const received: string[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      stream.resume()
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address))
        done()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.server.address() as net.AddressInfo
  return { received, port, close: () => new Promise<void>((r) => server.close(() => r())) }
}

const OUTBOX = '/admin/settings/outbox'

/**
 * The outbox page (issue 36 §4, docs/decisions/054) on the production build with SMTP_URL set:
 * owners and administrators see it, Retry and the test mail; the other roles are refused, page,
 * data and action alike; the test mail's answer is the SMTP server's.
 */
describe.each(dialects())('the outbox page on %s', (name, url) => {
  let s: RunningServer | undefined
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined
  let env: Record<string, string>
  beforeAll(async () => {
    smtp = await startSmtp()
    const dataDir = tempDir()
    const databaseUrl = name === 'sqlite' ? path.join(dataDir, 'site.db') : url()
    if (name === 'postgres') await resetPostgres(databaseUrl)
    env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ADMIN_EMAIL: 'owner@agency.example' }
    s = await startServer(env)
  })
  afterAll(async () => {
    await s?.stop()
    await smtp?.close()
  })

  /** A person of `role` signed in with their own password. */
  async function person(role: string): Promise<Client> {
    const made = await adminCreate(env, `outbox-${role}`, role)
    const c = await s!.client().login(`outbox-${role}`, made.password!)
    expect(
      (
        await c.post('/api/auth/password', {
          currentPassword: made.password,
          newPassword: `${role}-own-password`,
          confirmPassword: `${role}-own-password`,
        })
      ).status,
    ).toBe(200)
    return c
  }

  it('owners and administrators list the mail and send a test mail that says what the SMTP server answered; other roles are refused', async () => {
    const owner = await s!.client().login(ADMIN.username, ADMIN.password)
    expect(
      (await s!.client().post('/api/proposals', { ...validProposal(), name: 'Outbox Lead', email: 'outbox.lead@example.com' })).status,
    ).toBe(201)

    // The test mail from Settings (it posts here): delivered, with the server's 250 answer.
    const settings = await (await owner.get('/admin/settings')).text()
    expect(settings).toContain('To your address, owner@agency.example.')
    expect(settings).not.toContain('Mail is not being delivered')
    const test = await postForm(owner, OUTBOX, { intent: 'test-mail' })
    expect(test.status).toBe(200)
    const testHtml = await test.text()
    expect(testHtml).toContain('Mail Delivered')
    expect(testHtml).toMatch(/Delivered to owner@agency\.example\. The mail server answered: 250 /)
    expect(smtp!.received).toContain('owner@agency.example')

    // The list: newest first, each with its state; the bodies (links that let people in) are not on the page.
    const page = await (await owner.get(OUTBOX)).text()
    expect(page).toContain('Launchpad Web Studio: test mail')
    expect(page).toContain('New proposal request from Outbox Lead')
    expect(page.indexOf('Launchpad Web Studio: test mail')).toBeLessThan(page.indexOf('New proposal request from Outbox Lead'))
    expect(page).not.toContain('A menu site with online table booking.')

    // A delivered mail has no Retry.
    const delivered = /<li[^>]*>(?:(?!<\/li>)[\s\S])*Launchpad Web Studio: test mail(?:(?!<\/li>)[\s\S])*<\/li>/.exec(page)?.[0] ?? ''
    expect(delivered).toContain('Delivered')
    expect(delivered).not.toContain('Retry')

    // A form without the session's CSRF token changes nothing.
    expect((await postForm(owner, OUTBOX, { intent: 'test-mail' }, 'not-the-token')).status).toBe(403)

    const administrator = await person('administrator')
    expect((await administrator.get(OUTBOX)).status).toBe(200)
    expect((await postForm(administrator, OUTBOX, { intent: 'test-mail' })).status).toBe(200)
    for (const role of ['editor', 'author', 'sales']) {
      const c = await person(role)
      const refused = await c.get(OUTBOX)
      expect(refused.status, role).toBe(403)
      expect(await refused.text()).toContain('does not include the outbox')
      const data = await c.get(`${OUTBOX}.data`)
      expect(data.status, role).toBe(403)
      expect(await data.text()).not.toContain('Outbox Lead')
      const act = await postForm(c, OUTBOX, { intent: 'test-mail' })
      expect(act.status, role).toBe(403)
      // Settings shows no Mail card to them (sales and authors cannot open Settings at all).
      expect(await (await c.get('/admin/settings')).text()).not.toContain('Send a test mail')
    }
  })

  it("the visitor's page after booking a call says the invitation is on its way, and moving and cancelling the same", async () => {
    const c = s!.client()
    await c.session()
    // A time on the second day the calendar lists (today's may pass the minimum notice meanwhile).
    const book = await (await c.get('/book')).text()
    const nextMonth = /month=(\d{4}-\d{2})"[^>]*>Next month/.exec(book)?.[1]
    const calendar = book + (nextMonth ? await (await c.get(`/book?month=${nextMonth}`)).text() : '')
    const days = [...new Set([...calendar.matchAll(/[?&]amp;day=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]))].sort()
    const starts = [...(await (await c.get(`/book?day=${days[1]}`)).text()).matchAll(/[?&](?:amp;)?start=([^"&#]+)/g)].map((m) =>
      decodeURIComponent(m[1]),
    )
    const details = {
      tz: 'America/Los_Angeles',
      name: 'Mailed Visitor',
      email: 'mailed.visitor@example.com',
      phone: '',
      note: '',
      website: '',
    }
    const booked = await postForm(c, '/book', { ...details, start: starts[1] })
    expect(booked.status).toBe(302)
    const manage = booked.headers.get('location')!
    const page = await (await c.get(manage)).text()
    expect(page).toContain('Your call is booked')
    expect(page).toContain(
      'The invitation is on its way to mailed.visitor@example.com. Add it to your calendar; it has this page&#x27;s link to cancel or move the call.',
    )
    expect(page).not.toMatch(/will follow by email|We sent/)
    // The mail carries the link: the page does not ask to keep it.
    expect(page).not.toContain('Your link to this call')

    const here = manage.replace(/\?.*$/, '')
    const moved = await postForm(c, `${here}?change=1&start=${encodeURIComponent(starts[2])}`, {
      intent: 'move',
      start: starts[2],
      tz: details.tz,
    })
    expect(moved.status).toBe(302)
    expect(await (await c.get(moved.headers.get('location')!)).text()).toContain(
      'The updated invitation is on its way to mailed.visitor@example.com.',
    )
    const cancelled = await postForm(c, here, { intent: 'cancel' })
    expect(cancelled.status).toBe(302)
    expect(await (await c.get(cancelled.headers.get('location')!)).text()).toContain(
      'The cancellation is on its way to mailed.visitor@example.com.',
    )
  })
})
