import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { ContactMessageSchema } from '~/lib/contact-message-schema.ts'
import { ProposalSchema } from '~/lib/schemas.ts'
import { DIRECT, NOT_TRACKED, deviceClass, firstTouch, recordPageView, recordToolUse, referrerDomain } from '~/services/analytics.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { submitContactMessage } from '~/services/contact-messages.server.ts'
import { BookingSchema } from '~/lib/booking-schemas.ts'
import { bookCall, listFreeSlots } from '~/services/bookings.server.ts'
import { getProposalDesk } from '~/services/lead-desk.server.ts'
import { exportProposals, submitProposal } from '~/services/proposals.server.ts'
import { getTraffic, periodRanges, trafficCsv } from '~/services/traffic.server.ts'
import { BROWSER_AGENT, PHONE_AGENT, dialects, validProposal } from '../helpers/app.ts'
import { seededDatabaseWithAdmin } from './db.ts'

// The seeded period: 7 days ending 2031-03-10 (UTC), and the 7 days before it.
const NOW = new Date(Date.UTC(2031, 2, 10, 18, 0, 0))
const at = (day: number, hour = 12) => new Date(Date.UTC(2031, 2, day, hour, 0, 0))
const OWN = ['localhost']

describe('visit sources (pure)', () => {
  it('keeps the referring domain only, and none for this site itself', () => {
    expect(referrerDomain('https://www.google.com/search?q=web+agency')).toBe('google.com')
    expect(referrerDomain('https://news.ycombinator.com/item?id=1')).toBe('news.ycombinator.com')
    expect(referrerDomain('http://localhost:3000/pricing', OWN)).toBe('')
    expect(referrerDomain('android-app://com.slack')).toBe('')
    expect(referrerDomain('not a url')).toBe('')
  })

  it('takes utm_source first, then ref, then the referrer, then direct', () => {
    expect(
      firstTouch('/', BROWSER_AGENT, { utmSource: 'Newsletter', utmCampaign: 'Spring', referrer: 'https://mail.example.com/' }),
    ).toMatchObject({
      source: 'newsletter',
      campaign: 'spring',
      referrer: 'mail.example.com',
    })
    expect(firstTouch('/', BROWSER_AGENT, { ref: 'producthunt', referrer: 'https://x.example/' }).source).toBe('producthunt')
    expect(firstTouch('/', BROWSER_AGENT, { referrer: 'https://x.example/a' }).source).toBe('x.example')
    expect(firstTouch('/', BROWSER_AGENT, {}).source).toBe(DIRECT)
  })

  it('tells phones, tablets and desktops apart', () => {
    expect(deviceClass(PHONE_AGENT)).toBe('phone')
    expect(
      deviceClass(
        'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('tablet')
    expect(deviceClass(BROWSER_AGENT)).toBe('desktop')
  })
})

describe.each(dialects())('visits and lead sources on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  seededDatabaseWithAdmin(url, (db, signedIn) => {
    h = db
    admin = signedIn
  })

  const view = (path: string, ip: string, when: Date, origin: Record<string, string> = {}, userAgent = BROWSER_AGENT) =>
    recordPageView(h.db, path, ip, when, { userAgent, ownHosts: OWN, ...origin })
  const proposal = (ip: string, when: Date, userAgent = BROWSER_AGENT, name = `Lead ${ip}`) =>
    submitProposal(
      h.db,
      ProposalSchema.parse({ ...validProposal(), name, email: `${ip.replace(/\W/g, '')}@example.com` }),
      { ip, userAgent },
      when.getTime(),
      1000,
    )

  it('gives the dashboard the hand-counted figures of a seeded period, against the period before', async () => {
    // Period before (2031-03-01): one direct visitor, two views, no lead.
    await view('/', '198.51.100.1', at(1))
    await view('/about', '198.51.100.1', at(1))

    // Day 8: A from Google lands on /, goes to /pricing, uses the estimator, opens /proposal, sends it.
    await view('/', '203.0.113.1', at(8), { referrer: 'https://www.google.com/search?q=agency' })
    await view('/pricing', '203.0.113.1', at(8, 13), { referrer: 'https://www.google.com/search?q=agency' })
    expect(await recordToolUse(h.db, 'estimator', { ip: '203.0.113.1', userAgent: BROWSER_AGENT }, at(8, 13))).toBe(true)
    await view('/proposal', '203.0.113.1', at(8, 14))
    await proposal('203.0.113.1', at(8, 15))
    // Day 8: B on a phone from the newsletter campaign lands on /blog, chats, and sends a message.
    await view('/blog', '203.0.113.2', at(8), { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'spring-launch' }, PHONE_AGENT)
    expect(await recordToolUse(h.db, 'chat', { ip: '203.0.113.2', userAgent: PHONE_AGENT }, at(8, 12))).toBe(true)
    await submitContactMessage(
      h.db,
      ContactMessageSchema.parse({ name: 'Bea', email: 'bea@example.com', message: 'Hello there, we need a website.' }),
      { ip: '203.0.113.2', userAgent: PHONE_AGENT },
      at(8, 13).getTime(),
      1000,
    )
    // Day 9: A again (a new day: a new visitor, direct, since the salt changed) views /; C from the
    // same campaign opens the builder page and leaves.
    await view('/', '203.0.113.1', at(9))
    await view('/demo-builder', '203.0.113.3', at(9), { utmSource: 'newsletter', utmCampaign: 'spring-launch' })
    // Day 10: D came by ?ref=producthunt, sends a proposal straight from /proposal; E sends one with
    // analytics never seeing them (Do Not Track): not tracked.
    await view('/proposal', '203.0.113.4', at(10), { ref: 'producthunt' })
    await proposal('203.0.113.4', at(10, 13))
    await proposal('203.0.113.5', at(10, 14))
    // Bots are not counted.
    expect(await view('/', '203.0.113.9', at(10), {}, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(
      false,
    )

    const t = await getTraffic(h.db, admin, '7d', NOW)
    // The agency's days (Los Angeles, the default zone): every moment above falls on the same date there.
    expect(t.current).toEqual({ from: '2031-03-04', to: '2031-03-10', words: 'Mar 4 – Mar 10' })
    expect(t.previous).toEqual({ from: '2031-02-25', to: '2031-03-03', words: 'Feb 25 – Mar 3' })
    // Visitors: A(8), B(8), A(9), C(9), D(10) = 5. Views: 3 + 1 + 1 + 1 + 1 = 7. Leads: 2 proposals from
    // tracked visits, 1 message, 1 untracked proposal = 4 (3 tracked). Visitors who sent a lead:
    // A(8), B(8), D(10) = 3; 5 visitors are too few for a rate (fewer than 20).
    const noLeads = { total: 0, proposals: 0, messages: 0, calls: 0, tracked: 0 }
    expect(t.totals).toEqual({
      visitors: 5,
      pageViews: 7,
      leads: { total: 4, proposals: 3, messages: 1, calls: 0, tracked: 3 },
      converted: 3,
      conversion: null,
    })
    expect(t.previousTotals).toEqual({ visitors: 1, pageViews: 2, leads: noLeads, converted: 0, conversion: null })
    expect(t.pages).toEqual([
      { path: '/', views: 2 },
      { path: '/proposal', views: 2 },
      { path: '/blog', views: 1 },
      { path: '/demo-builder', views: 1 },
      { path: '/pricing', views: 1 },
    ])
    expect(t.sources).toEqual(
      [
        { source: '(direct)', campaign: '', visitors: 1, leads: 0, converted: 0, conversion: null },
        { source: 'newsletter', campaign: '', visitors: 2, leads: 1, converted: 1, conversion: null },
        { source: 'google.com', campaign: '', visitors: 1, leads: 1, converted: 1, conversion: null },
        { source: 'producthunt', campaign: '', visitors: 1, leads: 1, converted: 1, conversion: null },
        { source: NOT_TRACKED, campaign: '', visitors: 0, leads: 1, converted: 0, conversion: null },
      ].sort((a, b) => b.visitors - a.visitors || b.leads - a.leads || a.source.localeCompare(b.source)),
    )
    expect(t.campaigns).toEqual([
      { source: 'newsletter', campaign: 'spring-launch', visitors: 2, leads: 1, converted: 1, conversion: null },
    ])
    // Funnel: landed 5; pricing/estimator/builder: A(8), C(9) = 2; form opened: A(8), D(10) = 2; sent: A(8), D(10) = 2.
    expect(t.funnel.map((f) => [f.visitors, f.share])).toEqual([
      [5, 100],
      [2, 40],
      [2, 40],
      [2, 40],
    ])
    expect(t.devices).toEqual([
      { value: 'desktop', visitors: 4 },
      { value: 'phone', visitors: 1 },
    ])
    expect(t.countries).toEqual([])
    expect(trafficCsv(t, 'campaigns').split('\r\n')).toEqual(['Source,Campaign,Visitors,Leads,Conversion', 'newsletter,spring-launch,2,1,'])
    expect(trafficCsv(t, 'funnel').split('\r\n')[1]).toBe('Landed,5,100%')

    // Every lead knows where it came from: the lead desk and the CSV export.
    const leads = await exportProposals(h.db, admin, {})
    const byName = (n: string) => leads.find((l) => l.name === n)!
    expect(byName('Lead 203.0.113.1')).toMatchObject({
      visitSource: 'google.com',
      visitCampaign: null,
      landingPath: '/',
      firstTools: 'estimator',
    })
    expect(byName('Lead 203.0.113.4')).toMatchObject({
      visitSource: 'producthunt',
      visitCampaign: null,
      landingPath: '/proposal',
      firstTools: null,
    })
    expect(byName('Lead 203.0.113.5')).toMatchObject({ visitSource: null, visitCampaign: null, landingPath: null, firstTools: null })
    const desk = await getProposalDesk(h.db, admin, byName('Lead 203.0.113.1').id)
    expect(desk.visit).toEqual({ visitSource: 'google.com', visitCampaign: null, landingPath: '/', firstTools: 'estimator' })
    const message = await h.db.selectFrom('contactMessages').selectAll().where('email', '=', 'bea@example.com').executeTakeFirstOrThrow()
    expect(message).toMatchObject({ visitSource: 'newsletter', visitCampaign: 'spring-launch', landingPath: '/blog', firstTools: 'chat' })
  })

  it('keeps the rollups equal to the raw visit rows', async () => {
    const { current } = periodRanges('365d', NOW)
    const where = sql`day >= ${current.from} and day <= ${current.to}`
    const q = async <T>(s: ReturnType<typeof sql<T>>) => (await s.execute(h.db)).rows
    // Visits per day, source and campaign.
    expect(
      await q(
        sql`select day, source, campaign, cast(count(*) as integer) as n from visits where ${where} group by day, source, campaign order by 1, 2, 3`,
      ),
    ).toEqual(
      await q(sql`select day, source, campaign, visits as n from visit_sources_daily where ${where} and visits > 0 order by 1, 2, 3`),
    )
    // Views per day.
    expect(await q(sql`select day, cast(sum(views) as integer) as n from visits where ${where} group by day order by 1`)).toEqual(
      await q(sql`select day, cast(sum(count) as integer) as n from page_views where ${where} group by day order by 1`),
    )
    // Funnel steps per day, and devices per day.
    for (const step of [0, 1, 2, 3]) {
      expect(
        await q(
          sql`select day, cast(count(*) as integer) as n from visits where ${where} and (funnel & ${1 << step}) <> 0 group by day order by 1`,
        ),
      ).toEqual(await q(sql`select day, visitors as n from funnel_daily where ${where} and step = ${step} order by 1`))
    }
    expect(
      await q(
        sql`select day, device as value, cast(count(*) as integer) as n from visits where ${where} group by day, device order by 1, 2`,
      ),
    ).toEqual(await q(sql`select day, value, visits as n from visit_facets_daily where ${where} and facet = 'device' order by 1, 2`))
    // Leads per day: proposals and messages against the rollup's lead counts.
    const leadDays = await q(
      sql`select substr(d, 1, 10) as day, cast(count(*) as integer) as n from (select date as d from proposals union all select created_at as d from contact_messages) l where substr(d, 1, 10) >= ${current.from} and substr(d, 1, 10) <= ${current.to} group by substr(d, 1, 10) order by 1`,
    )
    expect(leadDays).toEqual(
      await q(
        sql`select day, cast(sum(leads) as integer) as n from visit_sources_daily where ${where} group by day having sum(leads) > 0 order by 1`,
      ),
    )
  })

  it('a booked call carries its visit too, and so does the proposal it starts', async () => {
    const T0 = Date.parse('2030-12-02T14:00:00.000Z')
    const visitor = { ip: '203.0.113.20', userAgent: BROWSER_AGENT }
    await view('/services', visitor.ip, new Date(T0 - 3_600_000), { utmSource: 'linkedin', utmCampaign: 'b2b-q4' })
    const { slots } = await listFreeSlots(h.db, T0)
    const booking = BookingSchema.parse({
      start: new Date(slots[0].start).toISOString(),
      tz: 'Europe/Berlin',
      name: 'Call Lead',
      email: 'call-lead@example.com',
      note: '',
    })
    const { booking: booked } = await bookCall(h.db, booking, visitor, { siteUrl: 'https://agency.example' }, { now: T0 })
    expect(booked).toMatchObject({ visitSource: 'linkedin', visitCampaign: 'b2b-q4', landingPath: '/services', firstTools: null })
    const lead = await h.db.selectFrom('proposals').selectAll().where('id', '=', booked.proposalId!).executeTakeFirstOrThrow()
    expect(lead).toMatchObject({ visitSource: 'linkedin', visitCampaign: 'b2b-q4', landingPath: '/services' })
    const t = await getTraffic(h.db, admin, '7d', new Date(T0))
    expect(t.campaigns).toEqual([{ source: 'linkedin', campaign: 'b2b-q4', visitors: 1, leads: 1, converted: 1, conversion: null }])
    // One lead, a call: not also a proposal, though the call opened one on the desk.
    expect(t.totals.leads).toEqual({ total: 1, proposals: 0, messages: 0, calls: 1, tracked: 1 })
  })

  it("keeps only today's salt", async () => {
    await view('/', '203.0.113.7', at(11))
    expect((await h.db.selectFrom('visitSalts').select('day').execute()).map((r) => r.day)).toEqual(['2031-03-11'])
  })
})
