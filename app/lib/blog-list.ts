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
}

/** Reads `?category=` and `?page=` (a whole number from 1; anything else is the first page). */
export function readBlogListQuery(params: URLSearchParams): BlogListQuery {
  const category = params.get('category')?.trim() || ALL_CATEGORIES
  const page = params.get('page') ?? ''
  return { category, pages: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1 }
}

/** The address of a list: `/blog`, `/blog?category=SEO`, `/blog?category=SEO&page=2`. */
export function blogListHref({ category, pages }: BlogListQuery): string {
  const params = new URLSearchParams()
  if (category !== ALL_CATEGORIES) params.set('category', category)
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

/** Posts in the selected category ('All' returns every post). */
export function filterPosts<T extends { category: string }>(posts: readonly T[], category: string): T[] {
  return category === ALL_CATEGORIES ? [...posts] : posts.filter((p) => p.category === category)
}

/** The posts the grid renders: the filtered list cut to visibleCount. */
export function visiblePosts<T extends { category: string }>(
  posts: readonly T[],
  category: string,
  visibleCount: number,
): T[] {
  return filterPosts(posts, category).slice(0, Math.max(0, visibleCount))
}

/** Whether the 'Load More Articles' button should show (more filtered posts remain). */
export function hasMore(posts: readonly { category: string }[], category: string, visibleCount: number): boolean {
  return filterPosts(posts, category).length > Math.max(0, visibleCount)
}
