import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BROWSER_AGENT, dialects, startTestApp, validItem, validPost, validProposal, type TestApp } from '../helpers/app.ts'

describe.each(dialects())('REST API on %s', (_name, url) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(url())
  })
  afterAll(async () => {
    await t.stop()
  })

  describe('portfolio', () => {
    it('GET /api/portfolio lists the four seeded samples to visitors, active only', async () => {
      const res = await t.client().get('/api/portfolio')
      expect(res.status).toBe(200)
      const items = (await res.json()) as { title: string; status: string; technologies: string[]; isLive: boolean }[]
      expect(items).toHaveLength(4)
      expect(items.every((i) => i.status === 'active')).toBe(true)
      expect(Array.isArray(items[0].technologies)).toBe(true)
      expect(typeof items[0].isLive).toBe('boolean')
    })

    it('creates, reads, updates and deletes an item as admin; visitors never see archived items', async () => {
      const admin = await t.client().login()
      const created = await admin.post('/api/portfolio', { ...validItem(), technologies: [' React ', 'react', '', 'Node.js'] })
      expect(created.status).toBe(201)
      const item = (await created.json()) as { id: number; technologies: string[]; isLive: boolean; status: string }
      expect(item.technologies).toEqual(['React', 'Node.js'])
      expect(item).toMatchObject({ isLive: true, status: 'active' })

      const got = await t.client().get(`/api/portfolio/${item.id}`)
      expect(got.status).toBe(200)

      const archived = await admin.put(`/api/portfolio/${item.id}`, { status: 'archived', isLive: false })
      expect(archived.status).toBe(200)
      expect(await archived.json()).toMatchObject({ status: 'archived', isLive: false, title: 'Bakery shop' })

      expect((await t.client().get(`/api/portfolio/${item.id}`)).status).toBe(404)
      const publicList = (await (await t.client().get('/api/portfolio')).json()) as { id: number }[]
      expect(publicList.map((i) => i.id)).not.toContain(item.id)
      const adminList = (await (await admin.get('/api/portfolio')).json()) as { id: number }[]
      expect(adminList.map((i) => i.id)).toContain(item.id)
      expect((await admin.get(`/api/portfolio/${item.id}`)).status).toBe(200)

      expect((await admin.delete(`/api/portfolio/${item.id}`)).status).toBe(200)
      expect((await admin.get(`/api/portfolio/${item.id}`)).status).toBe(404)
    })

    it('answers 400 naming each bad field', async () => {
      const admin = await t.client().login()
      const res = await admin.post('/api/portfolio', {
        title: '',
        description: 'x',
        image: 'javascript:alert(1)',
        status: 'gone',
        liveUrl: 'javascript:alert(1)',
      })
      expect(res.status).toBe(400)
      const body = (await res.json()) as { fields: Record<string, string> }
      expect(Object.keys(body.fields).sort()).toEqual(['category', 'image', 'liveUrl', 'status', 'title'])
      const put = await admin.put('/api/portfolio/1', { isLive: 'yes' })
      expect(put.status).toBe(400)
      expect(((await put.json()) as { fields: Record<string, string> }).fields).toHaveProperty('isLive')
    })

    it('answers 404 for unknown ids', async () => {
      const admin = await t.client().login()
      expect((await admin.get('/api/portfolio/999999')).status).toBe(404)
      expect((await admin.put('/api/portfolio/999999', { title: 'x' })).status).toBe(404)
      expect((await admin.delete('/api/portfolio/999999')).status).toBe(404)
      expect((await admin.get('/api/portfolio/abc')).status).toBe(404)
    })
  })

  describe('blog', () => {
    it('visitors see published posts only, and a draft is 404 to them', async () => {
      const admin = await t.client().login()
      const draft = (await (await admin.post('/api/blogs', validPost())).json()) as {
        id: number
        status: string
        author: string
        readTime: string
        date: string
        views: number
      }
      // No read time given: computed from the text (a few words read in a minute).
      expect(draft).toMatchObject({ status: 'draft', author: 'Admin', readTime: '1 min read', views: 0 })
      expect(draft.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)

      const visitor = t.client()
      const list = (await (await visitor.get('/api/blogs')).json()) as { id: number; status: string }[]
      expect(list.length).toBeGreaterThanOrEqual(6)
      expect(list.every((p) => p.status === 'published')).toBe(true)
      expect(list.map((p) => p.id)).not.toContain(draft.id)
      const published = (await (await visitor.get('/api/blogs?published=true')).json()) as { id: number }[]
      expect(published.map((p) => p.id)).toEqual(list.map((p) => p.id))
      expect((await visitor.get(`/api/blogs/${draft.id}`)).status).toBe(404)

      const all = (await (await admin.get('/api/blogs')).json()) as { id: number }[]
      expect(all.map((p) => p.id)).toContain(draft.id)
      expect((await admin.get(`/api/blogs/${draft.id}`)).status).toBe(200)
    })

    it('a public read counts one view; admin reads, bots and Do Not Track do not', async () => {
      const admin = await t.client().login()
      const post = (await (await admin.post('/api/blogs', { ...validPost(), status: 'published' })).json()) as { id: number }
      const person = { 'user-agent': BROWSER_AGENT }
      // Not counted (issue 36): a crawler, a script with no browser's user agent, Do Not Track.
      await t
        .client()
        .get(`/api/blogs/${post.id}`, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })
      await t.client().get(`/api/blogs/${post.id}`, { 'user-agent': '' })
      await t.client().get(`/api/blogs/${post.id}`, { ...person, dnt: '1' })
      await t.client().get(`/api/blogs/${post.id}`, person)
      const second = (await (await t.client().get(`/api/blogs/${post.id}`, person)).json()) as { views: number }
      expect(second.views).toBe(2)
      // Counts are batched in memory and written within a few seconds; admin reads add none.
      await expect
        .poll(async () => ((await (await admin.get(`/api/blogs/${post.id}`)).json()) as { views: number }).views, {
          timeout: 6000,
          interval: 250,
        })
        .toBe(2)
      await new Promise((r) => setTimeout(r, 300))
      expect(((await (await admin.get(`/api/blogs/${post.id}`)).json()) as { views: number }).views).toBe(2)
    })

    it('updates partially, deletes, and reports stats', async () => {
      const admin = await t.client().login()
      const before = (await (await admin.get('/api/blog/stats')).json()) as {
        total: number
        published: number
        draft: number
        totalViews: number
      }
      const post = (await (await admin.post('/api/blogs', validPost())).json()) as { id: number }
      const upd = await admin.put(`/api/blogs/${post.id}`, { status: 'published' })
      expect(upd.status).toBe(200)
      expect(await upd.json()).toMatchObject({ status: 'published', title: 'Fast pages sell more' })
      const after = (await (await admin.get('/api/blog/stats')).json()) as typeof before
      expect(after).toMatchObject({ total: before.total + 1, published: before.published + 1, draft: before.draft })
      expect(after.total).toBe(after.published + after.draft)
      expect((await admin.delete(`/api/blogs/${post.id}`)).status).toBe(200)
      expect((await admin.get(`/api/blogs/${post.id}`)).status).toBe(404)
    })

    it('answers 400 naming each bad field and 404 for unknown ids', async () => {
      const admin = await t.client().login()
      const res = await admin.post('/api/blogs', { title: 'Only a title', category: 'Cooking' })
      expect(res.status).toBe(400)
      const body = (await res.json()) as { fields: Record<string, string> }
      expect(Object.keys(body.fields).sort()).toEqual(['category', 'content', 'excerpt', 'subheading'])
      expect((await admin.put('/api/blogs/1', { status: 'live' })).status).toBe(400)
      expect((await admin.put('/api/blogs/999999', { title: 'x' })).status).toBe(404)
      expect((await admin.delete('/api/blogs/999999')).status).toBe(404)
      expect((await t.client().get('/api/blogs/999999')).status).toBe(404)
    })

    it('stores and serves post HTML without script, event handlers or javascript: URLs', async () => {
      const admin = await t.client().login()
      const content =
        '<h2>Hi</h2><p onclick="alert(1)">text</p><script>alert("x")</script><img src="x" onerror="alert(2)">' +
        '<a href="javascript:alert(3)">bad</a><a href="https://example.com">good</a><iframe src="https://evil.example"></iframe>'
      const post = (await (await admin.post('/api/blogs', { ...validPost(), content, status: 'published' })).json()) as {
        id: number
        content: string
      }
      for (const html of [post.content, ((await (await t.client().get(`/api/blogs/${post.id}`)).json()) as { content: string }).content]) {
        expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/i)
        expect(html).toContain('<h2>Hi</h2>')
        expect(html).toContain('href="https://example.com"')
      }
    })
  })

  describe('proposals', () => {
    it('anyone can submit; it is stored pending with a date and listed for the admin', async () => {
      const res = await t.client().post('/api/proposals', validProposal())
      expect(res.status).toBe(201)
      const admin = await t.client().login()
      const list = (await (await admin.get('/api/proposals')).json()) as {
        id: number
        name: string
        status: string
        date: string
        businessType: string
      }[]
      const p = list.find((x) => x.name === 'Priya Sharma')!
      expect(p).toMatchObject({ status: 'pending', businessType: 'restaurant', budget: '1000-2500', phone: '+91 98765 43210' })
      expect(new Date(p.date).getTime()).toBeGreaterThan(Date.now() - 60_000)
      const stats = (await (await admin.get('/api/proposals/stats')).json()) as { total: number; pending: number }
      expect(stats.total).toBeGreaterThanOrEqual(1)
      expect(stats.pending).toBeGreaterThanOrEqual(1)
    })

    it('answers 400 for missing, malformed or off-list fields and for the honeypot', async () => {
      const c = t.client()
      const res = await c.post('/api/proposals', {
        name: '',
        email: 'not-an-email',
        businessType: 'casino',
        budget: '1M',
        requirements: '',
      })
      expect(res.status).toBe(400)
      const body = (await res.json()) as { fields: Record<string, string> }
      expect(Object.keys(body.fields).sort()).toEqual(['budget', 'businessType', 'email', 'name', 'requirements'])
      expect(body.fields.email).toBe('Enter a valid email address')
      const bot = await c.post('/api/proposals', { ...validProposal(), website: 'http://spam.example' })
      expect(bot.status).toBe(400)
      expect(((await bot.json()) as { fields: Record<string, string> }).fields).toHaveProperty('website')
      const long = await c.post('/api/proposals', { ...validProposal(), name: 'x'.repeat(101) })
      expect(long.status).toBe(400)
    })

    it('changes status, reads one, deletes, and answers 400/404 as it should', async () => {
      await t.client().post('/api/proposals', { ...validProposal(), name: 'Status Case' })
      const admin = await t.client().login()
      const list = (await (await admin.get('/api/proposals?q=status%20case')).json()) as { id: number; name: string }[]
      expect(list).toHaveLength(1)
      const id = list[0].id
      const upd = await admin.put(`/api/proposals/${id}`, { status: 'reviewed' })
      expect(upd.status).toBe(200)
      expect(await upd.json()).toMatchObject({ id, status: 'reviewed' })
      expect((await admin.put(`/api/proposals/${id}`, { status: 'lost' })).status).toBe(400)
      expect((await admin.get(`/api/proposals/${id}`)).status).toBe(200)
      expect((await admin.delete(`/api/proposals/${id}`)).status).toBe(200)
      expect((await admin.get(`/api/proposals/${id}`)).status).toBe(404)
      expect((await admin.put(`/api/proposals/${id}`, { status: 'completed' })).status).toBe(404)
      expect((await admin.delete(`/api/proposals/${id}`)).status).toBe(404)
    })

    it('limits submissions per address with 429', async () => {
      const fresh = await startTestApp(url())
      try {
        const c = fresh.client()
        for (let i = 0; i < 5; i++) expect((await c.post('/api/proposals', validProposal())).status).toBe(201)
        const res = await c.post('/api/proposals', validProposal())
        expect(res.status).toBe(429)
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
      } finally {
        await fresh.stop()
      }
    })
  })

  describe('settings and analytics', () => {
    it('saves settings for the admin and validates them', async () => {
      const admin = await t.client().login()
      const res = await admin.put('/api/settings', { siteName: 'Launchpad Studio', contactPhone: '+1 415 555 0199' })
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ siteName: 'Launchpad Studio', contactPhone: '+1 415 555 0199', enableAnalytics: true })
      expect(await (await admin.get('/api/settings')).json()).toMatchObject({ siteName: 'Launchpad Studio' })
      const bad = await admin.put('/api/settings', { contactEmail: 'nope', maintenanceMode: 'yes' })
      expect(bad.status).toBe(400)
      expect(Object.keys(((await bad.json()) as { fields: object }).fields).sort()).toEqual(['contactEmail', 'maintenanceMode'])
    })

    it('counts a page view only while analytics is on, and never under Do Not Track', async () => {
      const admin = await t.client().login()
      const visitor = t.client()
      const views = async () => {
        const d = (await (await admin.get('/api/dashboard')).json()) as { chart: { views: number }[] }
        return d.chart.at(-1)!.views
      }
      const start = await views()
      const browser = { 'user-agent': BROWSER_AGENT }
      expect((await visitor.post('/api/pageviews', { path: '/services' }, browser)).status).toBe(204)
      expect(await views()).toBe(start + 1)
      await visitor.post('/api/pageviews', { path: '/services' }, { ...browser, dnt: '1' })
      await visitor.post('/api/pageviews', { path: '/services' }, { ...browser, 'sec-gpc': '1' })
      expect(await views()).toBe(start + 1)
      // Bots (by user agent) and the signed-in administrator are not counted either.
      expect(
        (await visitor.post('/api/pageviews', { path: '/services' }, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }))
          .status,
      ).toBe(204)
      expect((await admin.post('/api/pageviews', { path: '/services' }, browser)).status).toBe(204)
      expect(await views()).toBe(start + 1)
      await admin.put('/api/settings', { enableAnalytics: false })
      await visitor.post('/api/pageviews', { path: '/services' }, browser)
      expect(await views()).toBe(start + 1)
      await admin.put('/api/settings', { enableAnalytics: true })
      expect((await visitor.post('/api/pageviews', { path: 'no-slash' })).status).toBe(400)
    })
  })

  describe('operations', () => {
    it('reports health and readiness', async () => {
      expect(await (await fetch(`${t.baseUrl}/healthz`)).json()).toEqual({ status: 'ok' })
      expect(await (await fetch(`${t.baseUrl}/readyz`)).json()).toMatchObject({ status: 'ready' })
    })

    it('sets the security headers', async () => {
      const res = await fetch(`${t.baseUrl}/api/portfolio`)
      const csp = res.headers.get('content-security-policy')!
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("base-uri 'none'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+'/)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBeTruthy()
      expect(res.headers.get('x-powered-by')).toBeNull()
    })

    it('refuses writes without the CSRF token or from another site', async () => {
      const c = t.client()
      await c.session()
      const noToken = await c.post('/api/proposals', validProposal(), { 'x-csrf-token': '' })
      expect(noToken.status).toBe(403)
      const crossSite = await c.post('/api/proposals', validProposal(), { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })
      expect(crossSite.status).toBe(403)
      const raw = await fetch(`${t.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      expect(raw.status).toBe(403)
    })

    it('answers 4xx, not 5xx, to malformed JSON, huge bodies and wrong content types', async () => {
      const admin = await t.client().login()
      expect((await admin.post('/api/blogs', '{"title": ')).status).toBe(400)
      expect((await admin.post('/api/blogs', JSON.stringify({ content: 'x'.repeat(2_000_000) }))).status).toBe(413)
      expect((await admin.post('/api/blogs', 'title=x', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415)
      expect((await admin.post('/api/blogs', '[1,2]')).status).toBe(400)
      expect((await t.client().get('/api/nothing-here')).status).toBe(404)
    })
  })
})
