import type { Db } from '~/db/db.server.ts'
import type { BlogStatus } from '~/lib/constants.ts'
import { numberedSlug, readTimeFor, slugify } from '~/lib/publishing.ts'
import type { BlogPostInput, BlogPostPatch } from '~/lib/schemas.ts'
import { storedTags } from '~/lib/blog-list.ts'
import { settleCoverAlt } from './cover-alt.server.ts'
import * as model from '~/models/blog.server.ts'
import type { BlogPost, BlogPostSummary, BlogStats } from '~/models/blog.server.ts'
import { requirePermission, type Admin } from './actor.server.ts'
import { announceContentChange } from './content-events.server.ts'
import type { ContentMemo } from './content-memo.server.ts'
import { changedFields, recordActivity, type ActivityRecord } from './activity-log.server.ts'
import { DomainValidationError, ForbiddenError, NotFoundError } from './errors.server.ts'
import { can, ROLE_LABELS } from '~/lib/permissions.ts'
import { sanitizeBlogHtml } from './sanitize.server.ts'
import type { ViewCounter } from './view-counter.server.ts'
import { getSettings } from './settings.server.ts'
import { dayIn } from '~/lib/agency-days.ts'

export type { BlogPost, BlogPostSummary, BlogStats }

/** The agency's day of a moment (settings.timeZone): a post written in San Francisco at 5 pm is dated that day, not the UTC one. */
async function agencyDay(db: Db, at: Date | string = new Date()): Promise<string> {
  return dayIn((await getSettings(db)).timeZone, new Date(at))
}

/** Published posts, newest first; sanitized again on the way out in case old rows predate a rule. */
export async function listPublishedPosts(db: Db): Promise<BlogPost[]> {
  const posts = await model.findBlogPosts(db, { status: 'published' })
  return posts.map((p) => ({ ...p, content: sanitizeBlogHtml(p.content) }))
}

/** Published posts without their bodies, newest first, for cards, feeds and the sitemap: no body to read or sanitize. */
export function listPublishedPostSummaries(db: Db): Promise<BlogPostSummary[]> {
  return model.findPublishedPostSummaries(db)
}

/** listPublishedPostSummaries for public pages: read once per content version, shared (read-only). */
export function listPublishedPostSummariesOnce(db: Db, memo: ContentMemo): Promise<readonly BlogPostSummary[]> {
  return memo('published post summaries', () => listPublishedPostSummaries(db))
}

export type AdminBlogQuery = { status?: BlogStatus; q?: string; limit?: number; offset?: number }

export async function listPosts(db: Db, admin: Admin, query: AdminBlogQuery = {}) {
  // An author lists their own posts only.
  const authorId = can(admin.role, 'posts.all') ? undefined : admin.id
  const [posts, counts] = await Promise.all([
    model.findBlogPosts(db, { ...query, authorId }),
    model.countBlogPosts(db, { q: query.q, authorId }),
  ])
  const [published, draft, scheduled] = [counts.published ?? 0, counts.draft ?? 0, counts.scheduled ?? 0]
  return { posts, counts: { all: published + draft + scheduled, published, draft, scheduled } }
}

/**
 * A visitor's read of a post: drafts do not exist for them, and a read by a person counts one view
 * through the process's batching counter. `counted` is false for a bot or a browser asking not to
 * be tracked (the same rule as page views: analytics.server.ts, servedView); the admin reads any
 * post without counting.
 */
export async function readPost(db: Db, admin: Admin | null, id: number, views: ViewCounter, counted = true): Promise<BlogPost> {
  const post = await model.findBlogPost(db, id)
  if (!post || (!admin && post.status !== 'published')) throw new NotFoundError('Post not found')
  if (admin) mayEdit(admin, post)
  if (!admin && counted) post.views += views.count(id)
  return { ...post, content: sanitizeBlogHtml(post.content) }
}

