import { spawn } from 'node:child_process'
import http from 'node:http'
import type { Socket } from 'node:net'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { validProposal } from '../helpers/app.ts'
import { BUILD_DIR, freePort, requireBuild, startServer, tempDir, type RunningServer } from './server.ts'

/**
 * SIGTERM under keep-alive load: /readyz turns 503, kept-alive connections are told
 * `Connection: close` and leave, requests in flight finish, nothing is reset, the process exits 0
 * once the last request is answered, not because the grace ran out (SHUTDOWN_GRACE_SECONDS, set
 * to a minute here; a test of its own sets it to 1 s). Events are checked in their order, never
 * against a wall-clock bound.
 */

type Outcome = {
  kind: string
  /** ms after the signal when the answer (or error) came; negative before it. */
  at: number
  status?: number
  connection?: string
  cacheControl?: string
  body?: string
  error?: string
  code?: string
  /** The request went out on a kept-alive connection used before. */
  reused: boolean
  socket?: number
}

type SocketLife = { closedAt?: number }

const POST_HEADERS = (csrf: { cookie: string; token: string }) => ({
  'content-type': 'application/json',
  cookie: csrf.cookie,
  'x-csrf-token': csrf.token,
})

class Recorder {
  sigAt = Infinity
  sockets = new Map<number, SocketLife>()
  private ids = new WeakMap<Socket, number>()
  private lastId = 0
  now = () => performance.now() - this.sigAt

  /** One request, body read to the end; never rejects. */
  send(
    agent: http.Agent | false,
    url: string,
    kind: string,
    opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ) {
    return new Promise<Outcome>((resolve) => {
      let socket: number | undefined
      const req = http.request(url, { agent, method: opts.method ?? 'GET', headers: opts.headers })
      const fail = (err: NodeJS.ErrnoException) =>
        resolve({ kind, at: this.now(), error: err.message, code: err.code, reused: req.reusedSocket, socket })
      req.on('socket', (s: Socket) => {
        if (!this.ids.has(s)) {
          const id = ++this.lastId
          this.ids.set(s, id)
          const life: SocketLife = {}
          this.sockets.set(id, life)
          s.once('close', () => (life.closedAt = this.now()))
        }
        socket = this.ids.get(s)
      })
      req.on('error', fail)
      req.on('response', (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (d: string) => (body += d))
        res.on('error', fail)
        res.on('end', () =>
          resolve({
            kind,
            at: this.now(),
            status: res.statusCode,
            connection: res.headers.connection,
            cacheControl: res.headers['cache-control'],
            body: kind === 'readyz' ? body : undefined,
            reused: req.reusedSocket,
            socket,
          }),
        )
      })
      req.end(opts.body)
    })
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function csrfFor(url: string) {
  const res = await fetch(`${url}/api/auth/session`)
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('csrf='))!
  const { csrfToken } = (await res.json()) as { csrfToken: string }
  return { cookie, token: csrfToken }
}

