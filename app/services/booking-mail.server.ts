import type { CallDetails } from '~/lib/booking-meeting.ts'
import { whenLabel } from '~/lib/booking-slots.ts'
import type { Booking } from '~/models/bookings.server.ts'
import { bookingIcs, type MailLinks } from './booking-ics.server.ts'
import type { Settings } from './settings.server.ts'

/** What happened to a call, as its mails say it. */
export type Change = 'booked' | 'moved' | 'cancelled'

/** The page where a visitor moves or cancels their call, by the token only they were sent. */
export const manageUrl = (links: MailLinks, token: string) => `${links.siteUrl}/book/manage/${token}`

/**
 * To the visitor's address (unverified): only the agency's words, the time and the manage link,
 * nothing they typed (docs/decisions/030). The link appears when the token is at hand (a new
 * booking, a change made with it); an admin's change points to the earlier mail's link instead.
 */
export function visitorMail(s: Settings, b: Booking, call: CallDetails, links: MailLinks, token: string | null, change: Change) {
  const when = whenLabel(Date.parse(b.startAt), b.timeZone)
  const link = token ? manageUrl(links, token) : null
  const subject = {
    booked: `${s.siteName}: your discovery call on ${when}`,
    moved: `${s.siteName}: your discovery call moved to ${when}`,
    cancelled: `${s.siteName}: your discovery call on ${when} is cancelled`,
  }[change]
  const body = [
    'Hello,',
    '',
    change === 'cancelled'
      ? `Your free 15-minute discovery call with ${s.siteName} on ${when} is cancelled. You are welcome to book another time at ${links.siteUrl}/book.`
      : `Your free discovery call with ${s.siteName} is ${change === 'moved' ? 'now' : 'booked'} for ${when}. The invitation is attached: add it to your calendar.`,
    ...(change !== 'cancelled'
      ? [
          '',
          ...(call.host ? [`Who: ${call.host}, ${s.siteName}${call.officeName ? ` (${call.officeName} office)` : ''}`] : []),
          `Where: ${call.whereText}`,
        ]
      : []),
    ...(change !== 'cancelled'
      ? ['', link ? `To cancel or move it: ${link}` : 'To cancel or move it, use the link in the email you got when you booked.']
      : []),
    '',
    'Questions? Reply to this email or contact us:',
    [s.contactEmail, s.contactPhone].filter(Boolean).join('  |  '),
    '',
    'If you did not book a call with us, someone may have typed your address by mistake: you can ignore this email.',
    '',
    s.siteName,
  ].join('\n')
  return { toAddress: b.email, subject, body, ics: bookingIcs(s, b, call, links, link) }
}

/** To the agency: everything the visitor gave, and the time in the agency's zone and the office's. */
export function agencyMail(s: Settings, b: Booking, call: CallDetails, change: Change, remark: string) {
  const start = Date.parse(b.startAt)
  return {
    toAddress: s.contactEmail,
    subject: `Discovery call ${change}: ${b.name}, ${whenLabel(start, s.timeZone)}`,
    body: [
      `A discovery call was ${change} on the website.${remark ? ` ${remark}` : ''}`,
      '',
      // The agency's zone (the back office's, unless a person chose their own), then the office's when it differs.
      `When: ${[...new Set([s.timeZone, ...(call.officeId ? [call.officeZone] : [])])].map((z) => whenLabel(start, z)).join(' / ')} (the visitor's zone: ${b.timeZone})`,
      `Office: ${call.officeName || '-'}${call.host ? `, host ${call.host}` : ''}`,
      `Where: ${call.whereText}`,
      `Name: ${b.name}`,
      `Email: ${b.email}`,
      `Phone: ${b.phone ?? '-'}`,
      `Note: ${b.note || '-'}`,
      '',
      'The call is listed in the back office under Calls, and on the lead desk with its proposal.',
    ].join('\n'),
  }
}
