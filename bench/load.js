// `npm run bench`: first the previous release against this build (A/B, interleaved, no page
// cache, one process: bench/ab.js) with each process's resident memory idle and after the load,
// on SQLite, and this build's uncached figures and memory on PostgreSQL (section "ab" of
// docs/BENCHMARKS.md). Then the full load test of the production build with wrk (Debian package
// `wrk`, its own process) against the server (its own process) on loopback, on SQLite and on
// PostgreSQL, with nginx serving the same bytes of the home page (saved from the server) as the
// static ceiling in the same run. Every page figure is also given as a share of that ceiling. For
// each server it records the CPU time it used per request and its peak memory (section "load").
// BENCH_DURATION (seconds per target, default 15), BENCH_WARMUP (seconds of load per page before
// measuring, default 5) and BENCH_CONNECTIONS (default 16) adjust the run; BENCH_ROUNDS (default
// 2) the A/B's rounds; BENCH_BASE the previous release (a git ref, default 532bdec);
// BENCH_ONLY=ab runs the A/B part alone, BENCH_ONLY=proposal the client's proposal page alone; BENCH_PORT (default 3400) the first of the ports used.
// The PostgreSQL runs wipe the database at TEST_PG_URL (default postgres://app:app@127.0.0.1:5432/appdb).
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import pg from 'pg'
import {
  BUILD_DIR,
  cpuSeconds,
  ensureBuild,
  hasWrk,
  machine,
  peakMemoryMb,
  residentMb,
  startServer,
  startServerFrom,
  tempDir,
  writeSection,
  wrk,
} from './lib.js'
import { UNCACHED, benchPages, compareWithPreviousRelease, visitOnce } from './ab.js'
import { measureProposalPage, sentProposalPath } from './proposal-page.js'

const DURATION = Number(process.env.BENCH_DURATION ?? 15)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5)
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://app:app@127.0.0.1:5432/appdb'
const PORT = Number(process.env.BENCH_PORT ?? 3400)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
ensureBuild()
if (!hasWrk()) {
  console.error('The load generator is wrk: install it with `apt-get install wrk` (Debian), then run `npm run bench` again.')
  process.exit(1)
}

/**
 * Stock WordPress 6.1 (Debian: PHP 8.2-fpm, MariaDB, nginx, no cache plugin) with its sample
 * content, measured on this machine with the same wrk command when issue 10 was filed: a saved
 * figure, not measured in this run (requests/s).
 */
const WORDPRESS = { 'home page': 65, 'blog post': 57, 'blog list': 53 }

const load = (url, opts = {}) => wrk(url, { seconds: DURATION, connections: CONNECTIONS, ...opts })

/** Measures one target and what the server process spent on it. */
function measure(label, server, url, opts) {
  const cpu0 = cpuSeconds(server.proc.pid)
  const r = load(url, opts)
  const cpuMs = ((cpuSeconds(server.proc.pid) - cpu0) * 1000) / Math.max(1, r.total)
  console.error(`${label}: ${r.rps} req/s, p99 ${r.p99} ms`)
  return { label, ...r, cpuUs: Math.round(cpuMs * 1000), peakMb: peakMemoryMb(server.proc.pid) }
}

async function csrfSession(url) {
  const res = await fetch(`${url}/api/auth/session`)
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return { cookie, token: (await res.json()).csrfToken }
}

/** The client's proposal page, per database (bench/proposal-page.js). */
const proposalPage = []

