import { CalendarPlus, Download, Phone, Video } from 'lucide'
import { useEffect, useRef } from 'react'
import { data, Form, Link, redirect, useLocation } from 'react-router'
import type { Route } from './+types/book-manage'
import { ChosenTime, MonthPicker, SlotRadios, ZoneForm, type PickerSlot } from '~/components/booking/slot-picker.tsx'
import { CsrfField } from '~/components/csrf-field.tsx'
import { PublicPage } from '~/components/site/page-header.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { SuccessPanel } from '~/components/ui/success-panel.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { readForm } from '~/http/forms.server.ts'
import { TEAM } from '~/content/about.ts'
import { KEEP_THIS_LINK, callNotice } from '~/content/booking.ts'
import { MoveSchema } from '~/lib/booking-schemas.ts'
import { googleCalendarUrl, outlookCalendarUrl, type CallPlace } from '~/lib/booking-meeting.ts'
import { whenLabel } from '~/lib/booking-slots.ts'
import {
  SlotNotOfferedError,
  SlotTakenError,
  callDetailsFor,
  cancelBooking,
  findBookingByToken,
  listFreeSlots,
  moveBooking,
} from '~/services/bookings.server.ts'
import { manageUrl } from '~/services/booking-mail.server.ts'
import { NotFoundError } from '~/infra/errors.server.ts'
import { getSettings } from '~/services/settings.server.ts'
import { monthPickerFor, nextFree, zoneFrom, zoneName } from './+shared/booking-picker.server.ts'
import { FormAlert } from '~/components/ui/form-alert.tsx'

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
  return findBookingByToken(db, token)
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, config, mailer } = context.app
  const b = await bookingOr404(db, params.token)
  const url = new URL(request.url)
  const live = b.status === 'booked' && Date.parse(b.startAt) > Date.now()
  const start = Date.parse(b.startAt)
  // Rescheduling is behind "Change the time" (?change=1), not a picker under the confirmation:
  // /book's month calendar, opened on the call's own day, then the chosen time to confirm.
  const changing = live && url.searchParams.get('change') === '1'
  const move = changing ? monthPickerFor(url, (await listFreeSlots(db)).slots, { fallbackTz: b.timeZone, around: start }) : null
  const picker = move?.picker ?? null
  const tz = picker?.tz ?? zoneFrom(url, b.timeZone).tz
  const [call, settings] = await Promise.all([callDetailsFor(db, b), getSettings(db)])
  const end = Date.parse(b.endAt)
  const minutes = Math.round((end - start) / 60_000)
  const what = `Free ${minutes}-minute discovery call with ${settings.siteName}`
  // The calendars' copies carry no manage link: its token would travel in the address to another site.
  const event = {
    title: `Discovery call with ${settings.siteName}`,
    start,
    end,
    location: call.location,
    details: `${what}.\n${call.whereText}\nQuestions? ${settings.contactEmail}`,
  }
  return {
    status: b.status,
    live,
    changing,
    email: b.email,
    what,
    when: whenLabel(start, tz),
    tz,
    officeWhen: call.officeName && call.officeZone !== tz ? { office: call.officeName, when: whenLabel(start, call.officeZone) } : null,
    host: call.host
      ? { name: call.host, initials: call.initials, photo: TEAM.find((m) => m.name === call.host)?.avatar ?? null, office: call.officeName }
      : null,
    where: call.where,
    calendars: live
      ? { google: googleCalendarUrl(event), outlook: outlookCalendarUrl(event), ics: `/book/manage/${params.token}/invite.ics` }
      : null,
    changeHref: `?${new URLSearchParams({ change: '1', tz })}#move`,
    picker,
    month: move?.month ?? null,
    chosen: move?.chosen ?? null,
    zone: zoneName(tz),
    // Back from a chosen time to its day in the calendar.
    back: `?${new URLSearchParams({ change: '1', tz, ...(picker?.day ? { month: picker.day.slice(0, 7), day: picker.day } : {}) })}#move`,
    shown: (['booked', 'moved', 'cancelled'] as const).find((k) => url.searchParams.get(k) === '1') ?? null,
    // Whether mail leaves (SMTP_URL set): without it the visitor's mail waits in the outbox, so the
    // page says it will follow (never that it was sent) and shows this page's link, which it carries.
    mailDelivered: mailer.configured,
    link: live && !mailer.configured ? manageUrl({ siteUrl: config.siteUrl }, params.token) : null,
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
  if (b.status !== 'booked' || Date.parse(b.startAt) <= Date.now())
    return data<Answer>({ formError: 'This call can no longer be changed.' }, { status: 409 })
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

export default function ManageBooking({ loaderData, actionData }: Route.ComponentProps) {
  const {
    status,
    live,
    changing,
    email,
    what,
    when,
    tz,
    officeWhen,
    host,
    where,
    calendars,
    changeHref,
    picker,
    month,
    chosen,
    zone,
    back,
    shown,
    mailDelivered,
    link,
  } = loaderData
  // Posted to this very address (with `?start=`), so a refused move comes back to it.
  const here = useLocation()
  const keepHref = `?${new URLSearchParams({ tz })}`
  const notice = shown ? callNotice(shown, email, mailDelivered) : null
  const noticeRef = useRef<HTMLDivElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  useEffect(() => noticeRef.current?.focus(), [shown])
  useEffect(() => {
    if (actionData) alertRef.current?.focus()
  }, [actionData])
  return (
    <PublicPage eyebrow="Free discovery call" title="Your discovery call">
      <div className="mx-auto max-w-4xl space-y-6 px-4 pb-16 sm:px-6">
        {notice && (
          <SuccessPanel ref={noticeRef}>
            <h2 className="font-semibold">{notice.title}</h2>
            <p className="mt-1 text-sm">{notice.text}</p>
          </SuccessPanel>
        )}
        <section aria-labelledby="call-title" className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
          <h2 id="call-title" className="text-xl font-bold text-ink-900">
            {status === 'cancelled' ? 'Cancelled call' : live ? 'Your call' : 'Past call'}
          </h2>
          <dl className="mt-4 grid gap-4 sm:grid-cols-[7rem_1fr]">
            <dt className="font-semibold text-ink-700">What</dt>
            <dd className="text-ink-900">{what}</dd>
            <dt className="font-semibold text-ink-700">When</dt>
            <dd>
              <p className="text-lg text-ink-900" data-testid="call-when">
                {when}
              </p>
              <p className="text-sm text-ink-700">Shown in {tz.replace(/_/g, ' ')} time.</p>
              {officeWhen && (
                <p className="text-sm text-ink-700" data-testid="call-office-when">
                  For us in {officeWhen.office}: {officeWhen.when}
                </p>
              )}
            </dd>
            {host && (
              <>
                <dt className="font-semibold text-ink-700">Who</dt>
                <dd className="flex items-center gap-3">
                  {host.photo ? (
                    <img src={host.photo} alt="" width={48} height={48} className="size-12 rounded-full bg-ink-100" />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="flex size-12 items-center justify-center rounded-full bg-primary-100 font-semibold text-primary-800"
                    >
                      {host.initials}
                    </span>
                  )}
                  <span>
                    <span className="block font-semibold text-ink-900" data-testid="call-host">
                      {host.name}
                    </span>
                    {host.office && <span className="block text-sm text-ink-700">{host.office} office</span>}
                  </span>
                </dd>
              </>
            )}
            <dt className="font-semibold text-ink-700">Where</dt>
            <dd data-testid="call-where">
              <Where where={where} />
            </dd>
          </dl>
          {link && (
            <div className="mt-6 rounded-lg border border-ink-200 bg-ink-50 p-4" data-testid="manage-link">
              <p className="font-semibold text-ink-900">{KEEP_THIS_LINK.title}</p>
              <p className="mt-1 text-sm text-ink-700">{KEEP_THIS_LINK.text}</p>
              <p className="mt-2 text-sm break-all">
                <a href={link} className="font-medium text-primary-800 underline">
                  {link}
                </a>
              </p>
            </div>
          )}
          {calendars && (
            <nav aria-label="Add to calendar" className="mt-6">
              <p className="mb-2 flex items-center gap-2 font-semibold text-ink-900">
                <Icon node={CalendarPlus} aria-hidden="true" className="size-5 text-primary-700" />
                Add to calendar
              </p>
              <ul className="flex flex-wrap gap-2">
                <li>
                  <a
                    href={calendars.google}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonClass({ variant: 'secondary', size: 'sm' })}
                  >
                    Google Calendar
                  </a>
                </li>
                <li>
                  <a
                    href={calendars.outlook}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonClass({ variant: 'secondary', size: 'sm' })}
                  >
                    Outlook
                  </a>
                </li>
                <li>
                  <a href={calendars.ics} download="discovery-call.ics" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                    <Icon node={Download} aria-hidden="true" className="size-4" />
                    Download .ics
                  </a>
                </li>
              </ul>
            </nav>
          )}
          {status === 'cancelled' && (
            <Link to="/book" className={buttonClass({ className: 'mt-4' })}>
              Book another time
            </Link>
          )}
          {live && (
            <div className="mt-6 flex flex-wrap gap-3">
              {!changing && (
                <Link to={changeHref} className={buttonClass({ variant: 'secondary' })}>
                  Change the time
                </Link>
              )}
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="intent" value="cancel" />
                <Button type="submit" variant="secondary">
                  Cancel the call
                </Button>
              </Form>
            </div>
          )}
        </section>
        {live && picker && month && (
          <section
            id="move"
            aria-labelledby="move-title"
            className="scroll-mt-4 space-y-5 rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-8"
          >
            <h2 id="move-title" className="text-xl font-bold text-ink-900">
              Move the call
            </h2>
            {actionData?.formError && <FormAlert ref={alertRef}>{actionData.formError}</FormAlert>}
            {actionData?.nextSlots || chosen ? (
              // The chosen time (or, when it was taken meanwhile, the next free ones), to confirm.
              <Form method="post" action={`${here.pathname}${here.search}`} className="space-y-4">
                <CsrfField />
                <input type="hidden" name="intent" value="move" />
                <input type="hidden" name="tz" value={picker.tz} />
                {actionData?.nextSlots ? (
                  <SlotRadios legend="The next free times" slots={actionData.nextSlots} showDay />
                ) : (
                  chosen && (
                    <ChosenTime slot={chosen} back={back} change="Choose another time" testId="new-time">
                      <span className="block text-sm text-ink-700">New time</span>
                      <span className="font-semibold">{chosen.when}</span>
                      <span className="block text-sm text-ink-700">{`Times are in ${zone}.`}</span>
                    </ChosenTime>
                  )
                )}
                <div className="flex flex-wrap gap-3">
                  <Button type="submit">Move to this time</Button>
                  <Link to={keepHref} className={buttonClass({ variant: 'secondary' })}>
                    Keep the time
                  </Link>
                </div>
              </Form>
            ) : (
              <>
                <p className="text-sm text-ink-700" data-testid="zone-line">
                  {`Times are in ${zone}.`}
                </p>
                <MonthPicker picker={picker} month={month} extra={{ change: '1' }} anchor="move" />
                <details className="text-sm">
                  <summary className="cursor-pointer font-medium text-primary-800">Not your time zone? Change it</summary>
                  <div className="mt-3">
                    <ZoneForm picker={picker} day={picker.day} extra={{ change: '1' }} />
                  </div>
                </details>
                <Link to={keepHref} className={buttonClass({ variant: 'secondary' })}>
                  Keep the time
                </Link>
              </>
            )}
          </section>
        )}
      </div>
    </PublicPage>
  )
}

/** Where the call happens: the video link, or the phone number to call. */
function Where({ where }: { where: CallPlace }) {
  if (where.kind === 'video')
    return (
      <p className="flex items-start gap-2">
        <Icon node={Video} aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-700" />
        <span>
          Video call:{' '}
          <a href={where.url} className="font-medium break-all text-primary-800 underline">
            {where.url}
          </a>
        </span>
      </p>
    )
  if (where.kind === 'phone')
    return (
      <p className="flex items-start gap-2">
        <Icon node={Phone} aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-700" />
        <span>
          Phone call: we call the number you gave, or call us on{' '}
          <a href={`tel:${where.phone.replace(/[^0-9+]/g, '')}`} className="font-medium text-primary-800 underline">
            {where.phone}
          </a>{' '}
          at the time of the call.
        </span>
      </p>
    )
  return <p>We will email you how to join before the call.</p>
}
