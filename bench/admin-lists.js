// `npm run bench:admin`: how fast the back-office lists load with 10,000 proposals (one in ten
// started by a booked call, with its call), 2,000 contact messages and 2,000 blog posts: the lead
// desk lists 12,000 leads. Seeds a temporary SQLite database (and PostgreSQL when TEST_PG_URL is set; that database
// is wiped), starts the production build as its own process, signs in and times full page loads
// (server-rendered HTML with the session cookie) of the admin list screens, with and without a
// search. Results go to docs/BENCHMARKS.md (section "admin-lists").
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import Database from 'better-sqlite3'
import pg from 'pg'
import { ensureBuild, machine, resetPostgres, signIn as signInAs, startServer, tempDir, writeSection } from './lib.js'

const PROPOSALS = 10_000
const MESSAGES = 2_000
const POSTS = 2_000
const RUNS = Number(process.env.BENCH_RUNS ?? 20)
const PORT = Number(process.env.BENCH_PORT ?? 3450)
const PASSWORD = 'bench-password-1'
const signIn = (url) => signInAs(url, PASSWORD)
ensureBuild()

const FIRST = ['Priya', 'James', 'Maria', 'Wei', 'Fatima', 'Lucas', 'Aisha', 'Noah', 'Elena', 'Ravi', 'Sofia', 'Omar']
const LAST = ['Sharma', 'Smith', 'Garcia', 'Chen', 'Khan', 'Silva', 'Okafor', 'Brown', 'Rossi', 'Patel', 'Novak', 'Haddad']
const TYPES = ['restaurant', 'retail', 'healthcare', 'professional', 'technology', 'nonprofit', 'other']
const BUDGETS = ['100-500', '500-1000', '1000-2500', '2500-5000', '5000+']
const STATUSES = ['pending', 'reviewed', 'completed']
const CATEGORIES = ['Web Design', 'AI Technology', 'Performance', 'Security', 'Mobile Design', 'SEO']
const PARAGRAPH = '<p>Small businesses win customers with fast, clear websites. This paragraph stands in for a real article body.</p>'