async function runTargets(dialect, env) {
  const rows = []
  const setups = [
    { cache: 'on', workers: 1, tag: 'cached, one process' },
    { cache: 'on', workers: 2, tag: 'cached, WEB_CONCURRENCY=2' },
    { cache: 'off', workers: 1, tag: 'no page cache, one process' },
    { cache: 'off', workers: 2, tag: 'no page cache, WEB_CONCURRENCY=2' },
  ]
  for (const { cache, workers, tag } of setups) {
    const server = await startServer(PORT, {
      ...env,
      PAGE_CACHE: cache,
      WEB_CONCURRENCY: String(workers),
      PROPOSAL_RATE_LIMIT_PER_HOUR: '1000000',
      LOG_LEVEL: 'info',
    })
    try {
      const posts = await (await fetch(`${server.url}/api/blogs`)).json()
      const pages = [
        ['home page', '/'],
        ['blog post', `/blog/${posts[0].slug ?? posts[0].id}`],
        ['blog list', '/blog'],
      ]
      // Warm up under the same load: fills the page cache and lets the JIT settle (a server-rendered
      // page costs noticeably more during its first seconds of traffic).
      for (const [, p] of pages) wrk(server.url + p, { seconds: WARMUP, connections: CONNECTIONS })
      for (const [name, p] of pages) rows.push(measure(`${dialect}: ${name} (${tag})`, server, server.url + p))
      // The client's proposal page is private (never in the page cache): timed once per database.
      if (cache === 'off' && workers === 1) {
        const page = await sentProposalPath(server.url, env.DATABASE_URL)
        proposalPage.push(
          measureProposalPage(`${dialect}: /p/<token>`, server.url + page, { seconds: DURATION, warmup: WARMUP, connections: CONNECTIONS }),
        )
      }
      if (cache === 'on' && workers === 1) {
        const { cookie, token } = await csrfSession(server.url)
        const body = JSON.stringify({
          name: 'Load Test',
          email: 'load@example.com',
          businessType: 'retail',
          budget: '500-1000',
          requirements: 'Benchmark request',
        })
        rows.push(
          measure(`${dialect}: POST /api/proposals`, server, `${server.url}/api/proposals`, {
            post: { body, headers: { 'Content-Type': 'application/json', Cookie: cookie, 'X-CSRF-Token': token } },
          }),
        )
      }
    } finally {
      await server.stop()
    }
  }
  return rows
}

/** nginx serving the home page's exact bytes (saved from the server, gzip on), two workers. */
async function staticCeiling() {
  if (!fs.existsSync('/usr/sbin/nginx') && spawnSync('sh', ['-c', 'command -v nginx']).status !== 0) return null
  const dir = tempDir('bench-nginx-')
  const server = await startServer(PORT, { DATABASE_URL: path.join(dir, 'site.db'), DATA_DIR: dir })
  const html = await (await fetch(`${server.url}/`)).text()
  fs.writeFileSync(path.join(dir, 'index.html'), html)
  // Compressed once, as the page cache does, so nginx does not gzip on every request.
  fs.writeFileSync(path.join(dir, 'index.html.gz'), zlib.gzipSync(html))
  await server.stop()
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 2; pid ${dir}/nginx.pid; error_log ${dir}/error.log; daemon off;
events { worker_connections 1024; }
http { access_log off; types { text/html html; } gzip_static on;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${PORT + 1}; root ${dir}; location / { try_files /index.html =404; } } }`,
  )
  const nginx = spawn(fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx', ['-c', path.join(dir, 'nginx.conf')], {
    stdio: 'inherit',
  })
  await new Promise((r) => setTimeout(r, 500))
  try {
    wrk(`http://127.0.0.1:${PORT + 1}/`, { seconds: WARMUP, connections: CONNECTIONS })
    return { label: 'nginx: saved home page HTML (static ceiling)', ...load(`http://127.0.0.1:${PORT + 1}/`), cpuUs: '', peakMb: '' }
  } finally {
    nginx.kill('SIGTERM')
  }
}

/**
 * The site behind nginx's proxy_cache, configured as deploy/nginx.conf shows (without TLS): the
 * shared cache a CDN or the proxy keeps from our `s-maxage` answers.
 */