async function drainUnderLoad(env: Record<string, string>) {
  const dir = tempDir('shutdown-')
  const s: RunningServer = await startServer({
    DATABASE_URL: path.join(dir, 'site.db'),
    DATA_DIR: dir,
    PROPOSAL_RATE_LIMIT_PER_HOUR: '1000000',
    SHUTDOWN_GRACE_SECONDS: '60',
    ...env,
  })
  const rec = new Recorder()
  const csrf = await csrfFor(s.url)
  const exited = new Promise<{ code: number | null; at: number }>((r) => s.proc.once('exit', (code) => r({ code, at: rec.now() })))
  const hardStop = performance.now() + 25_000

  // A visitor gone quiet: one answer, then its kept-alive connection sits idle. The server must
  // close it (or it would hold the exit until the keep-alive timeout).
  const idleAgent = new http.Agent({ keepAlive: true })
  const idle = await rec.send(idleAgent, `${s.url}/healthz`, 'idle')

  // Keep-alive visitors, each asking for the next thing as soon as the last answer is in, until
  // the port refuses them.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })
  const load: Outcome[] = []
  const kinds = ['/', '/blog', '/api/blogs', 'proposal']
  const visitor = async (n: number) => {
    for (let i = n; performance.now() < hardStop; i++) {
      const kind = kinds[i % kinds.length]
      const o =
        kind === 'proposal'
          ? await rec.send(agent, `${s.url}/api/proposals`, kind, {
              method: 'POST',
              headers: POST_HEADERS(csrf),
              body: JSON.stringify({ ...validProposal(), name: `Drain ${n}-${i}` }),
            })
          : await rec.send(agent, s.url + kind, kind)
      load.push(o)
      if (o.code === 'ECONNREFUSED') return
    }
  }

  // A load balancer's readiness check over its own kept-alive connection (every 50 ms, so the
  // connection is never a quiet one), until it is told 503.
  const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const probes: Outcome[] = []
  const probe = (async () => {
    while (performance.now() < hardStop) {
      const o = await rec.send(probeAgent, `${s.url}/readyz`, 'readyz')
      probes.push(o)
      if (o.status !== 200) return
      await sleep(50)
    }
  })()

  // Fresh connections to /readyz after the signal: 503 or refused, never 200 again after that.
  const fresh: Outcome[] = []
  const freshProbe = async () => {
    while (performance.now() < hardStop) {
      const o = await rec.send(false, `${s.url}/readyz`, 'readyz')
      fresh.push(o)
      if (o.code === 'ECONNREFUSED') return
      await sleep(20)
    }
  }

  const visitors = Array.from({ length: 6 }, (_, n) => visitor(n))
  const started = performance.now()
  while (performance.now() - started < 1_000 || load.length < 30) await sleep(50)

  // A request in flight across the signal: headers and a little of the body before it, the rest
  // once the server is draining (the probe saw 503), or after 3 s.
  const body = JSON.stringify({ ...validProposal(), name: 'Slow upload' })
  const slowReq = http.request(`${s.url}/api/proposals`, {
    agent: false,
    method: 'POST',
    headers: { ...POST_HEADERS(csrf), 'content-length': String(Buffer.byteLength(body)) },
  })
  const slowDone = new Promise<Outcome>((resolve) => {
    slowReq.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ kind: 'slow', at: rec.now(), error: err.message, code: err.code, reused: false }),
    )
    slowReq.on('response', (res) => {
      res.resume()
      res.on('end', () =>
        resolve({ kind: 'slow', at: rec.now(), status: res.statusCode, connection: res.headers.connection, reused: false }),
      )
    })
  })
  await new Promise((r) => slowReq.write(body.slice(0, 20), r))
  await sleep(200)
  const slowRest = (async () => {
    const until = performance.now() + 3_000
    while (!probes.some((p) => p.status === 503) && performance.now() < until) await sleep(20)
    await sleep(100)
    slowReq.end(body.slice(20))
  })()

  rec.sigAt = performance.now()
  s.proc.kill('SIGTERM')
  const freshDone = freshProbe()

  const [exit, slow] = await Promise.all([exited, slowDone, ...visitors, probe, freshDone, slowRest]).then(
    ([e, sl]) => [e, sl] as [{ code: number | null; at: number }, Outcome],
  )
  agent.destroy()
  probeAgent.destroy()
  idleAgent.destroy()
  return { s, rec, load, probes, fresh, slow, idle, exit }
}

function check(r: Awaited<ReturnType<typeof drainUnderLoad>>, label: string, opts: { slowSaysClose: boolean }) {
  const { s, rec, load, probes, fresh, slow, idle, exit } = r
  const after = load.filter((o) => o.status !== undefined && o.at > 0)
  const summary = {
    requests: load.filter((o) => o.status !== undefined).length,
    answeredAfterSignal: after.length,
    closeAnswers: after.filter((o) => o.connection === 'close').length,
    keepAliveAnswersAfterSignal: after.filter((o) => o.connection !== 'close').length,
    exitMs: Math.round(exit.at),
    exitCode: exit.code,
    probe503Ms: Math.round(probes.find((p) => p.status === 503)?.at ?? NaN),
    fresh: fresh
      .filter((o) => o.at > 0)
      .map((o) => o.status ?? o.code)
      .join(' '),
  }
  console.log(label, JSON.stringify(summary))

  // The process exits cleanly once the last request is answered, not because the grace ran out
  // (it is set to a minute here, so no machine is slow enough to reach it).
  expect(exit.code, s.output()).toBe(0)
  expect(s.output()).not.toMatch(/still open after/)
  const lastAnswer = Math.max(...load.filter((o) => o.status !== undefined).map((o) => o.at))
  expect(exit.at).toBeGreaterThan(lastAnswer)

  // No request was reset or cut off: the only error is a refused connection (the port is
  // closed), which happens before anything is sent. And no 5xx at all.
  const errors = load.filter((o) => o.error !== undefined && o.code !== 'ECONNREFUSED')
  expect(errors).toEqual([])
  for (const o of load.filter((x) => x.code === 'ECONNREFUSED')) expect(o.reused).toBe(false)
  expect(load.filter((o) => (o.status ?? 0) >= 500)).toEqual([])
  expect(load.filter((o) => o.status !== undefined && !(o.status >= 200 && o.status < 300))).toEqual([])
  // Every visitor was served after the signal and then found the port closed.
  expect(load.filter((o) => o.code === 'ECONNREFUSED')).toHaveLength(6)
  expect(after.length).toBeGreaterThan(0)
  expect(summary.closeAnswers).toBeGreaterThan(0)

  // Each kept-alive connection the visitors used after the signal ended with an answer saying
  // Connection: close, unless it then sat quiet (the server closes those only after a quiet second).
  const last = new Map<number, Outcome>()
  for (const o of load) if (o.socket !== undefined && o.status !== undefined) last.set(o.socket, o)
  for (const [id, o] of last) {
    if (o.at <= 0 || o.connection === 'close') continue
    const closedAt = rec.sockets.get(id)!.closedAt!
    expect(closedAt - o.at, `connection ${id} closed right after a keep-alive answer`).toBeGreaterThan(900)
  }

  // The idle connection was closed by the server after the signal, before the exit.
  expect(idle).toMatchObject({ status: 200, connection: 'keep-alive' })
  const idleClosedAt = rec.sockets.get(idle.socket!)!.closedAt!
  expect(idleClosedAt).toBeGreaterThan(0)
  expect(idleClosedAt).toBeLessThan(exit.at)

  // Readiness: the kept-alive probe was answered 200 until the signal, then 503 with no-store,
  // on its open connection, which the server then closed.
  const p503 = probes.at(-1)!
  expect(probes.slice(0, -1).every((p) => p.status === 200)).toBe(true)
  expect(p503).toMatchObject({ status: 503, connection: 'close', cacheControl: 'no-store', reused: true })
  expect(JSON.parse(p503.body!)).toEqual({ status: 'draining' })
  expect(p503.at).toBeGreaterThan(0)
  // Fresh connections: never ready again once refused or told 503. (A connection still in the
  // listen queue when the port closes can be reset by the kernel: that is not a served request.)
  const firstNot200 = fresh.findIndex((o) => o.status !== 200)
  expect(firstNot200).toBeGreaterThanOrEqual(0)
  for (const o of fresh.slice(firstNot200)) {
    if (o.status !== undefined) expect(o.status).toBe(503)
    else expect(['ECONNREFUSED', 'ECONNRESET']).toContain(o.code)
  }
  expect(fresh.at(-1)!.code).toBe('ECONNREFUSED')

  // The request in flight across the signal was finished.
  expect(slow.error).toBeUndefined()
  expect(slow.status).toBe(201)
  expect(slow.at).toBeGreaterThan(0)
  if (opts.slowSaysClose) expect(slow.connection).toBe('close')
}

