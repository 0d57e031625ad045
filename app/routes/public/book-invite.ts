import { data } from 'react-router'
import type { Route } from './+types/book-invite'
import { findBookingByToken, invitationFor } from '~/services/bookings.server.ts'
import { NotFoundError } from '~/infra/errors.server.ts'

/**
 * The call's invitation as an .ics file (the same event, UID and SEQUENCE as the mailed one), for
 * "Add to calendar" on the confirmation page. The address holds the visitor's key: never cached,
 * never sent on as a referrer.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, config } = context.app
  let booking
  try {
    booking = await findBookingByToken(db, params.token)
  } catch (err) {
    if (err instanceof NotFoundError) throw data('Not found', { status: 404 })
    throw err
  }
  const ics = await invitationFor(db, booking, { siteUrl: config.siteUrl }, `${config.siteUrl}/book/manage/${params.token}`)
  return new Response(ics, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="discovery-call.ics"',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'same-origin',
    },
  })
}
