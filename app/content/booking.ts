/**
 * What the page of a booked call tells the visitor after they book, move or cancel it (issue 36
 * §4, docs/decisions/054): that the mail is on its way only when the site delivers mail; when mail
 * is only kept (no SMTP_URL), that the confirmation will follow by email, never that it was sent,
 * and the page itself gives what the mail would have (the time, the calendar file, this page's link).
 */

export type CallChange = 'booked' | 'moved' | 'cancelled'

export type CallNotice = { title: string; text: string }

const TITLES: Record<CallChange, string> = {
  booked: 'Your call is booked',
  moved: 'Your call is moved',
  cancelled: 'Your call is cancelled',
}

/** Mail is delivered: it leaves within seconds, so it may be said to be on its way (not "sent"). */
const DELIVERED: Record<CallChange, (email: string) => string> = {
  booked: (email) =>
    `The invitation is on its way to ${email}. Add it to your calendar; it has this page's link to cancel or move the call.`,
  moved: (email) => `The updated invitation is on its way to ${email}.`,
  cancelled: (email) => `The cancellation is on its way to ${email}.`,
}

/** Mail is only kept for now: it will follow; meanwhile everything the visitor needs is on this page. */
const KEPT: Record<CallChange, (email: string) => string> = {
  booked: (email) =>
    `Your confirmation will follow by email to ${email}. Everything you need is on this page meanwhile: add the call to your calendar, and keep this page's link to cancel or move it.`,
  moved: (email) =>
    `The updated invitation will follow by email to ${email}. The new time is below: add it to your calendar, and keep this page's link.`,
  cancelled: (email) => `A confirmation will follow by email to ${email}.`,
}

/** The notice after a change, in the words that match what happened to its mail. */
export function callNotice(change: CallChange, email: string, mailDelivered: boolean): CallNotice {
  return { title: TITLES[change], text: (mailDelivered ? DELIVERED : KEPT)[change](email) }
}

/** Beside this page's own address while the visitor may have no mail holding it. */
export const KEEP_THIS_LINK = {
  title: 'Your link to this call',
  text: 'Bookmark this page or copy its address: it is how you cancel or move the call.',
}
