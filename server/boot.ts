import cluster from 'node:cluster'
import type { IncomingMessage, ServerResponse } from 'node:http'
import pino, { type Logger } from 'pino'
import type { Config } from '~/config.server.ts'
import { migrateToLatest, openDatabase, waitForDatabase, type Db } from '~/db/db.server.ts'
import { seedIfEmpty } from '~/db/seed.server.ts'
import type { AppContext } from '~/http/context.server.ts'
import { countryOf } from '~/infra/geoip.server.ts'
import { createServedViews, servedRequestOf } from '~/services/served-views.server.ts'
import { ensureAdmin, pruneSessions } from '~/services/auth.server.ts'
import { createAfterAnswer } from '~/infra/after-answer.server.ts'
import { announceContentChange, onContentChange } from '~/infra/content-events.server.ts'
import { createContentMemo } from '~/infra/content-memo.server.ts'
import { createMailer } from '~/infra/mail.server.ts'
import { settleLegacySentMail } from '~/models/outbox.server.ts'
import { pruneLimits } from '~/infra/rate-limit.server.ts'
import { pruneActivity } from '~/services/activity-log.server.ts'
import { checkSignInKey } from '~/infra/secret-key.server.ts'
import { startPublishScheduler } from '~/services/blog.server.ts'
import { createImageStore } from '~/services/image-store.server.ts'
import { makeMissingVariants } from '~/services/image-variants.server.ts'
import { importUploadsFromDisk } from '~/services/uploads.server.ts'
import { createViewCounter } from '~/services/view-counter.server.ts'
import { createHttpApp, type HttpOptions } from './http.ts'
import { createPageCache } from './page-cache.ts'
import { fixedSecurityHeaders } from './security.ts'

export type ApplicationOptions = HttpOptions & {
  logger?: Logger
  mailPollMs?: number
  mailBackoffMs?: number
  /** How often this instance publishes scheduled posts that are due (default 15 s). */
  publishPollMs?: number
}

export function createLogger(config: Config): Logger {
  return pino({
    level: config.logLevel,
    redact: { paths: ['req.headers.cookie', 'password', '*.password', 'token'], remove: true },
    ...(config.nodeEnv === 'development' && { transport: { target: 'pino-pretty' } }),
  })
}

/**
 * Boots the application: opens and migrates the database, seeds a fresh install, creates the
 * first admin, starts the mail worker, view counter, page cache and housekeeping, then builds
 * the Express app (server/http.ts). `close()` waits for requests in flight and stops it all.
 */
