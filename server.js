// Process entry: loads the app (built bundle in production, Vite in development), listens,
// and shuts down gracefully on SIGTERM/SIGINT.
import cluster from 'node:cluster'
import { once } from 'node:events'
import http from 'node:http'
import { existsSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { setImmediate } from 'node:timers'
import { pathToFileURL } from 'node:url'

const DEV = process.argv.includes('--dev')
if (DEV) process.env.NODE_ENV ??= 'development'
else process.env.NODE_ENV ??= 'production'

/** BUILD_DIR lets several builds coexist (e.g. parallel test runs); default `build`. */
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
let mod
let vite
if (DEV) {
  // `npm run dev` only: a production install has no devDependencies, and never gets here.
  // eslint-disable-next-line import-x/no-extraneous-dependencies
  const { createServer } = await import('vite')
  vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' })
  mod = await vite.ssrLoadModule('./server/entry.ts')
} else {
  if (!existsSync(path.join(BUILD_DIR, 'server/index.js'))) {
    console.error('No production build found: run `npm run build` (or `npm start`, which builds first).')
    process.exit(1)
  }
  mod = await import(pathToFileURL(path.resolve(BUILD_DIR, 'server/index.js')).href)
}

// A lost database connection never ends the process (docs/decisions/028): the pool, background
// jobs and handlers deal with their own; this logs one that slips past them. Anything else ends it.
process.on('unhandledRejection', (err) => {
  if (!mod.isDatabaseUnavailable(err)) throw err
  console.error(
    JSON.stringify({
      level: 40,
      time: Date.now(),
      pid: process.pid,
      err: err?.message,
      msg: 'database unavailable (outside any request); carrying on',
    }),
  )
})

let config
try {
  config = mod.loadConfig(process.env)
} catch (err) {
  if (err instanceof mod.ConfigError) {
    console.error(err.message)
    process.exit(1)
  }
  throw err
}

/** A check at start that fails (a ConfigError, e.g. the wrong SECRET_KEY) stops with its one line. */
async function startApplication(options) {
  try {
    return await mod.createApplication(config, options)
  } catch (err) {
    if (err instanceof mod.ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }
}

if (!DEV && config.webConcurrency > 1 && cluster.isPrimary) {
  await runPrimary(config.webConcurrency)
} else {
  await runServer()
}

/**
 * WEB_CONCURRENCY > 1: this process prepares the database once (migrations, seed, first admin),
 * then forks workers that share the port, replaces any that die, and stops them on SIGTERM.
 * Workers coordinate through the database exactly like separate instances do.
 */
async function runPrimary(count) {
  // The port answers while the database is awaited and prepared; it is handed to the workers
  // after (each listens at once when it starts, so the port is closed only while they load).
  const starting = listenWhileStarting({ early: true })
  const prep = await startApplication({})
  // The primary's log lines carry its own `pid` (pino's base); a line about a worker names that
  // one `workerPid`, as a second `pid` key would be lost by every JSON reader.
  const logger = prep.ctx.logger
  await prep.close()
  if (!starting.server.listening) await once(starting.server, 'listening')
  await new Promise((resolve) => {
    starting.server.close(resolve)
    starting.server.closeAllConnections()
  })
  let stopping = false
  let failed = false

  // A stopping worker closes its listener, says so, and waits for a go before it drains its
  // keep-alive connections. The port closes with the last listener, dropping the connections
  // queued for a worker; so while the whole cluster stops, no worker drains (sends Connection:
  // close, making clients reconnect) until all have stopped listening. A worker stopped alone
  // drains at once: the others keep the port.
  const stopped = new Map() // worker id -> told to drain yet
  function releaseDrain() {
    const live = Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead())
    if (stopping && live.some((w) => !stopped.has(w.id))) return
    for (const w of live) {
      if (stopped.get(w.id) !== false) continue
      stopped.set(w.id, true)
      w.send({ shutdown: 'drain' }, () => {})
    }
  }
  cluster.on('message', (worker, msg) => {
    // A worker's content change goes to the others at once (server/boot.ts).
    if (typeof msg?.contentChanged === 'string') {
      for (const w of Object.values(cluster.workers ?? {})) if (w && w !== worker && !w.isDead()) w.send(msg, () => {})
      return
    }
    if (msg?.shutdown !== 'listener closed') return
    stopped.set(worker.id, false)
    // Under systemd (or Ctrl-C) every process gets the signal: let the primary's own arrive.
    setTimeout(releaseDrain, stopping ? 0 : 250)
  })

  // A worker still starting exits 0 at the signal; one killed by it before its handler was in
  // place served nothing either, so that too is a clean stop.
  const listening = new Set()
  cluster.on('listening', (worker) => listening.add(worker.id))
  cluster.on('exit', (worker, code, signal) => {
    stopped.delete(worker.id)
    const served = listening.delete(worker.id)
    if (stopping) {
      const clean = code === 0 || (!served && signal === 'SIGTERM')
      if (!clean) {
        failed = true
        logger.error({ workerPid: worker.process.pid, code, signal }, 'worker did not stop cleanly')
      }
      releaseDrain()
      return
    }
    logger.error({ workerPid: worker.process.pid, code, signal }, 'worker died; starting another')
    cluster.fork()
  })
  const stop = (signal) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'stopping workers')
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM')
    // The workers' own grace, and 5 s more for them to close.
    const forceAfter = config.shutdownGraceSeconds + 5
    const force = setTimeout(() => {
      logger.error(`workers still running after ${forceAfter} s; killing them`)
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL')
      process.exit(1)
    }, forceAfter * 1000)
    force.unref()
    // Exits 0 only when every worker did (a worker exits 1 when its requests outlast the grace).
    const check = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        clearInterval(check)
        process.exit(failed ? 1 : 0)
      }
    }, 100)
  }
  // Before forking: a signal arriving while fork() runs would otherwise end the primary at once.
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
  logger.info({ workers: count }, 'starting workers')
  for (let i = 0; i < count; i++) cluster.fork()
}

