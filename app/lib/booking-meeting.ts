/**
 * How a booked call happens (issue 35): the office that takes it, who hosts it and where (a video
 * link, or a phone number), as the confirmation page, the mails and the invitation say it; and
 * the "Add to calendar" links for Google Calendar and Outlook on the web. Pure: no database.
 */
import { DateTime } from 'luxon'
import type { Availability, Office } from './booking-slots.ts'

export type CallPlace = { kind: 'video'; url: string } | { kind: 'phone'; phone: string } | { kind: 'none' }

export type CallDetails = {
  officeId: string
  officeName: string
  officeZone: string
  /** The host's name ('' when the office names none). */
  host: string
  /** 'MR' for Maya Robinson: the avatar drawn when there is no photo. */
  initials: string
  where: CallPlace
  /** The calendar event's LOCATION: the link, or 'Phone: +1 ...'; '' when there is none. */
  location: string
  /** The sentence the page and the mails say it in. */
  whereText: string
}

/** The office whose weekly hours hold `start` (for calls booked before the office was stored). */
export function officeAt(a: Availability, start: number): Office | undefined {
  return a.offices.find((o) => {
    const local = DateTime.fromMillis(start, { zone: o.zone })
    const hours = o.week[local.weekday - 1]
    if (!hours) return false
    const m = local.hour * 60 + local.minute
    const [sh, sm] = hours.start.split(':').map(Number)
    const [eh, em] = hours.end.split(':').map(Number)
    return m >= sh * 60 + sm && m < eh * 60 + em
  })
}

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .filter((c) => /\p{L}/u.test(c))
    .slice(0, 2)
    .join('')

/**
 * The call's office, host and place. An office with a video link meets there; else by its phone
 * number; with neither, by the site's phone (`sitePhone`, the contact settings').
 */
export function callDetails(office: Office | undefined, sitePhone: string): CallDetails {
  const phone = office?.phone || sitePhone
  const where: CallPlace = office?.videoUrl ? { kind: 'video', url: office.videoUrl } : phone ? { kind: 'phone', phone } : { kind: 'none' }
  const host = office?.host ?? ''
  return {
    officeId: office?.id ?? '',
    officeName: office?.name ?? '',
    officeZone: office?.zone ?? 'UTC',
    host,
    initials: initialsOf(host),
    where,
    location: where.kind === 'video' ? where.url : where.kind === 'phone' ? `Phone: ${where.phone}` : '',
    whereText:
      where.kind === 'video'
        ? `Video call: join at ${where.url}`
        : where.kind === 'phone'
          ? `Phone call: we call the number you gave, or call us on ${where.phone} at the time of the call.`
          : 'We will email you how to join before the call.',
  }
}

export type CalendarEvent = { title: string; start: number; end: number; details: string; location: string }

/** 20261201T170000Z: the UTC form both calendars read. */
const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

/** Google Calendar's "create event" page with the event's fields filled in. */
export function googleCalendarUrl(e: CalendarEvent): string {
  const q = new URLSearchParams({
    action: 'TEMPLATE',
    text: e.title,
    dates: `${stamp(e.start)}/${stamp(e.end)}`,
    details: e.details,
    location: e.location,
  })
  return `https://calendar.google.com/calendar/render?${q}`
}

/** Outlook on the web's "new event" page with the event's fields filled in. */
export function outlookCalendarUrl(e: CalendarEvent): string {
  const q = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: e.title,
    startdt: new Date(e.start).toISOString(),
    enddt: new Date(e.end).toISOString(),
    body: e.details,
    location: e.location,
  })
  return `https://outlook.live.com/calendar/0/deeplink/compose?${q}`
}
