// `npm run bench:dashboard`: how fast the dashboard's traffic figures answer with a year of
// traffic totalling 10 million page views. Makes a fresh SQLite file (and, when BENCH_PG_URL or
// TEST_PG_URL is set, fills that PostgreSQL database: it is wiped), lets the production build
// create the tables, then fills them in SQL (a recursive CTE on SQLite, generate_series on
// PostgreSQL): one raw `visits` row per visitor and day, and the daily rollups computed from those
// rows, so rollups and raw rows agree. Then it starts the server, signs in and times each
// dashboard answer (median of BENCH_RUNS loads after 2 warm-ups). Results go to docs/BENCHMARKS.md
// (section "dashboard").
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import Database from 'better-sqlite3'
import pg from 'pg'
import { ensureBuild, machine, resetPostgres, signIn as signInAs, startServer, tempDir, writeSection } from './lib.js'

const DAYS = 365
const PAGE_VIEWS = 10_000_000
const VIEWS_PER_VISIT = 3
const VISITS = Math.round(PAGE_VIEWS / VIEWS_PER_VISIT / DAYS) * DAYS
const RUNS = Number(process.env.BENCH_RUNS ?? 9)
const PASSWORD = 'bench-password-1'
const signIn = (url) => signInAs(url, PASSWORD)
const PORT = Number(process.env.BENCH_PORT ?? 3451)
ensureBuild()

// Where visits come from, with weights (of 100): [source, medium, campaign, referrer].
const TOUCHES = [
  [35, '(direct)', '', '', ''],
  [22, 'google.com', '', '', 'google.com'],
  [4, 'bing.com', '', '', 'bing.com'],
  [3, 'duckduckgo.com', '', '', 'duckduckgo.com'],
  [5, 'linkedin.com', '', '', 'linkedin.com'],
  [3, 'facebook.com', '', '', 'facebook.com'],
  [2, 'x.com', '', '', 'x.com'],
  [2, 'reddit.com', '', '', 'reddit.com'],
  [2, 'news.ycombinator.com', '', '', 'news.ycombinator.com'],
  [2, 'producthunt', '', '', ''],
  [2, 'clutch.co', '', '', 'clutch.co'],
  [5, 'newsletter', 'email', 'spring-launch', ''],
  [3, 'newsletter', 'email', 'autumn-offer', ''],
  [4, 'google', 'cpc', 'brand-search', 'google.com'],
  [3, 'google', 'cpc', 'restaurant-sites', 'google.com'],
  [2, 'linkedin', 'paid-social', 'b2b-q3', 'linkedin.com'],
  [1, 'facebook', 'paid-social', 'local-shops', 'facebook.com'],
]
const LANDINGS = [
  [40, '/'],
  [12, '/pricing'],
  [8, '/services'],
  [6, '/portfolio'],
  [8, '/blog'],
  [3, '/about'],
  [3, '/faq'],
  [3, '/contact'],
  [3, '/demo-builder'],
  [2, '/proposal'],
  ...Array.from({ length: 12 }, (_, i) => [1, `/blog/article-${i + 1}`]),
]
const PATHS = [
  '/',
  '/services',
  '/portfolio',
  '/blog',
  '/about',
  '/faq',
  '/pricing',
  '/contact',
  '/privacy',
  '/terms',
  '/proposal',
  '/demo-builder',
  ...Array.from({ length: 40 }, (_, i) => `/blog/article-${i + 1}`),
]
const COUNTRIES = ['US', 'US', 'US', 'IN', 'IN', 'GB', 'DE', 'CA', 'AU', 'FR']

const expand = (list) => list.flatMap(([w, ...rest]) => Array.from({ length: w }, () => rest))
const touches = expand(TOUCHES)
const landings = expand(LANDINGS)
if (touches.length !== 100 || landings.length !== 100) throw new Error('weights must add up to 100')

const startDay = new Date(Date.now() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10)
const dayAt = (i) => new Date(Date.parse(startDay) + i * 86_400_000).toISOString().slice(0, 10)

/** Page views per day and path (Zipf-like), exactly PAGE_VIEWS in all. */
function pageViewRows() {
  const weights = PATHS.map((_, i) => 1 / (i + 1))
  const total = weights.reduce((a, b) => a + b, 0)
  const rows = []
  let left = PAGE_VIEWS
  for (let d = 0; d < DAYS; d++) {
    const dayViews = d === DAYS - 1 ? left : Math.round(PAGE_VIEWS / DAYS)
    let dayLeft = dayViews
    PATHS.forEach((p, i) => {
      const n = i === PATHS.length - 1 ? dayLeft : Math.floor((dayViews * weights[i]) / total)
      dayLeft -= n
      rows.push([dayAt(d), p, n])
    })
    left -= dayViews
  }
  return rows
}

