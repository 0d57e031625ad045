import type { Logger } from 'pino'
import type { Db } from '~/db/db.server.ts'
import { onPendingViews, recordServedViews, servedView, type ServedRequest, type ServedView } from './analytics.server.ts'
import { PAGE_VIEW_LIMIT, addressSubject } from '~/infra/rate-limit.server.ts'

/** Headers as Node gives them (IncomingMessage.headers). */
type Headers = Record<string, string | string[] | undefined>
const header = (h: Headers, name: string): string => {
  const v = h[name]
  return (Array.isArray(v) ? v[0] : v) ?? ''
}

/** What the counting rule needs from a request, read from Node's own fields (the cache's fast path has no Express). */
export function servedRequestOf(method: string, url: string, headers: Headers, signedIn: boolean): ServedRequest {
  const q = url.indexOf('?')
  const purpose = `${header(headers, 'sec-purpose')} ${header(headers, 'purpose')}`.toLowerCase()
  return {
    method,
    path: q < 0 ? url : url.slice(0, q),
    query: q < 0 ? '' : url.slice(q + 1),
    userAgent: header(headers, 'user-agent'),
    referrer: header(headers, 'referer') || undefined,
    doNotTrack: header(headers, 'dnt') === '1' || header(headers, 'sec-gpc') === '1',
    signedIn,
    prefetch: purpose.includes('prefetch'),
  }
}

/**
 * Page views counted when a page is served (docs/decisions/062): the request path only notes the
 * view in memory (no database work, no await); the batch is written every `flushMs` in one
 * transaction, or at once when a lead or a tool event needs it (analytics.server.ts,
 * flushPendingViews). Past `maxPending` views waiting (the database is away), new ones are dropped:
 * a lost count is better than a process that grows. One address's views past the hourly limit are
 * dropped here already (the limit is checked again, across instances, when written), so a flood
 * from one address costs no database work.
 */
export function createServedViews(
  db: Db,
  opts: { logger?: Logger; flushMs?: number; maxPending?: number; ownHosts: readonly string[]; country?: (ip: string) => Promise<string> },
) {
  const flushMs = opts.flushMs ?? 1000
  const maxPending = opts.maxPending ?? 20_000
  let pending: ServedView[] = []
  let timer: NodeJS.Timeout | undefined
  let writing: Promise<void> = Promise.resolve()
  let failing = false
  // Views noted per address (an IPv6 address by its /64) in this process's current hour.
  const perAddress = new Map<string, number>()
  let hourStart = 0
  function overLimit(ip: string, at: number): boolean {
    if (at - hourStart >= PAGE_VIEW_LIMIT.windowMs || perAddress.size > 100_000) {
      perAddress.clear()
      hourStart = at
    }
    const key = addressSubject(ip)
    const n = (perAddress.get(key) ?? 0) + 1
    perAddress.set(key, n)
    return n > PAGE_VIEW_LIMIT.max
  }

  async function write(): Promise<void> {
    const batch = pending
    pending = []
    if (batch.length === 0) return
    try {
      await recordServedViews(db, batch, { ownHosts: opts.ownHosts, country: opts.country })
      if (failing) opts.logger?.info('page views are written again')
      failing = false
    } catch (err) {
      // Kept for the next try (the database may be restarting), within the limit.
      pending = [...batch, ...pending].slice(0, maxPending)
      if (!failing)
        opts.logger?.warn(
          { err: (err as Error).message, views: pending.length },
          'writing page views failed; keeping them for the next try',
        )
      failing = true
      schedule()
    }
  }

  /** One write at a time, in order; resolves when everything noted before the call is written (or kept). */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer)
    timer = undefined
    writing = writing.then(write)
    return writing
  }

  function schedule() {
    if (timer) return
    timer = setTimeout(() => {
      timer = undefined
      void flush()
    }, flushMs)
    timer.unref()
  }

  const unregister = onPendingViews(db, flush)

  return {
    /** Notes the view of a page just served, if the rule counts it; true when noted. */
    note(req: ServedRequest, ip: string, at = Date.now()): boolean {
      const view = servedView(req, ip, at)
      if (!view || pending.length >= maxPending || overLimit(ip, at)) return false
      pending.push(view)
      schedule()
      return true
    },
    flush,
    pending: () => pending.length,
    async stop() {
      unregister()
      await flush()
    },
  }
}

export type ServedViews = ReturnType<typeof createServedViews>
