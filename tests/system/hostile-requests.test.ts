import net from 'node:net'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetPostgres } from '../helpers/app.ts'
import { ADMIN, startServer, tempDir, type RunningServer } from './server.ts'

/**
 * Hostile requests against the production build, as separate processes (one worker, and two
 * workers behind node:cluster): malformed cookies, paths, queries, headers and bodies on every
 * route family. No answer may be a 5xx (other than a deliberate 503), no process may exit, and
 * /healthz answers afterwards.
 *
 * The fuzz run is reproducible: FUZZ_SEED (default below) and FUZZ_RUNS (default 1000 per server;
 * e.g. `FUZZ_RUNS=5000 npx vitest run tests/system/hostile-requests.test.ts` for a longer run).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125)
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000)

type Answer = { status: number; raw: string }

/**
 * Sends bytes as they are (fetch and http.request refuse malformed headers, which is the point
 * here) and reads the status line; status 0 means the server closed without answering. The
 * request says `Connection: close`, so the server ends the connection after its answer.
 */
function rawRequest(port: number, bytes: Buffer, timeoutMs = 15_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(bytes.toString('latin1').slice(0, 300))}`))
    }, timeoutMs)
    socket.on('data', (c) => chunks.push(c))
    socket.on('error', () => {})
    socket.on('close', () => {
      clearTimeout(timer)
      const raw = Buffer.concat(chunks).toString('latin1')
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(raw)
      resolve({ status: m ? Number(m[1]) : 0, raw })
    })
    socket.write(bytes)
  })
}

function buildRequest(r: { method: string; target: string; headers: [string, string][]; body: Buffer }): Buffer {
  const lines = [`${r.method} ${r.target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close']
  for (const [k, v] of r.headers) lines.push(`${k}: ${v}`)
  if (r.body.length || r.method === 'POST' || r.method === 'PUT') lines.push(`Content-Length: ${r.body.length}`)
  return Buffer.concat([Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1'), r.body])
}

/** Every route family: cached pages, rendered pages, `.data`, API, back office, uploads, feeds. */
const FAMILIES = [
  '/',
  '/blog',
  '/faq',
  '/about',
  '/services',
  '/pricing', // page cache
  '/contact',
  '/proposal',
  '/blog/not-a-post',
  '/nowhere', // rendered per request
  '/blog.data',
  '/_root.data',
  '/pricing.data',
  '/admin/proposals.data', // data requests
  '/api/blogs',
  '/api/portfolio',
  '/api/auth/session',
  '/api/auth/login',
  '/api/proposals',
  '/api/proposals/1',
  '/api/proposals/export.csv',
  '/api/settings',
  '/api/dashboard',
  '/api/estimate',
  '/api/pageviews',
  '/api/uploads',
  '/admin',
  '/admin/login',
  '/admin/proposals',
  '/admin/proposals/1',
  '/admin/settings',
  '/admin/settings/security',
  '/admin/blogs/edit/1',
  '/uploads/0123456789abcdef0123456789abcdef.webp',
  '/uploads/..%2f..%2fetc%2fpasswd',
  '/rss.xml',
  '/sitemap.xml',
  '/robots.txt',
  '/assets/nothing.js',
  '/favicon.ico',
  '/healthz',
  '/readyz',
]

/** Text that breaks decoders: lone `%`, bad UTF-8 escapes, surrogates, quotes, NULs, long runs. */
const nasty = fc.oneof(
  fc.constantFrom(
    '%',
    '%%',
    '%E0%A4%A',
    '%C0%AF',
    '%ED%A0%80',
    '%FF',
    '%00',
    '%0d%0a',
    '"',
    "'",
    '\\',
    ';',
    ',',
    '=',
    '..',
    '%2e%2e',
    '%2f',
    '//',
    '\u00ff',
    '\u00e9',
    '$%7B7*7%7D',
    '{{7*7}}',
    '<script>',
    'undefined',
    'null',
    '[]',
    '{}',
    '-1',
    '1e309',
    '0x10',
  ),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }).map((s) => s.replace(/[\r\n]/g, '')),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ maxLength: 4000 }).map((s) => s.replace(/[\r\n]/g, '')),
)

/**
 * Three ways onto the wire: raw (the parser refuses control characters with a 400), percent-encoded
 * (reaches the routes, whose decoders meet it), and with controls and spaces removed (reaches the
 * routes as it is).
 */