/**
 * Roles (app/lib/permissions.ts): without `posts.all` a person edits only their own posts, and
 * without `posts.publish` only as drafts (an editor publishes them).
 */
function mayEdit(admin: Admin, post: Pick<BlogPost, 'authorId'>): void {
  if (!can(admin.role, 'posts.all') && post.authorId !== admin.id) {
    throw new ForbiddenError('posts.all', `This post is someone else's: your role (${ROLE_LABELS[admin.role]}) edits only your own posts.`)
  }
}

/** The post, when the person may write posts and edit this one (its revisions are as private as it is). */
async function requireEditablePost(db: Db, admin: Admin, postId: number): Promise<BlogPost> {
  requirePermission(admin, 'posts.write')
  const post = await model.findBlogPost(db, postId)
  if (!post) throw new NotFoundError('Post not found')
  mayEdit(admin, post)
  return post
}

function mayPublish(admin: Admin, status: BlogStatus | undefined): void {
  if (status && status !== 'draft' && !can(admin.role, 'posts.publish')) {
    throw new DomainValidationError({
      status: 'Publishing and scheduling need an editor: save it as a draft, and an editor will publish it.',
    })
  }
}

/** How many saved revisions each post keeps (the oldest go in the save's own transaction). */
export const REVISIONS_KEPT = 50

/** The editor's text fields a revision keeps and a restore puts back. */
export const REVISION_FIELDS = ['title', 'subheading', 'excerpt', 'content'] as const
export type RevisionData = Record<(typeof REVISION_FIELDS)[number], string> & Record<string, string>

class SlugTakenError extends Error {}

/**
 * Runs `save` in a transaction with the address `base`, then `base-2`, `base-3`... until one is
 * free: the unique index on blog_posts.slug and the primary key of blog_slugs decide, so two
 * saves racing for one address never both get it (docs/decisions/021).
 */
async function withFreeSlug<T>(db: Db, base: string, postId: number | null, save: (trx: Db, slug: string) => Promise<T>): Promise<T> {
  for (let n = 1; n <= 200; n++) {
    const slug = numberedSlug(base, n)
    const owner = await model.findSlugOwner(db, slug)
    if (owner !== undefined && owner !== postId) continue
    try {
      return await db.transaction().execute((trx) => save(trx, slug))
    } catch (err) {
      if (err instanceof SlugTakenError || model.isUniqueViolation(err)) continue
      throw err
    }
  }
  throw new Error(`no free address for ${base}`)
}

async function keepSlug(trx: Db, slug: string, postId: number) {
  if (!(await model.claimSlug(trx, slug, postId))) throw new SlugTakenError(slug)
}

function snapshot(post: BlogPost): string {
  const data: Record<string, string> = {}
  // Tags are kept as stored (a JSON array) and, like the category, not put back by a restore.
  for (const k of ['title', 'subheading', 'excerpt', 'content', 'category', 'tags', 'author', 'readTime', 'image', 'slug'] as const)
    data[k] = String(post[k] ?? '')
  return JSON.stringify(data)
}

async function keepRevision(trx: Db, post: BlogPost) {
  await model.insertRevision(trx, { postId: post.id, kind: 'save', title: post.title, data: snapshot(post) }, REVISIONS_KEPT)
  // The autosave was a copy of work now saved.
  await model.deleteAutosave(trx, post.id)
}

/** A scheduled post whose time has passed is simply published. */
function settleSchedule(status: BlogStatus, publishAt: string | null | undefined): { status: BlogStatus; publishAt: string | null } {
  if (status !== 'scheduled') return { status, publishAt: null }
  if (!publishAt) throw new DomainValidationError({ publishAt: 'Choose the date and time to publish at' })
  return Date.parse(publishAt) <= Date.now() ? { status: 'published', publishAt } : { status, publishAt }
}

