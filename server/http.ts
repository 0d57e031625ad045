import path from 'node:path'
import compression from 'compression'
import express, { type ErrorRequestHandler } from 'express'
import { createRequestHandler } from '@react-router/express'
import type { ServerBuild } from 'react-router'
import type { Logger } from 'pino'
import { errorAnswer } from '~/api/http.server.ts'
import { createApiRouter } from '~/api/router.server.ts'
import { pingDatabase } from '~/db/db.server.ts'
import type { AppContext } from '~/http/context.server.ts'
import { CSRF_COOKIE, SESSION_COOKIE, readCookie } from '~/http/cookies.server.ts'
import { CSRF_HEADER, csrfCookieToken, csrfTokenMatches, isSameOrigin, newFormToken, setFormTokenKey } from '~/http/csrf.server.ts'
import { runRequest } from '~/infra/acting-context.server.ts'
import { signInKey } from '~/infra/secret-box.server.ts'
import { servedRequestOf, type ServedViews } from '~/services/served-views.server.ts'
import { OUTAGE_PAGE, answerRouteRefusals } from './route-refusals.ts'
import { maintenanceMode } from './maintenance.ts'
import type { PageCache } from './page-cache.ts'
import { BODY_LIMITS, requestGuards } from './request-guards.ts'
import { securityHeaders } from './security.ts'
import { serveUploads } from './uploads.ts'

export type HttpOptions = {
  /** The React Router build; omitted in API-only tests. */
  build?: ServerBuild | (() => Promise<ServerBuild>)
  /** Built client files (production); Vite serves them in development. */
  clientDir?: string
  /** Vite dev middleware, mounted before the page handler. */
  devMiddleware?: express.RequestHandler
  /** Counts public pages as they are served (docs/decisions/062); omitted in API-only tests. */
  servedViews?: ServedViews
}

/**
 * The Express app: the middleware chain in its order and nothing else (server/boot.ts builds
 * what it uses). `inFlight()` counts requests not yet closed, so shutdown can wait for handlers
 * whose client already went away; after `beginDrain()` /readyz answers 503 and every answer
 * closes its connection, so keep-alive clients leave.
 */
