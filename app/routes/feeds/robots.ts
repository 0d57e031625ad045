import type { Route } from './+types/robots'
import { buildRobots } from '~/lib/feeds.ts'

export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl, adminPath } = context.app.config
  return new Response(buildRobots(siteUrl, adminPath), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
