import { describe, expect, it } from 'vitest'
import {
  BLOG_PAGE_SIZE,
  blogCategories,
  blogListReducer,
  filterPosts,
  hasMore,
  initialBlogListState,
  visiblePosts,
} from '~/lib/blog-list'

interface Post {
  id: number
  category: string
}

// 8 SEO posts, 3 Security posts, 2 Web Design posts, interleaved.
const categories = [
  'SEO', 'Security', 'SEO', 'Web Design', 'SEO', 'SEO', 'Security', 'SEO',
  'SEO', 'Web Design', 'SEO', 'Security', 'SEO',
]
const posts: Post[] = categories.map((category, i) => ({ id: i + 1, category }))

describe('blogCategories', () => {
  it("is 'All' then distinct categories in first-seen order", () => {
    expect(blogCategories(posts)).toEqual(['All', 'SEO', 'Security', 'Web Design'])
  })

  it("is just 'All' with no posts", () => {
    expect(blogCategories([])).toEqual(['All'])
  })
})

describe('filterPosts', () => {
  it("'All' returns every post", () => {
    expect(filterPosts(posts, 'All')).toHaveLength(13)
  })

  it('returns only the chosen category, in order', () => {
    expect(filterPosts(posts, 'Security').map((p) => p.id)).toEqual([2, 7, 12])
    expect(filterPosts(posts, 'Mobile Design')).toEqual([])
  })
})

describe('visiblePosts and hasMore', () => {
  it('shows the first page of 6 with more to load', () => {
    expect(BLOG_PAGE_SIZE).toBe(6)
    expect(visiblePosts(posts, 'All', 6).map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6])
    expect(hasMore(posts, 'All', 6)).toBe(true)
  })

  it('shows everything after loading more', () => {
    expect(visiblePosts(posts, 'All', 12)).toHaveLength(12)
    expect(hasMore(posts, 'All', 12)).toBe(true)
    expect(visiblePosts(posts, 'All', 18)).toHaveLength(13)
    expect(hasMore(posts, 'All', 18)).toBe(false)
  })

  it('pages within the filtered category', () => {
    expect(visiblePosts(posts, 'SEO', 6).map((p) => p.id)).toEqual([1, 3, 5, 6, 8, 9])
    expect(hasMore(posts, 'SEO', 6)).toBe(true)
    expect(visiblePosts(posts, 'SEO', 12)).toHaveLength(8)
    expect(hasMore(posts, 'SEO', 12)).toBe(false)
  })

  it('has no more when the category fits in one page or is empty', () => {
    expect(visiblePosts(posts, 'Security', 6)).toHaveLength(3)
    expect(hasMore(posts, 'Security', 6)).toBe(false)
    expect(visiblePosts(posts, 'Performance', 6)).toEqual([])
    expect(hasMore(posts, 'Performance', 6)).toBe(false)
  })

  it('has no more when exactly a page is available', () => {
    const six = posts.slice(0, 6)
    expect(hasMore(six, 'All', 6)).toBe(false)
  })
})

describe('blogListReducer', () => {
  it("starts at 'All' with 6 visible", () => {
    expect(initialBlogListState()).toEqual({ category: 'All', visible: 6 })
  })

  it("'more' adds 6 each time", () => {
    let s = initialBlogListState()
    s = blogListReducer(s, { type: 'more' })
    expect(s).toEqual({ category: 'All', visible: 12 })
    s = blogListReducer(s, { type: 'more' })
    expect(s).toEqual({ category: 'All', visible: 18 })
  })

  it("'select' changes the category and resets to 6", () => {
    const loaded = blogListReducer(blogListReducer(initialBlogListState(), { type: 'more' }), { type: 'more' })
    expect(loaded.visible).toBe(18)
    expect(blogListReducer(loaded, { type: 'select', category: 'SEO' })).toEqual({ category: 'SEO', visible: 6 })
  })

  it('drives the visible grid', () => {
    let s = blogListReducer(initialBlogListState(), { type: 'select', category: 'SEO' })
    expect(visiblePosts(posts, s.category, s.visible)).toHaveLength(6)
    s = blogListReducer(s, { type: 'more' })
    expect(visiblePosts(posts, s.category, s.visible)).toHaveLength(8)
    expect(hasMore(posts, s.category, s.visible)).toBe(false)
  })
})
