import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validProposal } from '../helpers/app.ts'
import { BUILD_DIR, freePort, requireBuild, startServer, tempDir, type RunningServer } from './server.ts'

const run = promisify(execFile)

/**
 * A PostgreSQL server of this test's own, in a temporary folder, that it can stop and start at
 * will (the shared cluster on port 5432 serves other tests and is never touched). Needs root and
 * Debian's postgresql package, as `npm test` has.
 */
class ThrowawayPostgres {
  readonly dir = tempDir('pg-restart-')
  readonly data = path.join(this.dir, 'data')
  readonly url: string
  private readonly bin: string

  private constructor(readonly port: number) {
    this.url = `postgres://app:app@127.0.0.1:${port}/site`
    const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v)) : []
    const version = versions.sort((a, b) => Number(b) - Number(a))[0]
    if (process.getuid?.() !== 0 || !version || !fs.existsSync(`/usr/lib/postgresql/${version}/bin/initdb`)) {
      throw new Error(
        "tests/system/db-restart.test.ts runs its own PostgreSQL server: it needs root and Debian's postgresql package (apt-get install postgresql)",
      )
    }
    this.bin = `/usr/lib/postgresql/${version}/bin`
  }

  static async create(): Promise<ThrowawayPostgres> {
    const pgServer = new ThrowawayPostgres(await freePort())
    const { stdout } = await run('id', ['-u', 'postgres'])
    fs.chownSync(pgServer.dir, Number(stdout.trim()), Number(stdout.trim()))
    await pgServer.asPostgres('initdb', '-D', pgServer.data, '-A', 'trust', '-U', 'postgres', '--no-sync')
    await pgServer.start()
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${pgServer.port}/postgres` })
    await admin.connect()
    await admin.query("create role app login password 'app'")
    await admin.query('create database site owner app')
    await admin.end()
    return pgServer
  }

  private asPostgres(tool: string, ...args: string[]) {
    return run('runuser', ['-u', 'postgres', '--', path.join(this.bin, tool), ...args])
  }

  /** Starts the server and waits until it accepts connections. */
  async start() {
    await this.asPostgres(
      'pg_ctl',
      '-D',
      this.data,
      '-o',
      `-p ${this.port} -k /tmp -c listen_addresses=127.0.0.1`,
      '-l',
      path.join(this.dir, 'log'),
      '-w',
      'start',
    )
  }

  /** `pg_ctl stop -m fast`: every session is ended (57P01), then the server is down. */
  async stop() {
    await this.asPostgres('pg_ctl', '-D', this.data, '-m', 'fast', '-w', 'stop')
  }

  async destroy() {
    await this.stop().catch(() => {})
    fs.rmSync(this.dir, { recursive: true, force: true })
  }

  async query<T>(text: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.url })
    await client.connect()
    try {
      return (await client.query(text)).rows as T[]
    } finally {
      await client.end()
    }
  }
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string }

/**
 * A request on a connection of its own (no keep-alive), so that with workers successive requests
 * reach each worker in turn (node:cluster hands out connections round-robin).
 */
function request(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(opts.body)
  })
}

/** Polls until `check` holds (never a fixed sleep for correctness); throws with the last value. */
async function until<T>(what: string, probe: () => Promise<T>, check: (v: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: T | string = 'nothing yet'
  for (;;) {
    try {
      last = await probe()
      if (check(last)) return last
    } catch (err) {
      last = String(err)
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)?.slice(0, 500)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

const readyz = (s: { url: string }) => request(`${s.url}/readyz`).then((r) => r.status)

/** The worker processes of a primary (none for a single process). */
function childPids(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number).sort() : []
}

/**
 * Proposals sent one after another for as long as it runs, each with its own address, as a
 * browser's script would send them. Every one answered 2xx is recorded, to be found in the
 * database at the end; any answer other than 201 or 503 is recorded as a failure.
 */
function proposalLoad(s: RunningServer, tag: string) {
  const acknowledged: string[] = []
  const unexpected: string[] = []
  let refused = 0
  let stop = false
  const client = s.client()
  const loop = (async () => {
    await client.session()
    for (let i = 0; !stop; i++) {
      const email = `${tag}-${i}@example.com`
      try {
        const res = await client.post('/api/proposals', { ...validProposal(), name: `Load ${tag} ${i}`, email })
        await res.text()
        if (res.status === 201) acknowledged.push(email)
        else if (res.status === 503) refused++
        else unexpected.push(`${res.status}`)
      } catch (err) {
        unexpected.push(`request failed: ${String((err as Error).cause ?? err)}`)
      }
      await new Promise((r) => setTimeout(r, 20))
    }
  })()
  return {
    acknowledged,
    unexpected,
    refused: () => refused,
    async stop() {
      stop = true
      await loop
    },
  }
}

/**
 * What a visitor and a script see while the database is away: the pages already in the page
 * cache and the static files, and a clear 503 with Retry-After for everything that needs the
 * database; writes are refused, never acknowledged.
 */
async function expectOutageAnswers(s: RunningServer, postPath: string) {
  // Several connections, so that every worker answers some.
  for (let i = 0; i < 4; i++) {
    const home = await request(`${s.url}/`, { headers: { accept: 'text/html' } })
    expect(home.status, 'a cached page').toBe(200)
    expect((await request(`${s.url}${postPath}`)).status, 'a cached post (its view is counted in memory)').toBe(200)
    expect((await request(`${s.url}/favicon.svg`)).status, 'a static file').toBe(200)
    expect(await readyz(s)).toBe(503)

    // (/contact needs only the settings, read once per content version and kept: it still renders.
    // The booking page reads the free times from the database.)
    const page = await request(`${s.url}/book`, { headers: { accept: 'text/html' } })
    expect(page.status, 'a page that needs the database').toBe(503)
    expect(page.headers['retry-after']).toMatch(/^\d+$/)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.body).toContain('Temporarily unavailable')

    const api = await request(`${s.url}/api/portfolio/1`)
    expect(api.status, 'an API read that needs the database').toBe(503)
    expect(api.headers['retry-after']).toMatch(/^\d+$/)
    expect(JSON.parse(api.body)).toMatchObject({ error: expect.stringMatching(/database is unavailable/), retryAfter: expect.any(Number) })

    const feed = await request(`${s.url}/rss.xml`)
    expect(feed.status, 'a feed not in the cache yet').toBe(503)
    expect(feed.headers['retry-after']).toMatch(/^\d+$/)
  }
  const client = s.client()
  // The CSRF token comes with the session answer, which needs no database without a session.
  await client.session()
  const write = await client.post('/api/proposals', { ...validProposal(), email: 'during-outage@example.com' })
  expect(write.status, 'a write while the database is away').toBe(503)
  expect(write.headers.get('retry-after')).toMatch(/^\d+$/)
}

/**
 * What the port answers while the server waits for its database at start (issue 33): it is alive
 * (a liveness probe must not kill it), not ready, and pages and the API ask to come back later.
 */
async function expectStartingAnswers(url: string) {
  expect((await request(`${url}/healthz`)).status, '/healthz while waiting for the database').toBe(200)
  const ready = await request(`${url}/readyz`)
  expect(ready.status, '/readyz while waiting for the database').toBe(503)
  expect(ready.headers['cache-control']).toBe('no-store')

  const page = await request(`${url}/contact`, { headers: { accept: 'text/html' } })
  expect(page.status, 'a page while waiting for the database').toBe(503)
  expect(page.headers['retry-after']).toMatch(/^\d+$/)
  expect(page.headers['content-type']).toMatch(/^text\/html/)
  expect(page.headers['cache-control']).toBe('no-store')
  expect(page.body).toContain('Temporarily unavailable')

  const api = await request(`${url}/api/portfolio`)
  expect(api.status, 'the API while waiting for the database').toBe(503)
  expect(api.headers['retry-after']).toMatch(/^\d+$/)
  expect(JSON.parse(api.body)).toMatchObject({ error: expect.stringMatching(/starting/), retryAfter: expect.any(Number) })
}

describe('a PostgreSQL restart under load', { timeout: 300_000 }, () => {
  let database: ThrowawayPostgres
  beforeAll(async () => {
    requireBuild()
    database = await ThrowawayPostgres.create()
  })
  afterAll(async () => {
    await database?.destroy()
  })

  for (const workers of ['1', '2']) {
    it(`WEB_CONCURRENCY=${workers}: serves the cache and answers 503 while the database is away, then serves again in the same processes`, async () => {
      await database.query('drop schema public cascade; create schema public authorization app')
      const s = await startServer({
        DATABASE_URL: database.url,
        DATA_DIR: tempDir(),
        WEB_CONCURRENCY: workers,
        PROPOSAL_RATE_LIMIT_PER_HOUR: '1000000',
        LOG_LEVEL: 'info',
      })
      try {
        // Every worker is listening and has the pages in its cache (8 connections in a row reach
        // each worker 4 times).
        await until(
          'every worker to listen',
          async () => s.output().match(/server listening/g)?.length ?? 0,
          (n) => n === Number(workers),
        )
        const [post] = await database.query<{ slug: string }>("select slug from blog_posts where status = 'published' limit 1")
        const postPath = `/blog/${post.slug}`
        for (const p of ['/', postPath]) {
          for (let i = 0; i < 8; i++) expect((await request(`${s.url}${p}`)).status).toBe(200)
        }
        const pids = [s.proc.pid!, ...childPids(s.proc.pid!)]
        const load = proposalLoad(s, `w${workers}`)
        await until(
          'proposals acknowledged before the outage',
          async () => load.acknowledged.length,
          (n) => n >= 5,
        )

        await database.stop()
        const outageStarted = Date.now()
        await until(
          '/readyz to answer 503',
          () => readyz(s),
          (st) => st === 503,
        )
        await expectOutageAnswers(s, postPath)
        // Long enough for every background job to meet the outage: the page cache's version poll
        // (1 s), the view counter's flush (2 s), the mail worker (5 s) and the publish scheduler (15 s).
        await until(
          '16 s of outage',
          async () => Date.now() - outageStarted,
          (ms) => ms >= 16_000,
          30_000,
        )
        await expectOutageAnswers(s, postPath)
        expect(s.proc.exitCode, `the server exited:\n${s.output()}`).toBeNull()
        expect([s.proc.pid!, ...childPids(s.proc.pid!)]).toEqual(pids)
        const acknowledgedBefore = load.acknowledged.length

        await database.start()
        await until(
          '/readyz to answer 200 again',
          () => readyz(s),
          (st) => st === 200,
        )
        for (let i = 0; i < 4; i++) {
          expect((await request(`${s.url}/book`)).status).toBe(200)
          expect((await request(`${s.url}/api/portfolio/1`)).status).toBe(200)
          expect(await readyz(s)).toBe(200)
        }
        await until(
          'proposals acknowledged after the outage',
          async () => load.acknowledged.length,
          (n) => n >= acknowledgedBefore + 5,
        )
        await load.stop()
        const client = s.client()
        const after = await client.post('/api/proposals', { ...validProposal(), email: `after-${workers}@example.com` })
        expect(after.status).toBe(201)

        // The same processes served throughout: none died and none was replaced.
        expect([s.proc.pid!, ...childPids(s.proc.pid!)]).toEqual(pids)
        expect(s.output()).not.toMatch(/worker died|Unhandled 'error' event|unhandledRejection/)
        expect(load.unexpected).toEqual([])
        expect(load.refused()).toBeGreaterThan(0)

        // Every acknowledged write is in the database; the refused one is not.
        const stored = new Set((await database.query<{ email: string }>('select email from proposals')).map((r) => r.email))
        const lost = [...load.acknowledged, `after-${workers}@example.com`].filter((e) => !stored.has(e))
        expect(lost).toEqual([])
        expect(stored.has('during-outage@example.com')).toBe(false)
        expect(s.output()).toContain('database connection lost')
      } finally {
        if (
          database &&
          !(await database.query('select 1').then(
            () => true,
            () => false,
          ))
        )
          await database.start()
        expect(await s.stop()).toBe(0)
      }
    })
  }

  for (const workers of ['1', '2']) {
    it(`WEB_CONCURRENCY=${workers}: a server started while the database is down waits for it, then serves`, async () => {
      await database.query('drop schema public cascade; create schema public authorization app')
      await database.stop()
      const port = await freePort()
      const url = `http://127.0.0.1:${port}`
      let out = ''
      const proc = spawn(process.execPath, ['server.js'], {
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          BUILD_DIR,
          PORT: String(port),
          HOST: '127.0.0.1',
          SITE_URL: url,
          ADMIN_USERNAME: 'admin',
          ADMIN_PASSWORD: 'system-test-password',
          LOG_LEVEL: 'info',
          WEB_CONCURRENCY: workers,
          DATABASE_URL: database.url,
          DATA_DIR: tempDir(),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      proc.stdout.on('data', (d) => (out += d))
      proc.stderr.on('data', (d) => (out += d))
      const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)))
      try {
        await until(
          'the retry line',
          async () => out,
          (o) => /database unavailable, retrying in \d+s/.test(o),
        )
        await until(
          'a second try',
          async () => out.match(/database unavailable, retrying/g)?.length ?? 0,
          (n) => n >= 2,
        )
        expect(proc.exitCode, out).toBeNull()
        await expectStartingAnswers(url)

        await database.start()
        await until(
          'every worker to listen',
          async () => out.match(/server listening/g)?.length ?? 0,
          (n) => n === Number(workers),
        )
        expect(await readyz({ url })).toBe(200)
        expect((await request(`${url}/`)).status).toBe(200)
        expect((await request(`${url}/contact`)).status).toBe(200)
        expect(proc.exitCode, out).toBeNull()
      } finally {
        if (proc.exitCode === null) proc.kill('SIGTERM')
        expect(await exited).toBe(0)
        if (
          !(await database.query('select 1').then(
            () => true,
            () => false,
          ))
        )
          await database.start()
      }
    })
  }
})
