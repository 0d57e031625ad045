// `npm run bench:profile`: where an uncached render spends its time. Starts this build with
// `node --cpu-prof` (one process, PAGE_CACHE=off, fresh SQLite sample site), loads the home page,
// a post and the blog list with wrk (BENCH_DURATION seconds each after BENCH_WARMUP of warm-up,
// which the profile also holds), stops it, and prints the functions with the most self time and
// total time, and the time by package. `node bench/profile.js FILE.cpuprofile` summarises a saved
// profile instead. BENCH_PAGES=home,post,list picks the pages.
import fs from 'node:fs'
import path from 'node:path'
import { BUILD_DIR, ensureBuild, startServerFrom, tempDir, wrk } from './lib.js'
import { UNCACHED, benchPages, visitOnce } from './ab.js'
import { summarise, toMarkdown } from './cpuprofile.js'

async function profileServer() {
  ensureBuild()
  const dir = tempDir('bench-profile-')
  const port = Number(process.env.BENCH_PORT ?? 3400)
  const seconds = Number(process.env.BENCH_DURATION ?? 10)
  const warmup = Number(process.env.BENCH_WARMUP ?? 3)
  const server = await startServerFrom(
    path.resolve(BUILD_DIR),
    port,
    { ...UNCACHED, DATA_DIR: dir, DATABASE_URL: path.join(dir, 'site.db') },
    { quiet: true, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] },
  )
  const wanted = (process.env.BENCH_PAGES ?? 'home,post,list').split(',')
  try {
    const pages = (await benchPages(server.url)).filter(([label]) => wanted.some((w) => label.includes(w)))
    await visitOnce(server.url, pages)
    for (const [label, p] of pages) {
      wrk(server.url + p, { seconds: warmup })
      const r = wrk(server.url + p, { seconds })
      console.error(`${label}: ${r.rps} req/s under the profiler`)
    }
  } finally {
    await server.stop()
  }
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))
  if (!file) throw new Error('no .cpuprofile written')
  return path.join(dir, file)
}

const file = process.argv[2] ?? (await profileServer())
const summary = summarise(JSON.parse(fs.readFileSync(file, 'utf8')), Number(process.env.BENCH_TOP ?? 25))
console.log(`Profile: ${file} (busy ${summary.busyMs} ms, idle ${summary.idleMs} ms)\n`)
console.log(toMarkdown(summary))
