import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { BookingSchema } from '~/lib/booking-schemas.ts'
import { callTimes, dayLabel, withCallTimes } from '~/lib/booking-slots.ts'
import { OwnTimeZoneSchema } from '~/lib/people-schemas.ts'
import { proposalsCsv } from '~/lib/csv.ts'
import { upsertSettingValues } from '~/models/settings.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { bookCall, leadCalls, listCalls, listFreeSlots, moveBooking } from '~/services/bookings.server.ts'
import { readerZone } from '~/services/clock.server.ts'
import { getProposalDesk } from '~/services/lead-desk.server.ts'
import { setOwnTimeZone } from '~/services/people.server.ts'
import { exportProposals } from '~/services/proposals.server.ts'
import { dialects } from '../helpers/app.ts'
import { freshDatabase, signInAdmin } from './db.ts'

// Issue 36 §2, docs/decisions/070: one call, one time on every screen of the back office.
// A Monday 06:00 in San Francisco (PST); the call is taken at 4:30 PM there, 00:30 UTC the next day.
const T0 = Date.parse('2030-12-02T14:00:00.000Z')
const CALL = Date.parse('2030-12-03T00:30:00.000Z')
const links = { siteUrl: 'https://agency.example' }

describe.each(dialects())('one clock on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  let proposalId: number
  beforeAll(async () => {
    h = await freshDatabase(url())
    admin = await signInAdmin(h.db)
    const { slots } = await listFreeSlots(h.db, T0)
    // The time is one the booking hours offer (San Francisco's 9 to 5 on weekdays).
    expect(slots.some((s) => s.start === CALL)).toBe(true)
    const input = BookingSchema.parse({
      start: new Date(CALL).toISOString(),
      tz: 'Europe/Berlin',
      name: 'Asha Rao',
      email: 'asha@example.com',
      note: 'A bakery site',
    })
    const { booking } = await bookCall(h.db, input, '192.0.2.1', links, { now: T0 })
    proposalId = booking.proposalId!
  })
  afterAll(async () => {
    await h.close()
  })

  /** What the lead page, its notes and Calls say about the call, for the reader `admin`. */
  async function readings() {
    const zone = (await readerZone(h.db, admin)).id
    const desk = await getProposalDesk(h.db, admin, proposalId)
    const notes = desk.events.filter((e) => e.kind === 'note').map((e) => withCallTimes(e.body ?? '', zone))
    const [lead] = await leadCalls(h.db, admin, proposalId, zone, T0)
    const [panel] = (await listCalls(h.db, admin, T0, T0 + 7 * 86_400_000)).map((c) => callTimes(c, zone))
    return { zone, notes, lead, panel: { heading: dayLabel(panel.day), span: panel.span } }
  }

  it("shows a booked call at the same time in its note, on its lead page and in Calls: the agency's zone from the settings", async () => {
    const r = await readings()
    expect(r.zone).toBe('America/Los_Angeles')
    // Not "Tuesday, December 3, 12:30 AM UTC" in the note beside "4:30 PM PST" in the calls (the issue).
    expect(r.notes).toEqual(['Discovery call booked for Monday, December 2, 2030 at 4:30 PM PST. Their note: A bakery site'])
    expect(r.lead.when).toBe('Monday, December 2, 2030 at 4:30 PM PST')
    expect(r.panel).toEqual({ heading: 'Monday, December 2, 2030', span: '4:30 PM - 4:45 PM' })
    // The mail to the agency reads the same, then the office's zone (here the same, so once).
    const mail = await h.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('subject', 'like', 'Discovery call booked:%')
      .executeTakeFirstOrThrow()
    expect(mail.subject).toBe('Discovery call booked: Asha Rao, Monday, December 2, 2030 at 4:30 PM PST')
    expect(mail.body).toContain("When: Monday, December 2, 2030 at 4:30 PM PST (the visitor's zone: Europe/Berlin)")
  })

  it("follows the settings' zone when the agency changes it, for the notes already written too", async () => {
    await upsertSettingValues(h.db, { timeZone: 'Asia/Kolkata' })
    try {
      const r = await readings()
      expect(r.zone).toBe('Asia/Kolkata')
      expect(r.notes).toEqual(['Discovery call booked for Tuesday, December 3, 2030 at 6:00 AM GMT+5:30. Their note: A bakery site'])
      expect(r.lead.when).toBe('Tuesday, December 3, 2030 at 6:00 AM GMT+5:30')
      expect(r.panel).toEqual({ heading: 'Tuesday, December 3, 2030', span: '6:00 AM - 6:15 AM' })
    } finally {
      await upsertSettingValues(h.db, { timeZone: 'America/Los_Angeles' })
    }
  })

  it('uses a person’s own zone when they chose one, on every reading, and the agency’s again when they clear it', async () => {
    await setOwnTimeZone(h.db, admin, 'Europe/Berlin')
    expect(await readerZone(h.db, admin)).toMatchObject({
      id: 'Europe/Berlin',
      own: true,
      title: 'Central European Time (Berlin)',
      agency: 'America/Los_Angeles',
    })
    let r = await readings()
    expect(r.notes).toEqual(['Discovery call booked for Tuesday, December 3, 2030 at 1:30 AM GMT+1. Their note: A bakery site'])
    expect(r.lead.when).toBe('Tuesday, December 3, 2030 at 1:30 AM GMT+1')
    expect(r.panel).toEqual({ heading: 'Tuesday, December 3, 2030', span: '1:30 AM - 1:45 AM' })
    // The CSV they export names their zone in its date column.
    const csv = proposalsCsv(await exportProposals(h.db, admin, {}), r.zone).split('\r\n')
    expect(csv[0]).toContain(',Date (Central European Time),')

    // A move is noted with both times, each written in the reader's zone when read.
    const earlier = CALL - 30 * 60_000
    await moveBooking(
      h.db,
      (await listCalls(h.db, admin, T0, T0 + 7 * 86_400_000))[0].id,
      new Date(earlier).toISOString(),
      { admin },
      links,
      T0,
    )
    r = await readings()
    expect(r.notes.at(-1)).toBe(
      'Discovery call moved from Tuesday, December 3, 2030 at 1:30 AM GMT+1 to Tuesday, December 3, 2030 at 1:00 AM GMT+1.',
    )

    await setOwnTimeZone(h.db, admin, '')
    expect(await readerZone(h.db, admin)).toMatchObject({ id: 'America/Los_Angeles', own: false, title: 'Pacific Time (Los Angeles)' })
    r = await readings()
    expect(r.notes.at(-1)).toBe(
      'Discovery call moved from Monday, December 2, 2030 at 4:30 PM PST to Monday, December 2, 2030 at 4:00 PM PST.',
    )
    expect(r.lead.when).toBe('Monday, December 2, 2030 at 4:00 PM PST')
  })

  it('takes only a zone the runtime knows for a person, or none', () => {
    expect(OwnTimeZoneSchema.parse({ timeZone: ' Asia/Kolkata ' }).timeZone).toBe('Asia/Kolkata')
    expect(OwnTimeZoneSchema.parse({ timeZone: '' }).timeZone).toBe('')
    for (const bad of ['Mars/Olympus_Mons', '+05:30', 'Europe/Paris; drop table'])
      expect(OwnTimeZoneSchema.safeParse({ timeZone: bad }).success, bad).toBe(false)
  })
})
