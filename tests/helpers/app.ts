import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import pino from 'pino'
import { afterAll, beforeAll } from 'vitest'
import { loadConfig } from '~/config.server.ts'
import { createApplication } from '../../server/boot.ts'

export const ADMIN_USERNAME = 'admin'
export const ADMIN_PASSWORD = 'correct-horse-battery'
/** A desktop browser's user agent: visits from it are counted (a bot's, or none, are not). */
export const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
/** A phone's. */
export const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

/** Both dialects, always: scripts/test.js provides TEST_PG_URL (a real PostgreSQL server). */
export function dialects(): [string, () => string][] {
  return [
    ['sqlite', () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-')), 'site.db')],
    [
      'postgres',
      () => {
        const url = process.env.TEST_PG_URL
        if (!url) throw new Error('TEST_PG_URL is not set: run the tests with `npm test`, which starts PostgreSQL')
        return url
      },
    ],
  ]
}

/** Empties the PostgreSQL test database so each suite starts from a fresh install. */
export async function resetPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('drop schema public cascade; create schema public;')
  } finally {
    await client.end()
  }
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>

/** Starts the real Express app (API only, no page build) on a free loopback port. */
export async function startTestApp(databaseUrl: string, env: Record<string, string> = {}, opts: { keepData?: boolean } = {}) {
  // keepData: a second instance on the same database, as behind a load balancer.
  if (databaseUrl.startsWith('postgres') && !opts.keepData) await resetPostgres(databaseUrl)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-data-'))
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    ADMIN_USERNAME,
    ADMIN_PASSWORD,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SITE_URL: 'http://127.0.0.1',
    ...env,
  })
  const application = await createApplication(config, { logger: pino({ level: 'silent' }), mailPollMs: 200, mailBackoffMs: 200 })
  const server = application.app.listen(0, '127.0.0.1')
  // As server.js sets it: with Node's default 5 s, a loaded machine closes idle connections just
  // as the test's client reuses them for its next request ("other side closed").
  server.keepAliveTimeout = 65_000
  await new Promise((r) => server.once('listening', r))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    ...application,
    baseUrl,
    client: () => new Client(baseUrl),
    async stop() {
      await new Promise((r) => server.close(r))
      await application.close()
    },
  }
}

/**
 * For one describe block: the app on a fresh database and a signed-in admin client, handed to
 * `ready` before the tests run; the app stops after them.
 */
export function appWithAdmin(url: () => string, ready: (t: TestApp, admin: Client) => void) {
  let t: TestApp | undefined
  beforeAll(async () => {
    t = await startTestApp(url())
    ready(t, await t.client().login())
  })
  afterAll(async () => {
    await t?.stop()
  })
}

/** A tiny browser-like client: keeps cookies and sends the CSRF token on writes. */
export class Client {
  cookies = new Map<string, string>()
  csrf: string | undefined
  constructor(readonly baseUrl: string) {}

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    if (method !== 'GET' && !this.csrf) await this.session()
    const h: Record<string, string> = { ...headers }
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    if (method !== 'GET' && this.csrf && !('x-csrf-token' in h)) h['x-csrf-token'] = this.csrf
    let payload: string | undefined
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body)
      h['content-type'] ??= 'application/json'
    }
    const res = await fetch(this.baseUrl + url, { method, headers: h, body: payload, redirect: 'manual' })
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';')
      const [k, v] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]
      if (attrs.some((a) => /max-age=0/i.test(a.trim())) || v === '') this.cookies.delete(k)
      else this.cookies.set(k, v)
    }
    return res
  }

  async session() {
    const res = await this.request('GET', '/api/auth/session')
    const json = (await res.json()) as { csrfToken: string; authenticated: boolean; expired?: boolean }
    this.csrf = json.csrfToken
    return json
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers)
  post = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', url, body, headers)
  put = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('PUT', url, body, headers)
  delete = (url: string, headers?: Record<string, string>) => this.request('DELETE', url, undefined, headers)

  async login(username = ADMIN_USERNAME, password = ADMIN_PASSWORD) {
    const res = await this.post('/api/auth/login', { username, password })
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`)
    return this
  }
}

let proposalCount = 0
/**
 * A valid request, told apart from the others by its last words: the same fields posted again
 * within minutes are one request (docs/decisions/045), and most tests mean another one.
 */
export const validProposal = () => ({
  name: 'Priya Sharma',
  email: 'priya@example.com',
  phone: '+91 98765 43210',
  businessType: 'restaurant',
  budget: '1000-2500',
  requirements: `A menu site with online table booking. Request ${++proposalCount}.`,
})

export const validPost = () => ({
  title: 'Fast pages sell more',
  subheading: 'Why speed matters',
  excerpt: 'A short look at page speed.',
  content: '<p>Speed matters.</p>',
  category: 'Performance',
})

export const validItem = () => ({
  title: 'Bakery shop',
  description: 'Online orders for a bakery.',
  category: 'E-commerce',
  image: '/images/portfolio/bakery.svg',
  technologies: ['React', 'Node.js'],
  liveUrl: 'bakery.example.com',
})
