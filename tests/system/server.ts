import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { Client, resetPostgres } from '../helpers/app.ts'

export const BUILD_DIR = process.env.BUILD_DIR ?? 'build'

/** System tests run the real production build as separate processes, as in production. */
export function requireBuild() {
  if (!fs.existsSync(path.join(BUILD_DIR, 'server/index.js'))) {
    throw new Error(`No production build in ${BUILD_DIR}/: run \`npm run build\` first (npm test does it)`)
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port
      srv.close(() => resolve(port))
    })
  })
}

export function tempDir(prefix = 'sys-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix))
}

export type RunningServer = {
  url: string
  port: number
  proc: ChildProcess
  output: () => string
  client: () => Client
  /** SIGTERM and wait for exit; resolves with the exit code. */
  stop: () => Promise<number | null>
  /** SIGKILL: a crash, no cleanup at all. */
  kill: () => Promise<void>
}

/**
 * Starts `node server.js` on the production build and waits until the application answers (not
 * the placeholder that answers while it starts). `env` values
 * override the defaults below; `undefined` leaves a variable unset.
 */
export async function startServer(env: Record<string, string | undefined>, port?: number, entry = 'server.js'): Promise<RunningServer> {
  requireBuild()
  const p = port ?? (await freePort())
  let out = ''
  const vars: Record<string, string | undefined> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    BUILD_DIR,
    PORT: String(p),
    HOST: '127.0.0.1',
    SITE_URL: `http://127.0.0.1:${p}`,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'system-test-password',
    LOG_LEVEL: 'warn',
    // One process unless a test asks for workers (production's default is one per core).
    WEB_CONCURRENCY: '1',
    ...env,
  }
  const proc = spawn(process.execPath, [entry], {
    env: Object.fromEntries(Object.entries(vars).filter(([, v]) => v !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  proc.stdout!.on('data', (d) => (out += d))
  proc.stderr!.on('data', (d) => (out += d))
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)))
  const url = `http://127.0.0.1:${p}`
  // A wait for a state, bounded generously: two workers starting beside the browser tests take long on two cores.
  const deadline = Date.now() + 90_000
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited during start:\n${out}`)
    try {
      // The port answers from the start, /readyz `starting` until the application is in place.
      const ready = (await (await fetch(`${url}/readyz`)).json()) as { status?: string }
      if (ready.status !== 'starting') break
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    port: p,
    proc,
    output: () => out,
    client: () => new Client(url),
    stop: async () => {
      proc.kill('SIGTERM')
      return exited
    },
    kill: async () => {
      proc.kill('SIGKILL')
      await exited
    },
  }
}

export const ADMIN = { username: 'admin', password: 'system-test-password' }

/**
 * A plain HTML form post, as a browser without JavaScript sends it: urlencoded, the CSRF token as
 * the `_csrf` field, a list as repeated fields.
 */
export function postForm(client: Client, to: string, fields: Record<string, string | string[]>, token = client.csrf ?? '') {
  const body = new URLSearchParams({ _csrf: token })
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one)
  return client.post(to, body.toString(), { 'content-type': 'application/x-www-form-urlencoded' })
}

/**
 * For one describe block of `dialects()`: the production server on a fresh database and a
 * signed-in admin client, handed to `ready` before the tests run; the server stops after them.
 */
export function serverWithAdmin(dialect: string, url: () => string, ready: (s: RunningServer, admin: Client) => void) {
  let s: RunningServer | undefined
  beforeAll(async () => {
    const dbUrl = dialect === 'sqlite' ? path.join(tempDir(), 'site.db') : url()
    if (dialect === 'postgres') await resetPostgres(dbUrl)
    s = await startServer({ DATABASE_URL: dbUrl, DATA_DIR: tempDir() })
    ready(s, await s.client().login(ADMIN.username, ADMIN.password))
  })
  afterAll(async () => {
    await s?.stop()
  })
}

/** For one describe block: the production server on a fresh SQLite file, handed to `ready`; stopped after. */
export function serverOnFreshSqlite(ready: (s: RunningServer) => void) {
  let s: RunningServer | undefined
  beforeAll(async () => {
    const dir = tempDir()
    s = await startServer({ DATABASE_URL: path.join(dir, 'site.db'), DATA_DIR: dir })
    ready(s)
  })
  afterAll(async () => {
    await s?.stop()
  })
}
