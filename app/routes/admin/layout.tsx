import { Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { requireAdminPage } from '~/http/admin-guard.server.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  return { username: admin.username, adminPath: context.app.config.adminPath }
}

export default function AdminLayout() {
  return <Outlet />
}
