import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getSession } from '~/services/auth.server.ts'
import { signInKey } from '~/infra/secret-box.server.ts'
import { confirmSudo } from '~/services/sudo.server.ts'
import { confirmTotpEnrolment, startTotpEnrolment } from '~/services/totp.server.ts'
import { ADMIN_PASSWORD, dialects, startTestApp, type TestApp } from '../helpers/app.ts'

/** Every endpoint that needs the admin session, with a body that would otherwise be valid. */
const ADMIN_ENDPOINTS: [method: string, path: string, body?: unknown][] = [
  ['POST', '/api/auth/password', { currentPassword: 'x', newPassword: 'new-password-1', confirmPassword: 'new-password-1' }],
  ['POST', '/api/portfolio', { title: 't', description: 'd', category: 'Business', image: '/i.svg' }],
  ['PUT', '/api/portfolio/1', { title: 'changed' }],
  ['DELETE', '/api/portfolio/1'],
  ['POST', '/api/blogs', { title: 't', subheading: 's', excerpt: 'e', content: '<p>c</p>', category: 'SEO' }],
  ['PUT', '/api/blogs/1', { status: 'draft' }],
  ['DELETE', '/api/blogs/1'],
  ['GET', '/api/blog/stats'],
  ['GET', '/api/proposals'],
  ['GET', '/api/proposals/stats'],
  ['GET', '/api/proposals/export.csv'],
  ['GET', '/api/proposals/1'],
  ['PUT', '/api/proposals/1', { status: 'reviewed' }],
  ['DELETE', '/api/proposals/1'],
  ['GET', '/api/settings'],
  ['PUT', '/api/settings', { siteName: 'Hijacked' }],
  ['GET', '/api/dashboard'],
]