export async function createPost(db: Db, admin: Admin, input: BlogPostInput): Promise<BlogPost> {
  mayPublish(admin, input.status)
  const content = sanitizeBlogHtml(input.content)
  const { slug: wanted, publishAt: _p, readTime, imageAlt: _a, imageDecorative: _d, tags, ...rest } = input
  const schedule = settleSchedule(input.status, input.publishAt)
  const date =
    input.status === 'scheduled' && schedule.publishAt ? await agencyDay(db, schedule.publishAt) : (input.date ?? (await agencyDay(db)))
  const post = await withFreeSlug(db, wanted ?? slugify(input.title), null, async (trx, slug) => {
    const created = await model.insertBlogPost(trx, {
      ...rest,
      ...schedule,
      ...(tags && { tags: storedTags(tags) }),
      content,
      readTime: readTime || readTimeFor(content),
      date,
      slug,
      imageAlt: settleCoverAlt(input, ''),
      authorId: admin.id,
    })
    await keepSlug(trx, slug, created.id)
    await keepRevision(trx, created)
    await recordActivity(trx, {
      action: 'post.create',
      itemType: 'post',
      itemId: created.id,
      itemLabel: created.title,
      detail: `Saved as ${created.status}.`,
    })
    return created
  })
  await announceContentChange(db)
  return post
}

export async function updatePost(db: Db, admin: Admin, id: number, patch: BlogPostPatch): Promise<BlogPost> {
  const current = await model.findBlogPost(db, id)
  if (!current) throw new NotFoundError('Post not found')
  mayEdit(admin, current)
  mayPublish(admin, patch.status ?? current.status)
  const {
    slug: wanted,
    publishAt,
    imageAlt: _a,
    imageDecorative: _d,
    tags,
    ...fields
  } = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as BlogPostPatch
  const clean: Partial<model.BlogPostWrite> = { ...fields }
  // Left out, the stored tags stay (an import's too: their format is the one parseTags reads).
  if (tags !== undefined) clean.tags = storedTags(tags)
  const imageAlt = settleCoverAlt(patch)
  if (imageAlt !== undefined) clean.imageAlt = imageAlt
  if (clean.content !== undefined) clean.content = sanitizeBlogHtml(clean.content)
  if (clean.readTime === '') clean.readTime = readTimeFor(clean.content ?? current.content)
  const schedule = settleSchedule(clean.status ?? current.status, publishAt !== undefined ? publishAt : current.publishAt)
  Object.assign(clean, schedule)
  if (schedule.status === 'scheduled' && schedule.publishAt) clean.date = await agencyDay(db, schedule.publishAt)
  const post = await withFreeSlug(db, wanted ?? current.slug, id, async (trx, slug) => {
    const saved = await model.updateBlogPost(trx, id, { ...clean, slug })
    if (!saved) throw new NotFoundError('Post not found')
    if (slug !== current.slug) await keepSlug(trx, slug, id)
    await keepRevision(trx, saved)
    await recordActivity(trx, postChange(current, saved, restoring.has(patch)))
    return saved
  })
  await announceContentChange(db)
  return post
}

/** The activity log's entry for a saved post: published, scheduled, restored or edited, and what changed. */
function postChange(before: BlogPost, after: BlogPost, restored: boolean): ActivityRecord {
  const changed = Object.keys(after).filter(
    (k) =>
      !['updatedAt', 'views'].includes(k) && JSON.stringify(after[k as keyof BlogPost]) !== JSON.stringify(before[k as keyof BlogPost]),
  )
  const statusChanged = before.status !== after.status
  const action = restored
    ? 'post.restore'
    : statusChanged && after.status === 'published'
      ? 'post.publish'
      : statusChanged && after.status === 'scheduled'
        ? 'post.schedule'
        : 'post.update'
  const detail = [
    changed.length ? `Changed ${changedFields(changed)}.` : 'Saved with no change.',
    statusChanged ? `Status: ${before.status} to ${after.status}.` : '',
  ]
    .filter(Boolean)
    .join(' ')
  return { action, itemType: 'post', itemId: after.id, itemLabel: after.title, detail }
}

