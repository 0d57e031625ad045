import type { Route } from './+types/sitemap'
import { STATIC_PAGES, buildSitemap, type SitemapEntry } from '~/lib/feeds.ts'
import { listPublishedPostSummaries } from '~/services/blog.server.ts'
import { listPublicPortfolio } from '~/services/portfolio.server.ts'
import { portfolioCasePath } from '~/lib/public-paths.ts'

/** Static pages plus every published post and every active project's case page, each with its last modification day. */
export async function loader({ context }: Route.LoaderArgs) {
  const [posts, projects] = await Promise.all([listPublishedPostSummaries(context.app.db), listPublicPortfolio(context.app.db)])
  const newest = posts.reduce<string | null>((max, p) => (max === null || p.updatedAt > max ? p.updatedAt : max), null)
  const entries: SitemapEntry[] = [
    ...STATIC_PAGES.map((path) => ({ path, lastmod: path === '/blog' ? newest : null })),
    ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.updatedAt || p.date })),
    ...projects.map((p) => ({ path: portfolioCasePath(p), lastmod: p.updatedAt })),
  ]
  return new Response(buildSitemap(context.app.config.siteUrl, entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  })
}
