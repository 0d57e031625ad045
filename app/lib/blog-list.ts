/**
 * Public blog list filtering and paging (spec sections 2 and 9). Implements
 * the intended behaviour: the grid shows the filtered posts, paged by 6.
 */

/** Posts shown initially and added by each 'Load More Articles' click. */
export const BLOG_PAGE_SIZE = 6

/** The filter value that shows every category. */
export const ALL_CATEGORIES = 'All'

export interface BlogListState {
  category: string
  visible: number
}

export type BlogListAction = { type: 'select'; category: string } | { type: 'more' }

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

/** Initial list state: all categories, one page visible. */
export function initialBlogListState(): BlogListState {
  return { category: ALL_CATEGORIES, visible: BLOG_PAGE_SIZE }
}

/** Reducer for the list: selecting a category resets to one page; 'more' adds a page. */
export function blogListReducer(state: BlogListState, action: BlogListAction): BlogListState {
  switch (action.type) {
    case 'select':
      return { category: action.category, visible: BLOG_PAGE_SIZE }
    case 'more':
      return { ...state, visible: state.visible + BLOG_PAGE_SIZE }
    default:
      return state
  }
}