describe.each(dialects())('sign-in and sessions on %s', (_name, url) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(url())
  })
  afterAll(async () => {
    await t.stop()
  })

  it('sets an httpOnly, SameSite=Lax session cookie and reports the session', async () => {
    const c = t.client()
    await c.session()
    const res = await c.post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD })
    expect(res.status).toBe(200)
    const cookie = res.headers.getSetCookie().find((v) => v.startsWith('sid='))!
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).not.toMatch(/Secure/)
    // 32 random bytes, base64url: 256 bits.
    expect(cookie.split(';')[0].slice(4)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const expires = new Date(/Expires=([^;]+)/.exec(cookie)![1]).getTime()
    expect(Math.abs(expires - (Date.now() + 24 * 3600_000))).toBeLessThan(60_000)
    expect(await c.session()).toMatchObject({ authenticated: true, username: 'admin' })
  })

  it('marks the cookie Secure when SITE_URL is https, and sends HSTS', async () => {
    const https = await startTestApp(url(), { SITE_URL: 'https://agency.example' })
    try {
      const c = https.client()
      await c.session()
      const res = await c.post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD }, { origin: 'https://agency.example' })
      expect(res.headers.getSetCookie().find((v) => v.startsWith('sid='))).toMatch(/; Secure/)
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
    } finally {
      await https.stop()
    }
  })

  it('issues a new token at each login and stores only its hash', async () => {
    const a = await t.client().login()
    const b = await t.client().login()
    expect(a.cookies.get('sid')).not.toBe(b.cookies.get('sid'))
    const rows = await t.ctx.db.selectFrom('sessions').select('tokenHash').execute()
    const hashes = rows.map((r) => r.tokenHash)
    expect(hashes).not.toContain(a.cookies.get('sid'))
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true)
  })

  it('stores the password as a salted scrypt hash that names its parameters (test cost; production cost in admin-reset.test)', async () => {
    const row = await t.ctx.db.selectFrom('adminUsers').select('passwordHash').executeTakeFirstOrThrow()
    expect(row.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(row.passwordHash).not.toContain(ADMIN_PASSWORD)
  })

  describe('every admin endpoint refuses a caller without a valid session', () => {
    const cases = ['no session', 'expired session', 'logged-out session'] as const
    it.each(cases)('with %s: 401 on every admin endpoint', async (kind) => {
      const c = t.client()
      await c.session()
      if (kind !== 'no session') {
        await c.login()
        if (kind === 'expired session') {
          await t.ctx.db
            .updateTable('sessions')
            .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
            .execute()
        } else {
          const sid = c.cookies.get('sid')!
          expect((await c.post('/api/auth/logout')).status).toBe(200)
          c.cookies.set('sid', sid) // replay the old cookie: the server must have ended it
        }
      }
      for (const [method, path, body] of ADMIN_ENDPOINTS) {
        const res = await c.request(method, path, body)
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 401 })
      }
      // And the visitor-facing reads still work but stay public-only.
      expect((await c.get('/api/portfolio')).status).toBe(200)
    })
  })

  it('reports an expired session as expired', async () => {
    const c = await t.client().login()
    await t.ctx.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute()
    expect(await c.session()).toMatchObject({ authenticated: false, expired: true })
  })

  it('answers a wrong password and an unknown user alike, then throttles with 429', async () => {
    const fresh = await startTestApp(url())
    try {
      const c = fresh.client()
      const wrong = await c.post('/api/auth/login', { username: 'admin', password: 'wrong-password' })
      const unknown = await c.post('/api/auth/login', { username: 'nobody', password: 'wrong-password' })
      expect(wrong.status).toBe(401)
      expect(unknown.status).toBe(401)
      expect(await wrong.json()).toEqual(await unknown.json())
      expect((await c.post('/api/auth/login', { username: 'admin' })).status).toBe(400)
      // 2 failures from this address so far; 3 more reach the limit of 5.
      for (let i = 0; i < 3; i++) expect((await c.post('/api/auth/login', { username: 'admin', password: `bad-${i}` })).status).toBe(401)
      const locked = await c.post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD })
      expect(locked.status).toBe(429)
      // What is left of the 15-minute window that the first failure opened.
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(880)
      expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(900)
      expect(((await locked.json()) as { error: string }).error).toMatch(/Too many failed sign-in attempts/)
    } finally {
      await fresh.stop()
    }
  })

  it('changes the password only with the right current one, then ends other sessions', async () => {
    const fresh = await startTestApp(url())
    try {
      const a = await fresh.client().login()
      const b = await fresh.client().login()
      const bad = await a.post('/api/auth/password', {
        currentPassword: 'nope',
        newPassword: 'brand-new-pass',
        confirmPassword: 'brand-new-pass',
      })
      expect(bad.status).toBe(400)
      expect(((await bad.json()) as { fields: Record<string, string> }).fields.currentPassword).toBe('Current password is incorrect.')
      const mismatch = await a.post('/api/auth/password', {
        currentPassword: ADMIN_PASSWORD,
        newPassword: 'brand-new-pass',
        confirmPassword: 'other-pass-1',
      })
      expect(mismatch.status).toBe(400)
      expect(((await mismatch.json()) as { fields: Record<string, string> }).fields.confirmPassword).toBe(
        "New password and confirmation don't match.",
      )
      const ok = await a.post('/api/auth/password', {
        currentPassword: ADMIN_PASSWORD,
        newPassword: 'brand-new-pass',
        confirmPassword: 'brand-new-pass',
      })
      expect(ok.status).toBe(200)
      expect(await a.session()).toMatchObject({ authenticated: true })
      expect(await b.session()).toMatchObject({ authenticated: false })
      expect((await fresh.client().post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(401)
      await fresh.client().login('admin', 'brand-new-pass')
      // A notice of the change went to the outbox.
      const mail = await fresh.ctx.db.selectFrom('mailOutbox').select('subject').execute()
      expect(mail.map((m) => m.subject)).toContain('Security change: The password of admin (owner) was changed')
    } finally {
      await fresh.stop()
    }
  })

  it('refuses a password-only API sign-in once two-step sign-in is on (401, no session)', async () => {
    const fresh = await startTestApp(url())
    try {
      const a = await fresh.client().login()
      const admin = (await getSession(fresh.ctx.db, a.cookies.get('sid'))).admin!
      const key = signInKey(fresh.ctx.config)
      await confirmSudo(fresh.ctx.db, admin, ADMIN_PASSWORD)
      const { secret } = await startTotpEnrolment(fresh.ctx.db, key, admin)
      await confirmTotpEnrolment(fresh.ctx.db, key, admin, new TOTP({ secret: Secret.fromBase32(secret) }).generate())
      const c = fresh.client()
      const res = await c.post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD })
      expect(res.status).toBe(401)
      expect(((await res.json()) as { error: string }).error).toMatch(/Two-step sign-in is on/)
      expect(await c.session()).toMatchObject({ authenticated: false })
      expect(res.headers.get('set-cookie') ?? '').not.toMatch(/sid=[^;]/)
    } finally {
      await fresh.stop()
    }
  })
})
