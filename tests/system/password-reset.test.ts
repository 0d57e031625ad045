import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '~/db/db.server.ts'
import { dialects, resetPostgres, type Client } from '../helpers/app.ts'
import { ADMIN, postForm, startServer, tempDir, type RunningServer } from './server.ts'

const SAME_ANSWER = 'If that account exists, we sent a link to its email address.'
const UNUSABLE = 'This password reset link is not valid: it was used, a newer one was sent, or it has expired.'

/** The path of the newest link of `kind` mailed to `to` (the outbox, as the mail worker would send it). */
async function mailedLink(dbUrl: string, to: string, kind: 'invite' | 'reset'): Promise<string> {
  const { db, close } = openDatabase(dbUrl)
  try {
    const rows = await db.selectFrom('mailOutbox').select('body').where('toAddress', '=', to).orderBy('id', 'desc').execute()
    const link = rows.map((r) => new RegExp(`https?://\\S+/${kind}/\\S+`).exec(r.body)?.[0]).find(Boolean)
    if (!link) throw new Error(`no ${kind} mail to ${to}`)
    return new URL(link).pathname
  } finally {
    await close()
  }
}

async function countResetMail(dbUrl: string): Promise<number> {
  const { db, close } = openDatabase(dbUrl)
  try {
    return (await db.selectFrom('mailOutbox').select('subject').execute()).filter((m) => m.subject.startsWith('Choose a new password')).length
  } finally {
    await close()
  }
}

/**
 * Password reset by mail through the production build (issue 23, docs/decisions/047), as a browser
 * without JavaScript posts it: the forgot form, the mailed link, a new password; the old session
 * ends, the new password signs in, the link works once.
 */
