import { describe, expect, it } from 'vitest'
import { writeWxr, type WxrPost } from '~/services/site-export/wxr-writer.server.ts'

const SITE = { title: 'Agency', url: 'https://agency.example' }
const post = (over: Partial<WxrPost>): WxrPost => ({
  id: 1,
  title: 'A post',
  slug: 'a-post',
  status: 'published',
  date: '2026-10-02',
  publishAt: null,
  html: '<p>Hello</p>',
  excerpt: '',
  category: 'Design',
  tags: [],
  author: 'Jane Writer',
  oldPaths: [],
  cover: null,
  ...over,
})
/** The file's items as WordPress's importer reads them: type, id, parent, attachment URL and metas. */
function items(xml: string) {
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, body]) => {
    const field = (name: string) => new RegExp(`<wp:${name}>(?:<!\\[CDATA\\[)?(.*?)(?:\\]\\]>)?</wp:${name}>`).exec(body!)?.[1]
    const metas = Object.fromEntries(
      [...body!.matchAll(/<wp:meta_key><!\[CDATA\[(.*?)\]\]><\/wp:meta_key>\s*<wp:meta_value><!\[CDATA\[(.*?)\]\]><\/wp:meta_value>/g)].map(
        (m) => [m[1], m[2]],
      ),
    )
    return { type: field('post_type'), id: field('post_id'), parent: field('post_parent'), url: field('attachment_url'), metas }
  })
}

describe('wordpress.xml (WXR) for a stock WordPress importer', () => {
  // Found with the real WordPress Importer (tests/fixtures/wordpress/check-import.sh): it fetches
  // only attachments, so images in a post's body stayed on our site until each had one.
  it('gives every picture an attachment by URL: the cover (as the featured image) and each image in the body, once each', () => {
    const xml = writeWxr(SITE, [
      post({
        id: 4,
        html: '<p>x</p><img src="https://agency.example/uploads/a.webp" alt="A &amp; B" /><img src="https://agency.example/uploads/cover.webp" alt="" /><img src="https://agency.example/uploads/a.webp" alt="again" />',
        cover: { url: 'https://agency.example/uploads/cover.webp', alt: 'The cover' },
      }),
      post({
        id: 9,
        slug: 'second',
        title: 'Second',
        cover: null,
        html: '<img src="https://agency.example/uploads/a.webp" alt="A &amp; B">',
      }),
    ])
    const all = items(xml)
    const attachments = all.filter((i) => i.type === 'attachment')
    expect(attachments.map((a) => [a.url, a.parent, a.metas._wp_attachment_image_alt])).toEqual([
      ['https://agency.example/uploads/cover.webp', '4', 'The cover'],
      ['https://agency.example/uploads/a.webp', '4', 'A & B'],
    ])
    const posts = all.filter((i) => i.type === 'post')
    expect(posts.map((p) => p.id)).toEqual(['4', '9'])
    expect(posts[0]!.metas._thumbnail_id).toBe(attachments[0]!.id)
    expect(posts[1]!.metas._thumbnail_id).toBeUndefined()
    // Attachment ids never collide with posts' ids (WordPress maps posts by them).
    expect(new Set(all.map((i) => i.id)).size).toBe(all.length)
  })
})
