import { tagSlug } from './publishing.ts'

/**
 * Public blog list filtering and paging (spec sections 2 and 9). Implements
 * the intended behaviour: the grid shows the filtered posts, paged by 6.
 */

/** Posts shown initially and added by each 'Load More Articles' click. */
export const BLOG_PAGE_SIZE = 6

/** The filter value that shows every category. */
export const ALL_CATEGORIES = 'All'

/**
 * What a blog list address asks for (issue 22): the filter and the paging are links the server
 * answers, so they work before the page's script runs. `category` is absent or 'All' for every
 * category; `pages` is how many pages are shown (`?page=2` shows the first 12 posts), so 'Load
 * More Articles' keeps what was on the page and adds the next 6.
 */
export interface BlogListQuery {
  category: string
  pages: number
  /** A tag's slug (`?tag=`): only the posts carrying that tag. */
  tag?: string
}

/** A post's tag: its name as written, and the slug its list address uses (`/blog?tag=slug`). */
export type BlogTag = { name: string; slug: string }

/** A post's stored tags (`blog_posts.tags`, a JSON array of names); anything else is none. */
export function parseTags(stored: string | null | undefined): string[] {
  try {
    const list: unknown = JSON.parse(stored || '[]')
    return Array.isArray(list) ? list.map(String).filter((t) => t.trim() !== '') : []
  } catch {
    return []
  }
}

/** The stored form of a post's tags, which parseTags reads back: a JSON array of names, as the import writes it. */
export function storedTags(names: readonly string[]): string {
  return JSON.stringify(names)
}

/** Tags with their slugs (tagSlug: in any script), each slug once (a tag whose name has no letter or digit has no address). */
export function blogTags(names: readonly string[]): BlogTag[] {
  const bySlug = new Map<string, BlogTag>()
  for (const name of names) {
    const slug = tagSlug(name)
    if (slug && !bySlug.has(slug)) bySlug.set(slug, { name, slug })
  }
  return [...bySlug.values()]
}

/** The name of the tag `slug` among the posts' tags (the slug itself when no post carries it). */
export function tagName(posts: readonly { tags: readonly string[] }[], slug: string): string {
  for (const p of posts) {
    const found = blogTags(p.tags).find((t) => t.slug === slug)
    if (found) return found.name
  }
  return slug
}

/**
 * Reads `?category=`, `?tag=` and `?page=` (a whole number from 1; anything else is the first page).
 * The tag arrives percent-decoded; NFC, as tagSlug makes slugs, so a link typed on a system that
 * sends decomposed letters (NFD) finds the same tag.
 */
export function readBlogListQuery(params: URLSearchParams): BlogListQuery {
  const category = params.get('category')?.trim() || ALL_CATEGORIES
  const page = params.get('page') ?? ''
  const tag = params.get('tag')?.trim().normalize('NFC').toLowerCase() || undefined
  return { category, pages: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1, tag }
}

/**
 * The address of a list: `/blog`, `/blog?category=SEO`, `/blog?tag=studio`, `/blog?category=SEO&page=2`.
 * URLSearchParams percent-encodes as encodeURIComponent does for a slug's letters, digits and
 * hyphens: `/blog?tag=%D0%B2%D0%B5%D0%B1` for "веб".
 */
export function blogListHref({ category, pages, tag }: BlogListQuery): string {
  const params = new URLSearchParams()
  if (category !== ALL_CATEGORIES) params.set('category', category)
  if (tag) params.set('tag', tag)
  if (pages > 1) params.set('page', String(pages))
  const search = params.toString()
  return search ? `/blog?${search}` : '/blog'
}

/** Filter buttons: 'All' then each distinct category in first-seen order. */
export function blogCategories(posts: readonly { category: string }[]): string[] {
  const seen = new Set<string>()
  for (const p of posts) {
    if (p.category && p.category !== ALL_CATEGORIES) seen.add(p.category)
  }
  return [ALL_CATEGORIES, ...seen]
}

type Filterable = { category: string; tags?: readonly string[] }

/** Posts in the selected category ('All' returns every post) and, given a tag's slug, carrying that tag. */
export function filterPosts<T extends Filterable>(posts: readonly T[], category: string, tag?: string): T[] {
  return posts.filter(
    (p) => (category === ALL_CATEGORIES || p.category === category) && (!tag || blogTags(p.tags ?? []).some((t) => t.slug === tag)),
  )
}

/** The posts the grid renders: the filtered list cut to visibleCount. */
export function visiblePosts<T extends Filterable>(posts: readonly T[], category: string, visibleCount: number, tag?: string): T[] {
  return filterPosts(posts, category, tag).slice(0, Math.max(0, visibleCount))
}

/** Whether the 'Load More Articles' button should show (more filtered posts remain). */
export function hasMore(posts: readonly Filterable[], category: string, visibleCount: number, tag?: string): boolean {
  return filterPosts(posts, category, tag).length > Math.max(0, visibleCount)
}
