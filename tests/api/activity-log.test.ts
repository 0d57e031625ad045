import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, ADMIN_USERNAME, dialects, startTestApp, validPost, type TestApp } from '../helpers/app.ts'

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const FORGED = '198.51.100.66'
/** The test client's own address, as Node reports a loopback peer. */
const LOOPBACK = /^(::ffff:)?127\.0\.0\.1$/

/**
 * The activity log through real requests (docs/decisions/044): the acting person comes from the
 * session, the address from the peer (or the trusted proxies' header, never a stranger's), the
 * device from the User-Agent.
 */
describe.each(dialects())('activity log through the API on %s', (_name, url) => {
  describe('with no proxy trusted', () => {
    let app: TestApp
    beforeAll(async () => {
      app = await startTestApp(url())
    })
    afterAll(async () => {
      await app.stop()
    })
    const entries = () => app.ctx.db.selectFrom('activityLog').selectAll().orderBy('id').execute()

    it('records who made a change, from the peer address (a forged X-Forwarded-For is not used) and on what device', async () => {
      const c = app.client()
      const headers = { 'user-agent': FIREFOX_LINUX, 'x-forwarded-for': FORGED }
      expect((await c.post('/api/auth/login', { username: ADMIN_USERNAME, password: 'not-the-password' }, headers)).status).toBe(401)
      await c.post('/api/auth/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD }, headers)
      await app.ctx.db.deleteFrom('activityLog').where('action', 'in', ['sign-in']).execute()
      const res = await c.post('/api/blogs', validPost(), headers)
      expect(res.status).toBe(201)
      const created = (await res.json()) as { id: number; title: string }
      const rows = await entries()
      expect(rows.map((r) => r.action)).toEqual(['sign-in.failed', 'post.create'])
      const [failed, change] = rows
      expect(failed).toMatchObject({
        personId: null,
        personName: 'Not signed in',
        itemLabel: ADMIN_USERNAME,
        device: 'Firefox 133 on Linux (desktop)',
      })
      expect(change).toMatchObject({
        personName: ADMIN_USERNAME,
        itemType: 'post',
        itemId: String(created.id),
        itemLabel: created.title,
        device: 'Firefox 133 on Linux (desktop)',
      })
      expect(change.personId).toBeGreaterThan(0)
      for (const r of rows) {
        expect(r.ip).toMatch(LOOPBACK)
        expect(r.ip).not.toBe(FORGED)
      }
    })

    it('a refused change (400) records nothing', async () => {
      const c = await app.client().login()
      await app.ctx.db.deleteFrom('activityLog').execute()
      const res = await c.post('/api/blogs', { ...validPost(), title: '' }, { 'user-agent': FIREFOX_LINUX })
      expect(res.status).toBe(400)
      const put = await c.put('/api/settings', { siteName: '' })
      expect(put.status).toBe(400)
      expect(await entries()).toEqual([])
    })
  })

  describe('behind a trusted proxy', () => {
    let app: TestApp
    beforeAll(async () => {
      app = await startTestApp(url(), { TRUST_PROXY: 'loopback' })
    })
    afterAll(async () => {
      await app.stop()
    })

    it('records the address the trusted proxy saw', async () => {
      const c = await app.client().login()
      await app.ctx.db.deleteFrom('activityLog').execute()
      const res = await c.put('/api/settings', { siteName: 'Proxied Studio' }, { 'x-forwarded-for': FORGED, 'user-agent': FIREFOX_LINUX })
      expect(res.status).toBe(200)
      const rows = await app.ctx.db.selectFrom('activityLog').selectAll().execute()
      expect(rows).toEqual([
        expect.objectContaining({ action: 'settings.update', personName: ADMIN_USERNAME, ip: FORGED, detail: 'Changed site name.' }),
      ])
    })
  })
})
