import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BlogPostSchema, PortfolioItemPatchSchema } from '~/lib/schemas.ts'
import { login, requireSession } from '~/services/auth.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { createPost, deletePost } from '~/services/blog.server.ts'
import { onContentChange } from '~/infra/content-events.server.ts'
import { readContentVersion } from '~/infra/content-version.server.ts'
import { updatePortfolioItem } from '~/services/portfolio.server.ts'
import { updateSettings } from '~/services/settings-update.server.ts'
import { ADMIN_PASSWORD, ADMIN_USERNAME, dialects, startTestApp, validPost, type TestApp } from '../helpers/app.ts'

/**
 * Services announce the changes visitors can see, and the page cache listens: a write made by
 * calling a service directly (as a route action does, no /api request) is served by this
 * instance's cache at once, and bumps the content version the other instances poll.
 */
describe.each(dialects())('content changes announced by services on %s', (_name, url) => {
  let app: TestApp
  let admin: Admin
  let dbUrl: string
  const getJson = async (path: string) => {
    const res = await fetch(app.baseUrl + path)
    expect(res.status).toBe(200)
    return (await res.json()) as { id: number; title: string }[]
  }

  beforeAll(async () => {
    // Production mode: the page cache keeps the public API reads.
    dbUrl = url()
    app = await startTestApp(dbUrl, { NODE_ENV: 'production' })
    const { token } = await login(app.ctx.db, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ip: 'test' })
    admin = await requireSession(app.ctx.db, token)
  })
  afterAll(async () => {
    await app?.stop()
  })

  it('a post created or deleted through the service is served at once, and the version moves', async () => {
    const before = await getJson('/api/blogs')
    expect(app.pageCache.size()).toBeGreaterThan(0)
    const version = await readContentVersion(app.ctx.db)

    const post = await createPost(app.ctx.db, admin, BlogPostSchema.parse({ ...validPost(), title: 'Announced post', status: 'published' }))
    expect(app.pageCache.size()).toBe(0)
    expect(await readContentVersion(app.ctx.db)).not.toBe(version)
    expect(app.pageCache.version()).toBe(await readContentVersion(app.ctx.db))
    const after = await getJson('/api/blogs')
    expect(after.map((p) => p.title)).toContain('Announced post')
    expect(after).toHaveLength(before.length + 1)

    await getJson('/api/blogs')
    await deletePost(app.ctx.db, admin, post.id)
    expect((await getJson('/api/blogs')).map((p) => p.id)).not.toContain(post.id)
  })

  it('a portfolio item archived through the service leaves the public list at once', async () => {
    const [first] = await getJson('/api/portfolio')
    await getJson('/api/portfolio')
    await updatePortfolioItem(app.ctx.db, admin, first.id, PortfolioItemPatchSchema.parse({ status: 'archived' }))
    expect((await getJson('/api/portfolio')).map((i) => i.id)).not.toContain(first.id)
  })

  it('settings saved through the service take effect at once (maintenance mode)', async () => {
    expect((await fetch(`${app.baseUrl}/`)).status).not.toBe(503)
    await updateSettings(app.ctx.db, admin, { maintenanceMode: true })
    expect((await fetch(`${app.baseUrl}/`)).status).toBe(503)
    await updateSettings(app.ctx.db, admin, { maintenanceMode: false })
    expect((await fetch(`${app.baseUrl}/`)).status).not.toBe(503)
  })

  it('tells only the listeners of the database handle written through, until they unsubscribe', async () => {
    const heard: string[] = []
    const unsubscribe = onContentChange(app.ctx.db, (v) => heard.push(v))
    // A second instance on the same database, in this process: its own handle.
    const other = await startTestApp(dbUrl, {}, { keepData: true })
    try {
      await updateSettings(other.ctx.db, admin, { siteName: 'Other handle' })
      expect(heard).toEqual([])
      await updateSettings(app.ctx.db, admin, { siteName: 'This handle' })
      expect(heard).toEqual([await readContentVersion(app.ctx.db)])
      unsubscribe()
      await updateSettings(app.ctx.db, admin, { siteName: 'Launchpad Web Studio' })
      expect(heard).toHaveLength(1)
    } finally {
      unsubscribe()
      await other.stop()
    }
  })
})
