import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { PUBLIC_PAGES } from '~/lib/public-paths.ts'
import { BlogPostSchema } from '~/lib/schemas.ts'
import { recordPageView } from '~/services/analytics.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { createPost, listPublishedPosts } from '~/services/blog.server.ts'
import { PAGE_VIEW_LIMIT } from '~/infra/rate-limit.server.ts'
import { getSettings } from '~/services/settings.server.ts'
import { updateSettings } from '~/services/settings-update.server.ts'
import { BROWSER_AGENT, dialects, validPost } from '../helpers/app.ts'
import { seededDatabaseWithAdmin } from './db.ts'

/** Each test counts on its own day, so the counts of one never show in another. */
const day = (n: number) => new Date(Date.UTC(2030, 6, n, 10, 0, 0))

describe.each(dialects())('analytics service on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  seededDatabaseWithAdmin(url, (db, signedIn) => {
    h = db
    admin = signedIn
  })

  /** A view from a browser (a bot's is not counted). */
  const view = (path: string, ip: string, at: Date) => recordPageView(h.db, path, ip, at, { userAgent: BROWSER_AGENT })

  /** The page counts of one day, as the dashboard reads them. */
  async function countsOn(date: Date): Promise<Record<string, number>> {
    const rows = await h.db.selectFrom('pageViews').selectAll().where('day', '=', date.toISOString().slice(0, 10)).execute()
    return Object.fromEntries(rows.map((r) => [r.path, Number(r.count)]))
  }

  it('counts views of every public page, one row per page and day', async () => {
    for (const path of PUBLIC_PAGES) expect(await view(path, 'visitor-pages', day(1))).toBe(true)
    expect(await view('/pricing', 'visitor-pages-2', day(1))).toBe(true)
    expect(await countsOn(day(1))).toEqual({ ...Object.fromEntries(PUBLIC_PAGES.map((p) => [p, 1])), '/pricing': 2 })
  })

  it('counts a page under its path without the query or fragment', async () => {
    expect(await view('/faq?q=hosting', 'visitor-query', day(2))).toBe(true)
    expect(await view('/faq#pricing', 'visitor-query', day(2))).toBe(true)
    expect(await countsOn(day(2))).toEqual({ '/faq': 2 })
  })

  it('counts published posts, but not drafts, missing posts or made-up paths', async () => {
    const [published] = await listPublishedPosts(h.db)
    const draft = await createPost(h.db, admin, BlogPostSchema.parse({ ...validPost(), status: 'draft' }))
    expect(await view(`/blog/${published.id}`, 'visitor-blog', day(3))).toBe(true)
    for (const path of [
      `/blog/${draft.id}`,
      '/blog/987654',
      '/blog/abc',
      '/nope',
      '/admin',
      '/api/blogs',
      '/about/',
      '//evil.example',
      '',
    ]) {
      expect(await view(path, 'visitor-blog', day(3)), path).toBe(false)
    }
    expect(await countsOn(day(3))).toEqual({ [`/blog/${published.id}`]: 1 })
  })

  it('counts nothing while the analytics setting is off', async () => {
    expect((await getSettings(h.db)).enableAnalytics).toBe(true)
    await updateSettings(h.db, admin, { enableAnalytics: false })
    try {
      expect(await view('/', 'visitor-off', day(4))).toBe(false)
      expect(await countsOn(day(4))).toEqual({})
    } finally {
      await updateSettings(h.db, admin, { enableAnalytics: true })
    }
    expect(await view('/', 'visitor-off', day(4))).toBe(true)
    expect(await countsOn(day(4))).toEqual({ '/': 1 })
  })

  it(`counts at most ${PAGE_VIEW_LIMIT.max} views per address and hour`, async () => {
    const max = PAGE_VIEW_LIMIT.max
    const hour = day(5)
    // In parallel batches (the counter is atomic), to keep the test quick on PostgreSQL.
    const results: boolean[] = []
    for (let i = 0; i < max + 20; i += 20) {
      results.push(...(await Promise.all(Array.from({ length: Math.min(20, max + 20 - i) }, () => view('/', 'visitor-cap', hour)))))
    }
    expect(results.filter(Boolean)).toHaveLength(max)
    expect(await countsOn(hour)).toEqual({ '/': max })

    // Another address still counts; the capped one counts again in the next hour.
    expect(await view('/', 'visitor-cap-other', hour)).toBe(true)
    expect(await view('/', 'visitor-cap', new Date(hour.getTime() + 60 * 60_000 + 1))).toBe(true)
    expect(await countsOn(hour)).toEqual({ '/': max + 2 })
  })
})
