import type { Db } from '~/db/db.server.ts'
import type { BlogStatus } from '~/lib/constants.ts'
import { readTimeFor, slugify } from '~/lib/publishing.ts'
import type { BlogPostInput, BlogPostPatch } from '~/lib/schemas.ts'
import { storedTags } from '~/lib/blog-list.ts'
import { settleCoverAlt } from './cover-alt.server.ts'
import * as model from '~/models/blog.server.ts'
import type { BlogPost, BlogPostSummary, BlogStats } from '~/models/blog.server.ts'
import { requirePermission, type Admin } from './actor.server.ts'
import { announceContentChange } from '~/infra/content-events.server.ts'
import type { ContentMemo } from '~/infra/content-memo.server.ts'
import { changedFields, recordActivity, type ActivityRecord } from './activity-log.server.ts'
import { DomainValidationError, ForbiddenError, NotFoundError } from '~/infra/errors.server.ts'
import { can, ROLE_LABELS } from '~/lib/permissions.ts'
import { sanitizeBlogHtml } from '~/infra/sanitize.server.ts'
import type { ViewCounter } from './view-counter.server.ts'
import { getSettings } from './settings.server.ts'
import { dayIn } from '~/lib/agency-days.ts'
import { keepSlug, withFreeSlug } from './post-addresses.server.ts'

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
export function mayEdit(admin: Admin, post: Pick<BlogPost, 'authorId'>): void {
  if (!can(admin.role, 'posts.all') && post.authorId !== admin.id) {
    throw new ForbiddenError('posts.all', `This post is someone else's: your role (${ROLE_LABELS[admin.role]}) edits only your own posts.`)
  }
}

/** The post, when the person may write posts and edit this one (its revisions are as private as it is). */
export async function requireEditablePost(db: Db, admin: Admin, postId: number): Promise<BlogPost> {
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

/** Saves `patch` as updatePost does, recorded in the activity log as a restore (post-revisions.server.ts). */
export function updatePostAsRestore(db: Db, admin: Admin, id: number, patch: BlogPostPatch): Promise<BlogPost> {
  restoring.add(patch)
  return updatePost(db, admin, id, patch)
}

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
