import { sql } from 'kysely'
import type { Db } from '~/db/db.server.ts'
import type { BlogPostRow } from '~/db/schema.ts'
import { parseTags } from '~/lib/blog-list.ts'
import type { BlogStatus } from '~/lib/constants.ts'
import { containsAny, newestFirstPage, nowIso } from './search.server.ts'

export type BlogPost = Omit<BlogPostRow, 'status'> & { status: BlogStatus }
export type BlogPostWrite = Omit<BlogPost, 'id' | 'views' | 'createdAt' | 'updatedAt' | 'publishAt' | 'tags' | 'authorId'> & {
  publishAt?: string | null
  tags?: string
  authorId?: number | null
}
export type BlogStats = { total: number; published: number; draft: number; totalViews: number }

const toPost = (row: BlogPostRow): BlogPost => ({ ...row, views: Number(row.views), status: row.status as BlogStatus })

export type BlogQuery = { status?: BlogStatus; q?: string; category?: string; limit?: number; offset?: number; authorId?: number }

/** Newest first (see newestFirstPage). */
export async function findBlogPosts(db: Db, query: BlogQuery = {}): Promise<BlogPost[]> {
  let qb = db.selectFrom('blogPosts').selectAll()
  if (query.status) qb = qb.where('status', '=', query.status)
  if (query.category) qb = qb.where('category', '=', query.category)
  if (query.authorId !== undefined) qb = qb.where('authorId', '=', query.authorId)
  if (query.q) qb = qb.where(containsAny(['title', 'category', 'author'], query.q))
  return (await newestFirstPage(qb, query).execute()).map(toPost)
}

/** A post without its body, for lists that never show it (cards, feeds, the sitemap); its tags as names. */
export type BlogPostSummary = Omit<BlogPost, 'content' | 'tags'> & { tags: string[] }

const SUMMARY_COLUMNS = [
  'id',
  'slug',
  'title',
  'subheading',
  'excerpt',
  'category',
  'author',
  'status',
  'image',
  'imageAlt',
  'readTime',
  'date',
  'publishAt',
  'views',
  'createdAt',
  'updatedAt',
  'authorId',
  'tags',
] as const

/** Published posts without their bodies, in findBlogPosts' order (newest first, by date then id). */
export async function findPublishedPostSummaries(db: Db): Promise<BlogPostSummary[]> {
  const rows = await db
    .selectFrom('blogPosts')
    .select(SUMMARY_COLUMNS)
    .where('status', '=', 'published')
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map((row) => ({ ...row, views: Number(row.views), status: row.status as BlogStatus, tags: parseTags(row.tags) }))
}

export async function countBlogPosts(db: Db, query: Omit<BlogQuery, 'limit' | 'offset' | 'status'> = {}): Promise<Record<string, number>> {
  let qb = db.selectFrom('blogPosts').select(['status', (eb) => eb.fn.countAll<string>().as('n')])
  if (query.authorId !== undefined) qb = qb.where('authorId', '=', query.authorId)
  if (query.q) qb = qb.where(containsAny(['title', 'category', 'author'], query.q))
  const rows = await qb.groupBy('status').execute()
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))
}

export async function findBlogPost(db: Db, id: number): Promise<BlogPost | undefined> {
  const row = await db.selectFrom('blogPosts').selectAll().where('id', '=', id).executeTakeFirst()
  return row && toPost(row)
}

export async function findBlogPostBySlug(db: Db, slug: string): Promise<BlogPost | undefined> {
  const row = await db.selectFrom('blogPosts').selectAll().where('slug', '=', slug).executeTakeFirst()
  return row && toPost(row)
}

/** The post a slug belongs (or belonged) to. */
export async function findSlugOwner(db: Db, slug: string): Promise<number | undefined> {
  const row = await db.selectFrom('blogSlugs').select('postId').where('slug', '=', slug).executeTakeFirst()
  return row ? Number(row.postId) : undefined
}

/**
 * Reserves `slug` for the post forever (its history row); false when another post holds it. The
 * primary key decides, so two saves racing for one address cannot both get it.
 */
export async function claimSlug(db: Db, slug: string, postId: number): Promise<boolean> {
  await db
    .insertInto('blogSlugs')
    .values({ slug, postId, createdAt: nowIso() })
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute()
  return (await findSlugOwner(db, slug)) === postId
}

/** A unique index or primary key refused the write (SQLite and PostgreSQL spell it differently). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

/**
 * Publishes every scheduled post whose time has come, in one statement (so of several instances
 * running this at once, each post is flipped by exactly one); its date becomes the publish day.
 */
export async function publishDuePosts(db: Db, now: string): Promise<number[]> {
  const rows = await db
    .updateTable('blogPosts')
    .set({ status: 'published', date: sql<string>`substr(publish_at, 1, 10)`, updatedAt: now })
    .where('status', '=', 'scheduled')
    .where('publishAt', '<=', now)
    .returning('id')
    .execute()
  return rows.map((r) => Number(r.id))
}

