import type { Route } from './+types/sitemap'
import { STATIC_PAGES, buildSitemap, type SitemapEntry } from '~/lib/feeds.ts'
import { listPublishedPostSummaries } from '~/services/blog.server.ts'

/** Static pages plus every published post, each post with its last modification day. */
export async function loader({ context }: Route.LoaderArgs) {
  const posts = await listPublishedPostSummaries(context.app.db)
  const newest = posts.reduce<string | null>((max, p) => (max === null || p.updatedAt > max ? p.updatedAt : max), null)
  const entries: SitemapEntry[] = [
    ...STATIC_PAGES.map((path) => ({ path, lastmod: path === '/blog' ? newest : null })),
    ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.updatedAt || p.date })),
  ]
  return new Response(buildSitemap(context.app.config.siteUrl, entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  })
}