describe('SIGTERM drains keep-alive connections', () => {
  it('one process: 503 on /readyz, Connection: close, nothing reset, exit 0', async () => {
    const r = await drainUnderLoad({})
    check(r, 'single', { slowSaysClose: true })
  })

  it('WEB_CONCURRENCY=2: the workers drain the same way and the primary exits 0', async () => {
    const r = await drainUnderLoad({ WEB_CONCURRENCY: '2' })
    check(r, 'cluster', { slowSaysClose: false })
  })

  it('WEB_CONCURRENCY=2: SIGTERM while the workers are still starting stops them cleanly, exit 0', async () => {
    // A worker still loading the build has no SIGTERM handler yet and dies of the signal. It has
    // served nothing, so the primary must not call that a failure (on a loaded CI machine the
    // second worker was still starting when the drain test above sent its signal).
    requireBuild()
    const dir = tempDir('shutdown-')
    const port = await freePort()
    const proc = spawn(process.execPath, ['server.js'], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        BUILD_DIR,
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_URL: `http://127.0.0.1:${port}`,
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD: 'system-test-password',
        LOG_LEVEL: 'info',
        WEB_CONCURRENCY: '2',
        DATABASE_URL: path.join(dir, 'site.db'),
        DATA_DIR: dir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)))
    const forked = new Promise<void>((resolve) => {
      const read = (d: Buffer) => {
        out += d
        if (out.includes('starting workers')) resolve()
      }
      proc.stdout!.on('data', read)
      proc.stderr!.on('data', read)
    })
    await forked
    // The primary has just forked: neither worker has loaded the server build yet.
    proc.kill('SIGTERM')
    expect(await exited, out).toBe(0)
    expect(out).not.toMatch(/did not stop cleanly/)
  })

  it('a request still open after the grace (SHUTDOWN_GRACE_SECONDS): exit 1 with a log line, the request cut off', async () => {
    const dir = tempDir('shutdown-')
    const s = await startServer({ DATABASE_URL: path.join(dir, 'site.db'), DATA_DIR: dir, SHUTDOWN_GRACE_SECONDS: '1' })
    const csrf = await csrfFor(s.url)
    // A body that never finishes arriving.
    const req = http.request(`${s.url}/api/proposals`, {
      agent: false,
      method: 'POST',
      headers: { ...POST_HEADERS(csrf), 'content-length': '1000' },
    })
    const events: string[] = []
    const ended = new Promise<void>((r) =>
      req.on('error', () => r(void events.push('request cut off'))).on('response', () => r(void events.push('request answered'))),
    )
    await new Promise((r) => req.write('{"name":', r))
    // Another connection's answer: the server accepts connections in order, so it holds the slow one.
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200)
    const stopped = s.stop().then((code) => void events.push(`exit ${code}`))
    await Promise.all([stopped, ended])
    // (Which of the two this process hears of first is up to the kernel.)
    expect(events.sort()).toEqual(['exit 1', 'request cut off'])
    expect(s.output()).toMatch(/requests still open after 1 s; exiting anyway/)
  })
})