/**
 * The visits, in SQL over a sequence i (one row each): day i % DAYS; source, landing page,
 * device, country and funnel from a hash of i; about 1 in 5 visitors reach pricing or a tool,
 * 1 in 20 open the proposal form and 1 in 60 send a request (a lead).
 */
const visitSelect = (seq, hex, dayExpr) => `
  select ${dayExpr} as day, ${hex} as visitor, t.source, t.medium, t.campaign, t.referrer, l.path as landing_path,
    case when i % 10 < 6 then 'desktop' when i % 10 < 9 then 'phone' else 'tablet' end as device,
    c.code as country,
    case when i % 5 = 0 then (case when i % 2 = 0 then 'estimator' else 'builder,chat' end) when i % 7 = 0 then 'chat' else '' end as tools,
    1 + (case when i % 5 = 0 then 2 else 0 end) + (case when i % 20 = 0 then 4 else 0 end) + (case when i % 60 = 0 then 8 else 0 end) as funnel,
    ${VIEWS_PER_VISIT} as views
  from ${seq}
  join bench_touches t on t.k = (i * 7919 + i / ${DAYS}) % 100
  join bench_landings l on l.k = (i * 104729 + i / 7) % 100
  join bench_countries c on c.k = (i * 31 + i / 11) % 10`

const ROLLUPS = [
  `insert into visit_sources_daily (day, source, campaign, visits, leads)
     select day, source, campaign, count(*), sum(case when (funnel & 8) <> 0 then 1 else 0 end) from visits group by day, source, campaign`,
  `insert into visit_facets_daily (day, facet, value, visits) select day, 'device', device, count(*) from visits group by day, device`,
  `insert into visit_facets_daily (day, facet, value, visits) select day, 'country', country, count(*) from visits group by day, country`,
  ...[0, 1, 2, 3].map(
    (s) =>
      `insert into funnel_daily (day, step, visitors) select day, ${s}, count(*) from visits where (funnel & ${1 << s}) <> 0 group by day`,
  ),
]

const LOOKUPS = [
  'create temporary table bench_touches (k integer primary key, source text, medium text, campaign text, referrer text)',
  'create temporary table bench_landings (k integer primary key, path text)',
  'create temporary table bench_countries (k integer primary key, code text)',
]
const lookupRows = () => [
  `insert into bench_touches values ${valuesSql(touches.map((t, k) => [k, ...t]))}`,
  `insert into bench_landings values ${valuesSql(landings.map((l, k) => [k, ...l]))}`,
  `insert into bench_countries values ${valuesSql(COUNTRIES.map((c, k) => [k, c]))}`,
]