/** The patches restoreRevision sends, so their save is recorded as a restore. */
const restoring = new WeakSet<BlogPostPatch>()

/**
 * Flips every scheduled post whose time has come to published and, when one did, tells every
 * instance (the content version), so cached lists, feeds and pages are rendered again.
 */
export async function publishDuePosts(db: Db, now = new Date()): Promise<number[]> {
  const ids = await model.publishDuePosts(db, now.toISOString())
  for (const id of ids) {
    const post = await model.findBlogPost(db, id)
    await recordActivity(db, {
      action: 'post.publish-due',
      itemType: 'post',
      itemId: id,
      itemLabel: post?.title ?? '',
      detail: `Scheduled for ${post?.publishAt ?? 'now'}.`,
    })
  }
  if (ids.length) await announceContentChange(db)
  return ids
}

/**
 * Each instance checks for due posts every `everyMs` (15 s by default, so a post goes public
 * within a minute of its time with no request needed). Returns the stop function.
 */
export function startPublishScheduler(db: Db, logger: { warn: (obj: object, msg: string) => void }, everyMs = 15_000): () => void {
  let running = false
  const tick = async () => {
    if (running) return
    running = true
    try {
      await publishDuePosts(db)
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'publishing scheduled posts failed')
    } finally {
      running = false
    }
  }
  void tick()
  const timer = setInterval(tick, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}

export async function nextScheduledPost(db: Db, admin: Admin) {
  requirePermission(admin, 'dashboard')
  return model.findNextScheduled(db)
}

/**
 * What a public address `/blog/{segment}` shows: the published post with that slug; a post's old
 * slug or its id (links shared before slugs existed) answers with the current address to move to.
 * The view is not counted here: it is counted with the page view, by the same rule, when the page
 * is served or (after a click within the site) by the page-view beacon (docs/decisions/062).
 */
export async function resolvePostAddress(
  db: Db,
  segment: string,
  _views?: ViewCounter,
): Promise<{ post: BlogPost } | { moved: string } | null> {
  if (/^[1-9]\d{0,8}$/.test(segment)) {
    const byId = await model.findBlogPost(db, Number(segment))
    return byId?.status === 'published' ? { moved: byId.slug } : null
  }
  const post = await model.findBlogPostBySlug(db, segment)
  if (post) {
    if (post.status !== 'published') return null
    return { post: { ...post, content: sanitizeBlogHtml(post.content) } }
  }
  const owner = await model.findSlugOwner(db, segment)
  if (owner === undefined) return null
  const moved = await model.findBlogPost(db, owner)
  return moved?.status === 'published' ? { moved: moved.slug } : null
}

// --- revisions and autosave ------------------------------------------------------------------

export type RevisionSummary = { id: number; title: string; createdAt: string }

export async function listRevisions(db: Db, admin: Admin, postId: number): Promise<RevisionSummary[]> {
  await requireEditablePost(db, admin, postId)
  const rows = await model.findRevisions(db, postId, 'save')
  return rows.map(({ id, title, createdAt }) => ({ id, title, createdAt }))
}

function parseData(data: string): RevisionData {
  const parsed = JSON.parse(data) as Record<string, unknown>
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : ''])) as RevisionData
}

export async function readRevision(
  db: Db,
  admin: Admin,
  postId: number,
  revisionId: number,
): Promise<RevisionSummary & { data: RevisionData }> {
  await requireEditablePost(db, admin, postId)
  const rev = await model.findRevision(db, postId, revisionId)
  if (!rev || rev.kind !== 'save') throw new NotFoundError('Revision not found')
  return { id: rev.id, title: rev.title, createdAt: rev.createdAt, data: parseData(rev.data) }
}

/**
 * Puts a revision's title, subheading, excerpt and content back (itself a save, so a new revision).
 * Like any save it changes only a post the person may edit, and a published or scheduled one only
 * with `posts.publish` (an author saves it as a draft first): ForbiddenError says which.
 */
