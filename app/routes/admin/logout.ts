import { data, redirect } from 'react-router'
import type { Route } from './+types/logout'
import { checkAdminPath } from '~/http/admin-guard.server.ts'
import { clearSessionCookie, readCookie, SESSION_COOKIE } from '~/http/cookies.server.ts'
import { readForm } from '~/http/forms.server.ts'
import { logout } from '~/services/auth.server.ts'

/** Nothing to show: signing out is a POST (no GET ever changes state). */
export function loader({ context, params }: Route.LoaderArgs) {
  return redirect(`/${checkAdminPath(context, params.adminPath)}/dashboard`)
}

/**
 * The sidebar's Logout form (with or without JavaScript): ends the session on the server, clears
 * the cookie and goes to the login page, which shows 'Logged Out' for `loggedOut=1`.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const adminPath = checkAdminPath(context, params.adminPath)
  const read = await readForm(request)
  if (!read.ok) throw data(read.failure.formError ?? null, { status: read.failure.status })
  await logout(context.app.db, readCookie(request.headers.get('cookie'), SESSION_COOKIE))
  return redirect(`/${adminPath}/login?loggedOut=1`, { status: 303, headers: { 'Set-Cookie': clearSessionCookie(context.app.config) } })
}
