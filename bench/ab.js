// The A/B part of `npm run bench`: the previous release (A, bench/previous-release.js) and this
// build (B) served side by side, each one process (WEB_CONCURRENCY=1) with no page cache
// (PAGE_CACHE=off: React renders every request), on fresh SQLite databases with the sample
// content. Every round measures each page A B B A (the next B A A B), so drift on a shared machine
// falls on both alike; the ratio B/A of the medians is what shows a regression. Each server's
// resident memory is read idle (started, each page fetched once) and after the load.
import path from 'node:path'
import { residentMb, startServerFrom, tempDir, wrk, BUILD_DIR } from './lib.js'
import { DEFAULT_BASE, ensureReleaseBuild } from './previous-release.js'

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/** Public pages measured: the home page, the newest post and the blog list. */
export async function benchPages(url) {
  const posts = await (await fetch(`${url}/api/blogs`)).json()
  return [
    ['home page', '/'],
    ['blog post', `/blog/${posts[0].slug ?? posts[0].id}`],
    ['blog list', '/blog'],
  ]
}

/**
 * Production settings for an uncached, one-process server in the benchmark (MALLOC_ARENA_MAX=2 as
 * deploy/agency-site.service sets it).
 */
export const UNCACHED = {
  PAGE_CACHE: 'off',
  WEB_CONCURRENCY: '1',
  LOG_LEVEL: 'info',
  PROPOSAL_RATE_LIMIT_PER_HOUR: '1000000',
  MALLOC_ARENA_MAX: '2',
}

/** Starts a server on a fresh SQLite database in its own folder. */
async function startOnSqlite(buildDir, port, cwd) {
  const data = tempDir('bench-ab-')
  return startServerFrom(buildDir, port, { ...UNCACHED, DATA_DIR: data, DATABASE_URL: path.join(data, 'site.db') }, { cwd, quiet: true })
}

/** Fetches each page once (the first render of each), then waits for the process to settle. */
export async function visitOnce(url, pages) {
  for (const [, p] of pages) await (await fetch(url + p, { headers: { 'accept-encoding': 'gzip' } })).text()
  await new Promise((r) => setTimeout(r, 1000))
}

/**
 * Runs the interleaved comparison. Returns { base, sha, rows, memory, rounds, seconds, connections }
 * where rows = [{ page, a, b, ratio, aP99, bP99, errors }] (medians) and memory = { A, B } (MB).
 */
export async function compareWithPreviousRelease({ port, rounds, seconds, warmup, connections }) {
  const base = process.env.BENCH_BASE ?? DEFAULT_BASE
  const release = ensureReleaseBuild(base)
  const servers = {
    A: await startOnSqlite(release.buildDir, port, release.dir),
    B: await startOnSqlite(path.resolve(BUILD_DIR), port + 1),
  }
  const memory = {}
  const results = {}
  try {
    const pages = await benchPages(servers.B.url)
    for (const n of ['A', 'B']) {
      await visitOnce(servers[n].url, pages)
      memory[n] = { idle: residentMb(servers[n].proc.pid) }
    }
    // Warm-up under the same load: a server-rendered page costs more in its first seconds (JIT).
    for (const [, p] of pages) for (const n of ['A', 'B']) wrk(servers[n].url + p, { seconds: warmup, connections })
    for (let round = 0; round < rounds; round++) {
      for (const [label, p] of pages) {
        for (const n of round % 2 ? ['B', 'A', 'A', 'B'] : ['A', 'B', 'B', 'A']) {
          const r = wrk(servers[n].url + p, { seconds, connections })
          ;(results[label] ??= { A: [], B: [] })[n].push(r)
          console.error(`A/B round ${round + 1} ${label} ${n}: ${r.rps} req/s, p99 ${r.p99} ms`)
        }
      }
    }
    for (const n of ['A', 'B']) memory[n].after = residentMb(servers[n].proc.pid)
  } finally {
    for (const s of Object.values(servers)) await s.stop()
  }
  const rows = Object.entries(results).map(([page, { A: a, B: b }]) => {
    const ra = median(a.map((r) => r.rps))
    const rb = median(b.map((r) => r.rps))
    return {
      page,
      a: ra,
      b: rb,
      ratio: rb / ra,
      aP99: median(a.map((r) => r.p99)),
      bP99: median(b.map((r) => r.p99)),
      errors: [...a, ...b].reduce((n, r) => n + r.errors, 0),
    }
  })
  return { base, sha: release.sha, rows, memory, rounds, seconds, connections }
}
