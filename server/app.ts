import path from 'node:path'
import compression from 'compression'
import express, { type NextFunction, type Request, type Response } from 'express'
import { createRequestHandler } from '@react-router/express'
import type { ServerBuild } from 'react-router'
import pino, { type Logger } from 'pino'
import { createApiRouter } from '~/api/router.server.ts'
import { sendError } from '~/api/http.server.ts'
import type { Config } from '~/config.server.ts'
import { migrateToLatest, openDatabase, pingDatabase } from '~/db/db.server.ts'
import { seedIfEmpty } from '~/db/seed.server.ts'
import type { AppContext } from '~/http/context.server.ts'
import { CSRF_COOKIE, readCookie, serializeCookie } from '~/http/cookies.server.ts'
import { CSRF_HEADER, csrfTokenMatches, isSameOrigin, newCsrfToken } from '~/http/csrf.server.ts'
import { ensureAdmin, pruneSessions } from '~/services/auth.server.ts'
import { pruneLimits } from '~/services/rate-limit.server.ts'
import { createMailer } from '~/services/mail.server.ts'
import { createViewCounter } from '~/services/view-counter.server.ts'
import { createImageStore, importUploadsFromDisk } from '~/services/uploads.server.ts'
import { blogPostId } from '~/lib/public-paths.ts'
import { maintenanceMode } from './maintenance.ts'
import { createPageCache } from './page-cache.ts'
import { BODY_LIMITS, requestGuards } from './request-guards.ts'
import { securityHeaders } from './security.ts'
import { serveUploads } from './uploads.ts'

export type ApplicationOptions = {
  /** The React Router build; omitted in API-only tests. */
  build?: ServerBuild | (() => Promise<ServerBuild>)
  /** Built client files (production); Vite serves them in development. */
  clientDir?: string
  /** Vite dev middleware, mounted before the page handler. */
  devMiddleware?: express.RequestHandler
  logger?: Logger
  mailPollMs?: number
  mailBackoffMs?: number
}

export function createLogger(config: Config): Logger {
  return pino({
    level: config.logLevel,
    redact: { paths: ['req.headers.cookie', 'password', '*.password', 'token'], remove: true },
    ...(config.nodeEnv === 'development' && { transport: { target: 'pino-pretty' } }),
  })
}

/**
 * Opens and migrates the database, seeds a fresh install, creates the first admin and returns
 * the Express app with everything mounted. `close()` stops the mail worker and the database.
 */
