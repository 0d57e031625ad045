import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dialects, startTestApp, validPost, validProposal, type Client, type TestApp } from '../helpers/app.ts'

const SQLI = [
  "' OR '1'='1",
  '1 OR 1=1',
  "1'; DROP TABLE proposals; --",
  '1; DELETE FROM blog_posts',
  '%',
  '_',
  '\\',
  "admin'--",
  '" OR ""="',
  '1 UNION SELECT password_hash FROM admin_users',
]

/** Every API route with a sample id, for the fuzzer. */
const ENDPOINTS: [string, string][] = [
  ['GET', '/api/auth/session'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/logout'],
  ['POST', '/api/auth/password'],
  ['GET', '/api/portfolio'],
  ['POST', '/api/portfolio'],
  ['GET', '/api/portfolio/1'],
  ['PUT', '/api/portfolio/1'],
  ['DELETE', '/api/portfolio/4'],
  ['GET', '/api/blogs'],
  ['POST', '/api/blogs'],
  ['GET', '/api/blogs/1'],
  ['PUT', '/api/blogs/1'],
  ['DELETE', '/api/blogs/7'],
  ['GET', '/api/blog/stats'],
  ['POST', '/api/proposals'],
  ['GET', '/api/proposals'],
  ['GET', '/api/proposals/stats'],
  ['GET', '/api/proposals/export.csv'],
  ['GET', '/api/proposals/1'],
  ['PUT', '/api/proposals/1'],
  ['DELETE', '/api/proposals/1'],
  ['GET', '/api/settings'],
  ['PUT', '/api/settings'],
  ['GET', '/api/dashboard'],
  ['POST', '/api/pageviews'],
  ['GET', '/api/estimate/pdf'],
  ['POST', '/api/uploads'],
]

const FIELDS = [
  'name',
  'email',
  'phone',
  'businessType',
  'budget',
  'requirements',
  'website',
  'title',
  'subheading',
  'excerpt',
  'content',
  'category',
  'author',
  'status',
  'image',
  'readTime',
  'date',
  'description',
  'liveUrl',
  'technologies',
  'features',
  'isLive',
  'username',
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'siteName',
  'contactEmail',
  'enableAnalytics',
  'maintenanceMode',
  'path',
  '__proto__',
  'constructor',
]

/** Small deterministic PRNG so a failure can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed / 0x7fffffff
  }
}

function randomValue(r: () => number, depth = 0): unknown {
  const pick = Math.floor(r() * 12)
  switch (pick) {
    case 0:
      return null
    case 1:
      return r() > 0.5
    case 2:
      return Math.floor(r() * 2 ** 53) * (r() > 0.5 ? -1 : 1)
    case 3:
      return r() * 1e308
    case 4:
      return ''
    case 5:
      return SQLI[Math.floor(r() * SQLI.length)]
    case 6:
      return 'x'.repeat(Math.floor(r() * 3000))
    case 7:
      return String.fromCodePoint(
        ...Array.from({ length: 8 }, () => Math.floor(r() * 0x2ffff)).map((c) => (c >= 0xd800 && c <= 0xdfff ? 0xfffd : c)),
      )
    case 8:
      return depth < 3 ? Array.from({ length: Math.floor(r() * 4) }, () => randomValue(r, depth + 1)) : []
    case 9:
      return depth < 3 ? randomObject(r, depth + 1) : {}
    case 10:
      return ['pending', 'published', 'active', 'restaurant', '1000-2500', 'SEO', 'a@b.co', '/x', 'https://e.x'][Math.floor(r() * 9)]
    default:
      return '<img src=x onerror=alert(1)>'
  }
}

function randomObject(r: () => number, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const n = Math.floor(r() * 8)
  // defineProperty so '__proto__' becomes a real key in the JSON, as an attacker would send it.
  for (let i = 0; i < n; i++)
    Object.defineProperty(out, FIELDS[Math.floor(r() * FIELDS.length)], {
      value: randomValue(r, depth),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  return out
}

function randomBody(r: () => number): { body: string; type: string } {
  const k = r()
  if (k < 0.6) return { body: JSON.stringify(randomObject(r)), type: 'application/json' }
  if (k < 0.7) return { body: JSON.stringify(randomValue(r)), type: 'application/json' }
  if (k < 0.8) return { body: '{"a": [1, 2', type: 'application/json' }
  if (k < 0.9) return { body: 'name=x&email=y', type: 'application/x-www-form-urlencoded' }
  return {
    body: String.fromCharCode(...Array.from({ length: 64 }, () => Math.floor(r() * 256))),
    type: ['text/plain', 'image/png', 'application/octet-stream'][Math.floor(r() * 3)],
  }
}

describe.each(dialects())('attacks on %s', (_name, url) => {
  let t: TestApp
  let admin: Client
  beforeAll(async () => {
    t = await startTestApp(url(), { PROPOSAL_RATE_LIMIT_PER_HOUR: '1000000' })
    admin = await t.client().login()
    await t.client().post('/api/proposals', validProposal())
  })
  afterAll(async () => {
    await t.stop()
  })

  it('treats SQL injection strings in every search parameter as plain text', async () => {
    for (const s of SQLI) {
      const q = encodeURIComponent(s)
      for (const path of [
        `/api/proposals?q=${q}`,
        `/api/proposals?status=${q}`,
        `/api/blogs?q=${q}`,
        `/api/blogs?status=${q}`,
        `/api/portfolio?q=${q}`,
        `/api/portfolio?category=${q}`,
        `/api/proposals/export.csv?q=${q}`,
      ]) {
        const res = await admin.get(path)
        expect({ path, status: res.status }).toEqual({ path, status: 200 })
      }
      // A quote or wildcard matches literally: nothing in the data contains these strings.
      if (!['%', '_'].includes(s)) expect(await (await admin.get(`/api/proposals?q=${q}`)).json()).toEqual([])
    }
    const all = (await (await admin.get('/api/proposals?q=%25')).json()) as unknown[]
    expect(all).toEqual([])
    expect(((await (await admin.get('/api/proposals')).json()) as unknown[]).length).toBeGreaterThan(0)
  })

  it('answers 404 to SQL injection strings in every id parameter, and the data is intact', async () => {
    for (const s of SQLI) {
      const id = encodeURIComponent(s)
      for (const [method, base] of [
        ['GET', '/api/portfolio/'],
        ['PUT', '/api/portfolio/'],
        ['DELETE', '/api/portfolio/'],
        ['GET', '/api/blogs/'],
        ['PUT', '/api/blogs/'],
        ['DELETE', '/api/blogs/'],
        ['GET', '/api/proposals/'],
        ['PUT', '/api/proposals/'],
        ['DELETE', '/api/proposals/'],
      ]) {
        const res = await admin.request(method, base + id, method === 'PUT' ? { status: 'archived' } : undefined)
        expect({ method, base, s, status: res.status }).toEqual({ method, base, s, status: 404 })
      }
    }
    expect(((await (await admin.get('/api/portfolio')).json()) as unknown[]).length).toBe(4)
    expect(((await (await admin.get('/api/blogs')).json()) as unknown[]).length).toBeGreaterThanOrEqual(7)
  })

  it('an Authorization header that holds no valid token answers 401 and never falls back to the session cookie (issue 33)', async () => {
    // The signed-in admin's cookie goes with each of these; a Bearer header skips the CSRF token.
    for (const authorization of ['Bearer a b', 'Bearer', 'Bearer  ', 'bearer lws_not-a-token', 'Basic YWRtaW46eA==', 'Token abc', '']) {
      for (const [method, path, body] of [
        ['GET', '/api/proposals/export.csv'],
        ['GET', '/api/blog/stats'],
        ['PUT', '/api/settings', { siteName: 'Taken over' }],
        ['POST', '/api/blogs', validPost()],
      ] as [string, string, unknown?][]) {
        const res = await admin.request(method, path, body, { authorization })
        // A header that is not a Bearer one is held to the CSRF token (sent): then 401 as well.
        expect([authorization, method, path, res.status]).toEqual([authorization, method, path, 401])
        expect(await res.json()).toMatchObject({ error: expect.stringMatching(/API token/) })
      }
      // The session call and sign-out read no cookie either: the session is untouched.
      expect(await (await admin.get('/api/auth/session', { authorization })).json()).toMatchObject({ authenticated: false })
      const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
      expect(
        (await fetch(`${t.baseUrl}/api/auth/logout`, { method: 'POST', headers: { cookie, authorization, 'x-csrf-token': admin.csrf! } }))
          .status,
      ).toBe(200)
      expect((await admin.get('/api/blog/stats')).status).toBe(200)
    }
    // Nothing was changed; a read that shows a signed-in person more shows such a header a visitor's answer.
    expect(await (await admin.get('/api/settings')).json()).not.toMatchObject({ siteName: 'Taken over' })
    expect((await admin.post('/api/blogs', { ...validPost(), title: 'A draft only the back office sees', status: 'draft' })).status).toBe(
      201,
    )
    const titles = async (headers?: Record<string, string>) =>
      ((await (await admin.get('/api/blogs?q=back%20office%20sees', headers)).json()) as { title: string }[]).map((p) => p.title)
    expect(await titles()).toEqual(['A draft only the back office sees'])
    expect(await titles({ authorization: 'Bearer a b' })).not.toContain('A draft only the back office sees')
  })

  it('never answers 5xx to a few thousand random bodies on every endpoint', async () => {
    const r = rng(20261122)
    const anonymous = t.client()
    await anonymous.session()
    const failures: string[] = []
    const ROUNDS = 110 // 110 x 28 endpoints: about 3,000 requests per dialect
    for (let round = 0; round < ROUNDS; round++) {
      for (const [method, path] of ENDPOINTS) {
        // Logging the admin out would turn the rest of the run into 401s: only visitors log out.
        const who = r() > 0.3 && path !== '/api/auth/logout' ? admin : anonymous
        const { body, type } = method === 'GET' || method === 'DELETE' ? { body: undefined, type: undefined } : randomBody(r)
        const query =
          method === 'GET' && r() > 0.5
            ? `?q=${encodeURIComponent(JSON.stringify(randomValue(r)))}&limit=${Math.floor(r() * 1e6) - 5}&offset=-3&type=${encodeURIComponent(JSON.stringify(randomValue(r)))}&pages=${Math.floor(r() * 1e4)}`
            : ''
        const res = await who.request(method, path + query, body, type ? { 'content-type': type } : {})
        if (res.status >= 500) failures.push(`${method} ${path}${query} ${body?.slice(0, 200)} -> ${res.status}`)
        await res.arrayBuffer()
      }
    }
    expect(failures).toEqual([])
    // The server is still healthy and the admin still signed in.
    expect((await admin.get('/api/proposals/stats')).status).toBe(200)
  }, 120_000)
})