export async function restoreRevision(db: Db, admin: Admin, postId: number, revisionId: number): Promise<BlogPost> {
  const post = await model.findBlogPost(db, postId)
  if (!post) throw new NotFoundError('Post not found')
  mayEdit(admin, post)
  if (post.status !== 'draft' && !can(admin.role, 'posts.publish')) {
    throw new ForbiddenError(
      'posts.publish',
      `Restoring a revision changes this ${post.status} post, which needs an editor: your role (${ROLE_LABELS[admin.role]}) changes only drafts. Save the post as a draft first, or ask an editor to restore it.`,
    )
  }
  const { data } = await readRevision(db, admin, postId, revisionId)
  const patch = {} as BlogPostPatch
  for (const k of REVISION_FIELDS) if (data[k]) patch[k] = data[k]
  restoring.add(patch)
  return updatePost(db, admin, postId, patch)
}

/**
 * The editor's work in progress, kept beside the post (never over it, so a published post does
 * not change until the admin saves): one autosave per post, replaced each time.
 */
export async function autosavePost(db: Db, admin: Admin, postId: number, values: Record<string, string>): Promise<string> {
  const post = await model.findBlogPost(db, postId)
  if (!post) throw new NotFoundError('Post not found')
  mayEdit(admin, post)
  const data: Record<string, string> = { ...values }
  if (typeof data.content === 'string') data.content = sanitizeBlogHtml(data.content)
  await model.insertRevision(db, { postId, kind: 'autosave', title: data.title || post.title, data: JSON.stringify(data) }, 1)
  return new Date().toISOString()
}

/** The autosave, when it is newer than the post's last save (else it is stale and not offered). */
export async function readAutosave(db: Db, admin: Admin, postId: number): Promise<{ savedAt: string; data: RevisionData } | null> {
  requirePermission(admin, 'posts.write')
  const [post, rev] = await Promise.all([model.findBlogPost(db, postId), model.findAutosave(db, postId)])
  if (post) mayEdit(admin, post)
  if (!post || !rev || rev.createdAt <= post.updatedAt) return null
  return { savedAt: rev.createdAt, data: parseData(rev.data) }
}

/** Drops the post's autosave: only someone who may edit the post (issue 33: an author could drop anyone's). */
export async function discardAutosave(db: Db, admin: Admin, postId: number): Promise<void> {
  const post = await model.findBlogPost(db, postId)
  if (!post) throw new NotFoundError('Post not found')
  mayEdit(admin, post)
  await model.deleteAutosave(db, postId)
}

export async function deletePost(db: Db, admin: Admin, id: number): Promise<void> {
  const gone = await model.findBlogPost(db, id)
  if (gone) mayEdit(admin, gone)
  if (gone && gone.status !== 'draft') mayPublish(admin, gone.status)
  if (!gone || !(await model.deleteBlogPost(db, id))) throw new NotFoundError('Post not found')
  await recordActivity(db, { action: 'post.delete', itemType: 'post', itemId: id, itemLabel: gone.title })
  await announceContentChange(db)
}

export async function getBlogStats(db: Db, admin: Admin): Promise<BlogStats> {
  requirePermission(admin, 'posts.all')
  return model.findBlogStats(db)
}

/**
 * Where an imported post's address on its old site (`/slug/`, `/2026/10/02/slug/`, `/?p=12`,
 * kept in the slug history by the import) now lives: its current slug, when it is published.
 */
export async function resolveOldAddress(db: Db, pathAndQuery: string): Promise<string | null> {
  const [path = '', query] = pathAndQuery.split(/(?=\?)/, 2)
  const key = (path.length > 1 ? path.replace(/\/+$/, '') : path) + (query ?? '')
  if (!key.startsWith('/') || key.length > 300) return null
  const owner = await model.findSlugOwner(db, key)
  if (owner === undefined) return null
  const post = await model.findBlogPost(db, owner)
  return post?.status === 'published' ? post.slug : null
}