export async function findNextScheduled(db: Db): Promise<Pick<BlogPost, 'id' | 'title' | 'publishAt'> | undefined> {
  return db
    .selectFrom('blogPosts')
    .select(['id', 'title', 'publishAt'])
    .where('status', '=', 'scheduled')
    .orderBy('publishAt', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst()
}

// --- revisions ---------------------------------------------------------------------------

export type RevisionKind = 'save' | 'autosave'
export type BlogRevision = { id: number; postId: number; kind: RevisionKind; title: string; data: string; createdAt: string }
const toRevision = (r: BlogRevision): BlogRevision => ({ ...r, id: Number(r.id), postId: Number(r.postId) })

/** Keeps a revision and drops the oldest beyond `keep`: call it inside the save's transaction. */
export async function insertRevision(
  db: Db,
  rev: { postId: number; kind: RevisionKind; title: string; data: string },
  keep: number,
): Promise<void> {
  const createdAt = nowIso()
  if (rev.kind === 'autosave')
    await db.deleteFrom('blogRevisions').where('postId', '=', rev.postId).where('kind', '=', 'autosave').execute()
  await db
    .insertInto('blogRevisions')
    .values({ ...rev, createdAt })
    .execute()
  const kept = db
    .selectFrom('blogRevisions')
    .select('id')
    .where('postId', '=', rev.postId)
    .where('kind', '=', rev.kind)
    .orderBy('id', 'desc')
    .limit(keep)
  await db
    .deleteFrom('blogRevisions')
    .where('postId', '=', rev.postId)
    .where('kind', '=', rev.kind)
    .where('id', 'not in', db.selectFrom(kept.as('k')).select('k.id'))
    .execute()
}

export async function deleteAutosave(db: Db, postId: number): Promise<void> {
  await db.deleteFrom('blogRevisions').where('postId', '=', postId).where('kind', '=', 'autosave').execute()
}

/** Newest first, without their data. */
export async function findRevisions(db: Db, postId: number, kind: RevisionKind): Promise<Omit<BlogRevision, 'data'>[]> {
  const rows = await db
    .selectFrom('blogRevisions')
    .select(['id', 'postId', 'kind', 'title', 'createdAt'])
    .where('postId', '=', postId)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .execute()
  return rows.map((r) => ({ ...r, id: Number(r.id), postId: Number(r.postId), kind: r.kind as RevisionKind }))
}

export async function findRevision(db: Db, postId: number, id: number): Promise<BlogRevision | undefined> {
  const row = await db.selectFrom('blogRevisions').selectAll().where('postId', '=', postId).where('id', '=', id).executeTakeFirst()
  return row && toRevision(row as BlogRevision)
}

export async function findAutosave(db: Db, postId: number): Promise<BlogRevision | undefined> {
  const row = await db
    .selectFrom('blogRevisions')
    .selectAll()
    .where('postId', '=', postId)
    .where('kind', '=', 'autosave')
    .orderBy('id', 'desc')
    .executeTakeFirst()
  return row && toRevision(row as BlogRevision)
}

export async function insertBlogPost(db: Db, post: BlogPostWrite): Promise<BlogPost> {
  const now = nowIso()
  const row = await db
    .insertInto('blogPosts')
    .values({ ...post, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow()
  return toPost(row)
}

export async function updateBlogPost(db: Db, id: number, patch: Partial<BlogPostWrite>): Promise<BlogPost | undefined> {
  const row = await db
    .updateTable('blogPosts')
    .set({ ...patch, updatedAt: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
  return row && toPost(row)
}

export async function deleteBlogPost(db: Db, id: number): Promise<boolean> {
  const res = await db.deleteFrom('blogPosts').where('id', '=', id).executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}

/** Atomic in SQL so several instances adding at once never lose a count. */
export const addBlogViews = (db: Db, id: number, n: number) => addViews(db, 'id', id, n)

/** The same, for reads counted by address (cached pages know their path, not the id). */
export const addBlogViewsBySlug = (db: Db, slug: string, n: number) => addViews(db, 'slug', slug, n)

async function addViews(db: Db, key: 'id' | 'slug', value: number | string, n: number): Promise<void> {
  await db
    .updateTable('blogPosts')
    .set({ views: sql`views + ${n}` })
    .where(key, '=', value)
    .execute()
}

export async function findBlogStats(db: Db): Promise<BlogStats> {
  const row = await db
    .selectFrom('blogPosts')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.sum<string | null>(sql`case when status = 'published' then 1 else 0 end`).as('published'),
      eb.fn.sum<string | null>('views').as('totalViews'),
    ])
    .executeTakeFirstOrThrow()
  const total = Number(row.total)
  const published = Number(row.published ?? 0)
  // A scheduled post is not public yet: it counts with the drafts, as before scheduling existed.
  return { total, published, draft: total - published, totalViews: Number(row.totalViews ?? 0) }
}
