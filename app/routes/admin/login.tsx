import type { Route } from './+types/login'
import { checkAdminPath } from '~/http/admin-guard.server.ts'

export function loader({ context, params }: Route.LoaderArgs) {
  checkAdminPath(context, params.adminPath)
  return null
}

export default function Login() {
  return <main><h1>Admin Panel</h1></main>
}
