import { CalendarClock, Loader2 } from 'lucide'
import { useEffect, useRef } from 'react'
import { data, Form, Link, redirect, useLocation, useNavigation } from 'react-router'
import type { Route } from './+types/book'
import { ChosenTime, MonthPicker, SlotRadios, ZoneForm, type PickerSlot } from '~/components/booking/slot-picker.tsx'
import { CsrfField } from '~/components/csrf-field.tsx'
import { Honeypot } from '~/components/honeypot.tsx'
import { PublicPage } from '~/components/site/page-header.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { Input, Textarea } from '~/components/ui/input.tsx'
import { readForm } from '~/http/forms.server.ts'
import { BookingSchema } from '~/lib/booking-schemas.ts'
import { fieldErrors } from '~/lib/schemas.ts'
import { seoMeta } from '~/components/site/page-meta.ts'
import { siteFromMatches } from '~/lib/seo.ts'
import {
  AlreadyBookedError,
  SlotNotOfferedError,
  SlotTakenError,
  TooManyCallsError,
  bookCall,
  listFreeSlots,
} from '~/services/bookings.server.ts'
import { RateLimitedError } from '~/infra/errors.server.ts'
import { monthPickerFor, nextFree, zoneFrom, zoneName } from './+shared/booking-picker.server.ts'
import { FormAlert } from '~/components/ui/form-alert.tsx'

export function meta(args: Route.MetaArgs) {
  return seoMeta(
    {
      title: 'Book a Free Discovery Call',
      description:
        'Pick a time for a free 15-minute discovery call with a developer: honest advice about your website and a fixed-price proposal within 24 hours.',
      keywords: ['discovery call', 'book a call', 'free consultation', 'web design consultation'],
    },
    { ...siteFromMatches(args.matches), path: args.location.pathname },
  )
}

/** Free times change with the clock and every booking: never stored by a cache. */
export function headers() {
  return { 'Cache-Control': 'no-store' }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { slots, availability } = await listFreeSlots(context.app.db)
  const { picker, month, chosen } = monthPickerFor(new URL(request.url), slots)
  return {
    picker,
    month,
    chosen,
    zone: zoneName(picker.tz),
    callMinutes: availability.callMinutes,
    back: `?${new URLSearchParams({ tz: picker.tz, ...(picker.day ? { month: picker.day.slice(0, 7), day: picker.day } : {}) })}`,
  }
}

const FIELDS = ['name', 'email', 'phone', 'note'] as const
/** The refused fields in the page's order: the first one takes focus. */
const FOCUS_ORDER = ['start', 'name', 'email', 'phone', 'note'] as const
const FIX_FIELDS = 'Please correct the marked fields.'
type Values = Record<(typeof FIELDS)[number], string>
type Refusal = { errors: Record<string, string>; formError?: string; values: Values; start: string; nextSlots?: PickerSlot[] }

