import { afterAll, describe, expect, it, vi } from 'vitest'
import { dayIn } from '~/lib/agency-days.ts'
import { getSettings } from '~/services/settings.server.ts'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { SAMPLE_POSTS } from '~/db/seed-data.ts'
import type { BlogStatus } from '~/lib/constants.ts'
import { BlogPostPatchSchema, BlogPostSchema } from '~/lib/schemas.ts'
import type { Admin } from '~/services/actor.server.ts'
import {
  createPost,
  deletePost,
  getBlogStats,
  listPosts,
  listPublishedPostSummaries,
  listPublishedPosts,
  nextScheduledPost,
  publishDuePosts,
  readPost,
  REVISIONS_KEPT,
  updatePost,
} from '~/services/blog.server.ts'
import { autosavePost, listRevisions, readAutosave, readRevision, restoreRevision } from '~/services/post-revisions.server.ts'
import { resolvePostAddress } from '~/services/post-addresses.server.ts'
import { NotFoundError } from '~/infra/errors.server.ts'
import { createViewCounter, type ViewCounter } from '~/services/view-counter.server.ts'
import { dialects, validPost } from '../helpers/app.ts'
import { rejection, seededDatabaseWithAdmin } from './db.ts'

/** What a caller passes: the admin form's payload after the shared schema. */
const postInput = (overrides: Record<string, unknown> = {}) => BlogPostSchema.parse({ ...validPost(), ...overrides })

