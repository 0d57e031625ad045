import { createHash } from 'node:crypto'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, gzipSync } from 'node:zlib'
import type { Request, RequestHandler, Response } from 'express'
import type { Logger } from 'pino'
import type { Db } from '~/db/db.server.ts'
import { PUBLIC_CACHE_CONTROL } from '~/http/cache.ts'
import { SESSION_COOKIE, readCookie } from '~/http/cookies.server.ts'
import { isCacheablePath, isCacheableQuery } from '~/lib/public-paths.ts'
import { onContentChange } from '~/infra/content-events.server.ts'
import { readContentVersion } from '~/infra/content-version.server.ts'
import { contentSecurityPolicy, hashedPolicy } from './security.ts'

const brotli = promisify(brotliCompress)

/** One encoding of a stored page: its bytes and every header of a 200, prepared when stored. */
type Variant = { headers: OutgoingHttpHeaders; body: Buffer }
type Entry = {
  version: string
  etag: string
  identity: Variant
  gzip: Variant
  /** Compressed off the main thread after the page is stored; until then gzip serves. */
  br?: Variant
  notModified: OutgoingHttpHeaders
}

export type PageCache = ReturnType<typeof createPageCache>

/** The query string of a request target, without the `?` ('' when there is none). */
const searchOf = (url: string) => {
  const q = url.indexOf('?')
  return q < 0 ? '' : url.slice(q + 1)
}

/**
 * Rendered public pages kept in memory, keyed by path and the content version they were
 * rendered at. The query string is not part of the key: keying on it would let `/?cb=N` fill the
 * cache with copies and push real pages out. A request carrying a parameter its page reads
 * (QUERY_READING_PAGES in app/lib/public-paths.ts) is rendered for itself and never stored. A
 * stored page gets a CSP that allows its inline scripts by hash, not by the nonce it was rendered
 * with (which every visitor of the copy would see).
 */
export function createPageCache(
  db: Db,
  logger: Logger,
  opts: {
    pollMs?: number
    maxEntries?: number
    onHit?: (path: string, req: IncomingMessage) => void
    fixedHeaders?: Record<string, string>
  } = {},
) {
  const entries = new Map<string, Entry>()
  let hits = 0
  const maxEntries = opts.maxEntries ?? 500
  let version = '?'
  let timer: NodeJS.Timeout | undefined
  let unsubscribe: (() => void) | undefined
  // Counts the changes this process announced, so a poll that read the version before one of
  // them cannot put the older version back (and let a page rendered before the change be kept).
  let announced = 0

  /** A change made on this instance: a service announced it (app/infra/content-events.server.ts). */
  function changed(newVersion: string) {
    announced++
    version = newVersion
    entries.clear()
  }

  // While the database is away the stored pages keep being served at the version last read,
  // and the check is logged once, not every second (docs/decisions/028). One check at a time.
  let checking = false
  let failing = false
  async function refresh() {
    if (checking) return
    checking = true
    const seen = announced
    try {
      const v = await readContentVersion(db)
      if (v !== version && announced === seen) {
        version = v
        entries.clear()
      }
      if (failing) logger.info('content version check works again')
      failing = false
    } catch (err) {
      if (!failing) logger.warn({ err: (err as Error).message }, 'content version check failed; serving the pages stored so far')
      failing = true
    } finally {
      checking = false
    }
  }

  function cacheable(req: Request): boolean {
    // Signed-in requests never use the cache: the admin sees drafts and archived items.
    return (
      (req.method === 'GET' || req.method === 'HEAD') &&
      isCacheablePath(req.path) &&
      isCacheableQuery(req.path, searchOf(req.originalUrl)) &&
      readCookie(req.headers.cookie, SESSION_COOKIE) === undefined
    )
  }

  /** Prepares every answer for the page now, so a hit only picks one and writes it. */
  function store(key: string, renderedAt: string, headers: Record<string, string>, body: Buffer, etag: string) {
    const common = { ...opts.fixedHeaders, ...headers, 'cache-control': PUBLIC_CACHE_CONTROL, etag, vary: 'Accept-Encoding' }
    const gzipped = gzipSync(body)
    const entry: Entry = {
      version: renderedAt,
      etag,
      identity: { headers: { ...common, 'content-length': body.length }, body },
      gzip: { headers: { ...common, 'content-encoding': 'gzip', 'content-length': gzipped.length }, body: gzipped },
      // The browser keeps the CSP stored with its copy.
      notModified: { ...opts.fixedHeaders, 'cache-control': PUBLIC_CACHE_CONTROL, etag, vary: 'Accept-Encoding' },
    }
    entries.set(key, entry)
    brotli(body).then(
      (br) => {
        entry.br = { headers: { ...common, 'content-encoding': 'br', 'content-length': br.length }, body: br }
      },
      (err: Error) => logger.warn({ err: err.message }, 'brotli compression failed'),
    )
  }

  /**
   * Answers a request from the cache with plain Node calls, before Express and its middleware
   * (a hit costs about what serving a file costs); returns false to let the app handle it.
   * Only exact cacheable paths match, so `..` and other unusual paths never get here.
   */
  function serveHit(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const url = req.url ?? '/'
    const q = url.indexOf('?')
    const path = q < 0 ? url : url.slice(0, q)
    const e = entries.get(path)
    if (!e || e.version !== version) return false
    if (q >= 0 && !isCacheableQuery(path, url.slice(q + 1))) return false
    if (req.headers.cookie && readCookie(req.headers.cookie, SESSION_COOKIE) !== undefined) return false
    hits++
    opts.onHit?.(path, req)
    if (req.headers['if-none-match'] === e.etag) {
      // The browser keeps the CSP stored with its copy (one set earlier, on the Express path, goes).
      res.removeHeader('Content-Security-Policy')
      res.writeHead(304, e.notModified)
      res.end()
      return true
    }
    const accept = req.headers['accept-encoding'] ?? ''
    const v = e.br && /\bbr\b/.test(accept) ? e.br : /\bgzip\b/.test(accept) ? e.gzip : e.identity
    res.writeHead(200, v.headers)
    res.end(req.method === 'HEAD' ? undefined : v.body)
    return true
  }

  const middleware: RequestHandler = (req, res, next) => {
    if (!cacheable(req)) return next()
    // Hits normally never get here (the process's listener answers them first); while draining
    // they do, and are answered the same way.
    if (serveHit(req, res)) return
    const key = req.path

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
        // Scripts on a stored page run by hash; other stored answers (XML, JSON) run no script.
        headers['content-security-policy'] = headers['content-type']?.startsWith('text/html')
          ? hashedPolicy(body.toString('utf8'))
          : contentSecurityPolicy("'none'")
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
        store(key, renderedAt, headers, body, String(res.getHeader('etag') ?? `W/"${createHash('sha1').update(body).digest('base64url')}"`))
      }
      return end(chunk, ...rest)
    }) as typeof res.end
    next()
  }

  return {
    middleware,
    serveHit,
    /** Hits answered so far (cache hits are counted, not logged one by one). */
    hits: () => hits,
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
    /** A change another worker of this machine announced (relayed by the cluster primary). */
    follow(newVersion: string) {
      if (newVersion !== version) changed(newVersion)
    },
    size: () => entries.size,
    /** The content version this instance last saw; changes with every visible admin change. */
    version: () => version,
  }
}