async function behindProxyCache(env) {
  const dir = tempDir('bench-proxy-cache-')
  const server = await startServer(PORT, { ...env, DATABASE_URL: path.join(dir, 'site.db'), DATA_DIR: dir, LOG_LEVEL: 'info' })
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 2; pid ${dir}/nginx.pid; error_log ${dir}/error.log; daemon off;
events { worker_connections 1024; }
http { access_log off;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=agency_site:10m max_size=200m inactive=10m use_temp_path=off;
  upstream agency_site { server 127.0.0.1:${PORT}; keepalive 32; }
  server { listen 127.0.0.1:${PORT + 2};
    location / {
      proxy_pass http://agency_site; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Host $host;
      proxy_cache agency_site; proxy_cache_lock on; proxy_cache_background_update on;
      proxy_cache_use_stale updating error timeout http_500 http_502 http_503 http_504;
      proxy_cache_bypass $cookie_sid; proxy_no_cache $cookie_sid;
    } } }`,
  )
  const nginx = spawn(fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx', ['-c', path.join(dir, 'nginx.conf')], {
    stdio: 'inherit',
  })
  await new Promise((r) => setTimeout(r, 500))
  const rows = []
  try {
    const posts = await (await fetch(`${server.url}/api/blogs`)).json()
    for (const [name, p] of [
      ['home page', '/'],
      ['blog post', `/blog/${posts[0].slug ?? posts[0].id}`],
      ['blog list', '/blog'],
    ]) {
      const url = `http://127.0.0.1:${PORT + 2}${p}`
      wrk(url, { seconds: WARMUP, connections: CONNECTIONS })
      const cache = (await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } })).headers
      if (!/s-maxage/.test(cache.get('cache-control') ?? '')) throw new Error(`${p} is not shared-cacheable`)
      rows.push(measure(`nginx proxy_cache in front: ${name}`, server, url))
    }
  } finally {
    nginx.kill('SIGTERM')
    await server.stop()
  }
  return rows
}

async function resetPg() {
  const c = new pg.Client({ connectionString: PG_URL })
  await c.connect()
  await c.query('drop schema public cascade; create schema public;')
  await c.end()
}

/**
 * Stock WordPress 6.1 measured beside this server in one run when issue 37 was filed (same wrk
 * command, one process, no cache): saved figures, requests/s.
 */
const WORDPRESS_ISSUE_37 = { 'home page': 42.5, 'blog post': 37.9, 'blog list': 34.5 }

/** This build alone on PostgreSQL: uncached requests/s per page and resident memory idle and after. */
async function uncachedOnPostgres() {
  await resetPg()
  const server = await startServerFrom(
    path.resolve(BUILD_DIR),
    PORT + 5,
    { ...UNCACHED, DATABASE_URL: PG_URL, DATA_DIR: tempDir('bench-pg-') },
    { quiet: true },
  )
  try {
    const pages = await benchPages(server.url)
    await visitOnce(server.url, pages)
    const idle = residentMb(server.proc.pid)
    for (const [, p] of pages) wrk(server.url + p, { seconds: WARMUP, connections: CONNECTIONS })
    const rows = pages.map(([page, p]) => ({ page, ...load(server.url + p) }))
    return { rows, memory: { idle, after: residentMb(server.proc.pid) } }
  } finally {
    await server.stop()
  }
}

/** The client's proposal page's section of docs/BENCHMARKS.md, from the rows `proposalPage` holds. */
function writeProposalPage(started) {
  const md = `## The client's proposal page (npm run bench)

Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}.
Command: \`npm run build && npm run bench\` (\`BENCH_ONLY=proposal\` for this part alone). /p/<token> (issue 38) for a proposal written, saved and sent with the back office's forms (bench/proposal-page.js); private, so never cached; the server alone, one process, \`PAGE_CACHE=off\`, a fresh database. After ${WARMUP} s of warm-up: the median a client waits with one connection (wrk -t1 -c1 -d${DURATION}s, the goal is under 50 ms) and the requests/s with ${CONNECTIONS} connections (wrk -t2 -c${CONNECTIONS}).

| database | median ms (one connection) | p99 ms (one connection) | requests/s (${CONNECTIONS} connections) | errors |
|---|---:|---:|---:|---:|
${proposalPage.map((r) => `| ${r.label.split(':')[0]} | ${r.alone.p50} | ${r.alone.p99} | ${r.loaded.rps} | ${r.alone.errors + r.loaded.errors} |`).join('\n')}
`
  writeSection('proposal-page', md)
  console.log(md)
}

