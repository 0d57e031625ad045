// Shared bits for the benchmarks: start the production server as its own process, and
// rewrite one marked section of docs/BENCHMARKS.md without touching the others.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

export const BUILD_DIR = process.env.BUILD_DIR ?? 'build'

export function ensureBuild() {
  if (!fs.existsSync(path.join(BUILD_DIR, 'server/index.js'))) {
    console.error('No production build: run `npm run build` first.')
    process.exit(1)
  }
}

export function tempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix))
}

export function startServer(port, env) {
  return startServerFrom(BUILD_DIR, port, env)
}

/**
 * Starts `node server.js` on the build in `buildDir` and waits until it answers. `cwd` is the
 * checkout whose server.js runs (another release's, for the A/B); `nodeArgs` go before it.
 */
export async function startServerFrom(buildDir, port, env, { cwd, nodeArgs = [], quiet = false } = {}) {
  const proc = spawn(process.execPath, [...nodeArgs, 'server.js'], {
    cwd,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${port}`,
      ADMIN_PASSWORD: 'bench-password-1',
      LOG_LEVEL: 'error',
      WEB_CONCURRENCY: '1',
      ...env,
    },
    // `quiet`: the log lines (one per request at LOG_LEVEL=info) are written, to /dev/null.
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok)
        return { url, proc, stop: () => new Promise((r) => (proc.once('exit', r), proc.kill('SIGTERM'))) }
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  proc.kill('SIGKILL')
  throw new Error('server did not start')
}

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->`, appending the section if absent. */
export function writeSection(name, markdown) {
  const file = 'docs/BENCHMARKS.md'
  fs.mkdirSync('docs', { recursive: true })
  let doc = fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8')
    : '# Benchmarks\n\nMeasured figures, each with the date, the machine and the command that produced it.\n'
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const block = `${start}\n${markdown.trim()}\n${end}`
  const i = doc.indexOf(start)
  const j = doc.indexOf(end)
  doc = i >= 0 && j > i ? doc.slice(0, i) + block + doc.slice(j + end.length) : `${doc.trimEnd()}\n\n${block}\n`
  fs.writeFileSync(file, doc)
}

export function machine() {
  return `${os.cpus().length} × ${os.cpus()[0]?.model?.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}`
}

/** True when Debian's wrk is installed (the load generator: `apt-get install wrk`). */
export function hasWrk() {
  return !spawnSync('wrk', ['--version']).error
}

/**
 * Runs wrk against `url` in its own process and returns requests/s, p50/p99 in ms and errors.
 * `post` = { body, headers } sends that POST (through a small Lua script).
 */
export function wrk(url, { seconds = 15, connections = 16, threads = 2, post, headers = { 'Accept-Encoding': 'gzip' } } = {}) {
  const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency']
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`)
  if (post) {
    const script = path.join(os.tmpdir(), `wrk-post-${process.pid}.lua`)
    const lines = [
      `wrk.method = "POST"`,
      `wrk.body = ${JSON.stringify(post.body)}`,
      ...Object.entries(post.headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`),
    ]
    fs.writeFileSync(script, lines.join('\n'))
    args.push('-s', script)
  }
  const r = spawnSync('wrk', [...args, url], { encoding: 'utf8' })
  const ms = (label) => {
    const m = new RegExp(`\\s${label}%\\s+([\\d.]+)(us|ms|s)\\b`).exec(r.stdout)
    return m ? Math.round(Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2]] * 10) / 10 : NaN
  }
  const total = Number(/(\d+) requests in/.exec(r.stdout)?.[1] ?? 0)
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(r.stdout)?.[1] ?? 0)
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(r.stdout)
  const errors = non2xx + (socketErrors ? socketErrors.slice(1).reduce((n, x) => n + Number(x), 0) : 0)
  return { rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(r.stdout)?.[1] ?? NaN)), p50: ms(50), p99: ms(99), errors, total }
}

/** CPU seconds (user + system) used so far by a process and its children (Linux /proc). */
export function cpuSeconds(pid) {
  const pids = [
    pid,
    ...spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .stdout.split('\n')
      .map(Number)
      .filter(Boolean),
  ]
  let ticks = 0
  for (const p of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      /* gone */
    }
  }
  return ticks / 100
}

/** Resident memory now (VmRSS) and at its peak (VmHWM) of one process, in MB (Linux). */
export function residentMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const mb = (field) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024)
  return { rss: mb('VmRSS'), peak: mb('VmHWM') }
}

/** Peak resident memory in MB of a process and its children (VmHWM, Linux). */
export function peakMemoryMb(pid) {
  const pids = [
    pid,
    ...spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .stdout.split('\n')
      .map(Number)
      .filter(Boolean),
  ]
  let kb = 0
  for (const p of pids) {
    try {
      kb += Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0)
    } catch {
      /* gone */
    }
  }
  return Math.round(kb / 1024)
}

/** Empties a PostgreSQL database the benchmark owns (its schema is made again at the server's start). */
export async function resetPostgres(url) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query('drop schema public cascade; create schema public;')
  await client.end()
}

/** Signs in as the admin through the JSON API; answers the Cookie header for later requests. */
export async function signIn(url, password) {
  const s = await fetch(`${url}/api/auth/session`)
  const csrf = s.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const { csrfToken } = await s.json()
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: csrf },
    body: JSON.stringify({ username: 'admin', password }),
  })
  if (!res.ok) throw new Error(`login failed: ${res.status}`)
  return [csrf, ...res.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ')
}
