// `npm run bench:compare -- BUILD_A BUILD_B`: the same requests against two production builds
// (e.g. the previous commit's and this one's), in turns, with wrk (Debian package `wrk`) as the
// load generator in its own process. Each round measures A then B then B then A, so drift on a
// shared machine falls on both alike; the table gives medians and the ratio B/A.
// BENCH_ROUNDS (default 3), BENCH_DURATION (seconds per measurement, default 8) and
// BENCH_CONNECTIONS (default 16) adjust it. Fresh SQLite databases; nothing is written to docs.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { startServerFrom, tempDir } from './lib.js'

const [A, B] = process.argv.slice(2)
if (!A || !B || ![A, B].every((d) => fs.existsSync(path.join(d, 'server/index.js')))) {
  console.error('Usage: npm run bench:compare -- BUILD_A BUILD_B   (two directories written by `BUILD_DIR=… npm run build`)')
  process.exit(1)
}
if (spawnSync('wrk', ['--version']).error) {
  console.error('wrk is needed: apt-get install wrk')
  process.exit(1)
}
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const DURATION = Number(process.env.BENCH_DURATION ?? 8)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16)

/** Runs wrk and returns requests/s and the p99 latency in ms. */
function wrk(url, seconds = DURATION) {
  const r = spawnSync('wrk', ['-t2', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '-H', 'Accept-Encoding: gzip', url], {
    encoding: 'utf8',
  })
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(r.stdout)?.[1] ?? NaN)
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(r.stdout)
  const ms = p99 ? Number(p99[1]) * { us: 0.001, ms: 1, s: 1000 }[p99[2]] : NaN
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(r.stdout)?.[1] ?? '0'
  return { rps, p99: ms, errors: Number(errors) }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const servers = {}
for (const [name, dir, port] of [
  ['A', A, 3410],
  ['B', B, 3420],
]) {
  for (const [cache, offset] of [
    ['on', 0],
    ['off', 1],
  ]) {
    const data = tempDir(`cmp-${name}-`)
    servers[`${name}:${cache}`] = await startServerFrom(dir, port + offset, {
      DATA_DIR: data,
      DATABASE_URL: path.join(data, 'site.db'),
      PAGE_CACHE: cache,
    })
  }
}
const first = (await (await fetch(`${servers['A:on'].url}/api/blogs`)).json())[0]
const post = first.slug ?? first.id
const targets = [
  ['home page, cached', 'on', '/'],
  [`blog post, cached`, 'on', `/blog/${post}`],
  ['blog list, cached', 'on', '/blog'],
  ['home page, no page cache', 'off', '/'],
  ['blog post, no page cache', 'off', `/blog/${post}`],
]
const results = {}
try {
  // Warm-up: fills the caches and lets the JIT settle on every server.
  for (const [, cache, p] of targets) for (const n of ['A', 'B']) wrk(servers[`${n}:${cache}`].url + p, 3)
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, cache, p] of targets) {
      for (const n of round % 2 ? ['B', 'A', 'A', 'B'] : ['A', 'B', 'B', 'A']) {
        const r = wrk(servers[`${n}:${cache}`].url + p)
        ;(results[label] ??= { A: [], B: [] })[n].push(r)
        console.error(`round ${round + 1} ${label} ${n}: ${Math.round(r.rps)} req/s, p99 ${r.p99.toFixed(1)} ms`)
      }
    }
  }
} finally {
  for (const s of Object.values(servers)) await s.stop()
}

const rows = ['| target | A req/s | B req/s | B/A | A p99 ms | B p99 ms | errors |', '|---|---:|---:|---:|---:|---:|---:|']
for (const [label, { A: a, B: b }] of Object.entries(results)) {
  const ra = median(a.map((r) => r.rps))
  const rb = median(b.map((r) => r.rps))
  const errors = [...a, ...b].reduce((n, r) => n + r.errors, 0)
  rows.push(
    `| ${label} | ${Math.round(ra)} | ${Math.round(rb)} | ${(rb / ra).toFixed(2)} | ${median(a.map((r) => r.p99)).toFixed(1)} | ${median(b.map((r) => r.p99)).toFixed(1)} | ${errors} |`,
  )
}
console.log(`\nA = ${A}, B = ${B}; wrk -t2 -c${CONNECTIONS} -d${DURATION}s, ${ROUNDS} rounds of A B B A (medians)\n`)
console.log(rows.join('\n'))
