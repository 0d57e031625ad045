import { describe, expect, it } from 'vitest'
import { dialects, validProposal, type Client } from '../helpers/app.ts'
import { postForm, serverWithAdmin, type RunningServer } from './server.ts'

/**
 * The lead desk's forms (a proposal's own page) as a browser without JavaScript posts them, against
 * the production build: a note, a status change and a reply answer with the page, its notice and
 * the new entries; refused fields are said beside them; a visitor who came from the estimator
 * brings the estimate with the plain form, and the desk shows it with the link that reopens it.
 */
describe.each(dialects())('lead desk route actions on %s', (name, url) => {
  let s: RunningServer
  let admin: Client

  const findProposal = async (email: string) =>
    (
      (await (await admin.get(`/api/proposals?q=${encodeURIComponent(email)}`)).json()) as { id: number; email: string; status: string }[]
    ).find((p) => p.email === email)

  serverWithAdmin(name, url, (server, signedIn) => {
    s = server
    admin = signedIn
  })

  it('adds a note, changes the status and sends a reply with plain forms, each kept on the page', async () => {
    await s.client().post('/api/proposals', { ...validProposal(), name: 'Desk Plain', email: 'desk-plain@example.com' })
    const { id } = (await findProposal('desk-plain@example.com'))!
    const page = `/admin/proposals/${id}`

    const first = await admin.get(page)
    expect(first.status).toBe(200)
    const html = await first.text()
    expect(html).toContain('Proposal from Desk Plain')
    expect(html).toContain('Hello Desk Plain,')

    const note = await postForm(admin, page, { intent: 'note', note: 'Prefers a call after 5pm.' })
    expect(note.status).toBe(200)
    const noteHtml = await note.text()
    expect(noteHtml).toContain('Note Added')
    expect(noteHtml).toContain('Prefers a call after 5pm.')

    const empty = await postForm(admin, page, { intent: 'note', note: '   ' })
    expect(empty.status).toBe(400)
    expect(await empty.text()).toContain('Note is required')

    const status = await postForm(admin, page, { intent: 'status', id: String(id), status: 'reviewed' })
    expect(status.status).toBe(200)
    expect(await status.text()).toContain('Status changed from Pending to Reviewed')
    expect(await findProposal('desk-plain@example.com')).toMatchObject({ status: 'reviewed' })

    const reply = await postForm(admin, page, {
      intent: 'reply',
      subject: 'About your website',
      body: 'Hello Desk Plain, here is our plan.',
    })
    expect(reply.status).toBe(200)
    const replyHtml = await reply.text()
    // No SMTP_URL here: the reply is kept, and nothing says it was sent (issue 36).
    expect(replyHtml).toContain('Reply Kept')
    expect(replyHtml).toContain(
      'Your reply to desk-plain@example.com is kept in the outbox and the history, not sent: mail is not set up, so it will be sent when it is.',
    )
    expect(replyHtml).toContain('Reply to <span class="break-all">desk-plain@example.com</span>: About your website')
    expect(replyHtml).not.toMatch(/Reply Sent|Reply sent/)

    const refused = await postForm(admin, page, { intent: 'reply', subject: '', body: 'kept text' })
    expect(refused.status).toBe(400)
    const refusedHtml = await refused.text()
    expect(refusedHtml).toContain('Subject is required')
    expect(refusedHtml).toContain('kept text')

    const forged = await postForm(admin, page, { intent: 'note', note: 'forged' }, 'not-the-token')
    expect(forged.status).toBe(403)
    expect(await (await admin.get(page)).text()).not.toContain('forged')
  })

  it('refuses visitors and unknown proposals', async () => {
    const visitor = s.client()
    await visitor.get('/proposal')
    const anonymous = await visitor.get('/admin/proposals/1')
    expect(anonymous.status).toBe(302)
    expect((await admin.get('/admin/proposals/987654')).status).toBe(404)
    expect((await admin.get('/admin/proposals/abc')).status).toBe(404)
  })

  it('keeps the estimate a plain-form request came with, and shows it with the link that reopens it', async () => {
    const visitor = s.client()
    await visitor.session()
    expect(await (await visitor.get('/proposal?from=estimator&type=business&pages=5&addons=seo')).text()).toContain(
      'name="sourceData" value="type=business&amp;pages=5&amp;addons=seo"',
    )
    const sent = await postForm(visitor, '/proposal?from=estimator&type=business&pages=5&addons=seo', {
      ...validProposal(),
      email: 'from-estimator@example.com',
      website: '',
      source: 'estimator',
      sourceData: 'type=business&pages=5&addons=seo',
    })
    expect(sent.status).toBe(302)
    const { id } = (await findProposal('from-estimator@example.com'))!
    const html = await (await admin.get(`/admin/proposals/${id}`)).text()
    expect(html).toContain('From the cost estimator')
    expect(html).toContain('href="/pricing?type=business&amp;pages=5&amp;addons=seo#estimator-title"')
  })
})