/** BENCH_ONLY=proposal: the proposal page alone, on SQLite and PostgreSQL. */
async function proposalPageAlone() {
  const started = new Date()
  for (const [dialect, env] of [
    ['SQLite', null],
    ['PostgreSQL', { DATABASE_URL: PG_URL }],
  ]) {
    const dir = tempDir('bench-proposal-')
    const databaseUrl = env?.DATABASE_URL ?? path.join(dir, 'site.db')
    if (env) await resetPg()
    const server = await startServer(PORT, {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dir,
      PAGE_CACHE: 'off',
      WEB_CONCURRENCY: '1',
      LOG_LEVEL: 'info',
    })
    try {
      const page = await sentProposalPath(server.url, databaseUrl)
      proposalPage.push(
        measureProposalPage(`${dialect}: /p/<token>`, server.url + page, { seconds: DURATION, warmup: WARMUP, connections: CONNECTIONS }),
      )
    } finally {
      await server.stop()
    }
  }
  writeProposalPage(started)
}

if (process.env.BENCH_ONLY === 'proposal') {
  await proposalPageAlone()
  process.exit(0)
}

const abStarted = new Date()
const ab = await compareWithPreviousRelease({ port: PORT + 3, rounds: ROUNDS, seconds: DURATION, warmup: WARMUP, connections: CONNECTIONS })
let onPg = null
try {
  onPg = await uncachedOnPostgres()
} catch (err) {
  console.error(`PostgreSQL part skipped: ${err.message}`)
}
const times = (rps, page) => `${(rps / WORDPRESS_ISSUE_37[page]).toFixed(1)}x`
const abMd = `## The previous release against this build (npm run bench, A/B)

Measured ${abStarted.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}.
Command: \`npm run build && npm run bench\` (\`BENCH_ONLY=ab\` for this part alone). A = ${ab.base} (${ab.sha.slice(0, 9)}), built from its own checkout by bench/previous-release.js; B = this build. Each is one process (\`WEB_CONCURRENCY=1\`), \`PAGE_CACHE=off\` (React renders every request), production logging (\`LOG_LEVEL=info\`) and \`MALLOC_ARENA_MAX=2\` (as deploy/ sets it), a fresh SQLite database with the sample content. ${ab.rounds} rounds of wrk -t2 -c${ab.connections} -d${ab.seconds}s per page, A B B A then B A A B, after ${WARMUP} s of warm-up per page and server; medians. "WordPress" divides by stock WordPress 6.1 (no cache) measured beside the server in one run when issue 37 was filed (home 42.5, post 37.9, blog list 34.5 requests/s), not in this run.

| page (uncached, one process, SQLite) | A req/s | B req/s | B/A | B vs WordPress | A p99 ms | B p99 ms | errors |
|---|---:|---:|---:|---:|---:|---:|---:|
${ab.rows.map((r) => `| ${r.page} | ${r.a} | ${r.b} | ${r.ratio.toFixed(2)} | ${times(r.b, r.page)} | ${r.aP99} | ${r.bP99} | ${r.errors} |`).join('\n')}
${
  onPg
    ? `
B alone on PostgreSQL (the same settings, wrk -t2 -c${CONNECTIONS} -d${DURATION}s per page after ${WARMUP} s of warm-up):

