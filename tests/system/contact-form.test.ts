import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dialects, resetPostgres, type Client } from '../helpers/app.ts'
import { ADMIN, startServer, tempDir, type RunningServer } from './server.ts'

/**
 * The /contact message form as a browser without JavaScript posts it, against the production
 * build: stored for the admin's inbox, refused beside the fields, guarded by the CSRF token and the
 * rate limit; the inbox's plain forms mark read and delete.
 */
describe.each(dialects())('the contact message form on %s', (name, url) => {
  let s: RunningServer
  let admin: Client

  const postForm = (client: Client, to: string, fields: Record<string, string>, token = client.csrf ?? '') =>
    client.post(to, new URLSearchParams({ _csrf: token, ...fields }).toString(), { 'content-type': 'application/x-www-form-urlencoded' })
  const inbox = async () => (await admin.get('/admin/messages')).text()

  beforeAll(async () => {
    const dbUrl = name === 'sqlite' ? path.join(tempDir(), 'site.db') : url()
    if (name === 'postgres') await resetPostgres(dbUrl)
    // Messages share the proposals' configured rate.
    s = await startServer({ DATABASE_URL: dbUrl, DATA_DIR: tempDir(), PROPOSAL_RATE_LIMIT_PER_HOUR: '2' })
    admin = await s.client().login(ADMIN.username, ADMIN.password)
  })
  afterAll(async () => {
    await s?.stop()
  })

  it('is a page with a form token (never the shared cache), stores a message and lists it in the inbox', async () => {
    const visitor = s.client()
    const page = await visitor.get('/contact')
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Send us a message')
    expect(html).toMatch(/name="_csrf" value="[^"]+"/)
    await visitor.session()

    const refused = await postForm(visitor, '/contact', { name: 'Nia Form', email: 'nope', message: '' })
    expect(refused.status).toBe(400)
    const refusedHtml = await refused.text()
    expect(refusedHtml).toContain('Enter a valid email address')
    expect(refusedHtml).toContain('Message is required')
    expect(refusedHtml).toContain('value="Nia Form"')

    const stored = await postForm(visitor, '/contact', {
      name: 'Nia Form',
      email: 'nia@example.com',
      message: 'Please call me about a bakery site.',
      website: '',
    })
    expect(stored.status).toBe(302)
    expect(stored.headers.get('location')).toBe('/contact?sent=1')
    expect(await (await visitor.get('/contact?sent=1')).text()).toContain('Message sent. Thank you!')
    const listed = await inbox()
    expect(listed).toContain('Nia Form')
    expect(listed).toContain('Please call me about a bakery site.')
    expect(listed).toContain('Unread')
  })

  it('refuses a post without the token, a filled honeypot, and more than the configured rate', async () => {
    const visitor = s.client()
    await visitor.get('/contact')
    await visitor.session()
    const message = { name: 'Rate Check', email: 'rate@example.com', message: 'Hello' }
    expect((await postForm(visitor, '/contact', message, 'wrong-token')).status).toBe(403)
    expect((await postForm(visitor, '/contact', { ...message, website: 'http://spam.example' })).status).toBe(400)
    // The first test stored one message from this address; one more is allowed, then 429.
    expect((await postForm(visitor, '/contact', message)).status).toBe(302)
    const limited = await postForm(visitor, '/contact', { ...message, name: 'Over The Limit' })
    expect(limited.status).toBe(429)
    expect(await limited.text()).toContain('Too many messages from your address.')
    expect(await inbox()).not.toContain('Over The Limit')
  })

  it('the inbox marks a message read and deletes it with plain forms; it is the admin’s only', async () => {
    const anonymous = await s.client().get('/admin/messages')
    expect(anonymous.status).toBe(302)
    const id = /name="id" value="(\d+)"/.exec(await inbox())?.[1]
    expect(id).toBeDefined()
    await admin.session()
    const read = await postForm(admin, '/admin/messages', { intent: 'read', id: id! })
    expect(read.status).toBe(200)
    expect(await read.text()).toContain('Marked as Read')
    const deleted = await postForm(admin, '/admin/messages', { intent: 'delete', id: id! })
    expect(deleted.status).toBe(200)
    expect(await deleted.text()).toContain('Message Deleted')
    expect(await inbox()).not.toContain(`name="id" value="${id}"`)
  })
})
