// The client's proposal page (/p/<token>, issue 38) for `npm run bench`: a proposal written, saved
// and sent through the back office's own forms (as a browser without JavaScript posts them), its
// link read from the mail kept in the outbox, then timed with wrk: one connection (what one
// client waits for: the median must stay under 50 ms) and the bench's usual connections (how
// many the server answers per second). The page is private (no page cache), so every request renders it.
import Database from 'better-sqlite3'
import { URLSearchParams } from 'node:url'
import pg from 'pg'
import { signIn, wrk } from './lib.js'

/** The bench servers' admin password (bench/lib.js startServerFrom). */
const PASSWORD = 'bench-password-1'

/** Signed in through the API: the session cookie and its CSRF token serve the pages' forms too. */
async function signedIn(url) {
  const cookie = await signIn(url, PASSWORD)
  const { csrfToken } = await (await fetch(`${url}/api/auth/session`, { headers: { Cookie: cookie } })).json()
  return { cookie, token: csrfToken }
}

const day = (offsetDays) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)

/** The editor's fields for a Business site with two add-ons, a timeline and two payments. */
const DOCUMENT_FORM = {
  title: 'A website for Bench Bakery',
  summary: '<p>A fast, clear site for the bakery: menu, opening hours and orders for collection.</p>',
  terms: 'Work starts when the first payment arrives. Each milestone is reviewed with you before the next.',
  validUntil: day(30),
  plan: 'business',
  extraPages: '2',
  urgency: 'standard',
  'addon-seo': '1',
  'addon-booking': '1',
  scopeHeading0: 'Pages',
  scopeBody0: 'Home, menu, about, contact and ten more pages, written with you.',
  scopeHeading1: 'Orders',
  scopeBody1: 'Orders for collection, paid on the day.',
  milestoneLabel0: 'Kick-off',
  milestoneDate0: day(1),
  milestoneLabel1: 'Launch',
  milestoneDate1: day(10),
  paymentLabel0: 'To start',
  paymentPercent0: '50',
  paymentLabel1: 'At launch',
  paymentPercent1: '50',
}

async function postForm(url, path, { cookie, token }, fields) {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
    body: new URLSearchParams({ _csrf: token, ...fields }).toString(),
    redirect: 'manual',
  })
  if (res.status >= 400) throw new Error(`bench: ${path} (${fields.intent}) answered ${res.status}: ${(await res.text()).slice(0, 300)}`)
}

/** The newest link to a proposal in the outbox (the mail "send" kept there: no SMTP in the bench). */
async function linkFromOutbox(databaseUrl) {
  const query = "select body from mail_outbox where body like '%/p/%' order by id desc limit 1"
  let body
  if (/^postgres(ql)?:/.test(databaseUrl)) {
    const c = new pg.Client({ connectionString: databaseUrl })
    await c.connect()
    body = (await c.query(query)).rows[0]?.body
    await c.end()
  } else {
    const db = new Database(databaseUrl, { readonly: true })
    body = db.prepare(query).get()?.body
    db.close()
  }
  const path = /\/p\/[A-Za-z0-9_-]{43}/.exec(body ?? '')?.[0]
  if (!path) throw new Error('bench: no proposal link in the outbox')
  return path
}

/** Writes, saves and sends a proposal for a new lead on the running server; its page's path. */
export async function sentProposalPath(url, databaseUrl) {
  const admin = await signedIn(url)
  const email = `bench.${Date.now()}@example.com`
  const session = await fetch(`${url}/api/auth/session`)
  const visitor = {
    cookie: session.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
    token: (await session.json()).csrfToken,
  }
  const lead = await fetch(`${url}/api/proposals`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: visitor.cookie, 'X-CSRF-Token': visitor.token },
    body: JSON.stringify({
      name: 'Bench Bakery',
      email,
      businessType: 'restaurant',
      budget: '1000-2500',
      requirements: 'A site for the bakery.',
    }),
  })
  if (lead.status !== 201) throw new Error(`bench: the proposal request answered ${lead.status}`)
  const [{ id }] = await (await fetch(`${url}/api/proposals?q=${encodeURIComponent(email)}`, { headers: { Cookie: admin.cookie } })).json()
  const editor = `/admin/proposals/${id}/document`
  await postForm(url, editor, admin, { ...DOCUMENT_FORM, intent: 'save' })
  await postForm(url, editor, admin, { intent: 'send' })
  return linkFromOutbox(databaseUrl)
}

/** The page timed: one connection (a client's wait) and `connections` (the server's throughput). */
export function measureProposalPage(label, url, { seconds, warmup, connections }) {
  wrk(url, { seconds: warmup, connections: 4 })
  const one = wrk(url, { seconds, connections: 1, threads: 1 })
  const many = wrk(url, { seconds, connections })
  console.error(`${label}: median ${one.p50} ms alone, ${many.rps} req/s with ${connections} connections`)
  return { label, alone: one, loaded: many }
}