function proposalRow(i) {
  const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]} ${i}`
  const date = new Date(Date.now() - (i % 120) * 86_400_000 - i * 1000).toISOString()
  const call = i % 10 === 0
  return [
    name,
    `client${i}@example.com`,
    i % 3 ? `+1 415 555 ${String(i % 10_000).padStart(4, '0')}` : null,
    call ? 'other' : TYPES[i % TYPES.length],
    call ? '' : BUDGETS[i % BUDGETS.length],
    `Requirements for request ${i}: a website with booking and a menu.`,
    STATUSES[i % 3],
    date,
    call ? 'call' : 'proposal',
    i % 4 === 1 ? 50_000 + (i % 97) * 1_000 : null,
    SOURCES[i % SOURCES.length],
    i % 2 ? date : null,
  ]
}

const SOURCES = ['google', '(direct)', 'newsletter', null, 'linkedin']

function messageRow(i) {
  const date = new Date(Date.now() - (i % 90) * 86_400_000 - i * 1700).toISOString()
  return [
    `${FIRST[(i * 5) % FIRST.length]} ${LAST[(i * 3) % LAST.length]} m${i}`,
    `writer${i}@example.com`,
    `Message ${i}: do you build shops?`,
    i % 2,
    date,
    SOURCES[(i + 2) % SOURCES.length],
    i % 2 ? date : null,
    STATUSES[i % 3],
  ]
}

// Each call-started proposal gets its call, some hours ahead (the desk's "next call").
const CALLS_SQLITE = `insert into bookings (start_at, end_at, name, email, note, time_zone, status, token_hash, sequence, proposal_id, created_at, updated_at)
  select strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+' || (id % 700) || ' hours'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+' || (id % 700) || ' hours', '+30 minutes'), name, email, '', 'UTC', 'booked', 'bench-' || id, 0, id, date, date from proposals where kind = 'call'`
const CALLS_PG = `insert into bookings (start_at, end_at, name, email, note, time_zone, status, token_hash, sequence, proposal_id, created_at, updated_at)
  select to_char((now() at time zone 'utc') + (id % 700) * interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), to_char((now() at time zone 'utc') + (id % 700) * interval '1 hour' + interval '30 minutes', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), name, email, '', 'UTC', 'booked', 'bench-' || id, 0, id, date, date from proposals where kind = 'call'`

function postRow(i) {
  const now = new Date().toISOString()
  const date = new Date(Date.now() - (i % 700) * 86_400_000).toISOString().slice(0, 10)
  return [
    `Article ${i} about ${CATEGORIES[i % 6].toLowerCase()}`,
    `Subheading ${i}`,
    `Excerpt of article ${i}.`,
    PARAGRAPH.repeat(15),
    CATEGORIES[i % 6],
    i % 5 ? 'Admin' : 'Guest Writer',
    i % 4 ? 'published' : 'draft',
    '',
    '5 min read',
    date,
    i % 500,
    now,
    now,
  ]
}

const P_COLS = [
  'name',
  'email',
  'phone',
  'business_type',
  'budget',
  'requirements',
  'status',
  'date',
  'kind',
  'value_cents',
  'visit_source',
  'opened_at',
]
const M_COLS = ['name', 'email', 'message', 'is_read', 'created_at', 'visit_source', 'opened_at', 'status']
const B_COLS = [
  'title',
  'subheading',
  'excerpt',
  'content',
  'category',
  'author',
  'status',
  'image',
  'read_time',
  'date',
  'views',
  'created_at',
  'updated_at',
]

function seedSqlite(file) {
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('busy_timeout = 5000')
  const ins = (table, cols) => db.prepare(`insert into ${table} (${cols.join(',')}) values (${cols.map(() => '?').join(',')})`)
  const p = ins('proposals', P_COLS)
  const b = ins('blog_posts', B_COLS)
  const m = ins('contact_messages', M_COLS)
  db.transaction(() => {
    for (let i = 0; i < PROPOSALS; i++) p.run(...proposalRow(i))
    for (let i = 0; i < MESSAGES; i++) m.run(...messageRow(i))
    for (let i = 0; i < POSTS; i++) b.run(...postRow(i))
    db.exec(CALLS_SQLITE)
  })()
  db.exec('analyze')
  db.close()
}

async function seedPostgres(url) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const insert = async (table, cols, rows) => {
    for (let at = 0; at < rows.length; at += 500) {
      const chunk = rows.slice(at, at + 500)
      const values = []
      const tuples = chunk.map((r, ri) => `(${r.map((v, ci) => (values.push(v), `$${ri * cols.length + ci + 1}`)).join(',')})`)
      await client.query(`insert into ${table} (${cols.join(',')}) values ${tuples.join(',')}`, values)
    }
  }
  await insert(
    'proposals',
    P_COLS,
    Array.from({ length: PROPOSALS }, (_, i) => proposalRow(i)),
  )
  await insert(
    'contact_messages',
    M_COLS,
    Array.from({ length: MESSAGES }, (_, i) => messageRow(i)).map((r) => r.map((v, ci) => (ci === 3 ? Boolean(v) : v))),
  )
  await insert(
    'blog_posts',
    B_COLS,
    Array.from({ length: POSTS }, (_, i) => postRow(i)),
  )
  await client.query(CALLS_PG)
  await client.query('analyze')
  await client.end()
}

const TARGETS = [
  // The lead desk (issue 36 §1): every kind of lead, 50 a page, sorted and filtered in SQL.
  ['lead desk, first page', '/admin/proposals', 'Proposal Management'],
  ['lead desk, search "smith"', '/admin/proposals?q=smith', 'Proposal Management'],
  ['lead desk, completed, page 60', '/admin/proposals?status=completed&page=60', 'Proposal Management'],
  ['lead desk, by name, page 100', '/admin/proposals?sort=name&page=100', 'Proposal Management'],
  ['lead desk, by value', '/admin/proposals?sort=value', 'Proposal Management'],
  ['lead desk, by next call', '/admin/proposals?sort=nextCall', 'Proposal Management'],
  ['lead desk, messages, source google', '/admin/proposals?kind=message&source=google', 'Proposal Management'],
  ['lead desk, assigned to no one, by status', '/admin/proposals?assignee=none&sort=status', 'Proposal Management'],
  ['blog posts, first page', '/admin/blogs', 'Blog Management'],
  ['blog posts, search "security"', '/admin/blogs?q=security', 'Blog Management'],
  ['blog posts, drafts, page 20', '/admin/blogs?status=draft&page=20', 'Blog Management'],
  ['dashboard', '/admin/dashboard', 'Total Proposals'],
]

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

async function measure(dialect, env) {
  const server = await startServer(PORT, env)
  const rows = []
  try {
    const cookie = await signIn(server.url)
    for (const [label, target, expectText] of TARGETS) {
      const times = []
      let bytes = 0
      for (let i = 0; i < RUNS + 3; i++) {
        const t0 = performance.now()
        const res = await fetch(server.url + target, { headers: { cookie } })
        const html = await res.text()
        const ms = performance.now() - t0
        if (res.status !== 200 || !html.includes(expectText)) throw new Error(`${target}: ${res.status}`)
        bytes = html.length
        if (i >= 3) times.push(ms)
      }
      times.sort((a, b) => a - b)
      rows.push({
        dialect,
        label,
        target,
        p50: pct(times, 50),
        p95: pct(times, 95),
        max: times[times.length - 1],
        kb: Math.round(bytes / 1024),
      })
      console.log(`${dialect} ${label}: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms`)
    }
  } finally {
    await server.stop()
  }
  return rows
}

const results = []
{
  const dir = tempDir('bench-admin-')
  const file = path.join(dir, 'site.db')
  const env = { DATABASE_URL: file, DATA_DIR: dir }
  // First start: migrations, sample content and the admin account; then the bulk rows.
  await (await startServer(PORT, env)).stop()
  seedSqlite(file)
  results.push(...(await measure('SQLite', env)))
}
if (process.env.TEST_PG_URL) {
  const url = process.env.TEST_PG_URL
  await resetPostgres(url)
  const env = { DATABASE_URL: url, DATA_DIR: tempDir('bench-admin-pg-') }
  await (await startServer(PORT, env)).stop()
  await seedPostgres(url)
  results.push(...(await measure('PostgreSQL', env)))
}

const when = new Date().toISOString().slice(0, 16).replace('T', ' ')
const LOAD = os
  .loadavg()
  .map((n) => n.toFixed(1))
  .join(', ')
const table = results
  .map((r) => `| ${r.dialect} | ${r.label} | \`${r.target}\` | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.kb} |`)
  .join('\n')
