import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import type { Request, RequestHandler, Response } from 'express'
import type { Logger } from 'pino'
import type { Db } from '~/db/db.server.ts'
import { PUBLIC_CACHE_CONTROL } from '~/http/cache.ts'
import { SESSION_COOKIE, readCookie } from '~/http/cookies.server.ts'
import { isCacheablePath } from '~/lib/public-paths.ts'
import { onContentChange } from '~/services/content-events.server.ts'
import { readContentVersion } from '~/services/content-version.server.ts'
import { hashedPolicy } from './security.ts'


type Entry = { version: string; status: number; headers: Record<string, string>; body: Buffer; gzipped: Buffer; etag: string }

export type PageCache = ReturnType<typeof createPageCache>

/**
 * Rendered public pages kept in memory, keyed by path and the content version they were
 * rendered at. The query string is not part of the key: no cacheable page reads it, and keying
 * on it would let `/?cb=N` fill the cache with copies and push real pages out. A stored page gets
 * a CSP that allows its inline scripts by hash, not by the nonce it was rendered with (which
 * every visitor of the copy would see).
 */
export function createPageCache(db: Db, logger: Logger, opts: { pollMs?: number; maxEntries?: number; onHit?: (path: string) => void } = {}) {
  const entries = new Map<string, Entry>()
  const maxEntries = opts.maxEntries ?? 500
  let version = '?'
  let timer: NodeJS.Timeout | undefined
  let unsubscribe: (() => void) | undefined
  // Counts the changes this process announced, so a poll that read the version before one of
  // them cannot put the older version back (and let a page rendered before the change be kept).
  let announced = 0

  /** A change made on this instance: a service announced it (app/services/content-events.server.ts). */
  function changed(newVersion: string) {
    announced++
    version = newVersion
    entries.clear()
  }

  async function refresh() {
    const seen = announced
    try {
      const v = await readContentVersion(db)
      if (v !== version && announced === seen) {
        version = v
        entries.clear()
      }
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'content version check failed')
    }
  }

  function cacheable(req: Request): boolean {
    // Signed-in requests never use the cache: the admin sees drafts and archived items.
    return (req.method === 'GET' || req.method === 'HEAD') && isCacheablePath(req.path) && readCookie(req.headers.cookie, SESSION_COOKIE) === undefined
  }

  function send(req: Request, res: Response, e: Entry) {
    res.setHeader('ETag', e.etag)
    res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL)
    if (req.headers['if-none-match'] === e.etag) {
      // The browser keeps the CSP stored with its copy, which matches that copy's nonces.
      res.removeHeader('Content-Security-Policy')
      return res.status(304).end()
    }
    for (const [k, v] of Object.entries(e.headers)) res.setHeader(k, v)
    res.setHeader('Vary', 'Accept-Encoding')
    // Compressed once when stored; the compression middleware leaves encoded bodies alone.
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
    if (gzip) res.setHeader('Content-Encoding', 'gzip')
    const body = gzip ? e.gzipped : e.body
    res.setHeader('Content-Length', body.length)
    res.status(e.status).end(req.method === 'HEAD' ? undefined : body)
  }

  const middleware: RequestHandler = (req, res, next) => {
    if (!cacheable(req)) return next()
    const key = req.path
    const hit = entries.get(key)
    if (hit && hit.version === version) {
      opts.onHit?.(req.path)
      return send(req, res, hit)
    }

    // Miss: let React Router render, capture the body, store it if it is a plain 200.
    const renderedAt = version
    const chunks: Buffer[] = []
    const write = res.write.bind(res) as (...a: unknown[]) => boolean
    const end = res.end.bind(res) as (...a: unknown[]) => Response
    // Decided when the headers go out: only a plain 200 without cookies is public.
    const decideHeaders = () => {
      if (!res.headersSent && res.statusCode === 200 && !res.getHeader('set-cookie')) res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL)
    }
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      decideHeaders()
      if (chunk) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string))
      return write(chunk, ...rest)
    }) as typeof res.write
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      decideHeaders()
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string))
      if (res.statusCode === 200 && !res.getHeader('set-cookie') && req.method === 'GET' && renderedAt === version) {
        const body = Buffer.concat(chunks)
        const headers: Record<string, string> = {}
        for (const h of ['content-type', 'cache-control']) {
          const v = res.getHeader(h)
          if (v) headers[h] = String(v)
        }
        if (headers['content-type']?.startsWith('text/html')) headers['content-security-policy'] = hashedPolicy(body.toString('utf8'))
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
        entries.set(key, { version: renderedAt, status: 200, headers, body, gzipped: gzipSync(body), etag: String(res.getHeader('etag') ?? `W/"${createHash('sha1').update(body).digest('base64url')}"`) })
      }
      return end(chunk, ...rest)
    }) as typeof res.end
    next()
  }

  return {
    middleware,
    /**
     * Reads the content version, then follows it: changes announced through `db` in this process
     * clear the cache at once, before the write's answer goes out; other instances' changes are
     * seen by polling the database.
     */
    async start() {
      unsubscribe ??= onContentChange(db, changed)
      await refresh()
      timer = setInterval(refresh, opts.pollMs ?? 1000)
      timer.unref()
    },
    stop() {
      if (timer) clearInterval(timer)
      unsubscribe?.()
      unsubscribe = undefined
    },
    size: () => entries.size,
    /** The content version this instance last saw; changes with every visible admin change. */
    version: () => version,
  }
}
