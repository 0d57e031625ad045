import { describe, expect, it } from 'vitest'
import {
  BLOG_PAGE_SIZE,
  blogCategories,
  blogListHref,
  blogTags,
  filterPosts,
  hasMore,
  parseTags,
  readBlogListQuery,
  tagName,
  visiblePosts,
} from '~/lib/blog-list'

interface Post {
  id: number
  category: string
}

// 8 SEO posts, 3 Security posts, 2 Web Design posts, interleaved.
const categories = ['SEO', 'Security', 'SEO', 'Web Design', 'SEO', 'SEO', 'Security', 'SEO', 'SEO', 'Web Design', 'SEO', 'Security', 'SEO']
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

describe('readBlogListQuery and blogListHref', () => {
  const read = (search: string) => readBlogListQuery(new URLSearchParams(search))

  it("starts at 'All' with one page", () => {
    expect(read('')).toEqual({ category: 'All', pages: 1 })
    expect(read('category=All&page=1')).toEqual({ category: 'All', pages: 1 })
  })

  it('reads the category and the number of pages shown', () => {
    expect(read('category=Web+Design&page=3')).toEqual({ category: 'Web Design', pages: 3 })
    expect(read('page=2&category=SEO&cb=7')).toEqual({ category: 'SEO', pages: 2 })
  })

  it('takes anything but a whole page number from 1 as the first page', () => {
    for (const page of ['0', '-1', '1.5', '2e3', 'two', '', '01', '99999999']) expect(read(`page=${page}`).pages, page).toBe(1)
  })

  it('writes the shortest address and reads it back', () => {
    expect(blogListHref({ category: 'All', pages: 1 })).toBe('/blog')
    expect(blogListHref({ category: 'All', pages: 2 })).toBe('/blog?page=2')
    expect(blogListHref({ category: 'SEO', pages: 1 })).toBe('/blog?category=SEO')
    const href = blogListHref({ category: 'AI & Web Design', pages: 4 })
    expect(href).toBe('/blog?category=AI+%26+Web+Design&page=4')
    expect(read(href.slice('/blog?'.length))).toEqual({ category: 'AI & Web Design', pages: 4 })
  })

  it('drives the visible grid: page N shows the first N pages of the category', () => {
    const shown = (search: string) => {
      const q = read(search)
      return {
        count: visiblePosts(posts, q.category, q.pages * BLOG_PAGE_SIZE).length,
        more: hasMore(posts, q.category, q.pages * BLOG_PAGE_SIZE),
      }
    }
    expect(shown('category=SEO')).toEqual({ count: 6, more: true })
    expect(shown('category=SEO&page=2')).toEqual({ count: 8, more: false })
    expect(shown('page=2')).toEqual({ count: 12, more: true })
    expect(shown('page=3')).toEqual({ count: 13, more: false })
  })
})

describe('tags (issue 24: imported posts keep theirs)', () => {
  const tagged = [
    { id: 1, category: 'News', tags: ['Studio', 'Harbour life'] },
    { id: 2, category: 'Design', tags: ['studio'] },
    { id: 3, category: 'News', tags: [] },
    { id: 4, category: 'News', tags: ['Café & Co'] },
  ]

  it('reads the stored JSON array, and anything else as no tags', () => {
    expect(parseTags('["harbour","studio"]')).toEqual(['harbour', 'studio'])
    for (const stored of ['', '[]', 'not json', '{"a":1}', null, undefined]) expect(parseTags(stored)).toEqual([])
  })

  it('gives each tag a slug, once, and none to a tag without a letter or digit', () => {
    expect(blogTags(['Harbour life', 'Café & Co', 'harbour-life', '!!!'])).toEqual([
      { name: 'Harbour life', slug: 'harbour-life' },
      { name: 'Café & Co', slug: 'cafe-co' },
    ])
  })

  it("filters by a tag's slug, with or without a category, and pages the result", () => {
    expect(filterPosts(tagged, 'All', 'studio').map((p) => p.id)).toEqual([1, 2])
    expect(filterPosts(tagged, 'News', 'studio').map((p) => p.id)).toEqual([1])
    expect(filterPosts(tagged, 'All', 'cafe-co').map((p) => p.id)).toEqual([4])
    expect(filterPosts(tagged, 'All', 'nothing')).toEqual([])
    expect(visiblePosts(tagged, 'All', 1, 'studio').map((p) => p.id)).toEqual([1])
    expect(hasMore(tagged, 'All', 1, 'studio')).toBe(true)
    expect(tagName(tagged, 'harbour-life')).toBe('Harbour life')
    expect(tagName(tagged, 'unknown')).toBe('unknown')
  })

  it('writes and reads /blog?tag=slug', () => {
    expect(blogListHref({ category: 'All', pages: 1, tag: 'harbour-life' })).toBe('/blog?tag=harbour-life')
    expect(blogListHref({ category: 'News', pages: 2, tag: 'studio' })).toBe('/blog?category=News&tag=studio&page=2')
    expect(readBlogListQuery(new URLSearchParams('category=News&tag=Studio&page=2'))).toEqual({ category: 'News', pages: 2, tag: 'studio' })
    expect(readBlogListQuery(new URLSearchParams('tag=')).tag).toBeUndefined()
  })
})
