import icalGenerator, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import type { CallDetails } from '~/lib/booking-meeting.ts'
import type { Booking } from '~/models/bookings.server.ts'
import type { Settings } from './settings.server.ts'

/** Where links in mail and in the invitation point: the site's public address. */
export type MailLinks = { siteUrl: string }

/**
 * The calendar file: one event whose UID stays the booking's for its life; SEQUENCE counts the
 * changes, and a cancellation is METHOD:CANCEL with STATUS:CANCELLED (RFC 5546).
 */
export function bookingIcs(
  settings: Pick<Settings, 'siteName' | 'contactEmail'>,
  b: Booking,
  call: CallDetails,
  links: MailLinks,
  manageLink: string | null,
): string {
  const cancelled = b.status === 'cancelled'
  const cal = icalGenerator({
    name: `${settings.siteName} discovery call`,
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  })
  cal.createEvent({
    id: `booking-${b.id}@${new URL(links.siteUrl).hostname}`,
    sequence: b.sequence,
    start: new Date(b.startAt),
    end: new Date(b.endAt),
    stamp: new Date(b.updatedAt),
    summary: `Discovery call with ${settings.siteName}`,
    description: [call.whereText, manageLink ? `Need to cancel or move it? ${manageLink}` : `Questions? ${settings.contactEmail}`].join(
      '\n\n',
    ),
    location: call.location || null,
    url: manageLink,
    // The host by name (the office's, from the booking hours), writing from the agency's address.
    organizer: { name: call.host ? `${call.host}, ${settings.siteName}` : settings.siteName, email: settings.contactEmail },
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  })
  return cal.toString()
}
