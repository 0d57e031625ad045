import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changePassword, getSession, login, resetAdminAccess } from '~/services/auth.server.ts'
import { createPersonFromShell, setPersonStatus } from '~/services/people.server.ts'
import { createApiToken } from '~/services/api-tokens.server.ts'
import { endOtherSessions } from '~/services/sessions.server.ts'
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
    await confirmSudo(db, sam, password)
    const { token } = await createApiToken(db, sam, 'CRM')
    expect(await (await call(token, 'GET', '/api/proposals')).json()).toMatchObject({
      forbidden: true,
      error: expect.stringContaining('Choose your own password'),
    })
    await changePassword(db, sam, { currentPassword: password, newPassword: 'sams-own-password' })
    // The password change revoked it (issue 33): a new one, in sudo mode.
    expect((await call(token, 'GET', '/api/proposals')).status).toBe(401)
    await confirmSudo(db, sam, 'sams-own-password')
    const { token: second } = await createApiToken(db, sam, 'CRM again')

    await t.client().post('/api/proposals', validProposal())
    const leads = await call(second, 'GET', '/api/proposals')
    expect(leads.status).toBe(200)
    const [lead] = (await leads.json()) as { id: number }[]
    // A write with the token alone: no cookie, no X-CSRF-Token.
    const updated = await call(second, 'PUT', `/api/proposals/${lead.id}`, { status: 'reviewed' })
    expect(updated.status).toBe(200)
    expect(await updated.json()).toMatchObject({ status: 'reviewed' })
    // Outside the role: 403 JSON, nothing read.
    const settings = await call(second, 'GET', '/api/settings')
    expect(settings.status).toBe(403)
    expect(await settings.json()).toEqual({ error: expect.stringContaining('Sales'), forbidden: true })
    // A token cannot change how anyone signs in.
    expect(
      (
        await call(second, 'POST', '/api/auth/password', {
          currentPassword: password,
          newPassword: 'xxxxxxxx',
          confirmPassword: 'xxxxxxxx',
        })
      ).status,
    ).toBe(403)
    expect((await call('lws_not-a-token', 'GET', '/api/proposals')).status).toBe(401)

    const owner = (await getSession(db, (await login(db, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ip: '192.0.2.31' })).token))
      .admin!
    await confirmSudo(db, owner, ADMIN_PASSWORD)
    await setPersonStatus(db, owner, sam.id, 'suspended')
    expect((await call(second, 'GET', '/api/proposals')).status).toBe(401)
    // Restoring them brings no token back.
    await setPersonStatus(db, owner, sam.id, 'active')
    expect((await call(second, 'GET', '/api/proposals')).status).toBe(401)
  })

  it("stops the owner's token after a password change, signing out everywhere else, admin:reset and its expiry (issue 33)", async () => {
    const db = t.ctx.db
    const signIn = async () =>
      (await getSession(db, (await login(db, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ip: '192.0.2.32' })).token)).admin!
    const owner = await signIn()
    const exportCsv = (token: string) => call(token, 'GET', '/api/proposals/export.csv')
    // A fresh session that has not re-entered the password cannot mint one.
    await expect(createApiToken(db, owner, 'No password')).rejects.toThrow('Confirm your password')
    await confirmSudo(db, owner, ADMIN_PASSWORD)

    const first = await createApiToken(db, owner, 'Export')
    expect((await exportCsv(first.token)).status).toBe(200)
    await changePassword(db, owner, { currentPassword: ADMIN_PASSWORD, newPassword: ADMIN_PASSWORD })
    expect((await exportCsv(first.token)).status).toBe(401)

    const second = await createApiToken(db, owner, 'Export')
    await endOtherSessions(db, owner)
    expect((await exportCsv(second.token)).status).toBe(401)

    const third = await createApiToken(db, owner, 'Export')
    expect((await exportCsv(third.token)).status).toBe(200)
    const reset = await resetAdminAccess(db, ADMIN_USERNAME)
    expect(reset?.tokensRevoked).toBe(1)
    const refused = await exportCsv(third.token)
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({ error: 'Invalid, expired or revoked API token' })

    // Past its expiry a token answers 401 too. (The reset ended every session: sign in again.)
    await changePassword(db, owner, { currentPassword: reset!.password, newPassword: ADMIN_PASSWORD })
    const again = await signIn()
    await confirmSudo(db, again, ADMIN_PASSWORD)
    const fourth = await createApiToken(db, again, 'Short', { expiresAt: new Date(Date.now() + 60_000).toISOString() })
    expect((await exportCsv(fourth.token)).status).toBe(200)
    await db
      .updateTable('apiTokens')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', fourth.id)
      .execute()
    expect((await exportCsv(fourth.token)).status).toBe(401)
  })
})
