import type { Db } from '~/db/db.server.ts'
import { numberedSlug } from '~/lib/publishing.ts'
import * as model from '~/models/blog.server.ts'
import type { BlogPost } from '~/models/blog.server.ts'
import { sanitizeBlogHtml } from '~/infra/sanitize.server.ts'
import type { ViewCounter } from './view-counter.server.ts'

/**
 * A post's public address (docs/decisions/021): the slug a save takes (the first free one of
 * `slug`, `slug-2`...), the slugs it had before and an imported post's old address, each still
 * leading to the post.
 */

class SlugTakenError extends Error {}

/**
 * Runs `save` in a transaction with the address `base`, then `base-2`, `base-3`... until one is
 * free: the unique index on blog_posts.slug and the primary key of blog_slugs decide, so two
 * saves racing for one address never both get it (docs/decisions/021).
 */
export async function withFreeSlug<T>(
  db: Db,
  base: string,
  postId: number | null,
  save: (trx: Db, slug: string) => Promise<T>,
): Promise<T> {
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

/** Keeps `slug` in the post's slug history (its old addresses); taken by another post, the save tries the next one. */
export async function keepSlug(trx: Db, slug: string, postId: number) {
  if (!(await model.claimSlug(trx, slug, postId))) throw new SlugTakenError(slug)
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
