import { describe, expect, it, vi } from 'vitest'
import {
  ADMIN_PASSWORD,
  appWithAdmin,
  BROWSER_AGENT,
  dialects,
  startTestApp,
  validItem,
  validPost,
  validProposal,
  type Client,
} from '../helpers/app.ts'

const WRONG = (i: number) => ({ username: 'admin', password: `wrong-${i}` })
const RIGHT = { username: 'admin', password: ADMIN_PASSWORD }
const from = (ip: string) => ({ 'x-forwarded-for': ip })

/** Resolves when the first of `pending` answers with `status` (or when all have answered). */
function firstWithStatus(pending: Promise<Response>[], status: number): Promise<void> {
  return new Promise((resolve) => {
    let left = pending.length
    for (const p of pending) {
      void p.then((r) => {
        if (r.status === status) resolve()
        if (--left === 0) resolve()
      })
    }
  })
}

const countStatus = (list: Response[], status: number) => list.filter((r) => r.status === status).length

describe.each(dialects())('hardening on %s', (_name, url) => {
  describe('sign-in throttling', () => {
    it('counts a burst of parallel attempts before hashing: five reach the password check, the rest and the right password get 429', async () => {
      const app = await startTestApp(url())
      try {
        const c = app.client()
        await c.session()
        const wrong = Array.from({ length: 26 }, (_, i) => c.post('/api/auth/login', WRONG(i)))
        // The first refusal means five attempts are counted; their passwords are still being checked.
        await firstWithStatus(wrong, 429)
        const right = c.post('/api/auth/login', RIGHT)
        wrong.push(...[26, 27, 28].map((i) => c.post('/api/auth/login', WRONG(i))))

        const answers = await Promise.all(wrong)
        expect(countStatus(answers, 401)).toBe(5)
        expect(countStatus(answers, 429)).toBe(24)
        expect((await right).status).toBe(429)
      } finally {
        await app.stop()
      }
    })

    it('lets no single address lock the admin out of another', async () => {
      const app = await startTestApp(url(), { TRUST_PROXY: 'loopback' })
      try {
        const c = app.client()
        await c.session()
        const attacker = from('203.0.113.9')
        for (let i = 0; i < 5; i++) expect((await c.post('/api/auth/login', WRONG(i), attacker)).status).toBe(401)
        expect((await c.post('/api/auth/login', WRONG(5), attacker)).status).toBe(429)
        expect((await c.post('/api/auth/login', RIGHT, attacker)).status).toBe(429)
        // The admin, elsewhere, never tried from here before and still gets in at once.
        expect((await app.client().post('/api/auth/login', RIGHT, from('192.0.2.33'))).status).toBe(200)
      } finally {
        await app.stop()
      }
    })

    it('slows a spray from many addresses to one attempt per 10 s for the account, without locking out the admin', async () => {
      // The app reads the time from Date (the services take `now`), so the slow lane's 10 s pass
      // on a fake clock; the server's own timers stay real.
      vi.useFakeTimers({ toFake: ['Date'] })
      const app = await startTestApp(url(), { TRUST_PROXY: 'loopback' })
      try {
        const office = from('198.51.100.7')
        expect((await app.client().post('/api/auth/login', RIGHT, office)).status).toBe(200)

        const c = app.client()
        await c.session()
        const spray = await Promise.all(
          Array.from({ length: 40 }, (_, i) => c.post('/api/auth/login', WRONG(i), from(`10.0.${i >> 4}.${(i % 16) + 1}`))),
        )
        // Ten at full speed, then at most one slot of the slow lane.
        expect(countStatus(spray, 401)).toBeGreaterThanOrEqual(10)
        expect(countStatus(spray, 401)).toBeLessThanOrEqual(11)
        expect(countStatus(spray, 429)).toBe(40 - countStatus(spray, 401))
        const refused = spray.find((r) => r.status === 429)!
        expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(10)

        // An address the admin signed in from before is not slowed at all.
        expect((await app.client().post('/api/auth/login', RIGHT, office)).status).toBe(200)
        // The slow lane's slot is taken now whatever the spray left (a wrong guess takes it, or
        // is refused because it was taken).
        expect([401, 429]).toContain((await app.client().post('/api/auth/login', WRONG(99), from('203.0.113.99'))).status)
        // A new address is slowed, not locked: it gets in once the slot comes round again.
        const newPlace = from('192.0.2.77')
        const slowed = await app.client().post('/api/auth/login', RIGHT, newPlace)
        expect(slowed.status).toBe(429)
        const wait = Number(slowed.headers.get('retry-after'))
        expect(wait).toBeGreaterThan(0)
        expect(wait).toBeLessThanOrEqual(10)
        vi.setSystemTime(Date.now() + wait * 1000)
        expect((await app.client().post('/api/auth/login', RIGHT, newPlace)).status).toBe(200)
      } finally {
        await app.stop()
        vi.useRealTimers()
      }
    })

    it('throttles wrong current passwords on a password change like sign-in', async () => {
      const app = await startTestApp(url())
      try {
        const a = await app.client().login()
        const change = (current: string) =>
          a.post('/api/auth/password', { currentPassword: current, newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' })
        for (let i = 0; i < 5; i++) expect((await change(`guess-${i}`)).status).toBe(400)
        const limited = await change('guess-5')
        expect(limited.status).toBe(429)
        expect(((await limited.json()) as { error: string }).error).toMatch(/Too many wrong current passwords/)
        expect((await change(ADMIN_PASSWORD)).status).toBe(429)
      } finally {
        await app.stop()
      }
    })
  })

  describe('client addresses behind a proxy', () => {
    it('counts the address the trusted proxy saw, whatever X-Forwarded-For the client wrote', async () => {
      const app = await startTestApp(url(), { TRUST_PROXY: '1' })
      try {
        const c = app.client()
        await c.session()
        const statuses: number[] = []
        for (let i = 0; i < 7; i++) {
          // The client writes the first entry; the one proxy appends the real address.
          const res = await c.post('/api/proposals', validProposal(), from(`6.6.6.${i}, 192.0.2.50`))
          statuses.push(res.status)
        }
        expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429])
        // Another real address is counted on its own.
        expect((await c.post('/api/proposals', validProposal(), from('6.6.6.6, 192.0.2.51'))).status).toBe(201)
      } finally {
        await app.stop()
      }
    })
  })

  describe('IPv6 addresses count by their /64 (issue 21)', () => {
    /** Six spellings of six addresses in one /64, as a proxy would pass them on. */
    const oneNetwork = [
      '2001:db8:77:1::1',
      '2001:db8:77:1::2',
      '2001:DB8:77:1:ffff::3',
      '2001:0db8:0077:0001:0:0:0:4',
      '2001:db8:77:1:a:b:c:d',
      '2001:db8:77:1::6',
    ]

    it('proposals from six addresses of one /64 share the limit of five; the next /64 has its own', async () => {
      const app = await startTestApp(url(), { TRUST_PROXY: 'loopback' })
      try {
        const c = app.client()
        await c.session()
        const statuses: number[] = []
        for (const ip of oneNetwork) statuses.push((await c.post('/api/proposals', validProposal(), from(ip))).status)
        expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
        expect((await c.post('/api/proposals', validProposal(), from('2001:db8:77:2::1'))).status).toBe(201)
      } finally {
        await app.stop()
      }
    })

    it('sign-in attempts from six addresses of one /64 share the per-address limit of five', async () => {
      const app = await startTestApp(url(), { TRUST_PROXY: 'loopback' })
      try {
        const c = app.client()
        await c.session()
        const statuses: number[] = []
        for (const [i, ip] of oneNetwork.entries()) statuses.push((await c.post('/api/auth/login', WRONG(i), from(ip))).status)
        expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
        expect((await c.post('/api/auth/login', RIGHT, from('2001:db8:77:1::99'))).status).toBe(429)
        // Another /64 is another place: it is not held back by this one.
        expect((await app.client().post('/api/auth/login', RIGHT, from('2001:db8:77:2::1'))).status).toBe(200)
      } finally {
        await app.stop()
      }
    })
  })

  describe('addresses written oddly count as the address they are, or together (issue 33)', () => {
    it('a bracketed address, one with a port and the same one plain share one limit; spellings that are no address share another', async () => {
      const app = await startTestApp(url(), { TRUST_PROXY: 'loopback' })
      try {
        const c = app.client()
        await c.session()
        const statuses: number[] = []
        for (const ip of [
          '[2001:db8:77:3::7]',
          '2001:db8:77:3::8',
          '[2001:DB8:77:3::9]:443',
          ' 2001:db8:77:3::a',
          '[2001:db8:77:3::b%eth0]',
          '2001:db8:77:3::c',
        ]) {
          statuses.push((await c.post('/api/proposals', validProposal(), from(ip))).status)
        }
        expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
        const junk: number[] = []
        for (const ip of ['::ffff:2001:db8::9', '::ffff:2001:db8::10', '01.2.3.4', '[2001:db8::1', '1.2.3', '::ffff:999.1.1.1'])
          junk.push((await c.post('/api/proposals', validProposal(), from(ip))).status)
        expect(junk).toEqual([201, 201, 201, 201, 201, 429])
        // An IPv4 address written IPv4-mapped, plain and with a port is one client.
        const mapped: number[] = []
        for (const ip of ['::ffff:192.0.2.60', '192.0.2.60', '192.0.2.60:5000', '[::ffff:c000:23c]', '::FFFF:192.0.2.60', '192.0.2.60'])
          mapped.push((await c.post('/api/proposals', validProposal(), from(ip))).status)
        expect(mapped).toEqual([201, 201, 201, 201, 201, 429])
      } finally {
        await app.stop()
      }
    })
  })

  describe('proposal limit under parallel posts', () => {
    it('accepts exactly five of 30 parallel posts from one address, across two instances on one database', async () => {
      const database = url()
      const a = await startTestApp(database)
      const b = await startTestApp(database, {}, { keepData: true })
      try {
        const clients: Client[] = [a.client(), b.client()]
        await Promise.all(clients.map((c) => c.session()))
        const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => clients[i % 2].post('/api/proposals', validProposal())))
        expect(countStatus(answers, 201)).toBe(5)
        expect(countStatus(answers, 429)).toBe(25)
        const stored = await a.ctx.db
          .selectFrom('proposals')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
        expect(Number(stored.n)).toBe(5)
      } finally {
        await b.stop()
        await a.stop()
      }
    })
  })

  describe('partial updates change only the fields they name', () => {
    let admin: Client
    appWithAdmin(url, (_app, signedIn) => {
      admin = signedIn
    })

    it('settings', async () => {
      const before = (await (await admin.get('/api/settings')).json()) as Record<string, unknown>
      expect(before.siteDescription).not.toBe('')
      const res = await admin.put('/api/settings', { enableAnalytics: false })
      expect(res.status).toBe(200)
      const after = (await (await admin.get('/api/settings')).json()) as Record<string, unknown>
      expect(after).toEqual({ ...before, enableAnalytics: false })
    })

    it('blog posts', async () => {
      const created = (await (
        await admin.post('/api/blogs', { ...validPost(), image: '/uploads/cover.webp', author: 'Asha' })
      ).json()) as Record<string, unknown>
      const res = await admin.put(`/api/blogs/${created.id}`, { title: 'Only the title changes' })
      expect(res.status).toBe(200)
      const after = (await (await admin.get(`/api/blogs/${created.id}`)).json()) as Record<string, unknown>
      expect({ ...after, updatedAt: created.updatedAt }).toEqual({ ...created, title: 'Only the title changes' })
    })

    it('a blog post read and sent back whole is accepted and unchanged, unscheduled (publishAt null) or scheduled', async () => {
      const later = new Date(Date.now() + 86_400_000).toISOString()
      for (const post of [validPost(), { ...validPost(), status: 'scheduled', publishAt: later }]) {
        const created = (await (await admin.post('/api/blogs', post)).json()) as Record<string, unknown>
        const res = await admin.put(`/api/blogs/${created.id}`, created)
        expect(res.status, await res.clone().text()).toBe(200)
        const after = (await (await admin.get(`/api/blogs/${created.id}`)).json()) as Record<string, unknown>
        expect({ ...after, updatedAt: created.updatedAt }).toEqual(created)
      }
    })

    it('portfolio items', async () => {
      const created = (await (await admin.post('/api/portfolio', { ...validItem(), features: ['Orders'] })).json()) as Record<
        string,
        unknown
      >
      const res = await admin.put(`/api/portfolio/${created.id}`, { isLive: false })
      expect(res.status).toBe(200)
      const after = (await (await admin.get(`/api/portfolio/${created.id}`)).json()) as Record<string, unknown>
      expect({ ...after, updatedAt: created.updatedAt }).toEqual({ ...created, isLive: false })
    })

    it('refuses image references that leave the site or are not https', async () => {
      for (const image of ['/\\evil.example/x.png', '//evil.example/x.png', 'http://images.example.com/x.png', 'javascript:alert(1)']) {
        const res = await admin.post('/api/portfolio', { ...validItem(), image })
        expect(res.status, image).toBe(400)
        expect(((await res.json()) as { fields: Record<string, string> }).fields.image).toBe(
          'Project Image URL must be an https URL or a site path',
        )
      }
      expect((await admin.post('/api/portfolio', { ...validItem(), image: 'https://images.example.com/x.png' })).status).toBe(201)
    })
  })

  describe('page views', () => {
    it('counts only real public pages, and at most 600 an hour from one address', async () => {
      const app = await startTestApp(url())
      try {
        const c = app.client()
        // As a browser sends it: requests without a browser's user agent are not counted (bots).
        const beacon = (path: string) => c.post('/api/pageviews', { path }, { 'user-agent': BROWSER_AGENT })
        const rows = async () => app.ctx.db.selectFrom('pageViews').select(['path', 'count']).orderBy('path').execute()
        for (let i = 0; i < 300; i += 50) await Promise.all(Array.from({ length: 50 }, (_, j) => beacon(`/made-up/${i + j}`)))
        expect((await beacon('/blog/999999')).status).toBe(204)
        expect(await rows()).toEqual([])

        expect((await beacon('/pricing')).status).toBe(204)
        expect((await beacon('/blog/1?utm_source=x')).status).toBe(204)
        expect((await rows()).map((r) => [r.path, Number(r.count)])).toEqual([
          ['/blog/1', 1],
          ['/pricing', 1],
        ])

        for (let i = 0; i < 600; i += 50) await Promise.all(Array.from({ length: 50 }, () => beacon('/faq')))
        const faq = (await rows()).find((r) => r.path === '/faq')
        expect(Number(faq?.count)).toBe(598)
      } finally {
        await app.stop()
      }
    }, 60_000)
  })
})
