import { redirect } from 'react-router'
import type { Route } from './+types/index'
import { requireAdminPage } from '~/http/admin-guard.server.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context, params.adminPath)
  return redirect(`/${context.app.config.adminPath}/dashboard`)
}