describe.each(dialects())('password reset by mail on %s', (name, url) => {
  let s: RunningServer
  let dbUrl: string
  beforeAll(async () => {
    dbUrl = name === 'sqlite' ? path.join(tempDir(), 'site.db') : url()
    if (name === 'postgres') await resetPostgres(dbUrl)
    s = await startServer({ DATABASE_URL: dbUrl, DATA_DIR: tempDir() })
  })
  afterAll(async () => {
    await s?.stop()
  })

  /** A browser without a session: the CSRF cookie from the session call, as the page's root loader gives it. */
  async function browser(): Promise<Client> {
    const c = s.client()
    await c.session()
    return c
  }

  it('forgot → mail in the outbox → the link → a new password: the old session ends, the new password signs in, the link is refused the second time', async () => {
    // The owner invites Wren (her email on file); she joins and is signed in.
    const owner = await s.client().login(ADMIN.username, ADMIN.password)
    const invited = await postForm(owner, '/admin/settings/people', { intent: 'invite', email: 'wren@example.com', role: 'editor', displayName: 'Wren', sudoPassword: ADMIN.password })
    expect(invited.status).toBe(200)
    const wren = await browser()
    const joined = await postForm(wren, await mailedLink(dbUrl, 'wren@example.com', 'invite'), { username: 'wren', displayName: 'Wren', newPassword: 'wren-old-password', confirmPassword: 'wren-old-password' })
    expect(joined.status).toBe(303)
    expect((await wren.get('/admin/blogs')).status).toBe(200)

    // The login page links to the form; the form says how an owner without an email gets back in.
    expect(await (await s.client().get('/admin/login')).text()).toContain('href="/admin/forgot"')
    const page = await (await s.client().get('/admin/forgot')).text()
    expect(page).toContain('Forgot your password?')
    expect(page).toContain('npm run admin:reset -- --username NAME')

    // The same answer for an unknown name, a person without an email (the first owner) and Wren.
    const mailBefore = await countResetMail(dbUrl)
    for (const account of ['nobody', ADMIN.username, 'wren']) {
      const stranger = await browser()
      const sent = await postForm(stranger, '/admin/forgot', { account })
      expect([sent.status, sent.headers.get('location')], account).toEqual([303, '/admin/forgot?sent=1'])
      expect(await (await stranger.get('/admin/forgot?sent=1')).text()).toContain(SAME_ANSWER)
    }
    expect(await countResetMail(dbUrl)).toBe(mailBefore + 1)
    // An empty form is answered beside the field.
    const empty = await postForm(await browser(), '/admin/forgot', { account: '' })
    expect(empty.status).toBe(400)
    expect(await empty.text()).toMatch(/id="account-error"[^>]*>Enter your username or email address</)

    // The link from the mail, opened in a browser with no session.
    const link = await mailedLink(dbUrl, 'wren@example.com', 'reset')
    const visitor = await browser()
    const form = await (await visitor.get(link)).text()
    expect(form).toContain('Choose a new password')
    expect(form).toContain('<strong>wren</strong>')
    // The Security page's rules, answered beside the fields.
    const mismatch = await postForm(visitor, link, { newPassword: 'wren-new-password', confirmPassword: 'something-else' })
    expect(mismatch.status).toBe(400)
    expect(await mismatch.text()).toMatch(/id="confirmPassword-error"[^>]*>New password and confirmation don(&#x27;|')t match\.</)
    const short = await postForm(visitor, link, { newPassword: 'short', confirmPassword: 'short' })
    expect(await short.text()).toMatch(/id="newPassword-error"[^>]*>New password must be at least 8 characters</)

    const done = await postForm(visitor, link, { newPassword: 'wren-new-password', confirmPassword: 'wren-new-password' })
    expect([done.status, done.headers.get('location')]).toEqual([303, '/admin/login?reset=1'])
    expect(await (await visitor.get('/admin/login?reset=1')).text()).toContain('Your new password is set')

    // Her old session is gone; the old password is refused; the new one signs in.
    const old = await wren.get('/admin/blogs')
    expect(old.status).toBe(302)
    expect(old.headers.get('location')).toMatch(/^\/admin\/login\?redirectTo=/)
    expect((await wren.get('/api/blog/stats')).status).toBe(401)
    expect((await s.client().post('/api/auth/login', { username: 'wren', password: 'wren-old-password' })).status).toBe(401)
    const again = await s.client().login('wren', 'wren-new-password')
    expect((await again.get('/admin/blogs')).status).toBe(200)

    // The link works once: opened or posted again, it says so.
    const reopened = await (await visitor.get(link)).text()
    expect(reopened).toContain(UNUSABLE)
    expect(reopened).not.toContain('name="newPassword"')
    const reused = await postForm(visitor, link, { newPassword: 'third-password', confirmPassword: 'third-password' })
    expect(reused.status).toBe(410)
    expect(await reused.text()).toContain(UNUSABLE)
  })

  it("the owner's button needs sudo mode, then mails the person a link", async () => {
    const owner = await s.client().login(ADMIN.username, ADMIN.password)
    const people = await (await owner.get('/admin/settings/people')).text()
    // Wren's row: the last person id before her button.
    const id = [...people.slice(0, people.indexOf('Send Wren a password reset link')).matchAll(/name="id" value="(\d+)"/g)].at(-1)?.[1]
    expect(id).toBeDefined()
    const before = await countResetMail(dbUrl)
    const refused = await postForm(owner, '/admin/settings/people', { intent: 'reset-link', id: id! })
    expect(refused.status).toBe(403)
    expect(await countResetMail(dbUrl)).toBe(before)
    const sent = await postForm(owner, '/admin/settings/people', { intent: 'reset-link', id: id!, sudoPassword: ADMIN.password })
    expect(sent.status).toBe(200)
    expect(await sent.text()).toContain('Password reset link sent to their email address.')
    expect(await countResetMail(dbUrl)).toBe(before + 1)
    expect(await (await s.client().get(await mailedLink(dbUrl, 'wren@example.com', 'reset'))).text()).toContain('<strong>wren</strong>')
  })
})
