import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { openDatabase, type Db } from '~/db/db.server.ts'
import { insertAdmin } from '~/models/admin.server.ts'
import { Client, dialects, resetPostgres } from '../helpers/app.ts'
import { ADMIN, BUILD_DIR, postForm, requireBuild, startServer, tempDir, type RunningServer } from './server.ts'

// No SMTP_URL here: the one answer says the link is kept, not sent (issue 36).
const SAME_ANSWER =
  'If that account exists, a link for its email address is kept in the outbox of this site, but the site cannot send mail yet: ask the owner of the site to set mail up, or to reset your password.'
const UNUSABLE = 'This password reset link is not valid: it was used, a newer one was sent, or it has expired.'

/** The path of the newest link of `kind` mailed to `to` (the outbox, as the mail worker would send it). */
async function mailedLink(dbUrl: string, to: string, kind: 'invite' | 'reset'): Promise<string> {
  const { db, close } = openDatabase(dbUrl)
  try {
    const rows = await db.selectFrom('mailOutbox').select('body').where('toAddress', '=', to).orderBy('id', 'desc').execute()
    const link = rows.map((r) => new RegExp(`https?://\\S+/${kind}/\\S+`).exec(r.body)?.[0]).find(Boolean)
    if (!link) throw new Error(`no ${kind} mail to ${to}`)
    return new URL(link).pathname
  } finally {
    await close()
  }
}

async function countResetMail(dbUrl: string): Promise<number> {
  const { db, close } = openDatabase(dbUrl)
  try {
    return (await db.selectFrom('mailOutbox').select('subject').execute()).filter((m) => m.subject.startsWith('Choose a new password'))
      .length
  } finally {
    await close()
  }
}

/**
 * Password reset by mail through the production build (issue 23, docs/decisions/047), as a browser
 * without JavaScript posts it: the forgot form, the mailed link, a new password; the old session
 * ends, the new password signs in, the link works once.
 */
