import { describe, expect, it } from 'vitest'
import { readBlogForm, toBlogInput } from '~/components/admin/blog-form'
import { blogListHref, blogTags, filterPosts, parseTags, readBlogListQuery, storedTags, tagName } from '~/lib/blog-list'
import { splitTags, TAG_TOO_LONG, tagsText, TOO_MANY_TAGS } from '~/lib/post-tags'
import { slugify, tagSlug } from '~/lib/publishing'
import { BlogPostPatchSchema, BlogPostSchema, fieldErrors } from '~/lib/schemas'
import { writeWxr } from '~/services/site-export/wxr-writer.server.ts'

const post = { title: 'T', subheading: 'S', excerpt: 'E', content: '<p>C</p>', category: 'SEO' }
const tagsOf = (tags: unknown) => BlogPostPatchSchema.safeParse({ tags })

describe("a post's tags as the editor and the API send them", () => {
  it('reads the comma-separated field: trimmed, blanks dropped, each once keeping the first spelling', () => {
    expect(tagsOf(' Web design, SEO,, web DESIGN , ,Speed ').data?.tags).toEqual(['Web design', 'SEO', 'Speed'])
    expect(tagsOf('').data?.tags).toEqual([])
    expect(tagsOf(' , ').data?.tags).toEqual([])
  })

  it('takes a list from the API, cleaned the same way, a comma inside a name kept', () => {
    expect(tagsOf([' वेब डिज़ाइन ', 'Веб-дизайн', 'веб-ДИЗАЙН', '', 'Food, drink']).data?.tags).toEqual([
      'वेब डिज़ाइन',
      'Веб-дизайн',
      'Food, drink',
    ])
  })

  it('reads the stored JSON array (what GET /api/blogs returns) as that list, not at its commas', () => {
    expect(splitTags('["Food, drink","SEO"]')).toEqual(['Food, drink', 'SEO'])
    expect(tagsOf('["Food, drink","SEO"]').data?.tags).toEqual(['Food, drink', 'SEO'])
    // Not a list of names: plain text.
    expect(splitTags('[draft], x')).toEqual(['[draft]', ' x'])
    expect(splitTags('[1,2]')).toEqual(['[1', '2]'])
  })

  it('refuses more than 20 tags and a tag over 50 characters, on the tags field, in plain words', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `tag ${i}`)
    expect(tagsOf(twenty).success).toBe(true)
    // Duplicates do not count.
    expect(tagsOf([...twenty, 'TAG 0']).success).toBe(true)
    const many = tagsOf([...twenty, 'one more'])
    expect(fieldErrors(many.error!)).toEqual({ tags: TOO_MANY_TAGS })
    expect(TOO_MANY_TAGS).toBe('Use at most 20 tags.')

    expect(tagsOf(['x'.repeat(50)]).success).toBe(true)
    // Characters, not UTF-16 units: 50 emoji are 50 characters.
    expect(tagsOf(['🙂'.repeat(50)]).success).toBe(true)
    expect(fieldErrors(tagsOf(`ok, ${'x'.repeat(51)}`).error!)).toEqual({ tags: TAG_TOO_LONG })
    expect(TAG_TOO_LONG).toBe('Each tag can be at most 50 characters.')

    expect(fieldErrors(tagsOf(42).error!)).toEqual({ tags: 'Tags must be a list of names' })
    expect(Object.keys(fieldErrors(tagsOf(['ok', 3]).error!))).toEqual(['tags'])
  })

  it('leaves tags out when they were not sent (an update keeps them); a new post may have them', () => {
    expect(BlogPostPatchSchema.parse({ title: 'x' })).not.toHaveProperty('tags')
    expect(BlogPostSchema.parse(post).tags).toBeUndefined()
    expect(BlogPostSchema.parse({ ...post, tags: ['a', 'A'] }).tags).toEqual(['a'])
    expect(BlogPostSchema.safeParse({ ...post, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }).success).toBe(false)
  })

  it('keeps the stored format the import writes and parseTags reads', () => {
    expect(storedTags(['वेब डिज़ाइन', 'SEO'])).toBe(JSON.stringify(['वेब डिज़ाइन', 'SEO']))
    expect(parseTags(storedTags(['Food, drink', 'Σχέδιο']))).toEqual(['Food, drink', 'Σχέδιο'])
    expect(tagsText(['Web design', 'SEO'])).toBe('Web design, SEO')
  })
})

describe('the editor form sends the tags only when the field was changed', () => {
  const form = (fields: Record<string, string>) => {
    const f = new FormData()
    for (const [k, v] of Object.entries({ ...post, status: 'draft', ...fields })) f.set(k, v)
    return toBlogInput(readBlogForm(f))
  }

  it('a changed field is sent, an unchanged one (or a page without the field) is not', () => {
    expect(form({ tags: 'Web, SEO', tagsShown: 'Web' }).tags).toBe('Web, SEO')
    expect(form({ tags: '', tagsShown: 'Web' }).tags).toBe('')
    expect(form({ tags: 'Food, drink', tagsShown: 'Food, drink' })).not.toHaveProperty('tags')
    expect(form({})).not.toHaveProperty('tags')
    expect(form({}).title).toBe('T')
  })

  it('an imported post with more tags than the editor takes still saves when the field is left alone', () => {
    const shown = tagsText(Array.from({ length: 25 }, (_, i) => `t${i}`))
    expect(BlogPostPatchSchema.safeParse(form({ tags: shown, tagsShown: shown })).success).toBe(true)
    expect(fieldErrors(BlogPostPatchSchema.safeParse(form({ tags: `${shown}, t25`, tagsShown: shown })).error!)).toEqual({
      tags: TOO_MANY_TAGS,
    })
  })
})

