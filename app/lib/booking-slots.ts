/**
 * Discovery-call slots: each office's weekly hours, in that office's own time zone, turned into
 * free call times in UTC (docs/decisions/038). Pure: no database, no clock of its own (`now` is
 * passed in), so daylight-saving changes can be tested on any day of the year.
 *
 * All calls share one calendar: the agency takes one call at a time, whichever office it falls in.
 * A booking holds its call plus the buffer after it, in CELL_MINUTES cells (the database keeps one
 * row per cell, unique: see services/bookings.server.ts), so two calls can never overlap.
 */
import { DateTime, IANAZone } from 'luxon'

/** The grid every time is on: call length, buffer and office hours are whole multiples of it. */
export const CELL_MINUTES = 5
const MINUTE = 60_000
/** Every call starts on a quarter hour (:00, :15, :30, :45). */
export const QUARTER_MINUTES = 15
const QUARTER = QUARTER_MINUTES * MINUTE

/** One working day's hours, 'HH:MM' (24 h) in the office's zone; null is a day off. */
export type DayHours = { start: string; end: string } | null
export type Office = {
  id: string
  name: string
  zone: string
  /** Monday first, Sunday last (seven entries). */
  week: DayHours[]
  /** Who takes this office's calls (shown to the visitor, and the invitation's organizer); '' for none named. */
  host: string
  /** Where the call happens: a video link (https), or else a phone number; both '' for the site's phone. */
  videoUrl: string
  phone: string
}
export type Availability = {
  offices: Office[]
  callMinutes: number
  bufferMinutes: number
  /** The earliest call is this many hours from now. */
  noticeHours: number
  /** The latest call starts at most this many days from now. */
  horizonDays: number
  /** 'YYYY-MM-DD' dates on which no office takes calls (each office's own calendar date). */
  daysOff: string[]
}

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const

/** A busy stretch, in epoch milliseconds, end excluded (a booked call and its buffer). */
export type Busy = { start: number; end: number }
/** A call time, and the office that takes it (the first listed where two offer the same start). */
export type Slot = { start: number; end: number; officeId: string }

export const isTimeZone = (zone: string): boolean => IANAZone.isValidZone(zone)

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number)
  return h * 60 + m
}

/** How long a call holds the calendar: the call and the buffer after it. */
export const heldMinutes = (a: Pick<Availability, 'callMinutes' | 'bufferMinutes'>) => a.callMinutes + a.bufferMinutes

/**
 * The distance between offered starts: the call and its buffer, rounded up to whole quarter
 * hours (15 + 5 minutes: every half hour), so every start stays on the quarter hour.
 */
export const stepMinutes = (a: Pick<Availability, 'callMinutes' | 'bufferMinutes'>) =>
  Math.ceil(heldMinutes(a) / QUARTER_MINUTES) * QUARTER_MINUTES

/**
 * The free call starts from `now` (epoch ms) to the horizon, sorted, one per start time even where
 * both offices are open. Every office day is laid out in that office's zone (so 09:00 stays 09:00
 * local across daylight-saving changes) and stepped in real minutes; a call must end by the office's
 * closing time. Starts are on the quarter hour in UTC terms, which is the quarter hour in every zone
 * (offsets are whole quarter hours: India's +5:30, Nepal's +5:45): the first is the opening time
 * rounded up to one, the next `stepMinutes` apart. A slot is free when its call and buffer overlap
 * nothing in `busy`.
 */
export function freeSlots(a: Availability, now: number, busy: Busy[] = []): Slot[] {
  const earliest = now + a.noticeHours * 60 * MINUTE
  const latest = now + a.horizonDays * 24 * 60 * MINUTE
  const step = stepMinutes(a) * MINUTE
  const held = heldMinutes(a) * MINUTE
  const daysOff = new Set(a.daysOff)
  const sortedBusy = [...busy].sort((x, y) => x.start - y.start)
  const starts = new Map<number, string>()
  for (const office of a.offices) {
    // From yesterday in the office's zone, so a day that began before `now` elsewhere is covered.
    let day = DateTime.fromMillis(now, { zone: office.zone }).startOf('day').minus({ days: 1 })
    const lastDay = DateTime.fromMillis(latest, { zone: office.zone }).startOf('day')
    for (; day <= lastDay; day = day.plus({ days: 1 })) {
      const hours = office.week[day.weekday - 1]
      if (!hours || daysOff.has(day.toISODate() ?? '')) continue
      const open = Math.ceil(localTime(day, minutesOf(hours.start)) / QUARTER) * QUARTER
      const close = localTime(day, minutesOf(hours.end))
      for (let s = open; s + a.callMinutes * MINUTE <= close; s += step) {
        if (s >= earliest && s <= latest && !starts.has(s)) starts.set(s, office.id)
      }
    }
  }
  return [...starts.keys()]
    .sort((x, y) => x - y)
    .filter((s) => !overlapsAny(sortedBusy, s, s + held))
    .map((s) => ({ start: s, end: s + a.callMinutes * MINUTE, officeId: starts.get(s) ?? '' }))
}

