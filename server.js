// Process entry: loads the app (built bundle in production, Vite in development), listens,
// and shuts down gracefully on SIGTERM/SIGINT.
import cluster from 'node:cluster'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const DEV = process.argv.includes('--dev')
if (DEV) process.env.NODE_ENV ??= 'development'
else process.env.NODE_ENV ??= 'production'

/** BUILD_DIR lets several builds coexist (e.g. parallel test runs); default `build`. */
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
let mod
let vite
if (DEV) {
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
  const prep = await mod.createApplication(config, {})
  const logger = prep.ctx.logger
  await prep.close()
  let stopping = false
  for (let i = 0; i < count; i++) cluster.fork()
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return
    logger.error({ pid: worker.process.pid, code, signal }, 'worker died; starting another')
    cluster.fork()
  })
  const stop = (signal) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'stopping workers')
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM')
    const check = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        clearInterval(check)
        process.exit(0)
      }
    }, 100)
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

async function runServer() {
  const { app, ctx, close } = await mod.createApplication(config, {
    build: DEV ? () => vite.ssrLoadModule('virtual:react-router/server-build') : await mod.getBuild(),
    clientDir: DEV ? undefined : path.join(BUILD_DIR, 'client'),
    devMiddleware: vite?.middlewares,
  })

  const server = app.listen(config.port, config.host, () => {
    ctx.logger.info({ url: config.siteUrl, port: config.port, database: ctx.dialect, admin: `/${config.adminPath}/login` }, 'server listening')
  })
  server.keepAliveTimeout = 65_000

  let stopping = false
  async function shutdown(signal) {
    if (stopping) return
    stopping = true
    ctx.logger.info({ signal }, 'shutting down: finishing requests in flight')
    const force = setTimeout(() => {
      ctx.logger.error('requests still open after 10 s; exiting anyway')
      process.exit(1)
    }, 10_000)
    force.unref()
    server.close(async () => {
      await close()
      await vite?.close()
      ctx.logger.info('closed')
      process.exit(0)
    })
    server.closeIdleConnections()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}
