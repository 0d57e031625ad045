/**
 * Text builders for /sitemap.xml, /robots.txt and /rss.xml (resource routes call these with data
 * from the services). Pure functions so the XML can be unit-tested.
 */
import { PUBLIC_PAGES } from './public-paths.ts'
import { absoluteUrl } from './seo.ts'

/** Escapes the five XML special characters. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string)
}

/** Public pages listed in the sitemap (posts and case pages are added from the database). */
export const STATIC_PAGES: readonly string[] = PUBLIC_PAGES

export type SitemapEntry = { path: string; lastmod?: string | null }

/** yyyy-mm-dd from an ISO date or timestamp (W3C date format accepted by sitemaps). */
export function isoDay(value: string): string {
  return value.slice(0, 10)
}

export function buildSitemap(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries
    .map((e) => {
      const lastmod = e.lastmod ? `<lastmod>${escapeXml(isoDay(e.lastmod))}</lastmod>` : ''
      return `  <url><loc>${escapeXml(absoluteUrl(siteUrl, e.path))}</loc>${lastmod}</url>`
    })
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

/** Everything may be crawled except the back office and the API; names the sitemap. */
export function buildRobots(siteUrl: string, adminPath: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    `Disallow: /${adminPath}/`,
    `Disallow: /${adminPath}$`,
    'Disallow: /api/',
    '',
    `Sitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n')
}

export type RssPost = {
  id: number
  slug: string
  title: string
  excerpt: string
  category: string
  /** Tag names: each is a `<category>` too, after the post's category. */
  tags?: readonly string[]
  author: string
  date: string
}

/** RFC 822 date for RSS from a yyyy-mm-dd day or ISO timestamp. */
export function rssDate(value: string): string {
  const d = new Date(value.length === 10 ? `${value}T00:00:00Z` : value)
  return Number.isNaN(d.getTime()) ? new Date(0).toUTCString() : d.toUTCString()
}

export function buildRss(opts: { siteUrl: string; title: string; description: string; posts: readonly RssPost[] }): string {
  const { siteUrl, posts } = opts
  const items = posts
    .map((p) => {
      const link = escapeXml(absoluteUrl(siteUrl, `/blog/${p.slug}`))
      return [
        '    <item>',
        `      <title>${escapeXml(p.title)}</title>`,
        `      <link>${link}</link>`,
        `      <guid isPermaLink="true">${link}</guid>`,
        `      <description>${escapeXml(p.excerpt)}</description>`,
        ...[...new Set([p.category, ...(p.tags ?? [])])].filter(Boolean).map((c) => `      <category>${escapeXml(c)}</category>`),
        `      <dc:creator>${escapeXml(p.author)}</dc:creator>`,
        `      <pubDate>${rssDate(p.date)}</pubDate>`,
        '    </item>',
      ].join('\n')
    })
    .join('\n')
  const newest = posts.reduce<string | null>((max, p) => (max === null || p.date > max ? p.date : max), null)
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(opts.title)}</title>
    <link>${escapeXml(absoluteUrl(siteUrl, '/blog'))}</link>
    <description>${escapeXml(opts.description)}</description>
    <language>en-us</language>
    <atom:link href="${escapeXml(absoluteUrl(siteUrl, '/rss.xml'))}" rel="self" type="application/rss+xml"/>
${newest ? `    <lastBuildDate>${rssDate(newest)}</lastBuildDate>\n` : ''}${items}
  </channel>
</rss>
`
}
