import { Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { AdminSidebar } from '~/components/admin/sidebar.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { closedNavGroups } from '~/lib/admin-nav.ts'
import { can, menuFor } from '~/lib/permissions.ts'
import { menuCounts } from '~/services/lead-list.server.ts'
import { zoneGenericName } from '~/lib/agency-time.ts'
import { readerZone } from '~/services/clock.server.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  // `mail`: whether mail leaves the site (SMTP_URL), for the banner beside every action that mails (issue 36).
  const mail = { configured: context.app.mailer.configured, outbox: can(admin.role, 'mail') }
  // The unread leads and new calls beside the menu's lead items (issue 36 §1), one cheap query.
  const counts = await menuCounts(context.app.db, admin)
  // The zone every time on this person's screens is written in, named once per screen (docs/decisions/070).
  const zone = await readerZone(context.app.db, admin)
  const timeZone = { id: zone.id, name: zoneGenericName(zone.id), title: zone.title, own: zone.own }
  return {
    username: admin.displayName,
    adminPath: context.app.config.adminPath,
    links: menuFor(admin.role),
    mail,
    counts,
    timeZone,
    closedGroups: closedNavGroups(request.headers.get('Cookie')),
  }
}

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex, nofollow' }]

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-screen bg-ink-50 lg:flex">
      <AdminSidebar
        adminPath={loaderData.adminPath}
        username={loaderData.username}
        links={loaderData.links}
        counts={loaderData.counts}
        closedGroups={loaderData.closedGroups}
      />
      <main className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
        <Outlet />
      </main>
    </div>
  )
}
