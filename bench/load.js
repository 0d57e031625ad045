// `npm run bench`: load test of the production build with autocannon (this process) against the
// server (its own process) on loopback, on SQLite and on PostgreSQL, plus nginx serving a saved copy
// of the home page as the static ceiling. Results go to docs/BENCHMARKS.md (section "load").
// BENCH_DURATION (seconds, default 20), BENCH_WARMUP (seconds of load per page before measuring,
// default 5) and BENCH_CONNECTIONS (default 50) adjust the run.
// The PostgreSQL run wipes the database at TEST_PG_URL (default postgres://app:app@127.0.0.1:5432/appdb).
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { ensureBuild, machine, startServer, tempDir, writeSection } from './lib.js'

const DURATION = Number(process.env.BENCH_DURATION ?? 20)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5)
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://app:app@127.0.0.1:5432/appdb'
ensureBuild()

function load(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, pipelining: 1, timeout: 10, ...opts }, (err, res) => (err ? reject(err) : resolve(res)))
  })
}

function summary(label, r) {
  return {
    label,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    total: r.requests.total,
  }
}

async function csrfSession(url) {
  const res = await fetch(`${url}/api/auth/session`)
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  return { cookie, token: (await res.json()).csrfToken }
}

async function runTargets(dialect, env) {
  const rows = []
  const setups = [
    { cache: 'on', workers: 1, tag: 'cached' },
    { cache: 'off', workers: 1, tag: 'no page cache' },
    { cache: 'off', workers: 2, tag: 'no page cache, WEB_CONCURRENCY=2' },
  ]
  for (const { cache, workers, tag } of setups) {
    const server = await startServer(3400, { ...env, PAGE_CACHE: cache, WEB_CONCURRENCY: String(workers), PROPOSAL_RATE_LIMIT_PER_HOUR: '1000000' })
    try {
      const posts = await (await fetch(`${server.url}/api/blogs?published=true`)).json()
      const postPath = `/blog/${posts[0].id}`
      // Warm up under the same load: fills the page cache and lets the JIT settle (a server-rendered
      // page costs noticeably more during its first seconds of traffic).
      for (const p of ['/', postPath]) await load({ url: server.url + p, duration: WARMUP })
      rows.push(summary(`${dialect}: home page (${tag})`, await load({ url: `${server.url}/` })))
      rows.push(summary(`${dialect}: blog post (${tag})`, await load({ url: server.url + postPath })))
      if (cache === 'on') {
        rows.push(summary(`${dialect}: GET /api/blogs?published=true`, await load({ url: `${server.url}/api/blogs?published=true` })))
        const { cookie, token } = await csrfSession(server.url)
        const body = JSON.stringify({ name: 'Load Test', email: 'load@example.com', businessType: 'retail', budget: '500-1000', requirements: 'Benchmark request' })
        rows.push(summary(`${dialect}: POST /api/proposals`, await load({ url: `${server.url}/api/proposals`, method: 'POST', body, headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': token } })))
      }
    } finally {
      await server.stop()
    }
  }
  return rows
}

async function staticCeiling() {
  if (spawnSync('sh', ['-c', 'command -v nginx']).status !== 0 && !fs.existsSync('/usr/sbin/nginx')) return null
  const dir = tempDir('bench-nginx-')
  const server = await startServer(3400, { DATABASE_URL: path.join(dir, 'site.db'), DATA_DIR: dir })
  fs.writeFileSync(path.join(dir, 'index.html'), await (await fetch(`${server.url}/`)).text())
  await server.stop()
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 2; pid ${dir}/nginx.pid; error_log ${dir}/error.log; daemon off;
events { worker_connections 1024; }
http { access_log off; types { text/html html; } gzip on; gzip_types text/html;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:3401; root ${dir}; location / { try_files /index.html =404; } } }`,
  )
  const nginx = spawn(fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx', ['-c', path.join(dir, 'nginx.conf')], { stdio: 'inherit' })
  await new Promise((r) => setTimeout(r, 500))
  try {
    return summary('nginx: saved home page HTML (static ceiling)', await load({ url: 'http://127.0.0.1:3401/' }))
  } finally {
    nginx.kill('SIGTERM')
  }
}

async function resetPg() {
  const c = new pg.Client({ connectionString: PG_URL })
  await c.connect()
  await c.query('drop schema public cascade; create schema public;')
  await c.end()
}

const started = new Date()
const rows = []
const ceiling = await staticCeiling()
if (ceiling) rows.push(ceiling)
const sqliteDir = tempDir('bench-sqlite-')
rows.push(...(await runTargets('SQLite', { DATABASE_URL: path.join(sqliteDir, 'site.db'), DATA_DIR: sqliteDir })))
let pgNote = ''
try {
  await resetPg()
  rows.push(...(await runTargets('PostgreSQL', { DATABASE_URL: PG_URL, DATA_DIR: tempDir('bench-pg-') })))
} catch (err) {
  pgNote = `\nPostgreSQL run skipped: ${err.message}\n`
}

const ratio = (r) => (ceiling && /home page|blog post/.test(r.label) ? `${Math.round((r.rps / ceiling.rps) * 100)}%` : '')
const table = [
  '| target | requests/s | p50 ms | p99 ms | errors | requests | vs static ceiling |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...rows.map((r) => `| ${r.label} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.total} | ${ratio(r)} |`),
].join('\n')
const md = `## Load (npm run bench)

Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}.
Command: \`npm run build && npm run bench\` (autocannon in the benchmark process, ${CONNECTIONS} connections, ${DURATION} s per target after ${WARMUP} s of warm-up load per page, the server in its own process on loopback; load generator and server share the 2 cores).
"cached" is the production default (rendered public pages kept in memory until content changes); "no page cache" runs the server with \`PAGE_CACHE=off\`, so every request is rendered by React on the server; \`WEB_CONCURRENCY=2\` runs two worker processes (node:cluster) on the same port.
${pgNote}
${table}

Targets on a 2-core machine: zero errors; p99 under 50 ms for page and list reads; cached public pages at 25% or more of the static ceiling; server-rendered pages without the cache at 250 requests/s or more.
`
writeSection('load', md)
console.log(md)
