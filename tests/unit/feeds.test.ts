import { XMLParser } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { STATIC_PAGES, buildRobots, buildRss, buildSitemap, escapeXml, rssDate } from '~/lib/feeds'

const SITE = 'https://studio.example'
const parser = new XMLParser({ ignoreAttributes: false })

describe('feeds', () => {
  it('escapes XML special characters', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;')
  })

  it('builds a sitemap with absolute URLs and day-precision lastmod', () => {
    const xml = buildSitemap(SITE, [{ path: '/' }, { path: '/blog/4', lastmod: '2026-03-04T12:30:00.000Z' }])
    const doc = parser.parse(xml)
    expect(doc.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
    expect(doc.urlset.url).toEqual([{ loc: `${SITE}/` }, { loc: `${SITE}/blog/4`, lastmod: '2026-03-04' }])
  })

  it('lists every public page of the spec in the static sitemap pages', () => {
    for (const p of [
      '/',
      '/services',
      '/portfolio',
      '/blog',
      '/about',
      '/demo-builder',
      '/faq',
      '/proposal',
      '/book',
      '/pricing',
      '/contact',
      '/privacy',
      '/terms',
    ]) {
      expect(STATIC_PAGES).toContain(p)
    }
  })

  it('disallows the admin path and the API in robots.txt and names the sitemap', () => {
    const txt = buildRobots(SITE, 'backoffice')
    expect(txt).toContain('Disallow: /backoffice/')
    expect(txt).toContain('Disallow: /api/')
    expect(txt).toContain(`Sitemap: ${SITE}/sitemap.xml`)
  })

  it('builds RSS 2.0 items with escaped text, permalinks and RFC 822 dates', () => {
    const xml = buildRss({
      siteUrl: SITE,
      title: 'Acme Blog',
      description: 'Tips & tricks',
      posts: [
        {
          id: 2,
          slug: 'speed-fast',
          title: 'Speed <fast>',
          excerpt: 'Why "speed" matters',
          category: 'Performance',
          author: 'Ann',
          date: '2026-02-01',
        },
        { id: 1, slug: 'hello', title: 'Hello', excerpt: 'First', category: 'SEO', author: 'Bob', date: '2026-01-01' },
      ],
    })
    const rss = parser.parse(xml).rss
    expect(rss['@_version']).toBe('2.0')
    expect(rss.channel.title).toBe('Acme Blog')
    expect(rss.channel.description).toBe('Tips & tricks')
    expect(rss.channel.item).toHaveLength(2)
    expect(rss.channel.item[0].title).toBe('Speed <fast>')
    expect(rss.channel.item[0].link).toBe(`${SITE}/blog/speed-fast`)
    expect(rss.channel.item[0].pubDate).toBe('Sun, 01 Feb 2026 00:00:00 GMT')
    expect(rss.channel.lastBuildDate).toBe('Sun, 01 Feb 2026 00:00:00 GMT')
  })

  it("lists a post's tags as more <category> elements after its category", () => {
    const xml = buildRss({
      siteUrl: SITE,
      title: 'Acme Blog',
      description: '',
      posts: [
        {
          id: 1,
          slug: 'harbour',
          title: 'Harbour',
          excerpt: '',
          category: 'Design',
          tags: ['studio', 'Fish & chips', 'Design'],
          author: 'Ann',
          date: '2026-02-01',
        },
      ],
    })
    expect(xml).toContain(
      '<category>Design</category>\n      <category>studio</category>\n      <category>Fish &amp; chips</category>\n      <dc:creator>',
    )
    expect(xml.match(/<category>Design<\/category>/g)).toHaveLength(1)
  })

  it('turns days and timestamps into RSS dates', () => {
    expect(rssDate('2026-01-01')).toBe('Thu, 01 Jan 2026 00:00:00 GMT')
    expect(rssDate('2026-01-01T08:00:00.000Z')).toBe('Thu, 01 Jan 2026 08:00:00 GMT')
  })
})
