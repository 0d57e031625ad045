import { sql } from 'kysely'
import type { Db } from '~/db/db.server.ts'
import type { BlogPostRow } from '~/db/schema.ts'
import type { BlogStatus } from '~/lib/constants.ts'
import { containsAny, nowIso } from './search.server.ts'

export type BlogPost = Omit<BlogPostRow, 'status'> & { status: BlogStatus }
export type BlogPostWrite = Omit<BlogPost, 'id' | 'views' | 'createdAt' | 'updatedAt'>
export type BlogStats = { total: number; published: number; draft: number; totalViews: number }

const toPost = (row: BlogPostRow): BlogPost => ({ ...row, views: Number(row.views), status: row.status as BlogStatus })

export type BlogQuery = { status?: BlogStatus; q?: string; category?: string; limit?: number; offset?: number }

/** Newest first (by date, then id) so the public list and the admin list agree. */
export async function findBlogPosts(db: Db, query: BlogQuery = {}): Promise<BlogPost[]> {
  let qb = db.selectFrom('blogPosts').selectAll()
  if (query.status) qb = qb.where('status', '=', query.status)
  if (query.category) qb = qb.where('category', '=', query.category)
  if (query.q) qb = qb.where(containsAny(['title', 'category', 'author'], query.q))
  qb = qb.orderBy('date', 'desc').orderBy('id', 'desc')
  if (query.limit !== undefined) qb = qb.limit(query.limit).offset(query.offset ?? 0)
  return (await qb.execute()).map(toPost)
}

/** A post without its body, for lists that never show it (cards, feeds, the sitemap). */
export type BlogPostSummary = Omit<BlogPost, 'content'>

const SUMMARY_COLUMNS = ['id', 'title', 'subheading', 'excerpt', 'category', 'author', 'status', 'image', 'readTime', 'date', 'views', 'createdAt', 'updatedAt'] as const

/** Published posts without their bodies, in findBlogPosts' order (newest first, by date then id). */
export async function findPublishedPostSummaries(db: Db): Promise<BlogPostSummary[]> {
  const rows = await db.selectFrom('blogPosts').select(SUMMARY_COLUMNS).where('status', '=', 'published').orderBy('date', 'desc').orderBy('id', 'desc').execute()
  return rows.map((row) => ({ ...row, views: Number(row.views), status: row.status as BlogStatus }))
}

export async function countBlogPosts(db: Db, query: Omit<BlogQuery, 'limit' | 'offset' | 'status'> = {}): Promise<Record<string, number>> {
  let qb = db.selectFrom('blogPosts').select(['status', (eb) => eb.fn.countAll<string>().as('n')])
  if (query.q) qb = qb.where(containsAny(['title', 'category', 'author'], query.q))
  const rows = await qb.groupBy('status').execute()
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))
}

export async function findBlogPost(db: Db, id: number): Promise<BlogPost | undefined> {
  const row = await db.selectFrom('blogPosts').selectAll().where('id', '=', id).executeTakeFirst()
  return row && toPost(row)
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
export async function addBlogViews(db: Db, id: number, n: number): Promise<void> {
  await db
    .updateTable('blogPosts')
    .set({ views: sql`views + ${n}` })
    .where('id', '=', id)
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
  return { total, published, draft: total - published, totalViews: Number(row.totalViews ?? 0) }
}