export async function createApplication(config: Config, opts: ApplicationOptions = {}) {
  const logger = opts.logger ?? createLogger(config)
  const { db, dialect, close: closeDb } = openDatabase(config.databaseUrl, { logger })
  // Started while the database is down (a reboot, say): wait for it rather than exit.
  await waitForDatabase(db, logger)
  const applied = await migrateToLatest(db)
  if (applied.length) logger.info({ migrations: applied, dialect }, 'database migrated')
  // The wrong SECRET_KEY stops the start here, with one line (docs/decisions/029).
  try {
    await checkSignInKey(db, config, logger)
  } catch (err) {
    await closeDb()
    throw err
  }
  if (await seedIfEmpty(db)) logger.info('sample portfolio and blog posts added to the empty database')
  const admin = await ensureAdmin(db, config.adminUsername, config.adminPassword, config.adminEmail)
  if (admin.generatedPassword) {
    // Printed once, to the console only, never to the JSON log.
    process.stdout.write(
      `\n  First start: admin account "${config.adminUsername}" created with password: ${admin.generatedPassword}\n  Sign in at ${config.siteUrl}/${config.adminPath}/login and change it under Settings > Security.\n\n`,
    )
  } else if (admin.created) {
    logger.info({ username: config.adminUsername }, 'admin account created from ADMIN_USERNAME/ADMIN_PASSWORD')
  }
  const mailer = createMailer(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, logger, baseBackoffMs: opts.mailBackoffMs })
  // Rows an older version marked 'sent' with or without SMTP: settled by what is known now (docs/decisions/054).
  const settled = await settleLegacySentMail(db, mailer.configured)
  if (settled)
    logger.info(
      { mails: settled, as: mailer.configured ? 'delivered' : 'waiting' },
      "outbox rows marked 'sent' by an older version settled",
    )
  mailer.start(opts.mailPollMs)

  const views = createViewCounter(db)
  const images = createImageStore(db)
  await importUploadsFromDisk(images, config.dataDir, logger)
  // Uploads from before responsive images get their smaller copies in the background; pages
  // show the original until then, and are rebuilt once they exist (docs/decisions/022).
  let variantsStopped = false
  const variantsDone = makeMissingVariants(images, logger, () => variantsStopped)
    .then((made) => (made ? announceContentChange(db) : undefined))
    .catch((err: Error) => logger.warn({ err: err.message }, 'making image variants failed'))
  // Public pages count as views when served, batched in memory (docs/decisions/062); a post's
  // view is counted with it. The cache's fast path has no Express, so the client address is
  // worked out as Express would (trustedClientAddress, once the app exists).
  const servedViews = createServedViews(db, {
    logger,
    ownHosts: [new URL(config.siteUrl).hostname],
    country: config.geoipDb ? (ip) => countryOf(config.geoipDb, ip) : undefined,
  })
  let clientAddress: (req: IncomingMessage) => string = (req) => req.socket.remoteAddress ?? 'unknown'
  // The cache's fast path only serves requests without a session cookie: never staff.
  const countCachedView = (_path: string, req: IncomingMessage) => {
    servedViews.note(servedRequestOf(req.method ?? 'GET', req.url ?? '/', req.headers, false), clientAddress(req))
  }
  // Follows the content version: the services' announcements here, other instances' by polling.
  const pageCache = createPageCache(db, logger, { onHit: countCachedView, fixedHeaders: fixedSecurityHeaders(config) })
  await pageCache.start()
  const stopRelay = cluster.isWorker ? relayContentChanges(db, pageCache) : () => {}
  // Scheduled posts go public on time on every instance, with no request needed (docs/decisions/021).
  const stopScheduler = startPublishScheduler(db, logger, opts.publishPollMs)
  // Housekeeping: expired sessions and day-old rate-limit rows are of no use to anyone.
  const prune = () =>
    Promise.all([pruneSessions(db), pruneLimits(db), pruneActivity(db)]).catch((err: Error) =>
      logger.warn({ err: err.message }, 'housekeeping failed'),
    )
  await prune()
  const housekeeping = setInterval(prune, 60 * 60_000)
  housekeeping.unref()

  const afterAnswer = createAfterAnswer(logger)
  const ctx: AppContext = {
    db,
    dialect,
    config,
    logger,
    mailer,
    views,
    images,
    afterAnswer,
    contentMemo: createContentMemo(pageCache.version),
  }
  const http = createHttpApp(ctx, pageCache, { ...opts, servedViews })
  const { app, inFlight } = http
  clientAddress = trustedClientAddress(app.get('trust proxy fn') as (addr: string, i: number) => boolean)
  let draining = false
  const fastHits = config.nodeEnv === 'production' && config.pageCache
  /**
   * The process's request listener: cache hits first (no Express), then the app. Nothing may
   * throw out of it (an exception here would end the process): Express answers its own errors,
   * and a failure before it answers 400 for a malformed request, 500 for anything else.
   */
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    try {
      if (fastHits && !draining && pageCache.serveHit(req, res)) return
    } catch (err) {
      return answerListenerError(logger, req, res, err)
    }
    app(req, res)
  }
  function beginDrain() {
    draining = true
    http.beginDrain()
  }
  // Cache hits are not logged one by one (the proxy's access log has them): a count per minute.
  let loggedHits = 0
  const hitLog = setInterval(() => {
    const n = pageCache.hits() - loggedHits
    loggedHits += n
    if (n > 0) logger.info({ cachedPages: n, perMinute: true }, 'pages served from the cache')
  }, 60_000)
  hitLog.unref()

  let closed = false
  async function close() {
    if (closed) return
    closed = true
    for (let i = 0; i < 50 && inFlight() > 0; i++) await new Promise((r) => setTimeout(r, 100))
    // A handler can outlive its aborted connection by a query or two.
    await new Promise((r) => setTimeout(r, 200))
    // A password reset link asked for just before, say, still gets mailed.
    await afterAnswer.idle()
    clearInterval(housekeeping)
    clearInterval(hitLog)
    stopRelay()
    stopScheduler()
    pageCache.stop()
    variantsStopped = true
    await variantsDone
    await views.stop()
    await servedViews.stop()
    await mailer.stop()
    await closeDb()
  }
  return { app, listener, ctx, close, beginDrain, pageCache }
}

/**
 * Workers of one machine tell each other about a change at once, through the cluster primary, so
 * a visitor sent to another worker right after an admin's save never gets the page from before
 * it. The database poll stays for instances on other machines.
 */
function relayContentChanges(db: Db, pageCache: { follow: (version: string) => void }): () => void {
  const unsubscribe = onContentChange(db, (version) => process.send?.({ contentChanged: version }))
  const onMessage = (msg: { contentChanged?: unknown }) => {
    if (typeof msg?.contentChanged === 'string') pageCache.follow(msg.contentChanged)
  }
  process.on('message', onMessage)
  return () => {
    unsubscribe()
    process.off('message', onMessage)
  }
}

/**
 * The client's address as Express's `req.ip` gives it (proxy-addr's rule): walk from the socket
 * back through X-Forwarded-For while the hop is a trusted proxy (TRUST_PROXY, docs/decisions/014).
 */
export function trustedClientAddress(trust: (addr: string, i: number) => boolean) {
  return (req: IncomingMessage): string => {
    const forwarded = String(req.headers['x-forwarded-for'] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .reverse()
    const hops = [req.socket.remoteAddress ?? 'unknown', ...forwarded]
    let i = 0
    while (i < hops.length - 1 && trust(hops[i], i)) i++
    return hops[i]
  }
}

/** The answer when the code before Express fails: the request ends, the process lives. */
function answerListenerError(logger: Logger, req: IncomingMessage, res: ServerResponse, err: unknown) {
  const malformed = err instanceof URIError
  if (!malformed)
    logger.error({ err: (err as Error)?.message, stack: (err as Error)?.stack, path: req.url?.slice(0, 200) }, 'request listener failed')
  if (res.headersSent) return void res.destroy()
  const status = malformed ? 400 : 500
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(JSON.stringify({ error: malformed ? 'Malformed request' : 'Internal server error' }))
}
