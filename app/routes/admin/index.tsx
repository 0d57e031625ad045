import { redirect } from 'react-router'
import type { Route } from './+types/index'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { homeFor } from '~/lib/permissions.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  // The first page of the person's menu: the dashboard for an owner or administrator.
  return redirect(`/${context.app.config.adminPath}/${homeFor(admin.role)}`)
}

/**
 * Never rendered (the loader always redirects or throws), but its presence keeps this a page
 * route: without a component, React Router treats `/:adminPath` as a resource route and any
 * one-segment unknown path (/nope) would answer a bare JSON `null` instead of the 404 page.
 */
export default function AdminIndex() {
  return null
}