describe.each(dialects())('blog service on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  let counter: ViewCounter
  seededDatabaseWithAdmin(url, (db, signedIn) => {
    h = db
    admin = signedIn
    counter = createViewCounter(h.db, 60_000)
  })
  // Registered after the database's hooks, so it runs before the database closes.
  afterAll(async () => {
    await counter.stop()
  })

  const publish = (status: BlogStatus, overrides: Record<string, unknown> = {}) =>
    createPost(h.db, admin, postInput({ status, ...overrides }))

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
      content:
        '<p onclick="steal()">Hello <strong>there</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">link</a>',
    })
    for (const content of [post.content, (await readPost(h.db, admin, post.id, counter)).content]) {
      expect(content).toContain('<p>Hello <strong>there</strong></p>')
      expect(content).not.toMatch(/<script|alert\(1\)|onerror|onclick|javascript:/i)
    }
  })

  it('dates a new post today unless a date is given', async () => {
    const today = dayIn((await getSettings(h.db)).timeZone, new Date())
    expect((await publish('draft')).date).toBe(today)
    expect((await publish('draft', { date: '2024-02-29' })).date).toBe('2024-02-29')
  })

  it('dates a post by the agency’s day, not the UTC one: 5 pm in San Francisco is still that day', async () => {
    // 01:00 UTC on 2 July is 18:00 on 1 July in Los Angeles (only Date is faked: the database's timers run).
    vi.useFakeTimers({ now: Date.parse('2030-07-02T01:00:00Z'), toFake: ['Date'] })
    try {
      expect((await getSettings(h.db)).timeZone).toBe('America/Los_Angeles')
      expect((await publish('draft')).date).toBe('2030-07-01')
      const later = await publish('scheduled', { publishAt: '2030-07-03T02:30:00.000Z' })
      expect(later.date).toBe('2030-07-02')
    } finally {
      vi.useRealTimers()
    }
  })

  it('changes only the given fields on update, and sanitizes new content', async () => {
    const before = await publish('draft', { title: 'Before the edit', category: 'SEO', excerpt: 'Old excerpt.' })
    const patch = BlogPostPatchSchema.parse({ title: 'After the edit' })
    const after = await updatePost(h.db, admin, before.id, patch)
    const { title: _t, updatedAt: _u, ...untouched } = before
    expect(after).toMatchObject({ ...untouched, title: 'After the edit' })

    const withContent = await updatePost(
      h.db,
      admin,
      before.id,
      BlogPostPatchSchema.parse({ content: '<p>New</p><script>x()</script>', status: 'published' }),
    )
    expect(withContent).toMatchObject({
      title: 'After the edit',
      excerpt: 'Old excerpt.',
      category: 'SEO',
      status: 'published',
      content: '<p>New</p>',
    })
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
    expect(all.counts).toEqual({ all: 3, published: 2, draft: 1, scheduled: 0 })
    expect(all.posts).toHaveLength(3)

    const drafts = await listPosts(h.db, admin, { q: 'ZEBRAFISH', status: 'draft' })
    expect(drafts.posts.map((p) => p.title)).toEqual(['Zebrafish three'])
    // The counts feed the filter buttons, so they ignore the status filter.
    expect(drafts.counts).toEqual({ all: 3, published: 2, draft: 1, scheduled: 0 })

    const page1 = await listPosts(h.db, admin, { q: 'zebrafish', limit: 2, offset: 0 })
    const page2 = await listPosts(h.db, admin, { q: 'zebrafish', limit: 2, offset: 2 })
    // Newest first, by date.
    expect(page1.posts.map((p) => p.title)).toEqual(['Zebrafish three', 'Zebrafish two'])
    expect(page2.posts.map((p) => p.title)).toEqual(['Zebrafish one'])

    expect((await listPosts(h.db, admin, { q: 'no such words anywhere' })).counts).toEqual({ all: 0, published: 0, draft: 0, scheduled: 0 })
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

describe.each(dialects())('post addresses, scheduling and revisions on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  let counter: ViewCounter
  seededDatabaseWithAdmin(url, (db, signedIn) => {
    h = db
    admin = signedIn
    counter = createViewCounter(h.db, 60_000)
  })
  // Registered after the database's hooks, so it runs before the database closes.
  afterAll(async () => {
    await counter.stop()
  })

  const create = (overrides: Record<string, unknown> = {}) => createPost(h.db, admin, postInput(overrides))
  const patch = (id: number, p: Record<string, unknown>) => updatePost(h.db, admin, id, BlogPostPatchSchema.parse(p))
  const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString()

  it('gives every seeded post a readable address of its own', async () => {
    const posts = await listPublishedPostSummaries(h.db)
    expect(posts.length).toBeGreaterThan(0)
    for (const p of posts) expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length)
  })

  it('makes the address from the title, transliterating accents, and keeps it unique', async () => {
    const first = await create({ title: 'Crème brûlée: Straße & Co. für Anfänger!', status: 'published' })
    expect(first.slug).toBe('creme-brulee-strasse-co-fur-anfanger')
    const second = await create({ title: 'Crème Brûlée — Straße & Co. für Anfänger', status: 'published' })
    expect(second.slug).toBe('creme-brulee-strasse-co-fur-anfanger-2')
    const third = await create({ title: 'Whatever', slug: 'creme-brulee-strasse-co-fur-anfanger' })
    expect(third.slug).toBe('creme-brulee-strasse-co-fur-anfanger-3')
    // A title of digits only would look like an id address.
    expect((await create({ title: '2026' })).slug).toBe('post-2026')
  })

  it('gives posts saved at the same moment with the same title different addresses', async () => {
    const posts = await Promise.all(Array.from({ length: 4 }, () => create({ title: 'Racing for one address', status: 'published' })))
    const slugs = posts.map((p) => p.slug).sort()
    expect(slugs).toEqual(['racing-for-one-address', 'racing-for-one-address-2', 'racing-for-one-address-3', 'racing-for-one-address-4'])
  })

  it('refuses an address that is not lowercase words with hyphens', () => {
    for (const slug of ['Upper-Case', 'two--hyphens', '-edge', 'spaces here', '12345', 'a'.repeat(81)]) {
      expect(BlogPostPatchSchema.safeParse({ slug }).success, slug).toBe(false)
    }
    expect(BlogPostPatchSchema.parse({ slug: 'fine-slug-2' }).slug).toBe('fine-slug-2')
  })

  it('shows a published post at its slug; its id and every old slug move there, forever', async () => {
    const post = await create({ title: 'Moving house', status: 'published' })
    const found = await resolvePostAddress(h.db, 'moving-house', counter)
    expect(found && 'post' in found && found.post.id).toBe(post.id)
    expect(await resolvePostAddress(h.db, String(post.id), counter)).toEqual({ moved: 'moving-house' })

    await patch(post.id, { slug: 'moved-house' })
    await patch(post.id, { slug: 'moved-again' })
    for (const old of ['moving-house', 'moved-house', String(post.id)])
      expect(await resolvePostAddress(h.db, old, counter)).toEqual({ moved: 'moved-again' })
    // An old address stays its post's: a new post with that title gets another one.
    expect((await create({ title: 'Moving house' })).slug).toBe('moving-house-2')
    // Changing the title keeps the address (links already shared keep working without a redirect).
    expect((await patch(post.id, { title: 'A new title' })).slug).toBe('moved-again')
    // Going back to an old address is allowed: it is this post's.
    expect((await patch(post.id, { slug: 'moving-house' })).slug).toBe('moving-house')
    expect(await resolvePostAddress(h.db, 'moved-again', counter)).toEqual({ moved: 'moving-house' })
  })

  it('keeps drafts and unknown addresses from visitors', async () => {
    const draft = await create({ title: 'Secret draft' })
    expect(await resolvePostAddress(h.db, draft.slug, counter)).toBeNull()
    expect(await resolvePostAddress(h.db, String(draft.id), counter)).toBeNull()
    expect(await resolvePostAddress(h.db, 'no-such-post-here', counter)).toBeNull()
  })

  it('holds a scheduled post back until its time, then publishes it everywhere', async () => {
    const publishAt = inMinutes(30)
    const post = await create({ title: 'Coming soon', status: 'scheduled', publishAt })
    expect(post).toMatchObject({ status: 'scheduled', publishAt, date: dayIn((await getSettings(h.db)).timeZone, new Date(publishAt)) })
    expect((await listPublishedPosts(h.db)).map((p) => p.id)).not.toContain(post.id)
    expect(await resolvePostAddress(h.db, post.slug, counter)).toBeNull()
    expect((await nextScheduledPost(h.db, admin))?.id).toBe(post.id)

    // Not due yet: nothing changes.
    expect(await publishDuePosts(h.db)).not.toContain(post.id)
    // Half an hour later.
    expect(await publishDuePosts(h.db, new Date(Date.now() + 31 * 60_000))).toContain(post.id)
    expect((await listPublishedPostSummaries(h.db)).map((p) => p.id)).toContain(post.id)
    const found = await resolvePostAddress(h.db, post.slug, counter)
    expect(found && 'post' in found && found.post.status).toBe('published')
    // Published once: a second run finds nothing to do.
    expect(await publishDuePosts(h.db, new Date(Date.now() + 32 * 60_000))).not.toContain(post.id)
  })

  it('publishes at once a post scheduled for a time already past', async () => {
    const post = await create({ title: 'Late schedule', status: 'scheduled', publishAt: inMinutes(-5) })
    expect(post.status).toBe('published')
  })

  it('asks for the time when a post is scheduled without one', async () => {
    expect(BlogPostSchema.safeParse({ ...postInput(), status: 'scheduled' }).success).toBe(false)
    const result = BlogPostPatchSchema.safeParse({ status: 'scheduled', publishAt: '' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({ path: ['publishAt'] })
    // A zone is required: a bare wall time is ambiguous.
    expect(BlogPostPatchSchema.safeParse({ publishAt: '2030-01-01T10:00' }).success).toBe(false)
    expect(BlogPostPatchSchema.parse({ publishAt: '2030-01-01T10:00+02:00' }).publishAt).toBe('2030-01-01T08:00:00.000Z')
  })

  it('unschedules: back to draft, the time is dropped', async () => {
    const post = await create({ title: 'Changed my mind', status: 'scheduled', publishAt: inMinutes(60) })
    const draft = await patch(post.id, { status: 'draft' })
    expect(draft).toMatchObject({ status: 'draft', publishAt: null })
  })

  it('computes the read time from the text unless one is given', async () => {
    const words = Array.from({ length: 450 }, (_, i) => `word${i}`).join(' ')
    const post = await create({ title: 'Long read', content: `<p>${words}</p>` })
    expect(post.readTime).toBe('3 min read')
    expect((await create({ title: 'Set by hand', readTime: '12 min read' })).readTime).toBe('12 min read')
    expect((await patch(post.id, { content: '<p>Short now.</p>', readTime: '' })).readTime).toBe('1 min read')
  })

  it('keeps a revision per save, newest first, and restores one', async () => {
    const post = await create({ title: 'Revised', content: '<p>First words.</p>' })
    await patch(post.id, { content: '<p>Second words.</p>' })
    await patch(post.id, { title: 'Revised again', content: '<p>Third words.</p>' })
    const revisions = await listRevisions(h.db, admin, post.id)
    expect(revisions.map((r) => r.title)).toEqual(['Revised again', 'Revised', 'Revised'])
    const oldest = await readRevision(h.db, admin, post.id, revisions[2].id)
    expect(oldest.data).toMatchObject({ title: 'Revised', content: '<p>First words.</p>' })

    const restored = await restoreRevision(h.db, admin, post.id, revisions[2].id)
    expect(restored).toMatchObject({ title: 'Revised', content: '<p>First words.</p>' })
    // The restore is a save: it is the newest revision now.
    expect((await listRevisions(h.db, admin, post.id))[0].title).toBe('Revised')
    // A revision of another post is not this post's.
    const other = await create({ title: 'Another post' })
    await rejection(readRevision(h.db, admin, other.id, revisions[0].id), NotFoundError)
  })

  it(`keeps at most ${REVISIONS_KEPT} revisions per post, dropping the oldest`, async () => {
    const post = await create({ title: 'Busy post', content: '<p>v0</p>' })
    for (let i = 1; i <= REVISIONS_KEPT + 3; i++) await patch(post.id, { content: `<p>v${i}</p>` })
    const revisions = await listRevisions(h.db, admin, post.id)
    expect(revisions).toHaveLength(REVISIONS_KEPT)
    expect((await readRevision(h.db, admin, post.id, revisions[0].id)).data.content).toBe(`<p>v${REVISIONS_KEPT + 3}</p>`)
    expect((await readRevision(h.db, admin, post.id, revisions.at(-1)!.id)).data.content).toBe('<p>v4</p>')
  }, 60_000)

  it('autosaves beside a published post without changing what visitors read', async () => {
    const post = await create({ title: 'Live post', status: 'published', content: '<p>Live text.</p>' })
    const savedAt = await autosavePost(h.db, admin, post.id, { title: 'Live post', content: '<p>Work in progress<script>x()</script></p>' })
    expect(savedAt).toMatch(/^\d{4}-/)
    const live = await resolvePostAddress(h.db, post.slug, counter)
    expect(live && 'post' in live && live.post.content).toBe('<p>Live text.</p>')
    const autosave = await readAutosave(h.db, admin, post.id)
    expect(autosave?.data.content).toBe('<p>Work in progress</p>')
    // Autosaves are not revisions, and a real save makes the copy stale (it is dropped).
    expect(await listRevisions(h.db, admin, post.id)).toHaveLength(1)
    await patch(post.id, { content: '<p>Work done.</p>' })
    expect(await readAutosave(h.db, admin, post.id)).toBeNull()
  })
})
