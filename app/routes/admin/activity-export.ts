import type { Route } from './+types/activity-export'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { activityCsv, activityFilterFrom } from '~/lib/activity.ts'
import { exportActivity } from '~/services/activity-log.server.ts'
import { readerZone } from '~/services/clock.server.ts'

/** The activity log as CSV, filtered like the page it is linked from (Settings > Activity log). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const filter = activityFilterFrom(new URL(request.url).searchParams)
  const entries = await exportActivity(context.app.db, admin, filter)
  const day = new Date().toISOString().slice(0, 10)
  return new Response(activityCsv(entries, (await readerZone(context.app.db, admin)).id), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="activity-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
