import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { BookingSchema } from '~/lib/booking-schemas.ts'
import type { Admin } from '~/services/actor.server.ts'
import { DEFAULT_AVAILABILITY } from '~/content/booking-defaults.ts'
import {
  AlreadyBookedError,
  SlotNotOfferedError,
  SlotTakenError,
  TooManyCallsError,
  bookCall,
  cancelBooking,
  findBookingByToken,
  listCalls,
  listFreeSlots,
  moveBooking,
  saveAvailability,
} from '~/services/bookings.server.ts'
import { dialects } from '../helpers/app.ts'
import { freshDatabase, signInAdmin } from './db.ts'

// A Monday 06:00 in San Francisco (PST): both offices have free times ahead.
const T0 = Date.parse('2030-12-02T14:00:00.000Z')
const links = { siteUrl: 'https://agency.example' }
const input = (start: number, overrides: Record<string, unknown> = {}) =>
  BookingSchema.parse({
    start: new Date(start).toISOString(),
    tz: 'Europe/Berlin',
    name: 'Asha Rao',
    email: 'asha@example.com',
    note: 'A bakery site',
    ...overrides,
  })

/** The one VEVENT of an .ics, read with ical.js (another library than the one that wrote it). */
function readIcs(ics: string) {
  const cal = new ICAL.Component(ICAL.parse(ics))
  const event = cal.getFirstSubcomponent('vevent')!
  return {
    method: cal.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    url: event.getFirstPropertyValue('url'),
    location: event.getFirstPropertyValue('location'),
    organizer: String(event.getFirstProperty('organizer')?.getParameter('cn') ?? ''),
  }
}

