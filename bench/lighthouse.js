// `npm run bench:lighthouse`: Lighthouse (Node API, default mobile settings: simulated slow 4G and
// 4x CPU slowdown on a Moto G Power-sized screen) against the production build on a fresh SQLite
// database, in Debian's Chromium. Writes the four category scores per page to docs/BENCHMARKS.md
// (section "lighthouse"). CHROME_PATH overrides the browser; LH_RUNS (default 3) is the number of
// runs per page; the median performance run is reported (the machine's load makes single runs noisy).
import fs from 'node:fs'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { ensureBuild, machine, startServer, tempDir, writeSection } from './lib.js'

// Debian's full browser, else its headless shell (what the e2e tests use).
const CHROME =
  process.env.CHROME_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((p) => fs.existsSync(p)) ?? '/usr/bin/chromium'
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3))
const PORT = Number(process.env.LH_PORT ?? 3410)
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
ensureBuild()

const dir = tempDir('bench-lighthouse-')
const server = await startServer(PORT, { DATABASE_URL: path.join(dir, 'site.db'), DATA_DIR: dir })
let chrome
const rows = []
try {
  const posts = await (await fetch(`${server.url}/api/blogs?published=true`)).json()
  const projects = await (await fetch(`${server.url}/api/portfolio`)).json()
  const allPages = [
    '/',
    '/services',
    '/portfolio',
    `/portfolio/${projects[0].slug}`,
    '/blog',
    `/blog/${posts[0].slug ?? posts[0].id}`,
    '/about',
    '/faq',
    '/pricing',
    '/contact',
    '/proposal',
    '/demo-builder',
    '/book',
    '/chat',
  ]
  // LH_PAGES=/faq,/portfolio/ measures only those pages (a trailing slash: every page below it), for
  // a quick look; the table in the docs is always of every page.
  const only = process.env.LH_PAGES?.split(',').filter(Boolean)
  const pages = only ? allPages.filter((p) => only.some((o) => (o.endsWith('/') ? p.startsWith(o) : p === o))) : allPages
  chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] })
  for (const page of pages) {
    // One warm-up request so the page cache and the JIT are in their steady state, as for any visitor after the first.
    await (await fetch(server.url + page)).text()
    const runs = []
    let failures = 0
    while (runs.length < RUNS) {
      const { lhr } = await lighthouse(server.url + page, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      })
      // A run Lighthouse itself could not finish (e.g. NO_FCP under heavy machine load) scores 0: retry it.
      if (lhr.runtimeError || CATEGORIES.some((c) => lhr.categories[c].score === null)) {
        console.warn(`${page}: Lighthouse run failed (${lhr.runtimeError?.code ?? 'no score'}), retrying`)
        if (++failures >= 3) throw new Error(`${page}: Lighthouse failed ${failures} times: ${lhr.runtimeError?.message}`)
        continue
      }
      runs.push(lhr)
    }
    runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score)
    const lhr = runs[Math.floor(runs.length / 2)]
    const score = (c) => Math.round((lhr.categories[c].score ?? 0) * 100)
    const metric = (id) => lhr.audits[id]?.numericValue ?? NaN
    // Audits that cost points (score below 0.9 and weighted in a category), for the notes column.
    const weighted = new Set(CATEGORIES.flatMap((c) => lhr.categories[c].auditRefs.filter((r) => r.weight > 0).map((r) => r.id)))
    const misses = Object.values(lhr.audits)
      .filter((a) => weighted.has(a.id) && a.score !== null && a.score < 0.9)
      .map((a) => a.id)
    const row = {
      page,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      misses,
    }
    rows.push(row)
    console.log(
      `${page}: perf ${row.performance} (FCP ${Math.round(row.fcp)} ms, LCP ${Math.round(row.lcp)} ms, TBT ${Math.round(row.tbt)} ms, CLS ${row.cls.toFixed(3)}), a11y ${row.accessibility}, best practices ${row.bestPractices}, SEO ${row.seo}${misses.length ? ` (below 0.9: ${misses.join(', ')})` : ''}`,
    )
  }
} finally {
  await chrome?.kill()
  await server.stop()
}

const when = new Date().toISOString().slice(0, 16).replace('T', ' ')
const ms = (v) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '-')
const lines = [
  '## Lighthouse (npm run bench:lighthouse)',
  '',
  `Measured ${when} UTC on ${machine()}, Lighthouse 12.8.2 in Debian Chromium (${CHROME}).`,
  `Command: \`npm run build && npm run bench:lighthouse\` (production build on a fresh SQLite database with the sample content; Lighthouse's default mobile settings: simulated slow 4G, 4x CPU slowdown; ${RUNS} run${RUNS > 1 ? 's' : ''} per page${RUNS > 1 ? ', median performance run shown' : ''}).`,
  'Served over plain HTTP on loopback, so the best-practices HTTPS checks pass only because Lighthouse treats localhost as secure.',
  '',
  '| page | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | audits below 0.9 |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ...rows.map(
    (r) =>
      `| ${r.page.startsWith('/blog/') ? `${r.page} (a post)` : r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${ms(r.fcp)} | ${ms(r.lcp)} | ${ms(r.tbt)} | ${Number.isFinite(r.cls) ? r.cls.toFixed(3) : '-'} | ${r.misses.join(', ') || 'none'} |`,
  ),
  '',
  'Goal (issues 35 and 37): 100 in every category on every public page.',
]
if (process.env.LH_PAGES) console.log('LH_PAGES set: docs/BENCHMARKS.md left as it is')
else {
  writeSection('lighthouse', lines.join('\n'))
  console.log('written to docs/BENCHMARKS.md')
}
