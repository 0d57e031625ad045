import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRICE_LIST } from '~/content/pricing.ts'
import { openDatabase } from '~/db/db.server.ts'
import { documentFormValues } from '~/lib/proposal-document-schemas.ts'
import { prefillDocument } from '~/services/proposal-document-drafting.server.ts'
import { resetPostgres } from '../helpers/app.ts'
import { ADMIN, postForm, startServer, tempDir, type RunningServer } from './server.ts'

/** Two app processes on one PostgreSQL database, as behind a load balancer. */
describe('two instances on one PostgreSQL database', () => {
  let a: RunningServer
  let b: RunningServer
  beforeAll(async () => {
    const url = process.env.TEST_PG_URL
    if (!url) throw new Error('TEST_PG_URL is not set: run the tests with `npm test`')
    await resetPostgres(url)
    const env = { DATABASE_URL: url, PROPOSAL_RATE_LIMIT_PER_HOUR: '4' }
    a = await startServer({ ...env, DATA_DIR: tempDir() })
    b = await startServer({ ...env, DATA_DIR: tempDir() })
  })
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
  })

  /** A client whose requests alternate between the two instances, sharing cookies. */
  function roundRobin() {
    const ca = a.client()
    const cb = b.client()
    cb.cookies = ca.cookies
    let i = 0
    return {
      a: ca,
      b: cb,
      next: () => {
        const c = i++ % 2 === 0 ? ca : cb
        cb.csrf = ca.csrf = ca.csrf ?? cb.csrf
        return c
      },
    }
  }

  it('a session made on one instance works on the other, and logout on one ends it on both', async () => {
    const rr = roundRobin()
    await rr.a.login(ADMIN.username, ADMIN.password)
    rr.b.csrf = rr.a.csrf
    expect(await rr.b.session()).toMatchObject({ authenticated: true, username: 'admin' })
    expect((await rr.b.get('/api/proposals/stats')).status).toBe(200)
    expect((await rr.b.post('/api/auth/logout')).status).toBe(200)
    expect(await rr.a.session()).toMatchObject({ authenticated: false })
  })

  it('counts failed logins across both instances', async () => {
    const rr = roundRobin()
    await rr.a.session()
    for (let i = 0; i < 5; i++) {
      const res = await rr.next().post('/api/auth/login', { username: 'admin', password: `wrong-${i}` })
      expect(res.status).toBe(401)
    }
    expect((await rr.next().post('/api/auth/login', ADMIN)).status).toBe(429)
    expect((await rr.next().post('/api/auth/login', ADMIN)).status).toBe(429)
  })

  it('counts the proposal rate limit across both instances', async () => {
    const rr = roundRobin()
    await rr.a.session()
    // Each one different: the same request twice is stored once (docs/decisions/045).
    const body = (n: number) => ({
      name: 'Two Instances',
      email: 'two@example.com',
      businessType: 'other',
      budget: '100-500',
      requirements: `Load balanced ${n}`,
    })
    for (let i = 0; i < 4; i++) expect((await rr.next().post('/api/proposals', body(i))).status).toBe(201)
    expect((await rr.next().post('/api/proposals', body(4))).status).toBe(429)
    expect((await rr.next().post('/api/proposals', body(5))).status).toBe(429)
  })

  it('reads on one instance what was written on the other, and cached pages follow an admin change on both', async () => {
    // Logins from this address were throttled above: clear that state as an operator would.
    const { db, close } = (await import('~/db/db.server.ts')).openDatabase(process.env.TEST_PG_URL!)
    await db.deleteFrom('rateLimits').execute()
    await close()

    const admin = a.client()
    await admin.login(ADMIN.username, ADMIN.password)
    const created = await admin.post('/api/portfolio', {
      title: 'Cross Instance Cafe',
      description: 'Made on A',
      category: 'Restaurant',
      image: '/images/hero.svg',
    })
    expect(created.status).toBe(201)
    const item = (await created.json()) as { id: number }
    expect((await b.client().get(`/api/portfolio/${item.id}`)).status).toBe(200)

    // Warm both page caches, then rename on A.
    for (const s of [a, b]) {
      const html = await (await fetch(`${s.url}/`)).text()
      expect(html).toContain('Cross Instance Cafe')
      // A hit carries the stored copy's ETag. (B may drop its copy once when its poll sees the
      // portfolio change made above, so allow it to render once more.)
      await expect.poll(async () => (await fetch(`${s.url}/`)).headers.get('etag'), { timeout: 60_000, interval: 200 }).toBeTruthy()
    }
    expect((await admin.put(`/api/portfolio/${item.id}`, { title: 'Renamed Cafe' })).status).toBe(200)
    expect(await (await fetch(`${a.url}/`)).text()).toContain('Renamed Cafe')
    // B learns of the change within its 1 s poll.
    let seenOnB = false
    for (let i = 0; i < 30 && !seenOnB; i++) {
      seenOnB = (await (await fetch(`${b.url}/`)).text()).includes('Renamed Cafe')
      if (!seenOnB) await new Promise((r) => setTimeout(r, 100))
    }
    expect(seenOnB).toBe(true)
  })

  it('two accepts of one proposal at the same moment, one on each instance: exactly one wins, with one invoice', async () => {
    const { db, close } = openDatabase(process.env.TEST_PG_URL!)
    try {
      await db.deleteFrom('rateLimits').execute()
      const email = 'two.tabs@example.com'
      const lead = {
        name: 'Tia Two Tabs',
        email,
        businessType: 'retail',
        budget: '500-1000',
        requirements: 'A shop site.',
        source: 'estimator',
        sourceData: 'type=business&pages=8&urgency=standard',
      }
      expect((await a.client().post('/api/proposals', lead)).status).toBe(201)
      const admin = await a.client().login(ADMIN.username, ADMIN.password)
      await admin.session()
      const [{ id }] = (await (await admin.get(`/api/proposals?q=${encodeURIComponent(email)}`)).json()) as { id: number }[]
      const editor = `/admin/proposals/${id}/document`
      const values = documentFormValues(PRICE_LIST, await prefillDocument(db, id))
      expect((await postForm(admin, editor, { ...values, intent: 'save' })).status).toBe(200)
      expect((await postForm(admin, editor, { intent: 'send' })).status).toBe(200)
      const mail = await db
        .selectFrom('mailOutbox')
        .select('body')
        .where('toAddress', '=', email)
        .where('subject', 'like', 'Your proposal from%')
        .executeTakeFirstOrThrow()
      const token = /\/p\/([A-Za-z0-9_-]{43})/.exec(mail.body)?.[1]
      expect(token).toBeDefined()

      // The client has the page open in two tabs, each served by another instance, and signs in both at once.
      const tabs = await Promise.all(
        [a, b].map(async (s) => {
          const client = s.client()
          const page = await (await client.get(`/p/${token}`)).text()
          return { client, formToken: /name="_csrf" value="([^"]+)"/.exec(page)?.[1] }
        }),
      )
      const answers = await Promise.all(
        tabs.map(({ client, formToken }, i) =>
          postForm(client, `/p/${token}`, { intent: 'accept', version: '1', signerName: `Tia Tab ${i + 1}`, consent: 'yes' }, formToken),
        ),
      )
      const won = answers.filter((r) => r.status === 302)
      expect(won).toHaveLength(1)
      expect(won[0].headers.get('location')).toBe(`/p/${token}?done=accepted`)
      const lost = answers.find((r) => r.status !== 302)!
      expect(lost.status).toBe(409)
      expect(await lost.text()).toContain('This proposal was already accepted on')
      const doc = await db.selectFrom('proposalDocuments').selectAll().where('proposalId', '=', id).executeTakeFirstOrThrow()
      expect(doc.state).toBe('accepted')
      const invoices = await db.selectFrom('invoices').select('id').where('documentId', '=', doc.id).execute()
      expect(invoices).toHaveLength(1)
    } finally {
      await close()
    }
  })
})