/**
 * `minutes` after midnight on `day`, in the day's zone, as epoch ms. On a spring-forward day a
 * time in the skipped hour moves forward by it (luxon's rule); on a fall-back day the first of
 * the two times is taken.
 */
function localTime(day: DateTime, minutes: number): number {
  return day.set({ hour: Math.floor(minutes / 60), minute: minutes % 60, second: 0, millisecond: 0 }).toMillis()
}

function overlapsAny(busy: Busy[], start: number, end: number): boolean {
  for (const b of busy) {
    if (b.start >= end) return false
    if (b.end > start) return true
  }
  return false
}

/** Is `start` a slot these hours offer at all (free or not)? Used to tell "taken" from "not a time we offer". */
export function isOfferedStart(a: Availability, now: number, start: number): boolean {
  return offeringOffice(a, now, start) !== undefined
}

/** The office that offers `start` (free or not), if any: the one that takes a call booked then. */
export function offeringOffice(a: Availability, now: number, start: number): Office | undefined {
  const slot = freeSlots(a, now).find((s) => s.start === start)
  return slot && a.offices.find((o) => o.id === slot.officeId)
}

/** The cells a call starting at `start` holds: its length and buffer, CELL_MINUTES each, as ISO times. */
export function heldCells(start: number, minutes: number): string[] {
  const cells: string[] = []
  for (let m = 0; m < minutes; m += CELL_MINUTES) cells.push(new Date(start + m * MINUTE).toISOString())
  return cells
}

/** Slots grouped by the calendar day they fall on in `zone` ('YYYY-MM-DD'), days in order. */
export function slotsByDay(slots: Slot[], zone: string): Map<string, Slot[]> {
  const days = new Map<string, Slot[]>()
  for (const s of slots) {
    const key = DateTime.fromMillis(s.start, { zone }).toISODate() ?? ''
    const list = days.get(key)
    if (list) list.push(s)
    else days.set(key, [s])
  }
  return days
}

/** '9:00 AM' in `zone`. */
export const timeLabel = (ms: number, zone: string) =>
  DateTime.fromMillis(ms, { zone }).setLocale('en-US').toLocaleString(DateTime.TIME_SIMPLE)
/** 'Tuesday, December 1, 2026' for a 'YYYY-MM-DD' day. */
export const dayLabel = (isoDay: string) => DateTime.fromISO(isoDay, { zone: 'UTC' }).setLocale('en-US').toLocaleString(DateTime.DATE_HUGE)
/** 'Tuesday, December 1, 2026 at 9:00 AM PST' in `zone`. */
export const whenLabel = (ms: number, zone: string) => {
  const d = DateTime.fromMillis(ms, { zone }).setLocale('en-US')
  return `${d.toLocaleString(DateTime.DATE_HUGE)} at ${d.toLocaleString(DateTime.TIME_SIMPLE)} ${d.offsetNameShort ?? ''}`.trim()
}
/** 'YYYY-MM-DD' of an instant in a zone. */
export const isoDayIn = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toISODate() ?? ''

/**
 * A call's time inside a stored note: the moment, not words in one zone (docs/decisions/070). The
 * note is read by people in different zones, so the words are written when it is shown
 * (withCallTimes), in the reader's zone, as the calls beside it are.
 */
export const callTimeToken = (ms: number) => `{{call-time:${new Date(ms).toISOString()}}}`

const CALL_TIME = /\{\{call-time:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\}\}/g

/** A note's call times as whenLabel words in `zone` ('Monday, November 30, 2026 at 4:20 PM PST'). */
export const withCallTimes = (text: string, zone: string) => text.replace(CALL_TIME, (_, iso: string) => whenLabel(Date.parse(iso), zone))

/**
 * A call's time as the back office writes it in `zone` (the reader's, docs/decisions/070): its day
 * ('YYYY-MM-DD'), its span ('4:20 PM - 4:35 PM', under that day's heading in Calls) and the whole
 * ('Monday, November 30, 2026 at 4:20 PM PST', on the lead page and in its notes).
 */
export function callTimes(c: { startAt: string; endAt: string }, zone: string): { day: string; span: string; when: string } {
  const start = Date.parse(c.startAt)
  return {
    day: isoDayIn(start, zone),
    span: `${timeLabel(start, zone)} - ${timeLabel(Date.parse(c.endAt), zone)}`,
    when: whenLabel(start, zone),
  }
}
