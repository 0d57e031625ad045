import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { ProposalSchema } from '~/lib/schemas.ts'
import { servedView } from '~/services/analytics.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { submitProposal } from '~/services/proposals.server.ts'
import { createServedViews, servedRequestOf } from '~/services/served-views.server.ts'
import { getTraffic } from '~/services/traffic.server.ts'
import { BROWSER_AGENT, dialects, validProposal } from '../helpers/app.ts'
import { seededDatabaseWithAdmin } from './db.ts'

const BOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'
const req = (url: string, headers: Record<string, string> = {}, signedIn = false, method = 'GET') =>
  servedRequestOf(method, url, { 'user-agent': BROWSER_AGENT, ...headers }, signedIn)

describe('what counts as a view when a page is served (issue 36)', () => {
  it('a public page opened by a browser, with its campaign and referrer', () => {
    expect(
      servedView(req('/pricing?utm_source=x&utm_campaign=y&utm_medium=cpc&ref=z', { referer: 'https://news.example/a' }), '203.0.113.1', 5),
    ).toEqual({
      path: '/pricing',
      ip: '203.0.113.1',
      at: 5,
      userAgent: BROWSER_AGENT,
      origin: { referrer: 'https://news.example/a', utmSource: 'x', utmMedium: 'cpc', utmCampaign: 'y', ref: 'z' },
    })
    expect(servedView(req('/blog/some-post'), 'a', 1)?.path).toBe('/blog/some-post')
  })

  it('never a bot, staff, Do Not Track, Global Privacy Control, a prefetch, a HEAD or a path that is no page', () => {
    expect(servedView(req('/', { 'user-agent': BOT }), 'a', 1)).toBeNull()
    expect(servedView(req('/', { 'user-agent': '' }), 'a', 1)).toBeNull()
    expect(servedView(req('/', {}, true), 'a', 1)).toBeNull()
    expect(servedView(req('/', { dnt: '1' }), 'a', 1)).toBeNull()
    expect(servedView(req('/', { 'sec-gpc': '1' }), 'a', 1)).toBeNull()
    expect(servedView(req('/', { 'sec-purpose': 'prefetch' }), 'a', 1)).toBeNull()
    expect(servedView(req('/', {}, false, 'HEAD'), 'a', 1)).toBeNull()
    for (const path of ['/pricing.data', '/admin', '/api/blogs', '/no-such-page', '/blog/12'])
      expect(servedView(req(path), 'a', 1), path).toBeNull()
  })
})

describe.each(dialects())('views counted when served on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  seededDatabaseWithAdmin(url, (db, signedIn) => {
    h = db
    admin = signedIn
  })

  it("a request sent at once after the page was served knows the page's campaign (no wait for the batch)", async () => {
    const served = createServedViews(h.db, { flushMs: 3_600_000, ownHosts: ['localhost'] })
    try {
      const now = Date.now()
      expect(served.note(req('/pricing?utm_source=x&utm_campaign=y'), '203.0.113.7', now)).toBe(true)
      expect(served.note(req('/proposal'), '203.0.113.7', now)).toBe(true)
      expect(served.pending()).toBe(2)
      const lead = await submitProposal(
        h.db,
        ProposalSchema.parse({ ...validProposal(), name: 'Quick Clicker', email: 'quick@example.com' }),
        { ip: '203.0.113.7', userAgent: BROWSER_AGENT },
        now + 500,
        1000,
      )
      expect(served.pending()).toBe(0)
      const stored = await h.db.selectFrom('proposals').selectAll().where('id', '=', lead.id).executeTakeFirstOrThrow()
      expect(stored).toMatchObject({ visitSource: 'x', visitCampaign: 'y', landingPath: '/pricing' })
      const t = await getTraffic(h.db, admin, '7d', new Date(now + 1000))
      expect(t.totals).toMatchObject({ visitors: 1, pageViews: 2, converted: 1 })
      // One visitor's two views, summed in one batch: landed, saw prices, opened the form, sent it.
      expect(t.funnel.map((f) => f.visitors)).toEqual([1, 1, 1, 1])
      expect(t.pages).toEqual([
        { path: '/pricing', views: 1 },
        { path: '/proposal', views: 1 },
      ])
    } finally {
      await served.stop()
    }
  })

  it("a post's served view counts on the post too, a bot's nowhere", async () => {
    const post = await h.db
      .selectFrom('blogPosts')
      .select(['id', 'slug', 'views'])
      .where('status', '=', 'published')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const served = createServedViews(h.db, { flushMs: 3_600_000, ownHosts: ['localhost'] })
    served.note(req(`/blog/${post.slug}`), '203.0.113.8')
    served.note(req(`/blog/${post.slug}`, { 'user-agent': BOT }), '203.0.113.9')
    await served.stop()
    expect((await h.db.selectFrom('blogPosts').select('views').where('id', '=', post.id).executeTakeFirstOrThrow()).views).toBe(
      post.views + 1,
    )
  })
})

describe('a flood from one address', () => {
  it('is cut at the hourly limit in memory, before any database work', () => {
    // No database is touched by note(): a stand-in that would fail if it were.
    const served = createServedViews({} as never, { flushMs: 3_600_000, ownHosts: [] })
    let noted = 0
    for (let i = 0; i < 700; i++) if (served.note(req('/'), '203.0.113.30', 1_000 + i)) noted++
    expect(noted).toBe(600)
    expect(served.note(req('/'), '203.0.113.31', 2_000)).toBe(true)
    // The next hour counts again.
    expect(served.note(req('/'), '203.0.113.30', 1_000 + 3_600_000)).toBe(true)
    expect(served.pending()).toBe(602)
  })
})
