import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetPostgres } from '../helpers/app.ts'
import { ADMIN, startServer, tempDir, type RunningServer } from './server.ts'

/**
 * Pages rendered for every request (PAGE_CACHE=off) keep what depends only on content (the
 * settings, the published posts, the public projects) from one content version to the next
 * (docs/decisions/073): an admin's change shows on the next page all the same, on this instance
 * at once and on another within its poll.
 */
const text = async (url: string) => (await fetch(url)).text()

async function changeEverything(s: RunningServer, tag: string) {
  const admin = s.client()
  await admin.login(ADMIN.username, ADMIN.password)
  expect((await admin.put('/api/settings', { siteName: `Studio ${tag}` })).status).toBe(200)
  const items = (await (await admin.get('/api/portfolio')).json()) as { id: number }[]
  expect((await admin.put(`/api/portfolio/${items[0].id}`, { title: `Project ${tag}` })).status).toBe(200)
  const posts = (await (await admin.get('/api/blogs')).json()) as { id: number }[]
  expect((await admin.put(`/api/blogs/${posts[0].id}`, { title: `Post ${tag}` })).status).toBe(200)
}

describe.each([
  ['SQLite', () => path.join(tempDir(), 'site.db')],
  ['PostgreSQL', () => process.env.TEST_PG_URL ?? ''],
])('uncached pages on %s', (_name, databaseUrl) => {
  let s: RunningServer
  beforeAll(async () => {
    const url = databaseUrl()
    if (!url) throw new Error('TEST_PG_URL is not set: run the tests with `npm test`')
    if (url.startsWith('postgres')) await resetPostgres(url)
    s = await startServer({ DATABASE_URL: url, DATA_DIR: tempDir(), PAGE_CACHE: 'off' })
  })
  afterAll(async () => {
    await s?.stop()
  })

  it('show an admin change to the settings, the projects and the posts on the next page', async () => {
    // Each page twice: the second is served from what the first read.
    for (const p of ['/', '/blog', '/portfolio']) for (let i = 0; i < 2; i++) expect((await fetch(`${s.url}${p}`)).status).toBe(200)
    await changeEverything(s, 'Renamed At Once')
    const home = await text(`${s.url}/`)
    expect(home).toContain('Studio Renamed At Once')
    expect(home).toContain('Project Renamed At Once')
    expect(await text(`${s.url}/portfolio`)).toContain('Project Renamed At Once')
    expect(await text(`${s.url}/blog`)).toContain('Post Renamed At Once')
  })
})

describe('uncached pages on two instances of one PostgreSQL database', () => {
  let a: RunningServer
  let b: RunningServer
  beforeAll(async () => {
    const url = process.env.TEST_PG_URL
    if (!url) throw new Error('TEST_PG_URL is not set: run the tests with `npm test`')
    await resetPostgres(url)
    a = await startServer({ DATABASE_URL: url, DATA_DIR: tempDir(), PAGE_CACHE: 'off' })
    b = await startServer({ DATABASE_URL: url, DATA_DIR: tempDir(), PAGE_CACHE: 'off' })
  })
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
  })

  it('show a change made on the other instance once its poll sees it', async () => {
    for (const p of ['/', '/blog']) for (let i = 0; i < 2; i++) await text(`${b.url}${p}`)
    await changeEverything(a, 'Made On A')
    // B follows the content version by polling the database every second.
    await expect.poll(() => text(`${b.url}/`), { timeout: 60_000, interval: 200 }).toContain('Studio Made On A')
    const home = await text(`${b.url}/`)
    expect(home).toContain('Project Made On A')
    expect(await text(`${b.url}/blog`)).toContain('Post Made On A')
  })
})
