import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetPostgres, validPost } from '../helpers/app.ts'
import { ADMIN, startServer, tempDir, type RunningServer } from './server.ts'

/**
 * A scheduled post goes public on every instance at its time, with no request needed to trigger
 * it: each instance's scheduler flips due posts and announces the change; the others follow the
 * content version (docs/decisions/021).
 */
describe('scheduled publishing on two instances of one PostgreSQL database', () => {
  let a: RunningServer
  let b: RunningServer
  beforeAll(async () => {
    const url = process.env.TEST_PG_URL
    if (!url) throw new Error('TEST_PG_URL is not set: run the tests with `npm test`')
    await resetPostgres(url)
    a = await startServer({ DATABASE_URL: url, DATA_DIR: tempDir() })
    b = await startServer({ DATABASE_URL: url, DATA_DIR: tempDir() })
  })
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
  })

  const text = async (url: string) => (await fetch(url)).text()

  it('shows a scheduled post on the list, the feeds and the API of both instances once its time comes', async () => {
    const title = 'Scheduled for the morning rush'
    const admin = await a.client().login(ADMIN.username, ADMIN.password)
    const publishAt = new Date(Date.now() + 6_000).toISOString()
    const res = await admin.post('/api/blogs', { ...validPost(), title, status: 'scheduled', publishAt })
    expect(res.status).toBe(201)
    const post = (await res.json()) as { id: number; slug: string; status: string }
    expect(post).toMatchObject({ status: 'scheduled', slug: 'scheduled-for-the-morning-rush' })

    // Before its time: not public, and each instance has its public list cached (rendered twice).
    for (const s of [a, b]) {
      for (let i = 0; i < 2; i++) expect(await text(`${s.url}/blog`)).not.toContain(title)
      expect((await fetch(`${s.url}/blog/${post.slug}`)).status).toBe(404)
    }

    // No admin request from here on: only visitors' reads.
    for (const s of [a, b]) {
      await expect.poll(() => text(`${s.url}/blog`), { timeout: 60_000, interval: 1_000 }).toContain(title)
      expect(await text(`${s.url}/rss.xml`)).toContain(`${s.url}/blog/${post.slug}`)
      expect(await text(`${s.url}/sitemap.xml`)).toContain(`/blog/${post.slug}`)
      expect(await text(`${s.url}/api/blogs`)).toContain(title)
      const page = await fetch(`${s.url}/blog/${post.slug}`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain(title)
    }
  })
})