| page (uncached, one process, PostgreSQL) | B req/s | B vs WordPress | p99 ms | errors |
|---|---:|---:|---:|---:|
${onPg.rows.map((r) => `| ${r.page} | ${r.rps} | ${times(r.rps, r.page)} | ${r.p99} | ${r.errors} |`).join('\n')}
`
    : ''
}
Resident memory of one process (VmRSS; peak = VmHWM since start). Idle = started on the sample site and each of the three pages fetched once; after load = at the end of the runs above.

| server | idle RSS MB | after load RSS MB | peak MB |
|---|---:|---:|---:|
| A, SQLite | ${ab.memory.A.idle.rss} | ${ab.memory.A.after.rss} | ${ab.memory.A.after.peak} |
| B, SQLite | ${ab.memory.B.idle.rss} | ${ab.memory.B.after.rss} | ${ab.memory.B.after.peak} |
${onPg ? `| B, PostgreSQL | ${onPg.memory.idle.rss} | ${onPg.memory.after.rss} | ${onPg.memory.after.peak} |\n` : ''}`
writeSection('ab', abMd)
console.log(abMd)
if (process.env.BENCH_ONLY === 'ab') process.exit(0)

const started = new Date()
const rows = []
const ceiling = await staticCeiling()
if (ceiling) rows.push(ceiling)
if (ceiling) rows.push(...(await behindProxyCache({ PAGE_CACHE: 'on', WEB_CONCURRENCY: '1', PROPOSAL_RATE_LIMIT_PER_HOUR: '1000000' })))
const sqliteDir = tempDir('bench-sqlite-')
rows.push(...(await runTargets('SQLite', { DATABASE_URL: path.join(sqliteDir, 'site.db'), DATA_DIR: sqliteDir })))
let pgNote = ''
try {
  await resetPg()
  rows.push(...(await runTargets('PostgreSQL', { DATABASE_URL: PG_URL, DATA_DIR: tempDir('bench-pg-') })))
} catch (err) {
  pgNote = `\nPostgreSQL run skipped: ${err.message}\n`
}

const ratio = (r) => (ceiling && r !== ceiling && /page|post|list/.test(r.label) ? `${Math.round((r.rps / ceiling.rps) * 100)}%` : '')
const vsWordPress = (r) => {
  const page = /no page cache/.test(r.label) && Object.keys(WORDPRESS).find((p) => r.label.includes(p))
  return page ? `${(r.rps / WORDPRESS[page]).toFixed(1)}x` : ''
}
const table = [
  '| target | requests/s | p50 ms | p99 ms | errors | requests | vs static ceiling | vs WordPress (saved) | server CPU µs/request | server peak MB |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.label} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.total} | ${ratio(r)} | ${vsWordPress(r)} | ${r.cpuUs} | ${r.peakMb} |`,
  ),
].join('\n')
const md = `## Load (npm run bench)

Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}.
Command: \`npm run build && npm run bench\`: wrk -t2 -c${CONNECTIONS} -d${DURATION}s --latency (its own process, \`Accept-Encoding: gzip\`) after ${WARMUP} s of warm-up load per page; the server in its own process on loopback with the production default logging (\`LOG_LEVEL=info\`); load generator and server share the 2 cores. nginx serves the saved home page (same bytes, gzip) in the same run.
"cached" is the production default (rendered public pages kept in memory until content changes, answered before Express); "no page cache" runs with \`PAGE_CACHE=off\`, so React renders every request; \`WEB_CONCURRENCY=2\` runs two worker processes (node:cluster) on the same port, the production default on this 2-core machine. "nginx proxy_cache in front" is the server (one process) behind nginx configured as deploy/nginx.conf shows, where the shared cache answers from our \`s-maxage\` headers. CPU and peak memory are the server's (with its workers). "vs WordPress (saved)" divides by stock WordPress 6.1 without a cache plugin measured on this machine with the same wrk command when issue 10 was filed (home 65, post 57, blog list 53 requests/s), not in this run.
${pgNote}
${table}
`
writeSection('load', md)
console.log(md)
writeProposalPage(started)
