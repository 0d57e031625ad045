import { DateTime } from 'luxon'
import { dayLabel, isoDayIn, isTimeZone, slotsByDay, timeLabel, whenLabel, type Slot } from '~/lib/booking-slots.ts'
import type { MonthCalendar, Picker, PickerSlot } from '~/components/booking/slot-picker.tsx'

import { DEFAULT_VISITOR_ZONE } from '~/content/site.ts'

let zones: string[] | undefined
/** Every IANA zone the runtime knows, for the time zone list. */
function allZones(): string[] {
  zones ??= [...Intl.supportedValuesOf('timeZone'), 'UTC'].sort()
  return zones
}

/** The visitor's zone from `?tz=` (checked), or the default. */
export function zoneFrom(url: URL, fallback = DEFAULT_VISITOR_ZONE): { tz: string; chosen: boolean } {
  const tz = url.searchParams.get('tz') ?? ''
  return isTimeZone(tz) ? { tz, chosen: true } : { tz: fallback, chosen: false }
}

export const pickerSlot = (s: Slot, tz: string): PickerSlot => ({
  start: new Date(s.start).toISOString(),
  label: timeLabel(s.start, tz),
  when: whenLabel(s.start, tz),
})

/**
 * What the slot picker shows, server-rendered: the days with free times in the visitor's zone
 * (`?tz=`), and the times of one day (`?day=`, else the first), labels made here so the page
 * reads the same before and after hydration.
 */
function pickerFor(url: URL, slots: Slot[], fallbackTz = DEFAULT_VISITOR_ZONE): Picker {
  const { tz, chosen } = zoneFrom(url, fallbackTz)
  const byDay = slotsByDay(slots, tz)
  const asked = url.searchParams.get('day') ?? ''
  const day = byDay.has(asked) ? asked : ([...byDay.keys()][0] ?? null)
  const list = allZones()
  return {
    tz,
    tzChosen: chosen,
    zones: list.includes(tz) ? list : [tz, ...list],
    days: [...byDay.entries()].map(([d, s]) => ({ day: d, label: dayLabel(d), count: s.length })),
    day,
    dayLabel: day ? dayLabel(day) : '',
    slots: day ? (byDay.get(day) ?? []).map((s) => pickerSlot(s, tz)) : [],
  }
}

/** The next `n` free times from `after` (ms), for the "just taken" message. */
export function nextFree(slots: Slot[], after: number, tz: string, n = 5): PickerSlot[] {
  return slots
    .filter((s) => s.start >= after)
    .slice(0, n)
    .map((s) => pickerSlot(s, tz))
}

/** 'London time (GMT)', 'Los Angeles time (PST)', 'UTC': a zone named as people say it. */
export function zoneName(tz: string, at = Date.now()): string {
  if (tz === 'UTC' || tz === 'Etc/UTC') return 'UTC'
  const city = (tz.split('/').at(-1) ?? tz).replace(/_/g, ' ')
  const short = DateTime.fromMillis(at, { zone: tz }).setLocale('en-US').offsetNameShort ?? ''
  return `${city} time${short ? ` (${short})` : ''}`
}

/**
 * The month calendar of /book (issue 35): a grid of the month's days, Monday first, each with its
 * count of free times; the month from `?month=` (YYYY-MM), else the chosen day's; links to the
 * months before and after while they hold free times. Plain links, so it works without JavaScript.
 */
function monthCalendar(url: URL, picker: Picker): MonthCalendar {
  const counts = new Map(picker.days.map((d) => [d.day, d.count]))
  const asked = DateTime.fromFormat(url.searchParams.get('month') ?? '', 'yyyy-MM', { zone: 'UTC' })
  const first = (
    asked.isValid
      ? asked
      : DateTime.fromISO(picker.day ?? picker.days[0]?.day ?? DateTime.now().setZone(picker.tz).toISODate() ?? '', { zone: 'UTC' })
  ).startOf('month')
  const key = first.toFormat('yyyy-MM')
  const weeks: MonthCalendar['weeks'] = []
  let week: MonthCalendar['weeks'][number] = Array(first.weekday - 1).fill(null)
  for (let d = first; d.month === first.month; d = d.plus({ days: 1 })) {
    const day = d.toISODate() ?? ''
    week.push({ day, n: d.day, count: counts.get(day) ?? 0, label: dayLabel(day) })
    if (week.length === 7) {
      weeks.push(week)
      week = []
    }
  }
  if (week.length) weeks.push([...week, ...Array(7 - week.length).fill(null)])
  const months = new Set(picker.days.map((d) => d.day.slice(0, 7)))
  const prev = first.minus({ months: 1 }).toFormat('yyyy-MM')
  const next = first.plus({ months: 1 }).toFormat('yyyy-MM')
  return {
    key,
    label: first.setLocale('en-US').toFormat('LLLL yyyy'),
    weeks,
    prev: [...months].some((m) => m <= prev) ? prev : null,
    next: [...months].some((m) => m >= next) ? next : null,
  }
}

/** The time chosen with `?start=` when it is still free on the chosen day (step 2 of /book). */
function chosenStart(url: URL, picker: Picker): PickerSlot | null {
  const start = url.searchParams.get('start') ?? ''
  return picker.slots.find((s) => s.start === start) ?? null
}

/**
 * The one picker of free times (issue 35): the month calendar, the chosen day's times and the time
 * chosen with `?start=`, for /book, the manage page's "Change the time" and the back office's
 * "Move". The day is `?day=`; else, for `?month=`, that month's first day with free times; else
 * the day of `around` (the call being moved) when it has free times; else the first.
 */
export function monthPickerFor(
  url: URL,
  slots: Slot[],
  { fallbackTz = DEFAULT_VISITOR_ZONE, around }: { fallbackTz?: string; around?: number } = {},
) {
  const at = new URL(url)
  if (!at.searchParams.get('day')) {
    const days = [...slotsByDay(slots, zoneFrom(at, fallbackTz).tz).keys()]
    const month = at.searchParams.get('month') ?? ''
    const near = around === undefined ? '' : isoDayIn(around, zoneFrom(at, fallbackTz).tz)
    const day = month ? days.find((d) => d.startsWith(month)) : days.find((d) => d === near)
    if (day) at.searchParams.set('day', day)
  }
  const picker = pickerFor(at, slots, fallbackTz)
  return { picker, month: monthCalendar(at, picker), chosen: chosenStart(at, picker) }
}