const literal = (v) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`)
const valuesSql = (rows) => rows.map((r) => `(${r.map(literal).join(',')})`).join(',')

function fillSqlite(file) {
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = OFF')
  db.pragma('cache_size = -200000')
  db.pragma('temp_store = MEMORY')
  const t0 = performance.now()
  db.transaction(() => {
    for (const sql of [...LOOKUPS, ...lookupRows()]) db.exec(sql)
    db.exec(`with recursive seq(i) as (select 0 union all select i + 1 from seq where i < ${VISITS - 1})
      insert into visits (day, visitor, source, medium, campaign, referrer, landing_path, device, country, tools, funnel, views)
      ${visitSelect('seq', "printf('%016x', i)", `date('${startDay}', '+' || (i % ${DAYS}) || ' days')`)}`)
    for (const sql of ROLLUPS) db.exec(sql)
    const pv = pageViewRows()
    const ins = db.prepare('insert into page_views (day, path, count) values (?, ?, ?)')
    for (const r of pv) ins.run(...r)
  })()
  db.exec('analyze')
  const seconds = (performance.now() - t0) / 1000
  db.close()
  return seconds
}

async function fillPostgres(url) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const t0 = performance.now()
  await client.query('begin')
  for (const sql of [...LOOKUPS.map((q) => `${q} on commit drop`), ...lookupRows()]) await client.query(sql)
  await client.query(`insert into visits (day, visitor, source, medium, campaign, referrer, landing_path, device, country, tools, funnel, views)
    ${visitSelect(`generate_series(0::bigint, ${VISITS - 1}) as g(i)`, "lpad(to_hex(i), 16, '0')", `to_char(date '${startDay}' + (i % ${DAYS})::int, 'YYYY-MM-DD')`)}`)
  for (const sql of ROLLUPS) await client.query(sql)
  const pv = pageViewRows()
  for (let at = 0; at < pv.length; at += 2000)
    await client.query(`insert into page_views (day, path, count) values ${valuesSql(pv.slice(at, at + 2000))}`)
  await client.query('commit')
  await client.query('analyze')
  const seconds = (performance.now() - t0) / 1000
  await client.end()
  return seconds
}

const TARGETS = [
  ['figures, last 7 days', '/api/dashboard/traffic?period=7d'],
  ['figures, last 30 days', '/api/dashboard/traffic?period=30d'],
  ['figures, last 90 days', '/api/dashboard/traffic?period=90d'],
  ['figures, last 12 months', '/api/dashboard/traffic?period=365d'],
  ['sources CSV, 12 months', '/api/dashboard/traffic.csv?table=sources&period=365d'],
  ['whole dashboard page, 12 months', '/admin/dashboard?period=365d'],
]

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function measure(dialect, env) {
  const server = await startServer(PORT, env)
  const rows = []
  try {
    const cookie = await signIn(server.url)
    // The figures add up: 10 million page views over the year.
    const year = await (await fetch(`${server.url}/api/dashboard/traffic?period=365d`, { headers: { cookie } })).json()
    console.log(
      `${dialect}: ${year.totals.pageViews} page views, ${year.totals.visitors} visitors, ${year.totals.leads} leads in 12 months`,
    )
    for (const [label, target] of TARGETS) {
      const times = []
      for (let i = 0; i < RUNS + 2; i++) {
        const t0 = performance.now()
        const res = await fetch(server.url + target, { headers: { cookie } })
        await res.text()
        if (res.status !== 200) throw new Error(`${target}: ${res.status}`)
        if (i >= 2) times.push(performance.now() - t0)
      }
      rows.push({ dialect, label, target, median: median(times), max: Math.max(...times) })
      console.log(`${dialect} ${label}: median ${median(times).toFixed(1)} ms`)
    }
    return { rows, year: year.totals }
  } finally {
    await server.stop()
  }
}

const results = []
const fills = []
{
  const dir = tempDir('bench-dashboard-')
  const file = path.join(dir, 'site.db')
  const env = { DATABASE_URL: file, DATA_DIR: dir }
  await (await startServer(PORT, env)).stop()
  const s = fillSqlite(file)
  fills.push(`SQLite ${s.toFixed(0)} s`)
  console.log(`SQLite filled in ${s.toFixed(1)} s`)
  const m = await measure('SQLite', env)
  results.push(...m.rows)
}
const pgUrl = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL
if (pgUrl) {
  await resetPostgres(pgUrl)
  const env = { DATABASE_URL: pgUrl, DATA_DIR: tempDir('bench-dashboard-pg-') }
  await (await startServer(PORT, env)).stop()
  const s = await fillPostgres(pgUrl)
  fills.push(`PostgreSQL ${s.toFixed(0)} s`)
  console.log(`PostgreSQL filled in ${s.toFixed(1)} s`)
  const m = await measure('PostgreSQL', env)
  results.push(...m.rows)
}

const when = new Date().toISOString().slice(0, 16).replace('T', ' ')
const table = results
  .map((r) => `| ${r.dialect} | ${r.label} | \`${r.target}\` | ${r.median.toFixed(1)} | ${r.max.toFixed(1)} |`)
  .join('\n')
const worst = Math.max(...results.filter((r) => r.target.startsWith('/api/')).map((r) => r.median))
writeSection(
  'dashboard',
  `## Dashboard at 10 million page views (npm run bench:dashboard)

Measured ${when} UTC on ${machine()}.
Command: \`npm run build && BENCH_PG_URL=… npm run bench:dashboard\`.
What is generated, for the ${DAYS} days up to today: ${PAGE_VIEWS.toLocaleString('en-US')} page views in \`page_views\` (${PATHS.length} paths a day, Zipf-like shares, ${(DAYS * PATHS.length).toLocaleString('en-US')} day-and-path rows); ${VISITS.toLocaleString('en-US')} raw \`visits\` rows (one per visitor and day, ${VIEWS_PER_VISIT} views each: ${TOUCHES.length} source/campaign mixes, ${LANDINGS.length} landing pages, 3 device classes, 8 countries, tools used, funnel steps: 1 in 5 reach pricing or a tool, 1 in 20 open the proposal form, 1 in 60 send a request); the daily rollups (\`visit_sources_daily\`, \`visit_facets_daily\`, \`funnel_daily\`) computed from those rows with GROUP BY, so they agree with them. Filling took ${fills.join(', ')} (SQL-side: a recursive CTE on SQLite, generate_series on PostgreSQL). No proposals are generated: the lead counts come from the rollup.
Each answer is timed over HTTP against the production server (its own process, loopback, signed in), the median of ${RUNS} sequential requests after 2 warm-ups. A figures answer is everything the dashboard's traffic section shows (totals for the period and the one before, top pages, sources, campaigns, funnel, devices, countries: 14 rollup queries). The 2 cores are shared with other work, so max includes that noise.

| database | answer | URL | median ms | max ms |
|---|---|---|---:|---:|
${table}

Target: each dashboard answer under 200 ms at 10 million page views; slowest median of the figures here: ${worst.toFixed(0)} ms.`,
)
console.log(`written to docs/BENCHMARKS.md (slowest median ${worst.toFixed(0)} ms)`)