/**
 * Listens at once, before the application starts (it waits for the database, which may take
 * minutes after a reboot): until `ready(listener)` the port answers /healthz 200, /readyz 503 and
 * everything else 503 with Retry-After (server/starting.ts), so a liveness probe sees a process
 * that is up and waiting rather than a refused connection. A cluster's worker listens only once
 * ready: the primary has waited for the database already, and a worker still loading would be
 * handed visitors (and answer them 503) while its siblings could serve them.
 */
function listenWhileStarting({ early }) {
  let handler = mod.startingListener(config)
  const server = http.createServer((req, res) => handler(req, res))
  const listen = () => server.listen(config.port, config.host)
  if (early) listen()
  return {
    server,
    ready: (listener) => {
      handler = listener
      if (!early) listen()
    },
  }
}

async function runServer() {
  const starting = listenWhileStarting({ early: !cluster.isWorker })
  const server = starting.server
  server.keepAliveTimeout = 65_000

  // A signal before the application is ready: nothing is in flight but "starting" answers, so
  // the process ends at once, and cleanly (replaced by the full shutdown below once ready).
  const stopWhileStarting = () => process.exit(0)
  process.once('SIGTERM', stopWhileStarting)
  process.once('SIGINT', stopWhileStarting)

  // Every open connection: requests in progress on it, and since when (and at which byte count)
  // it has been idle, so shutdown closes only connections no request is on its way on. From the
  // start: a client kept alive from the first answers (while starting) stays to the end.
  const connections = new Map()
  server.on('connection', (socket) => {
    connections.set(socket, { busy: 0, res: undefined, idleSince: Date.now(), bytesRead: 0 })
    socket.once('close', () => connections.delete(socket))
  })
  server.prependListener('request', (req, res) => {
    const conn = connections.get(req.socket)
    if (!conn) return
    conn.busy++
    conn.res = res
    res.once('close', () => {
      conn.busy--
      conn.idleSince = Date.now()
      conn.bytesRead = req.socket.bytesRead
    })
  })

  const {
    app,
    listener = app,
    ctx,
    close,
    beginDrain = () => {},
  } = await startApplication({
    build: DEV ? () => vite.ssrLoadModule('virtual:react-router/server-build') : await mod.getBuild(),
    clientDir: DEV ? undefined : path.join(BUILD_DIR, 'client'),
    devMiddleware: vite?.middlewares,
  })

  /**
   * Destroys connections with no request in progress that have been quiet for `quietMs` and
   * received no byte since. A client may send its next request on a kept-alive connection at any
   * moment, so a connection that was just used is left alone (its next response says
   * `Connection: close` instead), and the check is repeated after the poll phase has read
   * whatever arrived meanwhile (setImmediate) before the socket is destroyed.
   */
  function closeQuietConnections(quietMs) {
    const now = Date.now()
    for (const [socket, conn] of connections) {
      const quiet = () => conn.busy === 0 && socket.bytesRead === conn.bytesRead
      if (quiet() && now - conn.idleSince >= quietMs) setImmediate(() => quiet() && socket.destroy())
    }
  }

  let stopping = false
  let draining = false
  function shutdown(signal) {
    if (stopping) return
    stopping = true
    ctx.logger.info({ signal }, 'shutting down: finishing requests in flight')
    const force = setTimeout(() => {
      ctx.logger.error(`requests still open after ${config.shutdownGraceSeconds} s; exiting anyway`)
      process.exit(1)
    }, config.shutdownGraceSeconds * 1000)
    force.unref()
    // Stop accepting connections. (net's close, not http's: http's also destroys every idle
    // keep-alive connection at once, resetting requests already on their way on them.) The
    // callback runs once the last connection is gone.
    net.Server.prototype.close.call(server, async () => {
      await close()
      await vite?.close()
      ctx.logger.info('closed')
      process.exit(0)
    })
    if (cluster.isWorker) {
      // The primary says when every worker has stopped listening (the port is closed then);
      // sending Connection: close earlier would have clients reconnect to a closing port.
      process.send({ shutdown: 'listener closed' })
      process.on('message', (msg) => msg?.shutdown === 'drain' && drain())
      setTimeout(drain, 2_000).unref()
    } else {
      drain()
    }
  }

  /** /readyz answers 503, every response says Connection: close, quiet connections are closed. */
  function drain() {
    if (draining) return
    draining = true
    beginDrain()
    for (const conn of connections.values()) {
      if (conn.busy > 0 && conn.res && !conn.res.headersSent) conn.res.setHeader('Connection', 'close')
    }
    closeQuietConnections(1_000)
    setInterval(() => closeQuietConnections(1_000), 100).unref()
  }
  process.off('SIGTERM', stopWhileStarting)
  process.off('SIGINT', stopWhileStarting)
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))

  // The plain listener answers page-cache hits itself and hands everything else to Express.
  starting.ready(listener)
  if (!server.listening) await once(server, 'listening')
  ctx.logger.info(
    { url: config.siteUrl, port: config.port, database: ctx.dialect, admin: `/${config.adminPath}/login` },
    'server listening',
  )
}