describe.each(dialects())('bookings service on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  beforeAll(async () => {
    h = await freshDatabase(url())
    admin = await signInAdmin(h.db)
  })
  afterAll(async () => {
    await h.close()
  })
  const mailTo = (to: string) => h.db.selectFrom('mailOutbox').selectAll().where('toAddress', '=', to).orderBy('id').execute()

  it('tells a visitor whose form was sent twice that the time is theirs, and books and mails it once', async () => {
    const { slots } = await listFreeSlots(h.db, T0)
    const slot = slots[3].start
    const twice = input(slot, { email: 'Twice@Example.com' })
    const results = await Promise.allSettled([
      bookCall(h.db, twice, '192.0.2.7', links, { now: T0 }),
      bookCall(h.db, twice, '192.0.2.7', links, { now: T0 + 200 }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason).toBeInstanceOf(AlreadyBookedError)
    expect(refused.reason.message).toBe(
      'You booked this time a moment ago. The invitation, with the link to move or cancel the call, is on its way to Twice@Example.com.',
    )
    expect(await mailTo('Twice@Example.com')).toHaveLength(1)
  })

  it('books a free slot once, joins it to a new proposal and sends a parseable invitation', async () => {
    const { slots } = await listFreeSlots(h.db, T0)
    const slot = slots[0].start
    expect(slot).toBeGreaterThanOrEqual(T0 + 4 * 3_600_000)
    const { booking, token } = await bookCall(h.db, input(slot), '192.0.2.1', links, { now: T0 })
    expect(booking.proposalId).not.toBeNull()
    expect(booking.tokenHash).not.toContain(token)
    await expect(bookCall(h.db, input(slot, { email: 'other@example.com' }), '192.0.2.2', links, { now: T0 })).rejects.toBeInstanceOf(
      SlotTakenError,
    )
    expect((await listFreeSlots(h.db, T0)).slots.some((s) => s.start === slot)).toBe(false)

    const [invite] = await mailTo('asha@example.com')
    expect(invite.body).not.toContain('Asha') // nothing the visitor typed goes to an unverified address
    const ics = readIcs(invite.ics!)
    expect(ics).toMatchObject({ method: 'REQUEST', sequence: 0, status: 'CONFIRMED', start: new Date(slot).toISOString() })
    expect(ics.url).toBe(`https://agency.example/book/manage/${token}`)
    expect((await findBookingByToken(h.db, token)).id).toBe(booking.id)
    const proposal = await h.db.selectFrom('proposals').selectAll().where('id', '=', booking.proposalId!).executeTakeFirstOrThrow()
    expect(proposal.email).toBe('asha@example.com')
    const [notice] = await h.db.selectFrom('mailOutbox').selectAll().where('subject', 'like', 'Discovery call booked%').execute()
    expect(notice.body).toContain('Note: A bakery site')
  })

  it('refuses a time that is not offered, and a third future call for one email', async () => {
    const { slots } = await listFreeSlots(h.db, T0)
    await expect(bookCall(h.db, input(slots[0].start + 60_000), '192.0.2.3', links, { now: T0 })).rejects.toBeInstanceOf(
      SlotNotOfferedError,
    )
    const second = await bookCall(h.db, input(slots[0].start, { email: 'ASHA@example.com' }), '192.0.2.3', links, { now: T0 })
    // The same person (any case): joined to the first call's proposal.
    const first = (await listCalls(h.db, admin, T0, T0 + 30 * 86_400_000)).find((c) => c.id !== second.booking.id)!
    expect(second.booking.proposalId).toBe(first.proposalId)
    await expect(bookCall(h.db, input(slots[1].start), '192.0.2.3', links, { now: T0 })).rejects.toBeInstanceOf(TooManyCallsError)
    // Cancelling one frees its seat.
    await cancelBooking(h.db, second.booking.id, { token: second.token }, links, T0)
    const third = await bookCall(h.db, input(slots[1].start), '192.0.2.3', links, { now: T0 })
    expect(third.booking.status).toBe('booked')
  })

  it('moves a call with a higher SEQUENCE and the same UID, and cancels it with METHOD:CANCEL', async () => {
    const { slots } = await listFreeSlots(h.db, T0)
    const { booking, token } = await bookCall(h.db, input(slots[0].start, { email: 'mo@example.com' }), '192.0.2.4', links, { now: T0 })
    await expect(moveBooking(h.db, booking.id, new Date(slots[0].start).toISOString(), { admin }, links, T0)).resolves.toBeTruthy() // its own time is free to it
    const moved = await moveBooking(h.db, booking.id, new Date(slots[3].start).toISOString(), { token }, links, T0)
    expect(moved.startAt).toBe(new Date(slots[3].start).toISOString())
    expect((await listFreeSlots(h.db, T0)).slots.some((s) => s.start === slots[0].start)).toBe(true)
    await cancelBooking(h.db, booking.id, { admin }, links, T0)
    const mails = (await mailTo('mo@example.com')).map((m) => readIcs(m.ics!))
    expect(mails.map((m) => m.sequence)).toEqual([0, 1, 2, 3])
    expect(new Set(mails.map((m) => m.uid)).size).toBe(1)
    expect(mails.at(-1)).toMatchObject({ method: 'CANCEL', status: 'CANCELLED' })
    expect((await listFreeSlots(h.db, T0)).slots.some((s) => s.start === slots[3].start)).toBe(true)
  })

  it('offers and books only quarter-hour starts, with stored hours of any call length and buffer', async () => {
    const quarter = 15 * 60_000
    try {
      // Opening at 09:05 and 10:10, a 25-minute call and a 10-minute buffer: off the quarter hours every way.
      const offices = DEFAULT_AVAILABILITY.offices.map((o, i) => ({
        ...o,
        week: o.week.map((d) => d && { start: i ? '10:10' : '09:05', end: d.end }),
      }))
      await saveAvailability(h.db, admin, { ...DEFAULT_AVAILABILITY, offices, callMinutes: 25, bufferMinutes: 10 })
      const { slots } = await listFreeSlots(h.db, T0)
      expect(slots.length).toBeGreaterThan(20)
      expect(slots.filter((s) => s.start % quarter !== 0).map((s) => new Date(s.start).toISOString())).toEqual([])
      const { booking } = await bookCall(h.db, input(slots[5].start, { email: 'quarter@example.com' }), '192.0.2.9', links, { now: T0 })
      expect(Date.parse(booking.startAt) % quarter).toBe(0)
      expect(Date.parse(booking.endAt) - Date.parse(booking.startAt)).toBe(25 * 60_000)
      const after = (await listFreeSlots(h.db, T0)).slots
      expect(after.some((s) => s.start === slots[5].start)).toBe(false)
      expect(after.every((s) => s.start % quarter === 0)).toBe(true)
    } finally {
      await saveAvailability(h.db, admin, DEFAULT_AVAILABILITY)
    }
  })

  it("says how a call happens: the office's host and video link or phone in the invitation (LOCATION, ORGANIZER), the mails and the calls list", async () => {
    try {
      const offices = DEFAULT_AVAILABILITY.offices.map((o) =>
        o.id === 'sf' ? { ...o, videoUrl: 'https://meet.example.com/launchpad-sf' } : { ...o, phone: '+91 751 555 0100' },
      )
      await saveAvailability(h.db, admin, { ...DEFAULT_AVAILABILITY, offices })
      const { slots } = await listFreeSlots(h.db, T0)
      const sf = slots.find((s) => s.officeId === 'sf')!
      const gwalior = slots.find((s) => s.officeId === 'gwalior')!
      const a = await bookCall(h.db, input(sf.start, { email: 'where-sf@example.com' }), '192.0.2.21', links, { now: T0 })
      const b = await bookCall(h.db, input(gwalior.start, { email: 'where-gw@example.com' }), '192.0.2.22', links, { now: T0 })
      expect([a.booking.officeId, b.booking.officeId]).toEqual(['sf', 'gwalior'])

      const [toA] = await mailTo('where-sf@example.com')
      expect(readIcs(toA.ics!)).toMatchObject({
        location: 'https://meet.example.com/launchpad-sf',
        organizer: expect.stringContaining('Maya Robinson'),
      })
      expect(toA.body).toContain('Who: Maya Robinson')
      expect(toA.body).toContain('Where: Video call: join at https://meet.example.com/launchpad-sf')
      const [toB] = await mailTo('where-gw@example.com')
      expect(readIcs(toB.ics!)).toMatchObject({ location: 'Phone: +91 751 555 0100', organizer: expect.stringContaining('Arjun Sharma') })
      expect(toB.body).toContain('Where: Phone call:')
      const agency = await h.db
        .selectFrom('mailOutbox')
        .selectAll()
        .where('subject', 'like', 'Discovery call booked%')
        .where('body', 'like', '%where-gw@example.com%')
        .executeTakeFirstOrThrow()
      expect(agency.body).toContain('Office: Gwalior, host Arjun Sharma')

      const listed = await listCalls(h.db, admin, T0, T0 + 30 * 86_400_000)
      expect(listed.find((c) => c.id === b.booking.id)?.call).toMatchObject({ officeName: 'Gwalior', host: 'Arjun Sharma' })
      // Moved to a San Francisco time: the invitation follows the office.
      const moved = await moveBooking(
        h.db,
        b.booking.id,
        new Date(slots.filter((s) => s.officeId === 'sf')[3].start).toISOString(),
        { token: b.token },
        links,
        T0,
      )
      expect(moved.officeId).toBe('sf')
      expect(readIcs((await mailTo('where-gw@example.com')).at(-1)!.ics!).location).toBe('https://meet.example.com/launchpad-sf')
    } finally {
      await saveAvailability(h.db, admin, DEFAULT_AVAILABILITY)
    }
  })
})