describe('tag slugs in any script', () => {
  it('keeps the letters, marks and digits of every script, lowercase, joined by hyphens', () => {
    expect(tagSlug('वेब डिज़ाइन')).toBe('वेब-डिज़ाइन'.normalize('NFC'))
    expect(tagSlug('Веб-дизайн')).toBe('веб-дизайн')
    expect(tagSlug('Мой блог')).toBe('мой-блог')
    expect(tagSlug('ウェブデザイン')).toBe('ウェブデザイン')
    expect(tagSlug('東京 2024')).toBe('東京-2024')
    expect(tagSlug('Σχεδιασμός Ιστοσελίδων')).toBe('σχεδιασμός-ιστοσελίδων')
    expect(tagSlug('웹 디자인')).toBe('웹-디자인')
  })

  it('gives different tags different slugs (slugify made all of these "post")', () => {
    const names = ['वेब डिज़ाइन', 'गति', 'Веб-дизайн', 'Скорость', 'ウェブデザイン', 'Σχεδιασμός']
    for (const n of names) expect(slugify(n)).toBe('post')
    expect(new Set(names.map(tagSlug)).size).toBe(names.length)
  })

  it('is stable: the same tag however its letters are encoded, and idempotent', () => {
    const hindi = 'वेब डिज़ाइन'
    expect(tagSlug(hindi.normalize('NFD'))).toBe(tagSlug(hindi.normalize('NFC')))
    // Precomposed ज़ (U+095B) and ज + nukta are one letter.
    expect(tagSlug('\u095B')).toBe(tagSlug('\u091C\u093C'))
    expect(tagSlug('ｳｪﾌﾞ')).toBe(tagSlug('ウェブ'))
    for (const n of ['वेब डिज़ाइन', 'Веб-дизайн', 'ウェブデザイン', 'Café crème']) expect(tagSlug(tagSlug(n))).toBe(tagSlug(n))
  })

  it('gives a Latin tag exactly the slug it had (no tag address moves), and none to a tag without letters', () => {
    for (const n of ['Café & Co', 'Harbour life', 'Crème brûlée à la Straße', 'Æsir & Øresund — Łódź', '2024', 'SEO'])
      expect(tagSlug(n)).toBe(slugify(n))
    expect(tagSlug('!!!')).toBe('')
    expect(tagSlug('  ')).toBe('')
  })

  it('is URL-safe once percent-encoded, and cut at a word within 80 characters', () => {
    const slug = tagSlug('वेब डिज़ाइन')
    expect(encodeURIComponent(slug)).toMatch(/^[A-Za-z0-9%-]+$/)
    expect(decodeURIComponent(encodeURIComponent(slug))).toBe(slug)
    const long = tagSlug('слово '.repeat(30))
    expect([...long].length).toBeLessThanOrEqual(80)
    expect(long).toMatch(/^слово(-слово)*$/)
  })

  it('links a Hindi tag percent-encoded, and the list address finds its posts', () => {
    const posts = [
      { id: 1, category: 'News', tags: ['वेब डिज़ाइन', 'Speed'] },
      { id: 2, category: 'News', tags: ['गति'] },
      { id: 3, category: 'News', tags: ['Веб-дизайн'] },
    ]
    const [web] = blogTags(posts[0]!.tags)
    expect(web).toEqual({ name: 'वेब डिज़ाइन', slug: tagSlug('वेब डिज़ाइन') })
    const href = blogListHref({ category: 'All', pages: 1, tag: web!.slug })
    expect(href).toBe(`/blog?tag=${encodeURIComponent(web!.slug)}`)
    expect(href).toMatch(/^\/blog\?tag=[A-Za-z0-9%-]+$/)
    const query = readBlogListQuery(new URL(href, 'http://x').searchParams)
    expect(query.tag).toBe(web!.slug)
    expect(filterPosts(posts, 'All', query.tag).map((p) => p.id)).toEqual([1])
    expect(tagName(posts, query.tag!)).toBe('वेब डिज़ाइन')
    // Written in decomposed letters (NFD) or unencoded, the address finds the same tag.
    expect(readBlogListQuery(new URLSearchParams({ tag: web!.slug.normalize('NFD') })).tag).toBe(web!.slug)
    expect(filterPosts(posts, 'All', readBlogListQuery(new URLSearchParams(`tag=${tagSlug('Веб-дизайн')}`)).tag).map((p) => p.id)).toEqual([
      3,
    ])
  })
})

describe('wordpress.xml keeps tags in other scripts apart', () => {
  it('gives each tag its own slug (WordPress matches terms by slug; all were "post" before)', () => {
    const base = {
      id: 1,
      title: 'A',
      slug: 'a',
      status: 'published',
      date: '2026-10-02',
      publishAt: null,
      html: '<p>x</p>',
      excerpt: '',
      category: 'Design',
      author: 'Jane',
      oldPaths: [],
      cover: null,
    }
    const xml = writeWxr({ title: 'Agency', url: 'https://agency.example' }, [
      { ...base, tags: ['वेब डिज़ाइन', 'Веб-дизайн', 'Harbour life', '!!!'] },
    ])
    expect([...xml.matchAll(/<wp:tag_slug><!\[CDATA\[(.*?)\]\]><\/wp:tag_slug>/g)].map((m) => m[1])).toEqual([
      tagSlug('वेब डिज़ाइन'),
      'веб-дизайн',
      'harbour-life',
      'post',
    ])
    expect([...xml.matchAll(/domain="post_tag" nicename="([^"]*)"/g)].map((m) => m[1])).toEqual([
      tagSlug('वेब डिज़ाइन'),
      'веб-дизайн',
      'harbour-life',
      'post',
    ])
  })
})
