import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Config } from '~/config.server.ts'
import { OUTAGE_PAGE } from './route-refusals.ts'
import { fixedSecurityHeaders } from './security.ts'

/** Seconds a client is asked to wait while the server starts (as during a database outage). */
const RETRY_AFTER_SECONDS = 5

/** The only policy the starting page needs: its inline style, nothing else. */
const STARTING_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/**
 * What the port answers from the moment the process listens until the application is ready (it
 * waits for the database first, which may take minutes after a reboot): `/healthz` 200, so an
 * orchestrator's liveness probe does not kill a process that is rightly waiting; `/readyz` 503,
 * so no load balancer sends it visitors; anything else 503 with `Retry-After`, a page for a
 * browser and JSON for the API, as during a database outage (docs/decisions/028).
 */
export function startingListener(config: Config): (req: IncomingMessage, res: ServerResponse) => void {
  const fixed = { ...fixedSecurityHeaders(config), 'Content-Security-Policy': STARTING_POLICY, 'Cache-Control': 'no-store' }
  return (req, res) => {
    const pathname = (req.url ?? '/').split('?')[0]!
    const head = req.method === 'HEAD'
    const send = (status: number, type: string, body: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, { ...fixed, ...extra, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) })
      res.end(head ? undefined : body)
    }
    const json = 'application/json; charset=utf-8'
    if (pathname === '/healthz') return send(200, json, JSON.stringify({ status: 'ok' }))
    const wait = { 'Retry-After': String(RETRY_AFTER_SECONDS) }
    if (pathname === '/readyz') return send(503, json, JSON.stringify({ status: 'starting' }), wait)
    const wantsPage = !pathname.startsWith('/api/') && /text\/html|\*\/\*/.test(req.headers.accept ?? '*/*')
    if (wantsPage) return send(503, 'text/html; charset=utf-8', OUTAGE_PAGE, wait)
    send(
      503,
      json,
      JSON.stringify({ error: 'The site is starting; please try again in a few seconds.', retryAfter: RETRY_AFTER_SECONDS }),
      wait,
    )
  }
}
