import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changePassword, getSession, login } from '~/services/auth.server.ts'
import { createApiToken, createPersonFromShell, setPersonStatus } from '~/services/people.server.ts'
import { confirmSudo } from '~/services/sudo.server.ts'
import { ADMIN_PASSWORD, ADMIN_USERNAME, dialects, startTestApp, validProposal, type TestApp } from '../helpers/app.ts'

/**
 * Per-person API tokens (issue 23): `Authorization: Bearer` with no CSRF token and no cookie,
 * scoped to the person's role, refused once the person is suspended (revoking: tests/services/people.test.ts).
 */
describe.each(dialects())('API tokens on %s', (_name, url) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(url())
  })
  afterAll(async () => {
    await t.stop()
  })

  const call = (token: string, method: string, path: string, body?: unknown) =>
    fetch(`${t.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })

  it('lets a script act as the person, with their role, without a CSRF token; once the person is suspended, it is refused', async () => {
    const db = t.ctx.db
    const { password } = await createPersonFromShell(db, 'sam', 'sales')
    const { token: sessionToken } = await login(db, { username: 'sam', password, ip: '192.0.2.30' })
    const sam = (await getSession(db, sessionToken)).admin!
    // The one-time password must be replaced before the API serves anything else.
    const { token } = await createApiToken(db, sam, 'CRM')
    expect(await (await call(token, 'GET', '/api/proposals')).json()).toMatchObject({ forbidden: true, error: expect.stringContaining('Choose your own password') })
    await changePassword(db, sam, { currentPassword: password, newPassword: 'sams-own-password' })

    await t.client().post('/api/proposals', validProposal())
    const leads = await call(token, 'GET', '/api/proposals')
    expect(leads.status).toBe(200)
    const [lead] = (await leads.json()) as { id: number }[]
    // A write with the token alone: no cookie, no X-CSRF-Token.
    const updated = await call(token, 'PUT', `/api/proposals/${lead.id}`, { status: 'reviewed' })
    expect(updated.status).toBe(200)
    expect(await updated.json()).toMatchObject({ status: 'reviewed' })
    // Outside the role: 403 JSON, nothing read.
    const settings = await call(token, 'GET', '/api/settings')
    expect(settings.status).toBe(403)
    expect(await settings.json()).toEqual({ error: expect.stringContaining('Sales'), forbidden: true })
    // A token cannot change how anyone signs in.
    expect((await call(token, 'POST', '/api/auth/password', { currentPassword: password, newPassword: 'xxxxxxxx', confirmPassword: 'xxxxxxxx' })).status).toBe(403)
    expect((await call('lws_not-a-token', 'GET', '/api/proposals')).status).toBe(401)

    const owner = (await getSession(db, (await login(db, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ip: '192.0.2.31' })).token)).admin!
    await confirmSudo(db, owner, ADMIN_PASSWORD)
    await setPersonStatus(db, owner, sam.id, 'suspended')
    expect((await call(token, 'GET', '/api/proposals')).status).toBe(401)
  })
})
