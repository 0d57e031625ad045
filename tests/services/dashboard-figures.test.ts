import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { BookingSchema } from '~/lib/booking-schemas.ts'
import { ContactMessageSchema } from '~/lib/contact-message-schema.ts'
import { ProposalSchema } from '~/lib/schemas.ts'
import { NOT_TRACKED, recordPageView } from '~/services/analytics.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { bookCall, listFreeSlots } from '~/services/bookings.server.ts'
import { submitContactMessage } from '~/services/contact-messages.server.ts'
import { getDashboard } from '~/services/dashboard.server.ts'
import { submitProposal } from '~/services/proposals.server.ts'
import { getTraffic } from '~/services/traffic.server.ts'
import { BROWSER_AGENT, dialects, validProposal } from '../helpers/app.ts'
import { seededDatabaseWithAdmin } from './db.ts'

// Issue 36 §3. The agency is in Los Angeles (the default zone). Now: 2032-06-11 05:00 UTC, which
// is Jun 10, 22:00 in Los Angeles, so "today" is Jun 10 and the 7-day period is Jun 4 – Jun 10.
const NOW = new Date(Date.UTC(2032, 5, 11, 5))
const utc = (day: number, hour: number) => new Date(Date.UTC(2032, 5, day, hour))
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

describe.each(dialects())("the dashboard's figures on %s", (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  seededDatabaseWithAdmin(url, (db, signedIn) => {
    h = db
    admin = signedIn
  })
  const view = (path: string, ip: string, when: Date, origin: Record<string, string> = {}, userAgent = BROWSER_AGENT) =>
    recordPageView(h.db, path, ip, when, { userAgent, ownHosts: ['localhost'], ...origin })
  const proposal = (ip: string, when: Date, name: string) =>
    submitProposal(
      h.db,
      ProposalSchema.parse({ ...validProposal(), name, email: `${name.replace(/\W/g, '')}@example.com` }),
      { ip, userAgent: BROWSER_AGENT },
      when.getTime(),
      1000,
    )

  it('gives every card of a seeded period, computed by hand, on the agency days', async () => {
    const post = await h.db
      .selectFrom('blogPosts')
      .select(['slug', 'views'])
      .where('status', '=', 'published')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const viewsBefore = (await getDashboard(h.db, admin, NOW)).blogStats.totalViews

    // Jun 4, 05:00 UTC is Jun 3, 22:00 in Los Angeles: the period before, not this one.
    await view('/', '192.0.2.1', utc(4, 5))
    // Jun 8 (18:00 UTC = 11:00 in LA): 24 visitors open the home page; the last 4 came by a newsletter.
    const ip = (i: number) => `198.51.100.${10 + i}`
    for (let i = 0; i < 24; i++) await view('/', ip(i), utc(8, 18), i >= 20 ? { utmSource: 'newsletter', utmCampaign: 'june' } : {})
    // V0 also opens /pricing and /proposal, then sends two requests: two leads, one visitor who converted.
    await view('/pricing', ip(0), utc(8, 18))
    await view('/proposal', ip(0), utc(8, 18))
    await proposal(ip(0), utc(8, 19), 'First Request')
    await proposal(ip(0), utc(8, 20), 'Second Request')
    // V1 writes a message.
    await submitContactMessage(
      h.db,
      ContactMessageSchema.parse({ name: 'Vee One', email: 'v1@example.com', message: 'Hello there, we need a website.' }),
      { ip: ip(1), userAgent: BROWSER_AGENT },
      utc(8, 19).getTime(),
      1000,
    )
    // V2 books a call: one lead (a call), though it opens a proposal on the desk.
    const { slots } = await listFreeSlots(h.db, utc(8, 19).getTime())
    await bookCall(
      h.db,
      BookingSchema.parse({
        start: new Date(slots[0].start).toISOString(),
        tz: 'America/Los_Angeles',
        name: 'Vee Two',
        email: 'v2@example.com',
        note: '',
      }),
      { ip: ip(2), userAgent: BROWSER_AGENT },
      { siteUrl: 'https://agency.example' },
      { now: utc(8, 19).getTime() },
    )
    // V5 reads a blog post; a bot reads it too, and opens the home page: the bot counts nowhere.
    await view(`/blog/${post.slug}`, ip(5), utc(8, 21))
    expect(await view(`/blog/${post.slug}`, '203.0.113.66', utc(8, 21), {}, BOT)).toBe(false)
    expect(await view('/', '203.0.113.66', utc(8, 21), {}, BOT)).toBe(false)
    // Jun 9: a request with no counted visit (Do Not Track, say).
    await proposal('203.0.113.99', utc(9, 18), 'Untracked Request')
    // Jun 11, 03:00 UTC is Jun 10, 20:00 in Los Angeles: today, in this period.
    await view('/about', '192.0.2.50', utc(11, 3))

    const t = await getTraffic(h.db, admin, '7d', NOW)
    expect(t.current).toEqual({ from: '2032-06-04', to: '2032-06-10', words: 'Jun 4 – Jun 10' })
    expect(t.previous).toEqual({ from: '2032-05-28', to: '2032-06-03', words: 'May 28 – Jun 3' })
    expect(t.zone).toEqual({ name: 'America/Los_Angeles', words: 'Pacific Time (Los Angeles)' })
    // Visitors: 24 on Jun 8 + 1 on Jun 10 = 25. Page views: 24 + 2 (V0) + 1 (the post) + 1 (/about) = 28.
    // Leads: proposals 2 (V0) + 1 (untracked) = 3, messages 1, calls 1: 5, of which 4 tracked.
    // Visitors who sent a lead: V0, V1, V2 = 3 of 25: 12%.
    expect(t.totals).toEqual({
      visitors: 25,
      pageViews: 28,
      leads: { total: 5, proposals: 3, messages: 1, calls: 1, tracked: 4 },
      converted: 3,
      conversion: 12,
    })
    // Before: one visitor, one view; too few visitors for a rate.
    expect(t.previousTotals).toEqual({
      visitors: 1,
      pageViews: 1,
      leads: { total: 0, proposals: 0, messages: 0, calls: 0, tracked: 0 },
      converted: 0,
      conversion: null,
    })
    // Sources: direct 21 visitors (V0-V19, and Jun 10's), 4 leads, 3 converted: 3 / 21 = 14.3%;
    // the newsletter's 4 visitors are too few for a rate; the untracked lead is its own row.
    expect(t.sources).toEqual([
      { source: '(direct)', campaign: '', visitors: 21, leads: 4, converted: 3, conversion: 14.3 },
      { source: 'newsletter', campaign: '', visitors: 4, leads: 0, converted: 0, conversion: null },
      { source: NOT_TRACKED, campaign: '', visitors: 0, leads: 1, converted: 0, conversion: null },
    ])
    expect(t.campaigns).toEqual([{ source: 'newsletter', campaign: 'june', visitors: 4, leads: 0, converted: 0, conversion: null }])
    expect(t.pages[0]).toEqual({ path: '/', views: 24 })

    // The cards above the report: every proposal on the desk (the call's too), all time; the
    // post's read counted once (not the bot's); the chart on the agency's days.
    const d = await getDashboard(h.db, admin, NOW)
    expect(d.proposalStats).toEqual({ total: 4, pending: 4 })
    expect(d.blogStats.totalViews).toBe(viewsBefore + 1)
    expect(d.zoneWords).toBe('Pacific Time (Los Angeles)')
    const day = (x: string) => d.chart.find((c) => c.day === x)
    expect(d.chart.at(-1)).toEqual({ day: '2032-06-10', proposals: 0, views: 1 })
    expect(day('2032-06-08')).toEqual({ day: '2032-06-08', proposals: 3, views: 27 })
    expect(day('2032-06-09')).toEqual({ day: '2032-06-09', proposals: 1, views: 0 })
    expect(day('2032-06-03')).toEqual({ day: '2032-06-03', proposals: 0, views: 1 })
  })

  it('never shows a conversion above 100%: six leads from one visitor are one converted visitor', async () => {
    // Jul 1 (LA): 20 visitors; one of them sends six requests (the "Conversion 600%").
    const when = (hour: number) => new Date(Date.UTC(2032, 6, 1, hour))
    for (let i = 0; i < 20; i++) await view('/', `198.51.100.${100 + i}`, when(17))
    for (let n = 0; n < 6; n++) await proposal('198.51.100.100', when(18), `Eager ${n}`)
    const t = await getTraffic(h.db, admin, '7d', when(23))
    expect(t.totals).toMatchObject({ visitors: 20, leads: { total: 6, proposals: 6, tracked: 6 }, converted: 1, conversion: 5 })
  })
})