const onTheWire = (text: fc.Arbitrary<string>) =>
  fc.oneof(
    { arbitrary: text, weight: 1 },
    { arbitrary: text.map((s) => encodeURIComponent(s)), weight: 2 },
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    { arbitrary: text.map((s) => s.replace(/[\x00-\x20\x7f]/g, '')), weight: 2 },
  )

/** As a header or request line carries it: non-Latin-1 text goes out as its UTF-8 bytes. */
const asLatin1 = (s: string) => Buffer.from(s, 'utf8').toString('latin1')

function requestArbitrary(validSid: string) {
  const cookieValue = fc.oneof(nasty, fc.constant(validSid), fc.constant(''))
  const cookie = fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom('sid', 'csrf', 'sid_step', 'unknown', '', 'sid ', '$Version'), cookieValue), {
        minLength: 1,
        maxLength: 4,
      }),
      fc.constantFrom('; ', ';', ', '),
    )
    .map(([pairs, separator]) => pairs.map(([k, v]) => `${k}=${v}`).join(separator))
  const header = fc.oneof(
    fc.tuple(fc.constant('Cookie'), cookie),
    fc.tuple(
      fc.constantFrom(
        'Accept-Encoding',
        'If-None-Match',
        'If-Modified-Since',
        'Accept',
        'Accept-Language',
        'User-Agent',
        'Referer',
        'Origin',
        'Sec-Fetch-Site',
        'X-Forwarded-For',
        'X-Forwarded-Proto',
        'X-Forwarded-Host',
        'Forwarded',
        'Range',
        'Content-Type',
        'X-CSRF-Token',
        'Authorization',
        'DNT',
        'Sec-GPC',
        'X-Requested-With',
        'Upgrade',
        'Expect',
        'Cache-Control',
        'Transfer-Encoding',
      ),
      // eslint-disable-next-line no-control-regex -- mostly values the parser lets through (tab stays)
      fc.oneof({ arbitrary: nasty, weight: 1 }, { arbitrary: nasty.map((s) => s.replace(/[\x00-\x08\x0a-\x1f\x7f]/g, '')), weight: 3 }),
    ),
  )
  const bodyText = fc.oneof(
    fc.constant(''),
    nasty,
    fc.json(),
    fc
      .dictionary(fc.constantFrom('_csrf', 'intent', 'username', 'password', 'name', 'email', 'code', 'title', 'redirectTo'), nasty)
      .map((d) => new URLSearchParams(d).toString()),
  )
  return fc.record({
    method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'),
    family: fc.constantFrom(...FAMILIES),
    suffix: fc.oneof(
      fc.constant(''),
      onTheWire(nasty).map((s) => s.replace(/[ ?#]/g, '')),
    ),
    query: fc.oneof(
      fc.constant(''),
      onTheWire(nasty).map((s) => `?${s.replace(/[ #]/g, '+')}`),
      fc.constantFrom('?page=%', '?redirectTo=%0d%0a', '?index', '?_data=routes%2F', '?category=%FF'),
    ),
    headers: fc.array(header, { maxLength: 6 }),
    body: bodyText.map((s) => Buffer.from(s, 'utf8')),
  })
}

async function fuzz(s: RunningServer, validSid: string) {
  const failures: string[] = []
  const statuses = new Map<number, number>()
  let sent = 0
  await fc.assert(
    fc.asyncProperty(requestArbitrary(validSid), async (r) => {
      const target = asLatin1(r.family + r.suffix + r.query)
      const headers = r.headers.map(([k, v]) => [k, asLatin1(v)] as [string, string])
      const answer = await rawRequest(s.port, buildRequest({ method: r.method, target, headers, body: r.body }))
      sent++
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
      const fine = answer.status > 0 && (answer.status < 500 || answer.status === 503)
      if (process.env.FUZZ_DEBUG && !fine)
        console.log(answer.status, r.method, JSON.stringify(target), JSON.stringify(headers), r.body.length)
      // Every bad answer is collected (not only the first) so one run shows them all.
      if (!fine) failures.push(`${answer.status} for ${r.method} ${target} ${JSON.stringify(headers)}`)
    }),
    { seed: SEED, numRuns: RUNS },
  )
  // The spread of answers, so a run shows that requests got past the parser to the routes.
  console.log(
    `fuzz seed ${SEED}: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
  )
  return { sent, failures }
}

async function signedInSid(s: RunningServer): Promise<string> {
  const admin = await s.client().login(ADMIN.username, ADMIN.password)
  return admin.cookies.get('sid') ?? ''
}

/** Fills the page cache, so the requests below meet the plain listener's cache hits. */
async function warmCache(s: RunningServer) {
  for (const p of ['/', '/blog', '/faq', '/about', '/services', '/pricing', '/rss.xml', '/sitemap.xml', '/robots.txt', '/api/blogs']) {
    expect((await fetch(s.url + p)).status).toBe(200)
  }
}

describe.each([
  ['one worker on SQLite', 'sqlite', '1'],
  ['two workers on PostgreSQL', 'postgres', '2'],
])('hostile requests: %s', (_name, dialect, workers) => {
  let s: RunningServer
  let sid: string
  beforeAll(async () => {
    let databaseUrl = path.join(tempDir(), 'site.db')
    if (dialect === 'postgres') {
      if (!process.env.TEST_PG_URL) throw new Error('TEST_PG_URL is not set: run the tests with `npm test`, which starts PostgreSQL')
      databaseUrl = process.env.TEST_PG_URL
      await resetPostgres(databaseUrl)
    }
    s = await startServer({
      DATABASE_URL: databaseUrl,
      DATA_DIR: tempDir(),
      WEB_CONCURRENCY: workers,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'error',
    })
    sid = await signedInSid(s)
    await warmCache(s)
  })
  afterAll(async () => {
    if (process.env.FUZZ_DEBUG) console.log(s?.output())
    await s?.stop()
  })

  it('a malformed cookie on a cached page answers, and the process lives', async () => {
    for (const cookie of ['sid=%', 'csrf=%', 'sid=%E0%A4%A; csrf=%', 'sid_step=%ZZ']) {
      for (const p of ['/', '/blog', '/api/blogs']) {
        const a = await rawRequest(s.port, buildRequest({ method: 'GET', target: p, headers: [['Cookie', cookie]], body: Buffer.alloc(0) }))
        expect(a.status, `${p} with ${cookie}`).toBe(200)
      }
    }
    expect(s.proc.exitCode).toBeNull()
    expect(s.output()).not.toMatch(/worker died|URIError/)
  })

  it('a malformed cookie is ignored on rendered pages, the API and the back office', async () => {
    const get = (p: string, cookie: string) =>
      rawRequest(s.port, buildRequest({ method: 'GET', target: p, headers: [['Cookie', cookie]], body: Buffer.alloc(0) }))
    expect((await get('/contact', 'csrf=%')).status).toBe(200)
    expect((await get('/proposal', 'csrf=%; sid=%')).status).toBe(200)
    expect((await get('/api/auth/session', 'sid=%')).status).toBe(200)
    expect((await get('/api/proposals', 'sid=%')).status).toBe(401)
    // Not signed in: the back office sends the visitor to the sign-in page.
    expect((await get('/admin/proposals', 'sid=%')).status).toBe(302)
    // A bad cookie next to a good one spoils nothing.
    expect((await get('/admin/proposals', `csrf=%; sid=${sid}`)).status).toBe(200)
  })

  it('headers that name the address cannot break or redirect the routing', async () => {
    const get = (p: string, headers: [string, string][]) =>
      rawRequest(s.port, buildRequest({ method: 'GET', target: p, headers, body: Buffer.alloc(0) }))
    // Behind the trusted proxy, a client's own X-Forwarded-Proto or -Host reaches the app.
    expect((await get('/contact', [['X-Forwarded-Proto', '//']])).status).toBe(200)
    expect((await get('/contact', [['X-Forwarded-Host', 'a b/c']])).status).toBe(200)
    // Only our own data: a Host carrying a path is refused, not routed to /admin.
    const raw = (host: string) =>
      rawRequest(s.port, Buffer.from(`GET /contact HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, 'latin1'))
    expect((await raw('127.0.0.1/admin/proposals?')).status).toBe(400)
    expect((await raw('evil.example:99999999')).status).toBe(400)
    expect((await raw(`127.0.0.1:${s.port}`)).status).toBe(200)
    expect((await raw('[::1]:80')).status).toBe(200)
  })

  it(`survives ${RUNS} fuzzed requests (seed ${SEED}): no 5xx, no exit, /healthz answers`, { timeout: 600_000 }, async () => {
    const { sent, failures } = await fuzz(s, sid)
    expect(failures).toEqual([])
    expect(sent).toBe(RUNS)
    expect(s.proc.exitCode).toBeNull()
    expect(s.output()).not.toMatch(/worker died/)
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200)
    await warmCache(s)
  })
})