const worst = Math.max(...results.map((r) => r.p95))
const deskWorst = Math.max(...results.filter((r) => r.label.startsWith('lead desk')).map((r) => r.p50))
writeSection(
  'admin-lists',
  `## Admin lists at scale (npm run bench:admin)

Measured ${when} UTC on ${machine()}.
Command: \`npm run build && ${process.env.TEST_PG_URL ? 'TEST_PG_URL=… ' : ''}npm run bench:admin\` (${PROPOSALS.toLocaleString('en-US')} proposals, one in ten started by a booked call with its call, ${MESSAGES.toLocaleString('en-US')} contact messages: ${(PROPOSALS + MESSAGES).toLocaleString('en-US')} leads on the desk; ${POSTS.toLocaleString('en-US')} blog posts; the production server in its own process on loopback; ${RUNS} sequential signed-in page loads per target after 3 warm-up loads; times are the whole server-rendered HTML response).
Lists are searched, counted and paged in SQL (the desk 50 a page, the others 20), so a page costs about the same whatever the table size; every back-office page also counts the unread leads and new calls for the menu (one query). The 2 cores are shared with the load generator and anything else running (load average ${LOAD} at the end of the run), so p95 and max include that noise; p50 is the typical cost.

| database | screen | URL | p50 ms | p95 ms | max ms | HTML KiB |
|---|---|---|---:|---:|---:|---:|
${table}

Target: every admin list under 1 s with 10,000 proposals, and the lead desk under 100 ms at the median on both databases (issue 36); worst p95 here: ${worst.toFixed(0)} ms; the desk's worst median: ${deskWorst.toFixed(0)} ms.`,
)
console.log(`written to docs/BENCHMARKS.md (worst p95 ${worst.toFixed(0)} ms)`)
