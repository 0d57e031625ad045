import type { Db } from '~/db/db.server.ts'
import type { BlogStatus } from '~/lib/constants.ts'
import type { BlogPostInput, BlogPostPatch } from '~/lib/schemas.ts'
import * as model from '~/models/blog.server.ts'
import type { BlogPost, BlogPostSummary, BlogStats } from '~/models/blog.server.ts'
import type { Admin } from './auth.server.ts'
import { announceContentChange } from './content-events.server.ts'
import { NotFoundError } from './errors.server.ts'
import { sanitizeBlogHtml } from './sanitize.server.ts'
import type { ViewCounter } from './view-counter.server.ts'

export type { BlogPost, BlogPostSummary, BlogStats }

const today = () => new Date().toISOString().slice(0, 10)

/** Published posts, newest first; sanitized again on the way out in case old rows predate a rule. */
export async function listPublishedPosts(db: Db): Promise<BlogPost[]> {
  const posts = await model.findBlogPosts(db, { status: 'published' })
  return posts.map((p) => ({ ...p, content: sanitizeBlogHtml(p.content) }))
}

/** Published posts without their bodies, newest first, for cards, feeds and the sitemap: no body to read or sanitize. */
export function listPublishedPostSummaries(db: Db): Promise<BlogPostSummary[]> {
  return model.findPublishedPostSummaries(db)
}

export type AdminBlogQuery = { status?: BlogStatus; q?: string; limit?: number; offset?: number }

export async function listPosts(db: Db, _admin: Admin, query: AdminBlogQuery = {}) {
  const [posts, counts] = await Promise.all([model.findBlogPosts(db, query), model.countBlogPosts(db, { q: query.q })])
  return { posts, counts: { all: (counts.published ?? 0) + (counts.draft ?? 0), published: counts.published ?? 0, draft: counts.draft ?? 0 } }
}

/**
 * A visitor's read of a post: drafts do not exist for them, and each read counts one view through
 * the process's batching counter. The admin reads any post without counting.
 */
export async function readPost(db: Db, admin: Admin | null, id: number, views: ViewCounter): Promise<BlogPost> {
  const post = await model.findBlogPost(db, id)
  if (!post || (!admin && post.status !== 'published')) throw new NotFoundError('Post not found')
  if (!admin) post.views += views.count(id)
  return { ...post, content: sanitizeBlogHtml(post.content) }
}

export async function createPost(db: Db, _admin: Admin, input: BlogPostInput): Promise<BlogPost> {
  const post = await model.insertBlogPost(db, { ...input, content: sanitizeBlogHtml(input.content), date: input.date ?? today() })
  await announceContentChange(db)
  return post
}

export async function updatePost(db: Db, _admin: Admin, id: number, patch: BlogPostPatch): Promise<BlogPost> {
  const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as BlogPostPatch
  if (clean.content !== undefined) clean.content = sanitizeBlogHtml(clean.content)
  const post = await model.updateBlogPost(db, id, clean)
  if (!post) throw new NotFoundError('Post not found')
  await announceContentChange(db)
  return post
}

export async function deletePost(db: Db, _admin: Admin, id: number): Promise<void> {
  if (!(await model.deleteBlogPost(db, id))) throw new NotFoundError('Post not found')
  await announceContentChange(db)
}

export function getBlogStats(db: Db, _admin: Admin): Promise<BlogStats> {
  return model.findBlogStats(db)
}
