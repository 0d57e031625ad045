import { data, type ServerBuild } from 'react-router'
import { refusalOf } from '~/http/refusal.server.ts'
import type { ForbiddenAnswer } from '~/lib/forbidden-answer.ts'

type Build = ServerBuild | (() => Promise<ServerBuild>)
type Module = NonNullable<ServerBuild['routes'][string]>['module']
type Handler = NonNullable<Module['loader']>

/** What a page's error boundary is given while the database is away (app/root.tsx shows it). */
export type DatabaseOutage = { databaseUnavailable: true; retryAfter: number }

/**
 * The refusals any loader or action may meet, answered through the one map of refusals
 * (app/http/refusal.server.ts), as the API answers them: a role the service refused is the
 * forbidden page (403), a thing that is not there the not-found page (404), and (the pages'
 * side of docs/decisions/028) a database that cannot be reached answers 503 with Retry-After
 * instead of React Router's 500.
 * Every route's loader and action is wrapped once; a page's error then reaches the root error
 * boundary as a 503 route error (the same on the server and after hydration, so the page can
 * say what happened), and a resource route (feeds, sitemap) answers a plain-text 503.
 */
export function answerRouteRefusals(build: Build): Build {
  if (typeof build !== 'function') return wrapBuild(build)
  // Development: a new build after each edit; wrap each one once.
  const wrapped = new WeakMap<ServerBuild, ServerBuild>()
  return async () => {
    const b = await build()
    let w = wrapped.get(b)
    if (!w) wrapped.set(b, (w = wrapBuild(b)))
    return w
  }
}

function wrapBuild(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {}
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue
    const { loader, action } = route.module
    const page = route.module.default !== undefined
    routes[id] = {
      ...route,
      module: { ...route.module, ...(loader && { loader: guard(loader, page) }), ...(action && { action: guard(action, page) }) },
    }
  }
  return { ...build, routes }
}

function guard(handler: Handler, page: boolean): Handler {
  return async (args) => {
    try {
      return await handler(args)
    } catch (err) {
      const refusal = refusalOf(err)
      // A service refused the person's role (app/lib/permissions.ts): the forbidden page, never data.
      if (refusal?.kind === 'forbidden') {
        throw data({ forbidden: true, message: refusal.message, home: `/${args.context.app.config.adminPath}` } satisfies ForbiddenAnswer, {
          status: 403,
          headers: { 'Cache-Control': 'no-store' },
        })
      }
      // A thing that is not there (a lead deleted meanwhile, a link to nothing): the not-found page.
      if (refusal?.kind === 'not-found') {
        if (!page)
          throw new Response('Not found\n', {
            status: 404,
            headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' },
          })
        throw data(null, { status: 404, headers: { 'Cache-Control': 'no-store' } })
      }
      if (refusal?.kind !== 'unavailable') throw err
      const { retryAfter = 1, headers: wait } = refusal
      const headers = { ...wait, 'Cache-Control': 'no-store' }
      if (!page)
        throw new Response('Service temporarily unavailable; please try again in a few seconds.\n', {
          status: 503,
          headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
        })
      throw data({ databaseUnavailable: true, retryAfter } satisfies DatabaseOutage, {
        status: 503,
        statusText: 'Service Unavailable',
        headers,
      })
    }
  }
}

/**
 * The page for a request that fails before React Router (the maintenance check, say) while the
 * database is away; the API answers JSON instead. Plain HTML with no script or stylesheet of ours.
 */
export const OUTAGE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Temporarily unavailable</title><meta name="robots" content="noindex">
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.75rem}</style>
</head><body><main><h1>Temporarily unavailable</h1><p>This page cannot be shown right now. Please try again in a few seconds.</p></main></body></html>`
