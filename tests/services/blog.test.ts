import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { SAMPLE_POSTS } from '~/db/seed-data.ts'
import type { BlogStatus } from '~/lib/constants.ts'
import { BlogPostPatchSchema, BlogPostSchema } from '~/lib/schemas.ts'
import type { Admin } from '~/services/auth.server.ts'
import { createPost, deletePost, getBlogStats, listPosts, listPublishedPosts, readPost, updatePost } from '~/services/blog.server.ts'
import { NotFoundError } from '~/services/errors.server.ts'
import { createViewCounter, type ViewCounter } from '~/services/view-counter.server.ts'
import { dialects, validPost } from '../helpers/app.ts'
import { freshDatabase, rejection, signInAdmin } from './db.ts'

/** What a caller passes: the admin form's payload after the shared schema. */
const postInput = (overrides: Record<string, unknown> = {}) => BlogPostSchema.parse({ ...validPost(), ...overrides })

describe.each(dialects())('blog service on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  let counter: ViewCounter
  beforeAll(async () => {
    h = await freshDatabase(url(), { seed: true })
    admin = await signInAdmin(h.db)
    counter = createViewCounter(h.db, 60_000)
  })
  afterAll(async () => {
    await counter.stop()
    await h.close()
  })

  const publish = (status: BlogStatus, overrides: Record<string, unknown> = {}) => createPost(h.db, admin, postInput({ status, ...overrides }))

  it('lists the seeded sample posts to visitors, all published', async () => {
    const posts = await listPublishedPosts(h.db)
    expect(posts.map((p) => p.title)).toEqual(expect.arrayContaining(SAMPLE_POSTS.map((p) => p.title)))
    expect(posts.every((p) => p.status === 'published')).toBe(true)
  })

  it('hides drafts from visitors and shows them to the admin', async () => {
    const draft = await publish('draft', { title: 'Unfinished thoughts' })
    await rejection(readPost(h.db, null, draft.id, counter), NotFoundError)
    expect((await listPublishedPosts(h.db)).map((p) => p.id)).not.toContain(draft.id)

    const read = await readPost(h.db, admin, draft.id, counter)
    expect(read).toMatchObject({ id: draft.id, title: 'Unfinished thoughts', status: 'draft' })
  })

  it('shows published posts to visitors and counts their reads, not the admin’s', async () => {
    const post = await publish('published', { title: 'Counted reads' })
    expect(post.views).toBe(0)
    const views = createViewCounter(h.db, 60_000)
    expect((await readPost(h.db, null, post.id, views)).views).toBe(1)
    expect((await readPost(h.db, null, post.id, views)).views).toBe(2)
    await views.stop()
    expect((await readPost(h.db, admin, post.id, views)).views).toBe(2)
    expect((await listPublishedPosts(h.db)).find((p) => p.id === post.id)).toMatchObject({ title: 'Counted reads', views: 2 })
  })

  it('counts reads through the batching view counter and writes them on stop', async () => {
    const post = await publish('published', { title: 'Batched reads' })
    const views = createViewCounter(h.db, 60_000)
    await readPost(h.db, null, post.id, views)
    expect((await readPost(h.db, null, post.id, views)).views).toBe(2)
    await views.stop()
    expect((await readPost(h.db, admin, post.id, counter)).views).toBe(2)
  })

  it('answers NotFoundError for a post that does not exist, to visitors and the admin', async () => {
    await rejection(readPost(h.db, null, 987_654, counter), NotFoundError)
    await rejection(readPost(h.db, admin, 987_654, counter), NotFoundError)
  })

  it('sanitizes the HTML on create: scripts and event handlers are gone, the text stays', async () => {
    const post = await publish('published', {
      content: '<p onclick="steal()">Hello <strong>there</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">link</a>',
    })
    for (const content of [post.content, (await readPost(h.db, admin, post.id, counter)).content]) {
      expect(content).toContain('<p>Hello <strong>there</strong></p>')
      expect(content).not.toMatch(/<script|alert\(1\)|onerror|onclick|javascript:/i)
    }
  })

  it('dates a new post today unless a date is given', async () => {
    const today = new Date().toISOString().slice(0, 10)
    expect((await publish('draft')).date).toBe(today)
    expect((await publish('draft', { date: '2024-02-29' })).date).toBe('2024-02-29')
  })

  it('changes only the given fields on update, and sanitizes new content', async () => {
    const before = await publish('draft', { title: 'Before the edit', category: 'SEO', excerpt: 'Old excerpt.' })
    const patch = BlogPostPatchSchema.parse({ title: 'After the edit' })
    const after = await updatePost(h.db, admin, before.id, patch)
    const { title: _t, updatedAt: _u, ...untouched } = before
    expect(after).toMatchObject({ ...untouched, title: 'After the edit' })

    const withContent = await updatePost(h.db, admin, before.id, BlogPostPatchSchema.parse({ content: '<p>New</p><script>x()</script>', status: 'published' }))
    expect(withContent).toMatchObject({ title: 'After the edit', excerpt: 'Old excerpt.', category: 'SEO', status: 'published', content: '<p>New</p>' })
    // Now published: visitors see it.
    expect((await readPost(h.db, null, before.id, counter)).title).toBe('After the edit')
  })

  it('leaves fields the patch holds as undefined alone (what the schema gives for fields not sent)', async () => {
    const before = await publish('draft', { excerpt: 'Kept excerpt.', author: 'Ravi' })
    const patch = BlogPostPatchSchema.parse({ excerpt: undefined, readTime: '9 min read' })
    expect(patch).toHaveProperty('excerpt', undefined)
    const after = await updatePost(h.db, admin, before.id, patch)
    expect(after).toMatchObject({ excerpt: 'Kept excerpt.', author: 'Ravi', readTime: '9 min read', title: before.title })
  })

  it('answers NotFoundError when updating a missing post', async () => {
    await rejection(updatePost(h.db, admin, 987_654, BlogPostPatchSchema.parse({ title: 'Nobody' })), NotFoundError)
  })

  it('deletes a post: it is gone for everyone, and a second delete is NotFoundError', async () => {
    const post = await publish('published')
    await deletePost(h.db, admin, post.id)
    await rejection(readPost(h.db, null, post.id, counter), NotFoundError)
    await rejection(readPost(h.db, admin, post.id, counter), NotFoundError)
    await rejection(deletePost(h.db, admin, post.id), NotFoundError)
  })

  it('lists posts for the admin with counts per status under the search, and pages', async () => {
    for (const [title, status, date] of [
      ['Zebrafish one', 'published', '2025-01-01'],
      ['Zebrafish two', 'published', '2025-01-02'],
      ['Zebrafish three', 'draft', '2025-01-03'],
    ] as const) {
      await publish(status, { title, date })
    }
    const all = await listPosts(h.db, admin, { q: 'zebrafish' })
    expect(all.counts).toEqual({ all: 3, published: 2, draft: 1 })
    expect(all.posts).toHaveLength(3)

    const drafts = await listPosts(h.db, admin, { q: 'ZEBRAFISH', status: 'draft' })
    expect(drafts.posts.map((p) => p.title)).toEqual(['Zebrafish three'])
    // The counts feed the filter buttons, so they ignore the status filter.
    expect(drafts.counts).toEqual({ all: 3, published: 2, draft: 1 })

    const page1 = await listPosts(h.db, admin, { q: 'zebrafish', limit: 2, offset: 0 })
    const page2 = await listPosts(h.db, admin, { q: 'zebrafish', limit: 2, offset: 2 })
    // Newest first, by date.
    expect(page1.posts.map((p) => p.title)).toEqual(['Zebrafish three', 'Zebrafish two'])
    expect(page2.posts.map((p) => p.title)).toEqual(['Zebrafish one'])

    expect((await listPosts(h.db, admin, { q: 'no such words anywhere' })).counts).toEqual({ all: 0, published: 0, draft: 0 })
    const everything = await listPosts(h.db, admin)
    expect(everything.counts.all).toBe(everything.posts.length)
  })

  it('reports stats that follow creates, publishes, reads and deletes', async () => {
    const before = await getBlogStats(h.db, admin)
    const draft = await publish('draft')
    const live = await publish('published')
    const views = createViewCounter(h.db, 60_000)
    for (let i = 0; i < 3; i++) await readPost(h.db, null, live.id, views)
    await views.stop()
    expect(await getBlogStats(h.db, admin)).toEqual({
      total: before.total + 2,
      published: before.published + 1,
      draft: before.draft + 1,
      totalViews: before.totalViews + 3,
    })
    await deletePost(h.db, admin, draft.id)
    await deletePost(h.db, admin, live.id)
    expect(await getBlogStats(h.db, admin)).toEqual(before)
  })
})
