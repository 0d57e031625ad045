import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '~/db/db.server.ts'
import { AvailabilitySchema, type BookingInput } from '~/lib/booking-schemas.ts'
import { callDetails, officeAt, type CallDetails } from '~/lib/booking-meeting.ts'
import { DEFAULT_AVAILABILITY } from '~/content/booking-defaults.ts'
import {
  callTimeToken,
  callTimes,
  freeSlots,
  heldCells,
  heldMinutes,
  offeringOffice,
  CELL_MINUTES,
  type Availability,
  type Slot,
} from '~/lib/booking-slots.ts'
import * as model from '~/models/bookings.server.ts'
import type { Booking } from '~/models/bookings.server.ts'
import { insertOutboxMail } from '~/models/outbox.server.ts'
import { insertProposal, insertProposalEvent } from '~/models/proposals.server.ts'
import * as settingsModel from '~/models/settings.server.ts'
import { attributeLead, flushPendingViews, type VisitorKey } from './analytics.server.ts'
import { requirePermission, type Admin } from './actor.server.ts'
import { recordActivity } from './activity-log.server.ts'
import { bookingIcs, type MailLinks } from './booking-ics.server.ts'
import { agencyMail, visitorMail } from './booking-mail.server.ts'
import { NotFoundError } from '~/infra/errors.server.ts'
import { PROPOSAL_LIMIT, RECEIPT_LIMIT, WHOLE_SITE, addressSubject, consume, withinLimit } from '~/infra/rate-limit.server.ts'
import { getSettings, type Settings } from './settings.server.ts'
import { SAME_SUBMISSION_MS } from './submission-once.server.ts'

export type { Booking, Availability, Slot, CallDetails, MailLinks }

/** The settings key availability is stored under (its own key: the settings page's fields are not touched). */
const AVAILABILITY_KEY = 'bookingAvailability'
const MINUTE = 60_000

export class SlotTakenError extends Error {
  constructor() {
    super('Sorry, that time was just booked by someone else. Please choose another time.')
  }
}
/** The same visitor booked this very time a moment ago: their form was sent twice (docs/decisions/045). */
export class AlreadyBookedError extends Error {
  constructor(email: string) {
    super(`You booked this time a moment ago. The invitation, with the link to move or cancel the call, is on its way to ${email}.`)
  }
}
export class SlotNotOfferedError extends Error {
  constructor() {
    super('That time is not available. Please choose a time from the list.')
  }
}
export class TooManyCallsError extends Error {
  constructor() {
    super('This email already has two upcoming calls. Cancel or move one of them (the link is in its email) to book another.')
  }
}

/**
 * Bookings per client address: the proposal form's limit (its configured max too), counted on its
 * own so booking a call does not use up the proposal form's allowance.
 */
export const BOOKING_LIMIT = { ...PROPOSAL_LIMIT, name: 'booking', message: 'Too many bookings from your address. Please try again later.' }

export async function getAvailability(db: Db): Promise<Availability> {
  const stored = (await settingsModel.findSettingValues(db))[AVAILABILITY_KEY]
  if (stored === undefined) return DEFAULT_AVAILABILITY
  const parsed = AvailabilitySchema.safeParse(stored)
  return parsed.success ? parsed.data : DEFAULT_AVAILABILITY
}

export async function saveAvailability(db: Db, admin: Admin, availability: Availability): Promise<Availability> {
  requirePermission(admin, 'settings')
  const clean = AvailabilitySchema.parse(availability)
  await db.transaction().execute(async (trx) => {
    await settingsModel.upsertSettingValues(trx, { [AVAILABILITY_KEY]: clean })
    await recordActivity(trx, { action: 'booking-hours.update', itemType: 'settings', itemLabel: 'Booking hours' })
  })
  return clean
}

/** The times the calendar holds from an hour ago to the horizon, as busy stretches. */
async function busyFrom(db: Db, a: Availability, now: number) {
  const cells = await model.findHeldCells(
    db,
    new Date(now - 60 * MINUTE).toISOString(),
    new Date(now + (a.horizonDays + 1) * 86_400_000).toISOString(),
  )
  return cells.map((c) => ({ start: Date.parse(c), end: Date.parse(c) + CELL_MINUTES * MINUTE }))
}

