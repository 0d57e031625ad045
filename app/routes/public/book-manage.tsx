import { CheckCircle2 } from 'lucide'
import { useEffect, useRef } from 'react'
import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/book-manage'
import { DayLinks, SlotRadios, ZoneForm, type PickerSlot } from '~/components/booking/slot-picker.tsx'
import { CsrfField } from '~/components/csrf-field.tsx'
import { PageHeader } from '~/components/site/page-header.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { readForm } from '~/http/forms.server.ts'
import { MoveSchema } from '~/lib/booking-schemas.ts'
import { whenLabel } from '~/lib/booking-slots.ts'
import { SlotNotOfferedError, SlotTakenError, cancelBooking, findBookingByToken, listFreeSlots, moveBooking } from '~/services/bookings.server.ts'
import { NotFoundError } from '~/services/errors.server.ts'
import { nextFree, pickerFor } from './+shared/booking-picker.server.ts'

export function meta() {
  // A private page (its address is the visitor's key): never indexed.
  return [{ title: 'Your discovery call' }, { name: 'robots', content: 'noindex' }]
}

/**
 * The address holds the visitor's key: not stored by caches, and not sent to other sites as a
 * referrer ('same-origin', not 'no-referrer': with that, the page's own posts carry `Origin: null`
 * and the cross-site guard refuses them).
 */
export function headers() {
  return { 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin' }
}

async function bookingOr404(db: Parameters<typeof findBookingByToken>[0], token: string) {
  try {
    return await findBookingByToken(db, token)
  } catch (err) {
    if (err instanceof NotFoundError) throw data(null, { status: 404 })
    throw err
  }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = context.app
  const b = await bookingOr404(db, params.token)
  const url = new URL(request.url)
  const live = b.status === 'booked' && Date.parse(b.startAt) > Date.now()
  const picker = live ? pickerFor(url, (await listFreeSlots(db)).slots, b.timeZone) : null
  const tz = picker?.tz ?? b.timeZone
  return {
    status: b.status,
    live,
    email: b.email,
    when: whenLabel(Date.parse(b.startAt), tz),
    tz,
    picker,
    shown: (['booked', 'moved', 'cancelled'] as const).find((k) => url.searchParams.get(k) === '1') ?? null,
  }
}

type Answer = { formError: string; nextSlots?: PickerSlot[] }

/** Cancel or move, by the link's token alone (no account); post/redirect/get back here. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, config } = context.app
  const b = await bookingOr404(db, params.token)
  const read = await readForm(request, { publicForm: true })
  if (!read.ok) return data<Answer>({ formError: read.failure.formError ?? 'The form could not be read.' }, { status: read.failure.status })
  // A cancelled or past call stays as it is (the page offers no form for it).
  if (b.status !== 'booked' || Date.parse(b.startAt) <= Date.now()) return data<Answer>({ formError: 'This call can no longer be changed.' }, { status: 409 })
  const links = { siteUrl: config.siteUrl }
  const by = { token: params.token }
  const here = `/book/manage/${params.token}`
  if (read.form.get('intent') === 'cancel') {
    await cancelBooking(db, b.id, by, links)
    return redirect(`${here}?cancelled=1`)
  }
  const parsed = MoveSchema.safeParse({ start: String(read.form.get('start') ?? '') })
  if (!parsed.success) return data<Answer>({ formError: 'Choose a new time.' }, { status: 400 })
  try {
    await moveBooking(db, b.id, parsed.data.start, by, links)
  } catch (err) {
    if (err instanceof SlotTakenError || err instanceof SlotNotOfferedError) {
      const tz = String(read.form.get('tz') ?? b.timeZone)
      const nextSlots = nextFree((await listFreeSlots(db)).slots, Date.parse(parsed.data.start), tz)
      return data<Answer>({ formError: err.message, nextSlots }, { status: err instanceof SlotTakenError ? 409 : 400 })
    }
    if (err instanceof NotFoundError) return data<Answer>({ formError: err.message }, { status: 409 })
    throw err
  }
  return redirect(`${here}?moved=1`)
}

const NOTICES = {
  booked: (email: string) => ({ title: 'Your call is booked', text: `We sent the invitation to ${email}. Add it to your calendar; it has this page's link to cancel or move the call.` }),
  moved: (email: string) => ({ title: 'Your call is moved', text: `We sent the updated invitation to ${email}.` }),
  cancelled: (email: string) => ({ title: 'Your call is cancelled', text: `We sent the cancellation to ${email}.` }),
}

export default function ManageBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { status, live, email, when, tz, picker, shown } = loaderData
  const notice = shown ? NOTICES[shown](email) : null
  const noticeRef = useRef<HTMLDivElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  useEffect(() => noticeRef.current?.focus(), [shown])
  useEffect(() => {
    if (actionData) alertRef.current?.focus()
  }, [actionData])
  return (
    <main id="main-content">
      <PageHeader eyebrow="Free discovery call" title="Your discovery call" />
      <div className="mx-auto max-w-4xl space-y-6 px-4 pb-16 sm:px-6">
        {notice && (
          <div ref={noticeRef} tabIndex={-1} role="status" className="flex gap-3 rounded-lg border border-success-300 bg-success-50 p-4 text-success-900">
            <Icon node={CheckCircle2} aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success-700" />
            <div>
              <h2 className="font-semibold">{notice.title}</h2>
              <p className="mt-1 text-sm">{notice.text}</p>
            </div>
          </div>
        )}
        <section aria-labelledby="call-title" className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
          <h2 id="call-title" className="text-xl font-bold text-ink-900">
            {status === 'cancelled' ? 'Cancelled call' : live ? 'Your call' : 'Past call'}
          </h2>
          <p className="mt-2 text-lg text-ink-900" data-testid="call-when">
            {when}
          </p>
          <p className="text-sm text-ink-700">Shown in {tz.replace(/_/g, ' ')} time.</p>
          {status === 'cancelled' && (
            <Link to="/book" className={buttonClass({ className: 'mt-4' })}>
              Book another time
            </Link>
          )}
          {live && (
            <Form method="post" className="mt-4">
              <CsrfField />
              <input type="hidden" name="intent" value="cancel" />
              <Button type="submit" variant="secondary">
                Cancel the call
              </Button>
            </Form>
          )}
        </section>
        {live && picker && (
          <section aria-labelledby="move-title" className="space-y-5 rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
            <h2 id="move-title" className="text-xl font-bold text-ink-900">
              Move the call
            </h2>
            <ZoneForm picker={picker} day={picker.day} />
            <DayLinks picker={picker} />
            <Form method="post" className="space-y-4">
              <CsrfField />
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="tz" value={picker.tz} />
              {actionData?.formError && (
                <div ref={alertRef} tabIndex={-1} role="alert" className="rounded-md border border-danger-300 bg-danger-50 p-3 text-sm text-danger-800">
                  {actionData.formError}
                </div>
              )}
              {actionData?.nextSlots ? (
                <SlotRadios legend="The next free times" slots={actionData.nextSlots} showDay />
              ) : (
                picker.day && <SlotRadios legend={`Times on ${picker.dayLabel}`} slots={picker.slots} />
              )}
              <Button type="submit">Move to this time</Button>
            </Form>
          </section>
        )}
      </div>
    </main>
  )
}
