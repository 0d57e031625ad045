import { describe, expect, it } from 'vitest'
import { dialects, validProposal, type Client } from '../helpers/app.ts'
import { ADMIN, postForm, serverWithAdmin, type RunningServer } from './server.ts'

/**
 * The proposals, settings, sign-out and public proposal route actions, as a browser without
 * JavaScript posts them (plain form bodies to the page URLs), against the production build: the
 * answers carry the spec's notices and the messages beside the fields, and the API sees exactly
 * what was saved.
 */
describe.each(dialects())('proposals, settings and sign-out route actions on %s', (name, url) => {
  let s: RunningServer
  let admin: Client

  const findProposal = async (email: string) =>
    (
      (await (await admin.get(`/api/proposals?q=${encodeURIComponent(email)}`)).json()) as { id: number; email: string; status: string }[]
    ).find((p) => p.email === email)
  const settings = async () => (await (await admin.get('/api/settings')).json()) as Record<string, unknown>
  const sessionOf = async (client: Client) => (await client.session()).authenticated

  serverWithAdmin(name, url, (server, signedIn) => {
    s = server
    admin = signedIn
  })

  it('the public proposal form stores the request and redirects to the success notice', async () => {
    const visitor = s.client()
    await visitor.get('/proposal')
    await visitor.session()
    const res = await postForm(visitor, '/proposal', { ...validProposal(), email: 'form-post@example.com', website: '' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toMatch(/^\/proposal\?submitted=1&to=[\w.-]+$/)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await findProposal('form-post@example.com')).toMatchObject({ status: 'pending', businessType: 'restaurant' })
    const refused = await postForm(visitor, '/proposal', { ...validProposal(), email: 'bot@example.com', website: 'http://spam.example' })
    expect(refused.status).toBe(400)
    expect(await findProposal('bot@example.com')).toBeUndefined()
  })

  it('changes the status of and deletes a proposal, answering the spec notices', async () => {
    await s.client().post('/api/proposals', { ...validProposal(), email: 'desk@example.com' })
    const { id } = (await findProposal('desk@example.com'))!

    const status = await postForm(admin, '/admin/proposals', { intent: 'status', id: String(id), status: 'reviewed' })
    expect(status.status).toBe(200)
    expect(await status.text()).toContain('Proposal status changed to reviewed')
    expect(await findProposal('desk@example.com')).toMatchObject({ status: 'reviewed' })

    const bad = await postForm(admin, '/admin/proposals', { intent: 'status', id: String(id), status: 'archived' })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('Failed to update proposal status.')
    const forged = await postForm(admin, '/admin/proposals', { intent: 'status', id: String(id), status: 'completed' }, 'not-the-token')
    expect(forged.status).toBe(403)
    expect(await findProposal('desk@example.com')).toMatchObject({ status: 'reviewed' })
    expect((await postForm(admin, '/admin/proposals', { intent: 'archive-all', id: String(id) })).status).toBe(400)

    const visitor = s.client()
    await visitor.session()
    const anonymous = await postForm(visitor, '/admin/proposals', { intent: 'delete', id: String(id) })
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('location')).toMatch(/^\/admin\/login\?redirectTo=%2Fadmin%2Fproposals/)

    const deleted = await postForm(admin, '/admin/proposals', { intent: 'delete', id: String(id) })
    expect(deleted.status).toBe(200)
    expect(await deleted.text()).toContain('The proposal has been removed.')
    expect(await findProposal('desk@example.com')).toBeUndefined()
    const again = await postForm(admin, '/admin/proposals', { intent: 'delete', id: String(id) })
    expect(again.status).toBe(404)
    expect(await again.text()).toContain('Failed to delete proposal.')
  })

  it('settings: refused with the values kept, then saved; a switch left out is off, a text field left out is kept', async () => {
    const before = await settings()
    expect(before.gwaliorAddress).toMatch(/Gwalior/)
    const form = {
      intent: 'settings',
      siteName: 'Plain Studio',
      contactEmail: 'not-an-email',
      siteDescription: 'Sites.',
      contactPhone: '+1 555 0100',
      address: 'Main St',
      enableNotifications: 'on',
    }
    const refused = await postForm(admin, '/admin/settings', form)
    expect(refused.status).toBe(400)
    const html = await refused.text()
    expect(html).toContain('Enter a valid contact email')
    expect(html).toContain('value="not-an-email"')
    expect(await settings()).not.toMatchObject({ siteName: 'Plain Studio' })

    // A new contact email needs the password (sudo mode): asked in place, the values kept ...
    const asked = await postForm(admin, '/admin/settings', { ...form, contactEmail: 'plain@example.com' })
    expect(asked.status).toBe(403)
    const askedHtml = await asked.text()
    expect(askedHtml).toContain('New proposals and messages are mailed to the contact email: enter your password to change it.')
    expect(askedHtml).toContain('name="sudoPassword"')
    expect(askedHtml).toContain('value="plain@example.com"')
    expect(await settings()).not.toMatchObject({ contactEmail: 'plain@example.com' })
    // ... a wrong one is refused, the right one confirms and saves in the same post.
    const wrong = await postForm(admin, '/admin/settings', { ...form, contactEmail: 'plain@example.com', sudoPassword: 'not-it' })
    expect(wrong.status).toBe(400)
    expect(await wrong.text()).toContain('That password is not right.')
    const saved = await postForm(admin, '/admin/settings', { ...form, contactEmail: 'plain@example.com', sudoPassword: ADMIN.password })
    expect(saved.status).toBe(200)
    expect(await saved.text()).toContain('Your settings have been saved successfully.')
    expect(await settings()).toMatchObject({
      siteName: 'Plain Studio',
      contactEmail: 'plain@example.com',
      contactPhone: '+1 555 0100',
      enableNotifications: true,
      enableAnalytics: false,
      maintenanceMode: false,
    })
    // This form sent no opening hours and nothing for Gwalior: what was saved stays.
    expect(await settings()).toMatchObject({
      hours: before.hours,
      gwaliorAddress: before.gwaliorAddress,
      gwaliorPhone: before.gwaliorPhone,
      gwaliorHours: before.gwaliorHours,
    })
    // The public site shows the saved name at once.
    expect(await (await fetch(`${s.url}/contact`)).text()).toContain('Plain Studio')
  })

  it('password (Settings > Security): mismatch and a wrong current password are field errors; the change ends other sessions', async () => {
    const other = await s.client().login(ADMIN.username, ADMIN.password)
    const mismatch = await postForm(admin, '/admin/settings/security', {
      intent: 'password',
      currentPassword: ADMIN.password,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pasS',
    })
    expect(mismatch.status).toBe(400)
    const mismatchHtml = await mismatch.text()
    expect(mismatchHtml).toContain('Password Mismatch')
    expect(mismatchHtml).not.toContain('brand-new-pass')

    const wrong = await postForm(admin, '/admin/settings/security', {
      intent: 'password',
      currentPassword: 'not-it',
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    })
    expect(wrong.status).toBe(400)
    expect(await wrong.text()).toMatch(/id="currentPassword-error"[^>]*>Current password is incorrect\./)

    const changed = await postForm(admin, '/admin/settings/security', {
      intent: 'password',
      currentPassword: ADMIN.password,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    })
    expect(changed.status).toBe(200)
    expect(await changed.text()).toContain('Your password has been changed. Other sessions have been signed out.')
    expect(await sessionOf(admin)).toBe(true)
    expect(await sessionOf(other)).toBe(false)
    await expect(s.client().login(ADMIN.username, ADMIN.password)).rejects.toThrow(/401/)
    await s.client().login(ADMIN.username, 'brand-new-pass')
    // Put it back for the other tests.
    const back = await postForm(admin, '/admin/settings/security', {
      intent: 'password',
      currentPassword: 'brand-new-pass',
      newPassword: ADMIN.password,
      confirmPassword: ADMIN.password,
    })
    expect(back.status).toBe(200)
  })

  it('sign-out: a POST with the token ends the session on the server and clears the cookie; a GET changes nothing', async () => {
    const client = await s.client().login(ADMIN.username, ADMIN.password)
    const get = await client.get('/admin/logout')
    expect(get.status).toBe(302)
    expect(get.headers.get('location')).toBe('/admin/dashboard')
    expect((await postForm(client, '/admin/logout', {}, 'not-the-token')).status).toBe(403)
    expect(await sessionOf(client)).toBe(true)

    const sid = client.cookies.get('sid')
    const res = await postForm(client, '/admin/logout', {})
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/admin/login?loggedOut=1')
    expect(res.headers.getSetCookie().some((c) => /^sid=;.*Max-Age=0/i.test(c))).toBe(true)
    // The old cookie no longer opens anything.
    client.cookies.set('sid', sid!)
    expect(await sessionOf(client)).toBe(false)
    const page = await (await s.client().get('/admin/login?loggedOut=1')).text()
    expect(page).toContain('You have been successfully logged out.')
  })
})
