import { describe, expect, it } from 'vitest'
import { BLOG_SLUG_PATH, blogPostSlug, isCacheablePath } from '~/lib/public-paths'
import { numberedSlug, readTimeFor, slugify, utcIsoToZoned, zonedToUtcIso } from '~/lib/publishing'

describe('post addresses', () => {
  it('makes lowercase ASCII words joined by hyphens from a title', () => {
    expect(slugify('Hello, World!')).toBe('hello-world')
    expect(slugify('  Crème brûlée à la Straße  ')).toBe('creme-brulee-a-la-strasse')
    expect(slugify('Æsir & Øresund — Łódź')).toBe('aesir-oresund-lodz')
    expect(slugify('!!!')).toBe('post')
    expect(slugify('404')).toBe('post-404')
  })

  it('cuts a long title at a word, and numbers within the limit', () => {
    const long = slugify('word '.repeat(40))
    expect(long.length).toBeLessThanOrEqual(80)
    expect(long).toMatch(/^word(-word)*$/)
    expect(numberedSlug(long, 12).length).toBeLessThanOrEqual(80)
    expect(numberedSlug('hello', 1)).toBe('hello')
    expect(numberedSlug('hello', 3)).toBe('hello-3')
  })

  it('caches post addresses only, not ids or odd paths', () => {
    expect(blogPostSlug('/blog/hello-world')).toBe('hello-world')
    for (const path of ['/blog/123', '/blog/Hello', '/blog/a--b', '/blog/-a', '/blog/a/b', '/blog/a.b', `/blog/${'a'.repeat(81)}`]) {
      expect(BLOG_SLUG_PATH.test(path), path).toBe(false)
      expect(isCacheablePath(path), path).toBe(false)
    }
    expect(isCacheablePath('/blog/hello-world')).toBe(true)
  })
})

describe('read time and publish times', () => {
  it('counts 200 words a minute, at least one', () => {
    expect(readTimeFor('<p>Hi</p>')).toBe('1 min read')
    expect(readTimeFor(`<p>${'word '.repeat(401)}</p>`)).toBe('3 min read')
  })

  it('turns a wall-clock time in a zone into UTC and back, across daylight saving', () => {
    expect(zonedToUtcIso('2030-01-15T09:30', 'America/New_York')).toBe('2030-01-15T14:30:00.000Z')
    expect(zonedToUtcIso('2030-07-15T09:30', 'America/New_York')).toBe('2030-07-15T13:30:00.000Z')
    expect(zonedToUtcIso('2030-07-15T09:30', 'Asia/Kolkata')).toBe('2030-07-15T04:00:00.000Z')
    expect(zonedToUtcIso('2030-07-15T09:30', 'UTC')).toBe('2030-07-15T09:30:00.000Z')
    expect(zonedToUtcIso('not a time', 'UTC')).toBe('')
    expect(utcIsoToZoned('2030-01-15T14:30:00.000Z', 'America/New_York')).toBe('2030-01-15T09:30')
  })
})
