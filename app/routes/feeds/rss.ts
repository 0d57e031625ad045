import type { Route } from './+types/rss'
import { buildRss } from '~/lib/feeds.ts'
import { listPublishedPostSummaries } from '~/services/blog.server.ts'
import { getSettings } from '~/services/settings.server.ts'
import { withBylines } from '~/services/people.server.ts'
import { PAGE_META } from '~/content/seo.ts'

/** The published posts, newest first, as RSS 2.0. */
export async function loader({ context }: Route.LoaderArgs) {
  const [posts, settings] = await Promise.all([listPublishedPostSummaries(context.app.db), getSettings(context.app.db)])
  const xml = buildRss({
    siteUrl: context.app.config.siteUrl,
    title: `${settings.siteName} Blog`,
    description: PAGE_META.blog.description,
    posts: await withBylines(context.app.db, posts),
  })
  return new Response(xml, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  })
}