/** Free call times now, earliest first. A display only: booking checks again in the database. */
export async function listFreeSlots(db: Db, now = Date.now()): Promise<{ availability: Availability; slots: Slot[] }> {
  const availability = await getAvailability(db)
  return { availability, slots: freeSlots(availability, now, await busyFrom(db, availability, now)) }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Books a call: the rate limit for the client address, the booking, its time cells and one of
 * the email's two seats, the proposal it joins (or a new one) and the mails, in one transaction.
 * The cells' key is what refuses a second booking of the time (SlotTakenError), on any instance;
 * nothing is checked first and written later (docs/decisions/038). Returns the manage token,
 * which is stored only as a hash.
 */
export async function bookCall(
  db: Db,
  input: BookingInput,
  client: string | VisitorKey,
  links: MailLinks,
  opts: { now?: number; maxPerHour?: number; receiptsPerHour?: number } = {},
): Promise<{ booking: Booking; token: string }> {
  const now = opts.now ?? Date.now()
  const availability = await getAvailability(db)
  const start = Date.parse(input.start)
  const office = offeringOffice(availability, now, start)
  if (!office) throw new SlotNotOfferedError()
  const settings = await getSettings(db)
  const token = randomBytes(32).toString('base64url')
  const stamp = new Date(now).toISOString()
  const emailKey = input.email.toLowerCase()
  const visitor = typeof client === 'string' ? { ip: client, userAgent: '' } : client
  // The page view counted when the booking page was served may still wait in this process's batch.
  await flushPendingViews(db)
  return db.transaction().execute(async (trx) => {
    // The visit that led here (issue 25); a refused booking rolls its lead count back with it.
    const attribution = await attributeLead(trx, visitor, 'call', new Date(now))
    let booking = await model.insertBooking(trx, {
      ...attribution,
      startAt: new Date(start).toISOString(),
      endAt: new Date(start + availability.callMinutes * MINUTE).toISOString(),
      name: input.name,
      email: input.email,
      phone: input.phone || null,
      note: input.note,
      timeZone: input.tz,
      tokenHash: hashToken(token),
      proposalId: null,
      officeId: office.id,
      createdAt: stamp,
      updatedAt: stamp,
    })
    const cells = heldCells(start, heldMinutes(availability))
    if ((await model.holdCells(trx, booking.id, cells)) < cells.length) {
      // Taken by this visitor's own post a moment ago (the plain form sent twice), not by someone else.
      const since = new Date(now - SAME_SUBMISSION_MS).toISOString()
      if (await model.findRecentBookingAt(trx, booking.id, input.email, booking.startAt, since)) throw new AlreadyBookedError(input.email)
      throw new SlotTakenError()
    }
    // Counted after the time is held, so parallel requests for one time really race on its cells
    // (the counter's row lock would queue them first); a refused one is rolled back uncounted.
    await consume(trx, { ...BOOKING_LIMIT, max: opts.maxPerHour ?? BOOKING_LIMIT.max }, addressSubject(visitor.ip), now)
    await model.releasePastSeats(trx, emailKey, stamp)
    if (!(await model.takeSeat(trx, emailKey, 1, booking.id)) && !(await model.takeSeat(trx, emailKey, 2, booking.id)))
      throw new TooManyCallsError()
    const proposalId = await joinOrCreateProposal(trx, booking, stamp)
    booking = await model.setProposal(trx, booking.id, proposalId)
    // Counted last: the site-wide counter's lock is held only from here to the commit (as for proposals).
    const invite = await withinLimit(trx, { ...RECEIPT_LIMIT, max: opts.receiptsPerHour ?? RECEIPT_LIMIT.max }, WHOLE_SITE, now)
    const call = detailsOf(availability, settings, booking)
    if (invite) await insertOutboxMail(trx, visitorMail(settings, booking, call, links, token, 'booked'))
    await insertOutboxMail(
      trx,
      agencyMail(
        settings,
        booking,
        call,
        'booked',
        invite
          ? ''
          : 'No invitation was sent to the visitor: the site reached its hourly limit of mails to visitors. Reply to them yourself.',
      ),
    )
    return { booking, token }
  })
}

/**
 * The call joins the newest proposal from the same email (the lead desk shows it there); with
 * none, it starts one, so every call is a lead.
 */
async function joinOrCreateProposal(trx: Db, b: Booking, stamp: string): Promise<number> {
  const existing = await model.findNewestProposalId(trx, b.email)
  // The moment, written out in each reader's zone when the note is shown (docs/decisions/070).
  const when = callTimeToken(Date.parse(b.startAt))
  const proposalId =
    existing ??
    (
      await insertProposal(trx, {
        name: b.name,
        email: b.email,
        phone: b.phone,
        businessType: 'other',
        budget: '',
        // A lead of its own kind on the desk: its reply template asks about nothing it lacks (issue 36).
        kind: 'call',
        requirements: b.note ? `Discovery call booked. Their note: ${b.note}` : 'Discovery call booked (no note).',
        date: stamp,
        visitSource: b.visitSource,
        visitCampaign: b.visitCampaign,
        landingPath: b.landingPath,
        firstTools: b.firstTools,
      })
    ).id
  await insertProposalEvent(trx, {
    proposalId,
    kind: 'note',
    body: `Discovery call booked for ${when}.${b.note ? ` Their note: ${b.note}` : ''}`,
    author: 'Booking',
    createdAt: stamp,
  })
  return proposalId
}

export async function findBookingByToken(db: Db, token: string): Promise<Booking> {
  const b = token.length > 20 && token.length < 100 ? await model.findBookingByTokenHash(db, hashToken(token)) : undefined
  if (!b) throw new NotFoundError('This link does not match a booking. Use the link in your most recent email.')
  return b
}

export type ChangedBy = { admin: Pick<Admin, 'username'> } | { token: string }

async function bookingFor(db: Db, id: number): Promise<Booking> {
  const b = await model.findBooking(db, id)
  if (!b) throw new NotFoundError('Call not found')
  return b
}

/** Cancels a live call (the visitor by their link, or an admin): frees its time and its seat, tells both sides. */
export async function cancelBooking(db: Db, id: number, by: ChangedBy, links: MailLinks, now = Date.now()): Promise<Booking> {
  const settings = await getSettings(db)
  const availability = await getAvailability(db)
  return db.transaction().execute(async (trx) => {
    const before = await bookingFor(trx, id)
    if (before.status !== 'booked') return before
    await model.releaseCells(trx, id)
    await model.releaseSeat(trx, id)
    const b = await model.updateBooking(trx, id, {
      status: 'cancelled',
      sequence: before.sequence + 1,
      updatedAt: new Date(now).toISOString(),
    })
    await tellChange(trx, b, by, 'cancelled', {
      note: `Discovery call for ${callTimeToken(Date.parse(before.startAt))} cancelled`,
      detail: `Was at ${before.startAt}.`,
      // The invitation of a cancelled call points to no link: the call is gone.
      token: null,
      availability,
      settings,
      links,
      now,
    })
    return b
  })
}

/**
 * Moves a live call to another free time: its cells are released and the new ones held in one
 * transaction (SlotTakenError rolls it all back), and the visitor gets the invitation again with
 * the same UID and a higher SEQUENCE, so calendars update the event they have.
 */
export async function moveBooking(
  db: Db,
  id: number,
  newStart: string,
  by: ChangedBy,
  links: MailLinks,
  now = Date.now(),
): Promise<Booking> {
  const availability = await getAvailability(db)
  const start = Date.parse(newStart)
  const office = offeringOffice(availability, now, start)
  if (!office) throw new SlotNotOfferedError()
  const settings = await getSettings(db)
  return db.transaction().execute(async (trx) => {
    const before = await bookingFor(trx, id)
    if (before.status !== 'booked') throw new NotFoundError('This call was cancelled.')
    await model.releaseCells(trx, id)
    const cells = heldCells(start, heldMinutes(availability))
    if ((await model.holdCells(trx, id, cells)) < cells.length) throw new SlotTakenError()
    const b = await model.updateBooking(trx, id, {
      startAt: new Date(start).toISOString(),
      endAt: new Date(start + availability.callMinutes * MINUTE).toISOString(),
      officeId: office.id,
      sequence: before.sequence + 1,
      updatedAt: new Date(now).toISOString(),
    })
    await tellChange(trx, b, by, 'moved', {
      note: `Discovery call moved from ${callTimeToken(Date.parse(before.startAt))} to ${callTimeToken(start)}`,
      detail: `Moved from ${before.startAt} to ${b.startAt}.`,
      token: 'token' in by ? by.token : null,
      availability,
      settings,
      links,
      now,
    })
    return b
  })
}

/**
 * What follows a call moved or cancelled: a note on its lead, staff's change in the activity log,
 * the visitor's mail (within the site's hourly cap unless staff made the change) and the agency's.
 */
async function tellChange(
  trx: Db,
  b: Booking,
  by: ChangedBy,
  change: 'moved' | 'cancelled',
  c: { note: string; detail: string; token: string | null; availability: Availability; settings: Settings; links: MailLinks; now: number },
) {
  if (b.proposalId != null)
    await insertProposalEvent(trx, {
      proposalId: b.proposalId,
      kind: 'note',
      body: `${c.note}${'admin' in by ? '' : ' by the visitor'}.`,
      author: 'admin' in by ? by.admin.username : 'Booking',
      createdAt: new Date(c.now).toISOString(),
    })
  const verb = change === 'moved' ? 'Moved' : 'Cancelled'
  if ('admin' in by)
    await recordActivity(trx, {
      action: change === 'moved' ? 'call.move' : 'call.cancel',
      itemType: 'call',
      itemId: b.id,
      itemLabel: `Call with ${b.name}`,
      detail: c.detail,
    })
  const call = detailsOf(c.availability, c.settings, b)
  if ('admin' in by || (await withinLimit(trx, RECEIPT_LIMIT, WHOLE_SITE, c.now)))
    await insertOutboxMail(trx, visitorMail(c.settings, b, call, c.links, c.token, change))
  const remark = 'admin' in by ? `${verb} by ${by.admin.username}.` : `${verb} by the visitor.`
  await insertOutboxMail(trx, agencyMail(c.settings, b, call, change, remark))
}

/**
 * The office, host and place of a call: its stored office as the booking hours name it now (a
 * call booked before offices were stored: the office whose hours hold its time).
 */
function detailsOf(a: Availability, s: Pick<Settings, 'contactPhone'>, b: Pick<Booking, 'officeId' | 'startAt'>): CallDetails {
  const office = a.offices.find((o) => o.id === b.officeId) ?? officeAt(a, Date.parse(b.startAt))
  return callDetails(office, s.contactPhone ?? '')
}

/** How a call happens (office, host, place), for its confirmation page. */
export async function callDetailsFor(db: Db, b: Pick<Booking, 'officeId' | 'startAt'>): Promise<CallDetails> {
  return detailsOf(await getAvailability(db), await getSettings(db), b)
}

/** The invitation (.ics) of a call, for the download on its confirmation page. */
export async function invitationFor(db: Db, b: Booking, links: MailLinks, manageLink: string): Promise<string> {
  const settings = await getSettings(db)
  return bookingIcs(settings, b, detailsOf(await getAvailability(db), settings, b), links, manageLink)
}

/** Live calls from `from` to `to` (ms), earliest first, for the back office, each with the office that takes it. */
export async function listCalls(db: Db, admin: Admin, from: number, to: number): Promise<(Booking & { call: CallDetails })[]> {
  requirePermission(admin, 'leads')
  const [calls, availability, settings] = await Promise.all([
    model.findBookedBetween(db, new Date(from).toISOString(), new Date(to).toISOString()),
    getAvailability(db),
    getSettings(db),
  ])
  return calls.map((b) => ({ ...b, call: detailsOf(availability, settings, b) }))
}

export async function getCall(db: Db, admin: Admin, id: number): Promise<Booking> {
  requirePermission(admin, 'leads')
  return bookingFor(db, id)
}

export async function callsForProposal(db: Db, admin: Admin, proposalId: number): Promise<Booking[]> {
  requirePermission(admin, 'leads')
  return model.findBookingsForProposal(db, proposalId)
}

/**
 * A lead's calls as its page lists them, in `zone` (the reader's): the same words as its notes'
 * call times and the same day and time as Calls, so one call never reads as two times on one
 * screen (issue 36).
 */
export async function leadCalls(db: Db, admin: Admin, proposalId: number, zone: string, now = Date.now()) {
  return (await callsForProposal(db, admin, proposalId)).map((c) => {
    const t = callTimes(c, zone)
    return { id: c.id, when: t.when, day: t.day, status: c.status, upcoming: c.status === 'booked' && Date.parse(c.startAt) > now }
  })
}
