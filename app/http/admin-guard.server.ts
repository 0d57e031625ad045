import { data, redirect, type AppLoadContext } from 'react-router'
import { SESSION_COOKIE, readCookie } from './cookies.server.ts'
import { setActingPerson } from '~/services/acting-context.server.ts'
import { getSession, type Admin } from '~/services/auth.server.ts'

/** 404 unless the first path segment is the configured ADMIN_PATH. */
export function checkAdminPath(context: AppLoadContext, adminPath: string | undefined): string {
  if (adminPath !== context.app.config.adminPath) throw data(null, { status: 404 })
  return adminPath
}

/**
 * Guards every admin page on the server: without a valid session, redirect to the login page
 * (with `expired=1` when the session ran out, so the page can say 'Session Expired').
 */
export async function requireAdminPage(request: Request, context: AppLoadContext, adminPath: string | undefined): Promise<Admin> {
  const base = checkAdminPath(context, adminPath)
  const state = await getSession(context.app.db, readCookie(request.headers.get('cookie'), SESSION_COOKIE))
  if (state.admin) {
    setActingPerson({ id: state.admin.id, name: state.admin.username })
    return state.admin
  }
  const url = new URL(request.url)
  const params = new URLSearchParams({ redirectTo: url.pathname + url.search })
  if (state.expired) params.set('expired', '1')
  throw redirect(`/${base}/login?${params}`)
}
