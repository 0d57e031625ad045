import { DateTime } from 'luxon'

/**
 * The agency's days (docs/decisions/062): visits, page views and leads are counted per day as the
 * agency's clock reads it (settings.timeZone), so "Oct 29" on the dashboard is Oct 29 in the office.
 */

/** The day (yyyy-mm-dd) a moment falls on in a zone; an unknown zone reads as UTC. */
export function dayIn(zone: string, at: Date): string {
  const t = DateTime.fromJSDate(at, { zone })
  return (t.isValid ? t : DateTime.fromJSDate(at, { zone: 'utc' })).toISODate()!
}

/** The day `n` days after (or before, negative) a day. */
export function addDays(day: string, n: number): string {
  return DateTime.fromISO(day, { zone: 'utc' }).plus({ days: n }).toISODate()!
}

/** From the first moment of `from` to the first moment after `to`, in a zone, as UTC ISO strings. */
export function daysSpan(zone: string, from: string, to: string): { from: string; to: string } {
  const start = (day: string) => {
    const t = DateTime.fromISO(day, { zone })
    return (t.isValid ? t : DateTime.fromISO(day, { zone: 'utc' })).startOf('day').toUTC().toISO()!
  }
  return { from: start(from), to: start(addDays(to, 1)) }
}

const monthDay = (day: string) => DateTime.fromISO(day, { zone: 'utc' }).setLocale('en-US').toFormat('LLL d')
const monthDayYear = (day: string) => DateTime.fromISO(day, { zone: 'utc' }).setLocale('en-US').toFormat('LLL d, yyyy')

/** A range of days in words: "Oct 29 – Nov 27", with the years when it spans two ("Nov 28, 2025 – Nov 27, 2026"). */
export function daysInWords(from: string, to: string): string {
  if (from === to) return monthDay(from)
  return from.slice(0, 4) === to.slice(0, 4) ? `${monthDay(from)} – ${monthDay(to)}` : `${monthDayYear(from)} – ${monthDayYear(to)}`
}
