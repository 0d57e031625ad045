import { data, redirect, type AppLoadContext } from 'react-router'
import { SESSION_COOKIE, readCookie } from './cookies.server.ts'
import { setActingPerson } from '~/infra/acting-context.server.ts'
import { getSession } from '~/services/auth.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { setUpBefore } from '~/services/people.server.ts'
import { forbiddenAnswer } from '~/lib/forbidden.ts'
import { PUBLIC, mayOpen, ruleForPath } from '~/lib/permissions.ts'

/** 404 unless the first path segment is the configured ADMIN_PATH. */
export function checkAdminPath(context: AppLoadContext, adminPath: string | undefined): string {
  if (adminPath !== context.app.config.adminPath) throw data(null, { status: 404 })
  return adminPath
}

/**
 * Guards every admin page on the server: without a valid session, redirect to the login page
 * (with `expired=1` when the session ran out, so the page can say 'Session Expired'). With one,
 * the person's role must allow the address (app/lib/permissions.ts, found from the URL, the same
 * for the page, its `.data` answer and its action), else 403 with the forbidden page and no data.
 */
export async function requireAdminPage(request: Request, context: AppLoadContext, adminPath: string | undefined): Promise<Admin> {
  const base = checkAdminPath(context, adminPath)
  const state = await getSession(context.app.db, readCookie(request.headers.get('cookie'), SESSION_COOKIE))
  if (state.admin) {
    setActingPerson({ id: state.admin.id, name: state.admin.username })
    await checkPageAccess(request, context, base, state.admin)
    return state.admin
  }
  const url = new URL(request.url)
  const params = new URLSearchParams({ redirectTo: url.pathname + url.search })
  if (state.expired) params.set('expired', '1')
  throw redirect(`/${base}/login?${params}`)
}

/** The address below `/{base}/` a request is for: `.data` (and the index's `_root`) removed. */
export function adminSubPath(request: Request, base: string): string {
  let path = new URL(request.url).pathname
  try {
    path = decodeURIComponent(path)
  } catch {
    // A malformed escape: matched as written (no rule names it, so it is refused).
  }
  path = path.replace(/\.data$/, '').replace(/\/_root$/, '')
  return path.slice(base.length + 1).replace(/^\/+|\/+$/g, '')
}

/**
 * The role's rule for this address (403 when the role lacks it, or no rule names the address),
 * then a person who must first set up their sign-in (a one-time password to replace, or a second
 * factor the owner requires) is sent to Settings > Security, whatever they asked for.
 */
async function checkPageAccess(request: Request, context: AppLoadContext, base: string, admin: Admin): Promise<void> {
  const sub = adminSubPath(request, base)
  const rule = ruleForPath(sub)
  if (rule === PUBLIC) return
  if (!mayOpen(admin.role, rule)) throw data(forbiddenAnswer(admin.role, rule, base), { status: 403 })
  const needed = await setUpBefore(context.app.db, admin, 'pages', sub)
  if (needed) throw redirect(`/${base}/settings/security?required=${needed}`)
}