describe.each(dialects())('password reset by mail on %s', (name, url) => {
  let s: RunningServer
  let dbUrl: string
  beforeAll(async () => {
    dbUrl = name === 'sqlite' ? path.join(tempDir(), 'site.db') : url()
    if (name === 'postgres') await resetPostgres(dbUrl)
    s = await startServer({ DATABASE_URL: dbUrl, DATA_DIR: tempDir() })
  })
  afterAll(async () => {
    await s?.stop()
  })

  /** A browser without a session: the CSRF cookie from the session call, as the page's root loader gives it. */
  async function browser(): Promise<Client> {
    const c = s.client()
    await c.session()
    return c
  }

  it('forgot → mail in the outbox → the link → a new password: the old session ends, the new password signs in, the link is refused the second time', async () => {
    // The owner invites Wren (her email on file); she joins and is signed in.
    const owner = await s.client().login(ADMIN.username, ADMIN.password)
    const invited = await postForm(owner, '/admin/settings/people', {
      intent: 'invite',
      email: 'wren@example.com',
      role: 'editor',
      displayName: 'Wren',
      sudoPassword: ADMIN.password,
    })
    expect(invited.status).toBe(200)
    const wren = await browser()
    const joined = await postForm(wren, await mailedLink(dbUrl, 'wren@example.com', 'invite'), {
      username: 'wren',
      displayName: 'Wren',
      newPassword: 'wren-old-password',
      confirmPassword: 'wren-old-password',
    })
    expect(joined.status).toBe(303)
    expect((await wren.get('/admin/blogs')).status).toBe(200)

    // The login page links to the form; the form says how someone without an email gets back in.
    expect(await (await s.client().get('/admin/login')).text()).toContain('href="/admin/forgot"')
    const page = await (await s.client().get('/admin/forgot')).text()
    expect(page).toContain('Forgot your password?')
    expect(page).toContain('npm run admin:reset -- --username NAME')

    // The same answer for an unknown name, the first owner and Wren; the owner and Wren get a link
    // (the owner's email is the contact email at the first start, issue 33).
    const mailBefore = await countResetMail(dbUrl)
    for (const account of ['nobody', ADMIN.username, 'wren']) {
      const stranger = await browser()
      const sent = await postForm(stranger, '/admin/forgot', { account })
      expect([sent.status, sent.headers.get('location')], account).toEqual([303, '/admin/forgot?sent=1'])
      expect(await (await stranger.get('/admin/forgot?sent=1')).text()).toContain(SAME_ANSWER)
    }
    // (Made and mailed after the answer, ADR 053: waited for.)
    // Waits for the state; the test's time limit catches a hang (decision 059).
    while ((await countResetMail(dbUrl)) < mailBefore + 2) await new Promise((r) => setTimeout(r, 20))
    expect(await countResetMail(dbUrl)).toBe(mailBefore + 2)
    // An empty form is answered beside the field.
    const empty = await postForm(await browser(), '/admin/forgot', { account: '' })
    expect(empty.status).toBe(400)
    expect(await empty.text()).toMatch(/id="account-error"[^>]*>Enter your username or email address</)

    // The link from the mail, opened in a browser with no session.
    const link = await mailedLink(dbUrl, 'wren@example.com', 'reset')
    const visitor = await browser()
    const form = await (await visitor.get(link)).text()
    expect(form).toContain('Choose a new password')
    expect(form).toContain('<strong>wren</strong>')
    // The Security page's rules, answered beside the fields.
    const mismatch = await postForm(visitor, link, { newPassword: 'wren-new-password', confirmPassword: 'something-else' })
    expect(mismatch.status).toBe(400)
    expect(await mismatch.text()).toMatch(/id="confirmPassword-error"[^>]*>New password and confirmation don(&#x27;|')t match\.</)
    const short = await postForm(visitor, link, { newPassword: 'short', confirmPassword: 'short' })
    expect(await short.text()).toMatch(/id="newPassword-error"[^>]*>New password must be at least 8 characters</)

    const done = await postForm(visitor, link, { newPassword: 'wren-new-password', confirmPassword: 'wren-new-password' })
    expect([done.status, done.headers.get('location')]).toEqual([303, '/admin/login?reset=1'])
    expect(await (await visitor.get('/admin/login?reset=1')).text()).toContain('Your new password is set')

    // Her old session is gone; the old password is refused; the new one signs in.
    const old = await wren.get('/admin/blogs')
    expect(old.status).toBe(302)
    expect(old.headers.get('location')).toMatch(/^\/admin\/login\?redirectTo=/)
    expect((await wren.get('/api/blog/stats')).status).toBe(401)
    expect((await s.client().post('/api/auth/login', { username: 'wren', password: 'wren-old-password' })).status).toBe(401)
    const again = await s.client().login('wren', 'wren-new-password')
    expect((await again.get('/admin/blogs')).status).toBe(200)

    // The link works once: opened or posted again, it says so.
    const reopened = await (await visitor.get(link)).text()
    expect(reopened).toContain(UNUSABLE)
    expect(reopened).not.toContain('name="newPassword"')
    const reused = await postForm(visitor, link, { newPassword: 'third-password', confirmPassword: 'third-password' })
    expect(reused.status).toBe(410)
    expect(await reused.text()).toContain(UNUSABLE)
  })

  it("the owner's button needs sudo mode, then mails the person a link", async () => {
    const owner = await s.client().login(ADMIN.username, ADMIN.password)
    const people = await (await owner.get('/admin/settings/people')).text()
    // Wren's row: the last person id before her button.
    const id = [...people.slice(0, people.indexOf('Send Wren a password reset link')).matchAll(/name="id" value="(\d+)"/g)].at(-1)?.[1]
    expect(id).toBeDefined()
    const before = await countResetMail(dbUrl)
    const refused = await postForm(owner, '/admin/settings/people', { intent: 'reset-link', id: id! })
    expect(refused.status).toBe(403)
    expect(await countResetMail(dbUrl)).toBe(before)
    const sent = await postForm(owner, '/admin/settings/people', { intent: 'reset-link', id: id!, sudoPassword: ADMIN.password })
    expect(sent.status).toBe(200)
    // No SMTP_URL here: the words say the mail is kept, not sent (issue 36).
    expect(await sent.text()).toContain('Password reset link made, but its mail is kept in the outbox, not sent: mail is not set up.')
    expect(await countResetMail(dbUrl)).toBe(before + 1)
    expect(await (await s.client().get(await mailedLink(dbUrl, 'wren@example.com', 'reset'))).text()).toContain('<strong>wren</strong>')
  })
})

/** The production build's app factory, loaded into this process (its own copies of the app's modules). */
type BuiltServer = {
  createApplication: (config: unknown, opts: object) => Promise<{ listener: http.RequestListener; close: () => Promise<void> }>
  loadConfig: (env: Record<string, string>) => unknown
  getBuild: () => Promise<unknown>
}

/** Answers timed per kind of name in one attempt of the timing test, after WARM_UP untimed ones. */
const [ROUNDS, WARM_UP, ATTEMPTS] = [60, 5, 3]
/** Active people with an email address on file: the timing test takes up to 195 of them, the last two are for the test after it. */
const KNOWN_PEOPLE = ATTEMPTS * (ROUNDS + WARM_UP) + 2

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2
}

/**
 * "Forgot your password?" must not tell which accounts exist by how long it takes (issue 33): a
 * known name's link is made and mailed after the answer, so the answer does the same work for
 * every name. The production build runs in this process (no second process to schedule on a
 * busy machine), the requests are timed from a thread of their own, each from an address of its
 * own (TRUST_PROXY, as behind a proxy).
 */
describe.each(dialects())('"Forgot your password?" answers as fast for any name on %s', (name, url) => {
  let dbUrl: string
  let server: http.Server
  let close: () => Promise<void>
  let base: string
  let db: Db
  let closeDb: () => Promise<void>
  let visitor: Client
  const logged: { msg: string; task?: string; err?: string }[] = []
  let address = 0
  /** One form post from a new address, as a browser without JavaScript sends it. */
  const forgotForm = (account: string) => ({
    url: `${base}/admin/forgot`,
    headers: {
      cookie: [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': `198.51.100.${++address % 250}`,
    },
    body: new URLSearchParams({ _csrf: visitor.csrf!, account }).toString(),
  })
  /** How many reset links the form has mailed (each is logged once made and mailed). */
  const mailed = async () => (await db.selectFrom('activityLog').select('id').where('action', '=', 'password.reset-link').execute()).length
  async function waitFor(what: string, done: () => Promise<boolean> | boolean) {
    // Waits for the state, however busy the machine; the test's time limit catches a hang (decision 059).
    while (!(await done())) await new Promise((r) => setTimeout(r, 10))
  }

  beforeAll(async () => {
    requireBuild()
    dbUrl = name === 'sqlite' ? path.join(tempDir(), 'site.db') : url()
    if (name === 'postgres') await resetPostgres(dbUrl)
    const built = (await import(pathToFileURL(path.resolve(BUILD_DIR, 'server/index.js')).href)) as BuiltServer
    const config = built.loadConfig({
      DATABASE_URL: dbUrl,
      DATA_DIR: tempDir(),
      NODE_ENV: 'test',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SITE_URL: 'http://127.0.0.1',
      TRUST_PROXY: 'loopback',
    })
    const logger = pino({ level: 'error' }, { write: (line: string) => void logged.push(JSON.parse(line)) })
    const app = await built.createApplication(config, { build: await built.getBuild(), logger, mailPollMs: 60_000 })
    close = app.close
    server = http.createServer(app.listener).listen(0, '127.0.0.1')
    server.keepAliveTimeout = 65_000
    await new Promise((r) => server.once('listening', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    ;({ db, close: closeDb } = openDatabase(dbUrl))
    // Known names: active people with an email address on file, each asked for once (each is mailed).
    for (let i = 0; i < KNOWN_PEOPLE; i++)
      await insertAdmin(db, `known${i}`, 'no password: never signs in', { role: 'editor', email: `known${i}@example.com` })
    visitor = new Client(base)
    await visitor.session()
  })
  afterAll(async () => {
    await new Promise((r) => server?.close(r))
    await close?.()
    await closeDb?.()
  })

  /** Medians of ROUNDS answers each for known and unknown names, taking turns; `attempt` picks unused names. */
  async function measure(timer: ReturnType<typeof startTimer>, attempt: number) {
    const times = { known: [] as number[], unknown: [] as number[] }
    for (let i = 0; i < ROUNDS + WARM_UP; i++) {
      const n = attempt * (ROUNDS + WARM_UP) + i
      // Taking turns, so a slow moment of the machine falls on both.
      for (const kind of i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
        const before = await mailed()
        const { status, location, ms } = await timer.post(forgotForm(kind === 'known' ? `known${n}@example.com` : `nobody${n}@example.com`))
        expect([status, location]).toEqual([303, '/admin/forgot?sent=1'])
        // The known name's link is mailed after its answer: wait for it, so no request pays for
        // another's work (taking turns puts the known and the unknown after a wait equally often).
        const expected = before + (kind === 'known' ? 1 : 0)
        await waitFor(`the link for ${kind}${n}`, async () => (await mailed()) >= expected)
        expect(await mailed(), `links mailed after ${kind}${n}`).toBe(expected)
        if (i >= WARM_UP) times[kind].push(ms)
      }
    }
    return { known: median(times.known), unknown: median(times.unknown) }
  }

  it('a known and an unknown name are answered within 5 ms of each other (medians of 60 each, taking turns)', async () => {
    // The clock runs in a thread of its own: this thread also runs the server, whose work after
    // an answer (synchronous on SQLite) must not delay reading that answer.
    const timer = startTimer()
    try {
      // A measurement is taken again, up to ATTEMPTS times, when the medians differ: on a machine
      // busy with other tests (npm test runs Playwright beside this) one run of 60 pairs still
      // came out 7-8 ms apart now and then. The leak this guards against (88 ms against 33 when
      // issue 33 was filed) shows in every attempt; a noisy moment does not come three times.
      const runs: { known: number; unknown: number }[] = []
      while (runs.length < ATTEMPTS) {
        const run = await measure(timer, runs.length)
        runs.push(run)
        if (Math.abs(run.known - run.unknown) < 5) break
      }
      const said = runs.map((r) => `known ${r.known.toFixed(1)} ms against unknown ${r.unknown.toFixed(1)} ms`).join('; ')
      const last = runs.at(-1)!
      expect(Math.abs(last.known - last.unknown), `medians, attempt by attempt: ${said}`).toBeLessThan(5)
    } finally {
      await timer.stop()
    }
  })

  it('a failure while making the link is logged, and the answer is the same as for anyone', async () => {
    // The link cannot be stored (its table is away for a moment): the visitor still gets the one answer.
    await sql`alter table auth_challenges rename to auth_challenges_away`.execute(db)
    try {
      const res = await visitor.post('/admin/forgot', forgotForm(`known${KNOWN_PEOPLE - 1}`).body, {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': '203.0.113.29',
      })
      expect([res.status, res.headers.get('location')]).toEqual([303, '/admin/forgot?sent=1'])
      await waitFor('the failure in the log', () => logged.some((l) => l.task === 'password reset link'))
    } finally {
      await sql`alter table auth_challenges_away rename to auth_challenges`.execute(db)
    }
    expect(logged.find((l) => l.task === 'password reset link')).toMatchObject({
      msg: 'work after the answer failed',
      err: expect.stringMatching(/auth_challenges/),
    })
    // The next request is served and mailed as usual.
    const before = await mailed()
    const again = await visitor.post('/admin/forgot', forgotForm(`known${KNOWN_PEOPLE - 2}`).body, {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': '203.0.113.28',
    })
    expect(again.status).toBe(303)
    await waitFor('the next link', async () => (await mailed()) > before)
  })
})

/**
 * Times POSTs from a worker thread, from sending the request to reading its answer's head, as a
 * client on another machine would see it.
 */
function startTimer() {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads')
     parentPort.on('message', async ({ url, headers, body }) => {
       const started = performance.now()
       const res = await fetch(url, { method: 'POST', headers, body, redirect: 'manual' })
       const ms = performance.now() - started
       await res.arrayBuffer()
       parentPort.postMessage({ status: res.status, location: res.headers.get('location'), ms })
     })`,
    { eval: true },
  )
  return {
    post(form: {
      url: string
      headers: Record<string, string>
      body: string
    }): Promise<{ status: number; location: string | null; ms: number }> {
      return new Promise((resolve, reject) => {
        worker.once('message', resolve)
        worker.once('error', reject)
        worker.postMessage(form)
      })
    },
    stop: () => worker.terminate(),
  }
}