/**
 * The booking post (a plain form, with or without JavaScript): the schema, the service (which the
 * database alone decides a time for), then post/redirect/get to the booking's own page, the
 * confirmation. A time taken meanwhile answers 409 with the next free ones.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, { publicForm: true })
  const form = read.form
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form?.get(f) ?? '')])) as Values
  const start = String(form?.get('start') ?? '')
  const refuse = (status: number, r: Partial<Refusal>) => data<Refusal>({ errors: {}, values, start, ...r }, { status })
  if (!read.ok) return refuse(read.failure.status, { formError: read.failure.formError })
  const tz = zoneFrom(new URL(request.url)).tz
  const parsed = BookingSchema.safeParse({
    ...values,
    start,
    tz: String(read.form.get('tz') ?? tz),
    website: String(read.form.get('website') ?? ''),
  })
  if (!parsed.success) return refuse(400, { errors: fieldErrors(parsed.error), formError: FIX_FIELDS })
  const { db, config } = context.app
  try {
    const { token } = await bookCall(
      db,
      parsed.data,
      { ip: context.clientIp, userAgent: request.headers.get('user-agent') ?? '' },
      { siteUrl: config.siteUrl },
      { maxPerHour: config.proposalRateLimitPerHour },
    )
    return redirect(`/book/manage/${token}?booked=1`)
  } catch (err) {
    if (err instanceof SlotTakenError || err instanceof SlotNotOfferedError) {
      const { slots } = await listFreeSlots(db)
      const nextSlots = nextFree(slots, Date.parse(parsed.data.start), parsed.data.tz)
      return refuse(err instanceof SlotTakenError ? 409 : 400, {
        formError: err.message,
        errors: { start: err.message },
        nextSlots,
        start: '',
      })
    }
    if (err instanceof TooManyCallsError || err instanceof AlreadyBookedError) return refuse(409, { formError: err.message })
    if (err instanceof RateLimitedError) return refuse(429, { formError: err.message })
    throw err
  }
}

export default function BookPage({ loaderData, actionData }: Route.ComponentProps) {
  const { picker, month, chosen, zone, callMinutes, back } = loaderData
  const navigation = useNavigation()
  // Posted to this very address (with `?start=`), so a refused form comes back to step 2.
  const here = useLocation()
  const sending = navigation.state === 'submitting' && navigation.formMethod === 'POST'
  const alertRef = useRef<HTMLDivElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const err = actionData?.errors ?? {}
  // The first refused field takes focus (as on /contact and /proposal): once hydrated here, and
  // without JavaScript by `autofocus` in the server's answer; a refusal of the whole form, its alert.
  const firstBad = FOCUS_ORDER.find((f) => err[f])
  useEffect(() => {
    if (!actionData) return
    const bad = FOCUS_ORDER.find((f) => actionData.errors[f])
    if (bad) formRef.current?.querySelector<HTMLElement>(`[name="${bad}"]:not([type="hidden"])`)?.focus()
    else if (actionData.formError) alertRef.current?.focus()
  }, [actionData])
  const v = actionData?.values ?? { name: '', email: '', phone: '', note: '' }
  /** A detail's control: its name, what was typed, and the focus when it is the first refused. */
  const typed = (name: keyof typeof v) => ({ name, defaultValue: v[name], autoFocus: firstBad === name })
  const next = actionData?.nextSlots
  // Step 2 once a time is chosen (`?start=`), or when the server answered the form.
  const step2 = Boolean(chosen) || Boolean(actionData)
  return (
    <PublicPage
      eyebrow="Free discovery call"
      title="Book a Free Discovery Call"
      intro={`Pick a time for a free ${callMinutes}-minute call with a developer. You get honest advice and a fixed-price proposal within 24 hours, with no obligation.`}
    >
      <div className="mx-auto max-w-4xl space-y-6 px-4 pb-16 sm:px-6">
        {!step2 && (
          <section aria-labelledby="when-title" className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
            <h2 id="when-title" className="mb-2 flex items-center gap-2 text-xl font-bold text-ink-900">
              <Icon node={CalendarClock} aria-hidden="true" className="size-5 text-primary-700" />
              Step 1: choose a day and a time
            </h2>
            <p className="mb-4 text-sm text-ink-700" data-testid="zone-line">
              {`Times are in ${zone}.`}
            </p>
            <MonthPicker picker={picker} month={month} />
            <details className="mt-6 text-sm">
              <summary className="cursor-pointer font-medium text-primary-800">Not your time zone? Change it</summary>
              <div className="mt-3">
                <ZoneForm picker={picker} day={picker.day} />
              </div>
            </details>
          </section>
        )}

        {step2 && (
          <Form
            ref={formRef}
            method="post"
            action={`${here.pathname}${here.search}`}
            className="space-y-6 rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-8"
            aria-labelledby="details-title"
          >
            <CsrfField />
            <input type="hidden" name="tz" value={picker.tz} />
            <h2 id="details-title" className="text-xl font-bold text-ink-900">
              Step 2: your details
            </h2>
            {chosen && !next && (
              <ChosenTime slot={chosen} back={back} change="Change the time" testId="chosen-time">
                <span className="font-semibold">{chosen.when}</span>
                <span className="block text-sm text-ink-700">{`A ${callMinutes}-minute call. Times are in ${zone}.`}</span>
              </ChosenTime>
            )}
            {actionData?.formError && (
              <FormAlert ref={alertRef}>
                {actionData.formError}
                {next && next.length > 0 && ' The next free times are below.'}
              </FormAlert>
            )}
            {next ? (
              next.length ? (
                <SlotRadios legend="The next free times" slots={next} showDay autoFocus={firstBad === 'start'} />
              ) : (
                <p>There are no free times left in the next weeks.</p>
              )
            ) : (
              !chosen && (
                <p className="text-sm text-danger-700" id="start-error">
                  {err.start ?? 'That time is no longer free.'}{' '}
                  <Link to={back} className="font-medium underline" autoFocus={firstBad === 'start'}>
                    Choose a time
                  </Link>
                </p>
              )
            )}
            <div className="grid gap-5 sm:grid-cols-2">
              <Field id="book-name" label="Name" required error={err.name}>
                <Input size="md" type="text" autoComplete="name" required {...typed('name')} />
              </Field>
              <Field id="book-email" label="Email" required error={err.email} hint="The invitation goes here.">
                <Input size="md" type="email" autoComplete="email" required {...typed('email')} />
              </Field>
              <Field id="book-phone" label="Phone (optional)" error={err.phone}>
                <Input size="md" type="tel" autoComplete="tel" {...typed('phone')} />
              </Field>
            </div>
            <Field id="book-note" label="What would you like to talk about? (optional)" error={err.note}>
              <Textarea size="md" rows={4} {...typed('note')} />
            </Field>
            <Honeypot id="book-website" />
            <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
              {sending && <Icon node={Loader2} aria-hidden="true" className="size-4 animate-spin" />}
              {sending ? 'Booking...' : 'Book the call'}
            </Button>
          </Form>
        )}
      </div>
    </PublicPage>
  )
}