export async function createApplication(config: Config, opts: ApplicationOptions = {}) {
  const logger = opts.logger ?? createLogger(config)
  const { db, dialect, close: closeDb } = openDatabase(config.databaseUrl)
  const applied = await migrateToLatest(db)
  if (applied.length) logger.info({ migrations: applied, dialect }, 'database migrated')
  if (await seedIfEmpty(db)) logger.info('sample portfolio and blog posts added to the empty database')
  const admin = await ensureAdmin(db, config.adminUsername, config.adminPassword)
  if (admin.generatedPassword) {
    // Printed once, to the console only, never to the JSON log.
    process.stdout.write(
      `\n  First start: admin account "${config.adminUsername}" created with password: ${admin.generatedPassword}\n  Sign in at ${config.siteUrl}/${config.adminPath}/login and change it under Settings > Security.\n\n`,
    )
  } else if (admin.created) {
    logger.info({ username: config.adminUsername }, 'admin account created from ADMIN_USERNAME/ADMIN_PASSWORD')
  }
  const mailer = createMailer(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, logger, baseBackoffMs: opts.mailBackoffMs })
  mailer.start(opts.mailPollMs)

  const views = createViewCounter(db)
  const images = createImageStore(db)
  await importUploadsFromDisk(images, config.dataDir, logger)
  // A post served from the page cache still counts as a read (views are batched in memory).
  const countCachedView = (path: string) => {
    const id = blogPostId(path)
    if (id !== undefined) views.count(id)
  }
  const pageCache = createPageCache(db, logger, { onHit: countCachedView })
  await pageCache.start()
  // Housekeeping: expired sessions and day-old rate-limit rows are of no use to anyone.
  const prune = () => Promise.all([pruneSessions(db), pruneLimits(db)]).catch((err: Error) => logger.warn({ err: err.message }, 'housekeeping failed'))
  await prune()
  const housekeeping = setInterval(prune, 60 * 60_000)
  housekeeping.unref()
  const ctx: AppContext = { db, dialect, config, logger, mailer, views, images, contentChanged: () => pageCache.invalidate() }
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
  app.use(compression())

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

  app.use('/uploads', serveUploads(images))
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

  // Maintenance first (it never blocks /api), then pages and public reads from memory.
  app.use(maintenanceMode(ctx, pageCache.version))
  if (config.nodeEnv === 'production' && config.pageCache) app.use(pageCache.middleware)

  // CSRF, part 2 for the API: the double-submit token in a header.
  app.use('/api', (req, res, next) => {
    // The page-view beacon is cookie-free by design (no token to echo) and can only add one to a
    // counter; the same-origin check above still applies to it.
    if (['GET', 'HEAD', 'OPTIONS'].includes(req.method) || req.path === '/pageviews') return next()
    if (!csrfTokenMatches(req.headers.cookie, req.get(CSRF_HEADER))) {
      return res.status(403).json({ error: 'Missing or invalid CSRF token. Fetch /api/auth/session first and send its csrfToken in the X-CSRF-Token header.' })
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
  // Successful admin writes to what visitors see invalidate cached pages before the answer goes out.
  app.use(/^\/api\/(portfolio|blogs|settings)/, (req, res, next) => {
    if (req.method === 'GET') return next()
    const json = res.json.bind(res)
    res.json = (body: unknown) => {
      if (res.statusCode >= 300) return json(body)
      ctx.contentChanged().then(() => json(body), next)
      return res
    }
    next()
  })
  app.use('/api', createApiRouter())


  if (opts.build) {
    app.all(
      '/{*splat}',
      createRequestHandler({
        build: opts.build,
        mode: config.nodeEnv,
        getLoadContext: (req, res) => ({
          app: ctx,
          nonce: res.locals.nonce as string,
          clientIp: req.ip ?? 'unknown',
          csrfToken: () => {
            let token = readCookie(req.headers.cookie, CSRF_COOKIE) ?? (res.locals.csrfToken as string | undefined)
            if (!token) {
              token = newCsrfToken()
              res.locals.csrfToken = token
              res.append('Set-Cookie', serializeCookie(config, CSRF_COOKIE, token, { httpOnly: false }))
            }
            return token
          },
        }),
      }),
    )
  }

  // Body-parser errors (malformed JSON, too large) are the client's fault: 4xx, never 5xx.
  app.use((err: Error & { status?: number; type?: string }, req: Request, res: Response, next: NextFunction) => {
    if (err.status && err.status >= 400 && err.status < 500) {
      return res.status(err.status).json({ error: err.type === 'entity.too.large' ? 'Request body is too large' : 'Malformed request body' })
    }
    sendError(req, res, (e: unknown) => {
      logger.error({ err: (e as Error)?.message, stack: (e as Error)?.stack, path: req.path }, 'unhandled error')
      if (res.headersSent) return next(e)
      res.status(500).json({ error: 'Internal server error' })
    }, err)
  })

  let closed = false
  async function close() {
    if (closed) return
    closed = true
    for (let i = 0; i < 50 && inflight > 0; i++) await new Promise((r) => setTimeout(r, 100))
    // A handler can outlive its aborted connection by a query or two.
    await new Promise((r) => setTimeout(r, 200))
    clearInterval(housekeeping)
    pageCache.stop()
    await views.stop()
    await mailer.stop()
    await closeDb()
  }
  /** Shutdown has begun: /readyz answers 503 and every response says `Connection: close`. */
  function beginDrain() {
    draining = true
  }
  return { app, ctx, close, beginDrain, pageCache }
}
