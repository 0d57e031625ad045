import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, dialects, startTestApp, type TestApp } from '../helpers/app.ts'

/**
 * Sudo mode through the JSON API (docs/decisions/027): a new contact email (where security
 * notices go) needs the password entered within 10 minutes on this session. Without it the answer
 * is 403 `{ error: 'Confirm your password', sudo: true }`; `currentPassword` in the same body, or
 * POST /api/auth/sudo first, confirms it.
 */
describe.each(dialects())('sudo mode in the API on %s', (_name, url) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(url())
  }, 60_000)
  afterAll(async () => {
    await app?.stop()
  })

  const contactOf = async (c: ReturnType<TestApp['client']>) =>
    ((await (await c.get('/api/settings')).json()) as { contactEmail: string }).contactEmail
  const outbox = () => app.ctx.db.selectFrom('mailOutbox').select(['toAddress', 'subject']).orderBy('id').execute()

  it('refuses a new contact email without a recent password, takes it with one, and tells the old address', async () => {
    const a = await app.client().login()
    const before = await contactOf(a)

    const refused = await a.put('/api/settings', { contactEmail: 'thief@evil.example' })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ error: 'Confirm your password', sudo: true })
    expect(await contactOf(a)).toBe(before)
    // Everything else saves as before, and the same address again is no change.
    expect((await a.put('/api/settings', { siteName: 'API Studio', contactEmail: before })).status).toBe(200)

    const wrong = await a.put('/api/settings', { contactEmail: 'new@studio.example', currentPassword: 'not-it' })
    expect(wrong.status).toBe(400)
    expect(((await wrong.json()) as { fields: Record<string, string> }).fields.currentPassword).toBe('Current password is incorrect.')

    const ok = await a.put('/api/settings', { contactEmail: 'new@studio.example', currentPassword: ADMIN_PASSWORD })
    expect(ok.status).toBe(200)
    const saved = (await ok.json()) as Record<string, unknown>
    expect(saved.contactEmail).toBe('new@studio.example')
    expect(saved).not.toHaveProperty('currentPassword')
    expect((await outbox()).at(-1)).toMatchObject({
      toAddress: before,
      subject: expect.stringContaining('The contact email, where new proposals and messages are mailed, was changed'),
    })

    // Confirmed: the next change within the window needs no password.
    expect((await a.put('/api/settings', { contactEmail: before })).status).toBe(200)
    // Another session is not in sudo mode; POST /api/auth/sudo puts it there.
    const b = await app.client().login()
    expect((await b.put('/api/settings', { contactEmail: 'b@studio.example' })).status).toBe(403)
    expect((await b.post('/api/auth/sudo', { currentPassword: 'not-it' })).status).toBe(400)
    const sudo = await b.post('/api/auth/sudo', { currentPassword: ADMIN_PASSWORD })
    expect(sudo.status).toBe(200)
    expect(await sudo.json()).toMatchObject({ ok: true, active: true })
    expect((await b.put('/api/settings', { contactEmail: before })).status).toBe(200)
    // Ten minutes later (the time on the session row), the password again.
    await app.ctx.db
      .updateTable('sessions')
      .set({ sudoAt: new Date(Date.now() - 11 * 60_000).toISOString() })
      .execute()
    expect((await b.put('/api/settings', { contactEmail: 'late@studio.example' })).status).toBe(403)
    expect((await a.put('/api/settings', { contactEmail: 'late@studio.example' })).status).toBe(403)
  }, 120_000)

  it('counts wrong passwords at /api/auth/sudo against the password-change limit', async () => {
    const c = await app.client().login()
    // (the right passwords of the first test cleared its wrong ones)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await c.post('/api/auth/sudo', { currentPassword: `guess-${i}` })).status)
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429])
    const right = await c.post('/api/auth/sudo', { currentPassword: ADMIN_PASSWORD })
    expect(right.status).toBe(429)
    expect(right.headers.get('retry-after')).toBeTruthy()
  }, 120_000)
})