export function createHttpApp(ctx: AppContext, pageCache: PageCache, opts: HttpOptions = {}) {
  const { config, logger, db, dialect } = ctx
  setFormTokenKey(signInKey(config))
  const dev = config.nodeEnv === 'development'
  const app = express()
  app.locals.ctx = ctx
  app.disable('x-powered-by')
  app.set('trust proxy', config.trustProxy)

  // Requests in flight, so shutdown can wait for handlers whose client already went away; and
  // once shutting down (beginDrain), every answer closes its connection so keep-alive clients leave.
  let inflight = 0
  let draining = false
  app.use((_req, res, next) => {
    inflight++
    res.once('close', () => inflight--)
    if (draining) res.setHeader('Connection', 'close')
    next()
  })
  app.use((req, res, next) => {
    const started = process.hrtime.bigint()
    res.on('finish', () => {
      if (req.path.startsWith('/assets/')) return
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      logger.info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request')
    })
    next()
  })
  app.use(securityHeaders(config, dev))
  app.use(requestGuards(config.adminPath))
  // Only answers rendered per request pass here (cached pages carry their own gzip and brotli,
  // compressed once at best settings): level 3 costs about 40% of the default's CPU for 5-8% more bytes.
  app.use(compression({ level: 3 }))

  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store').json({ status: 'ok' })
  })
  app.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    if (draining) return void res.status(503).json({ status: 'draining' })
    try {
      await pingDatabase(db)
      res.json({ status: 'ready', database: dialect })
    } catch {
      res.status(503).json({ status: 'unavailable', database: dialect })
    }
  })

  app.use('/uploads', serveUploads(ctx.images))
  if (opts.clientDir) {
    app.use('/assets', express.static(path.join(opts.clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }))
    // Only file-like paths can be in public/: pages skip the disk lookup.
    const files = express.static(opts.clientDir, { maxAge: '1d', index: false })
    app.use((req, res, next) => (path.extname(req.path) && !req.path.endsWith('.data') ? files(req, res, next) : next()))
  }
  if (opts.devMiddleware) app.use(opts.devMiddleware)

  // CSRF, part 1 for every route: state changes only from our own origin.
  app.use((req, res, next) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return next()
    const same = isSameOrigin({ origin: req.get('origin'), secFetchSite: req.get('sec-fetch-site'), host: req.get('host') }, config.siteUrl)
    if (!same) return res.status(403).json({ error: 'Cross-site request refused' })
    next()
  })

  // A public page counts as a view when it is served, whoever renders it (the cache or React
  // Router), so a visit never waits for the page's scripts (docs/decisions/062).
  const served = opts.servedViews
  if (served) {
    app.use((req, res, next) => {
      if (req.method !== 'GET') return next()
      res.once('finish', () => {
        // A page (200), or the browser's copy of one confirmed (304); never a redirect, an error or a .data answer.
        if (res.statusCode !== 304 && !(res.statusCode === 200 && String(res.getHeader('content-type') ?? '').startsWith('text/html')))
          return
        const signedIn = readCookie(req.headers.cookie, SESSION_COOKIE) !== undefined
        served.note(servedRequestOf(req.method, req.originalUrl, req.headers, signedIn), req.ip ?? 'unknown')
      })
      next()
    })
  }

  // Maintenance first (it never blocks /api), then pages and public reads from memory.
  app.use(maintenanceMode(ctx, pageCache.version))
  if (config.nodeEnv === 'production' && config.pageCache) app.use(pageCache.middleware)

  // CSRF, part 2 for the API: the double-submit token in a header.
  app.use('/api', (req, res, next) => {
    // The page-view beacon is cookie-free by design (no token to echo) and can only add one to a
    // counter; the same-origin check above still applies to it.
    if (['GET', 'HEAD', 'OPTIONS'].includes(req.method) || req.path === '/pageviews') return next()
    // A person's API token (`Authorization: Bearer`) is the credential itself: no browser sends it
    // on its own to another site, so it needs no CSRF token (the session cookie is then not read).
    if (/^Bearer\s/i.test(req.get('authorization') ?? '')) return next()
    if (!csrfTokenMatches(req.headers.cookie, req.get(CSRF_HEADER))) {
      return res
        .status(403)
        .json({ error: 'Missing or invalid CSRF token. Fetch /api/auth/session first and send its csrfToken in the X-CSRF-Token header.' })
    }
    next()
  })
  app.use('/api', express.json({ limit: BODY_LIMITS.api }), (req, res, next) => {
    // A body-less POST (logout) is fine; any other body must be JSON.
    // NOTE: /api/uploads takes raw image bytes as its body (app/api/uploads.server.ts).
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0
    if (['POST', 'PUT'].includes(req.method) && hasBody && !req.is('application/json') && req.path !== '/uploads') {
      return res.status(415).json({ error: 'Send the body as application/json' })
    }
    next()
  })
  // Who acts, from where and on what device, for the activity log (docs/decisions/044): one
  // context per request, API and pages alike, entered after the body parser (its callbacks would
  // leave it); the session guards add the person.
  app.use((req, _res, next) => runRequest({ ip: req.ip ?? null, userAgent: req.get('user-agent') }, next))
  // Writes to what visitors see need nothing here: the services announce them and the page cache
  // listens (app/infra/content-events.server.ts, docs/decisions/016).
  app.use('/api', createApiRouter())

  if (opts.build) {
    app.all(
      '/{*splat}',
      createRequestHandler({
        // A loader or action that cannot reach the database answers 503, not 500 (docs/decisions/028).
        build: answerRouteRefusals(opts.build),
        mode: config.nodeEnv,
        getLoadContext: (req, res) => ({
          app: ctx,
          nonce: res.locals.nonce as string,
          clientIp: req.ip ?? 'unknown',
          // Queued once the answer has gone out whole, so no part of the work can delay it.
          afterAnswer: { add: (name, task) => void res.once('close', () => ctx.afterAnswer.add(name, task)) },
          csrfToken: () => {
            const issued = res.locals.csrfToken as string | undefined
            if (issued) return issued
            // A public page sets no cookie: its forms get a signed token instead (csrf.server.ts).
            const admin = req.path === `/${config.adminPath}` || req.path.startsWith(`/${config.adminPath}/`)
            const hasCookie = readCookie(req.headers.cookie, CSRF_COOKIE) !== undefined
            const token =
              (!hasCookie && !admin ? newFormToken() : undefined) ??
              csrfCookieToken(req.headers.cookie, config, (cookie) => res.append('Set-Cookie', cookie))
            return (res.locals.csrfToken = token)
          },
        }),
      }),
    )
  }

  app.use(answerErrors(logger))

  return {
    app,
    inFlight: () => inflight,
    /** Shutdown has begun: /readyz answers 503 and every response says `Connection: close`. */
    beginDrain() {
      draining = true
    },
  }
}

/**
 * The one error handler, for the API and the pages alike: every thrown error answers with the
 * status and JSON body errorAnswer maps it to, never cached; unexpected ones are logged.
 */
function answerErrors(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    const answer = errorAnswer(err)
    if (answer.unexpected) logger.error({ err: (err as Error)?.message, stack: (err as Error)?.stack, path: req.path }, 'unhandled error')
    if (res.headersSent) return next(err)
    res.setHeader('Cache-Control', 'no-store')
    for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value)
    // The database is away: a page gets a page (docs/decisions/028).
    if (answer.status === 503 && !req.path.startsWith('/api/') && req.accepts(['json', 'html']) === 'html')
      return void res.status(503).type('html').send(OUTAGE_PAGE)
    res.status(answer.status).json(answer.body)
  }
}
