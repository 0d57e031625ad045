import { DateTime } from 'luxon'
import { Form, Link, data } from 'react-router'
import type { Route } from './+types/calls'
import { adminMeta } from '~/components/admin/meta.ts'
import { Notice, errorNotice } from '~/components/admin/notice.tsx'
import { FilterLinks, PageHeader } from '~/components/admin/ui.tsx'
import { MailNotDelivered } from '~/components/admin/mail-banner.tsx'
import { MonthPicker } from '~/components/booking/slot-picker.tsx'
import { CsrfField } from '~/components/csrf-field.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import type { Toast } from '~/components/ui/toast.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readForm } from '~/http/forms.server.ts'
import { MoveSchema } from '~/lib/booking-schemas.ts'
import { callTimes, dayLabel, whenLabel } from '~/lib/booking-slots.ts'
import {
  SlotNotOfferedError,
  SlotTakenError,
  cancelBooking,
  getAvailability,
  getCall,
  listCalls,
  listFreeSlots,
  moveBooking,
} from '~/services/bookings.server.ts'
import { readerZone } from '~/services/clock.server.ts'
import { zoneTitle } from '~/lib/agency-time.ts'
import { NotFoundError } from '~/infra/errors.server.ts'
import { can } from '~/lib/permissions.ts'
import { monthPickerFor } from '../public/+shared/booking-picker.server.ts'
import { requireRowId } from './+shared/content-actions.server.ts'

const VIEWS = ['list', 'day', 'week'] as const
type View = (typeof VIEWS)[number]

export const meta: Route.MetaFunction = () => adminMeta('Calls')

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const { db, config } = context.app
  const url = new URL(request.url)
  const view: View = (VIEWS as readonly string[]).includes(url.searchParams.get('view') ?? '')
    ? (url.searchParams.get('view') as View)
    : 'list'
  // The reader's zone (docs/decisions/070) first, as every back-office screen; then each office's, chosen with `?tz=`.
  const zones = [...new Set([(await readerZone(db, admin)).id, ...(await getAvailability(db)).offices.map((o) => o.zone), 'UTC'])]
  const tzParam = url.searchParams.get('tz') ?? ''
  const tz = zones.includes(tzParam) ? tzParam : zones[0]
  const asked = DateTime.fromISO(url.searchParams.get('date') ?? '', { zone: tz })
  const day = (asked.isValid ? asked : DateTime.now().setZone(tz)).startOf('day')
  const [from, to, step] =
    view === 'day'
      ? [day, day.plus({ days: 1 }), { days: 1 }]
      : view === 'week'
        ? [day.startOf('week'), day.startOf('week').plus({ weeks: 1 }), { weeks: 1 }]
        : [DateTime.now(), DateTime.now().plus({ days: 365 }), null]
  const calls = await listCalls(db, admin, from.toMillis(), to.toMillis())
  // Grouped by their day in the chosen zone; the week view shows each of its seven days, even empty.
  const groups = new Map<string, typeof rows>()
  if (view === 'week') for (let d = from; d < to; d = d.plus({ days: 1 })) groups.set(d.toISODate() ?? '', [])
  const rows = calls.map((c) => ({
    id: c.id,
    day: callTimes(c, tz).day,
    time: callTimes(c, tz).span,
    visitorTime: whenLabel(Date.parse(c.startAt), c.timeZone),
    name: c.name,
    email: c.email,
    phone: c.phone,
    note: c.note,
    proposalId: c.proposalId,
    office: c.call.officeName,
    host: c.call.host,
  }))
  for (const r of rows) groups.set(r.day, [...(groups.get(r.day) ?? []), r])

  const moveId = Number(url.searchParams.get('move'))
  let moving = null
  if (Number.isInteger(moveId) && moveId > 0) {
    const call = await getCall(db, admin, moveId).catch((err) => (err instanceof NotFoundError ? null : Promise.reject(err)))
    if (call?.status === 'booked') {
      // /book's month calendar in the reader's zone, opened on the call's day; then the chosen time to confirm.
      const at = new URL(url)
      at.searchParams.set('tz', tz)
      const start = Date.parse(call.startAt)
      const { picker, month, chosen } = monthPickerFor(at, (await listFreeSlots(db)).slots, { fallbackTz: tz, around: start })
      moving = { id: call.id, name: call.name, when: whenLabel(start, tz), picker, month, chosen }
    }
  }
  return {
    adminPath: config.adminPath,
    view,
    tz,
    zones,
    zoneTitle: zoneTitle(tz),
    date: day.toISODate() ?? '',
    rangeLabel: view === 'list' ? '' : view === 'day' ? dayLabel(day.toISODate() ?? '') : `Week of ${dayLabel(from.toISODate() ?? '')}`,
    prev: step ? (from.minus(step).toISODate() ?? '') : '',
    next: step ? (from.plus(step).toISODate() ?? '') : '',
    groups: [...groups.entries()].map(([d, list]) => ({ day: d, label: dayLabel(d), calls: list })),
    moving,
    // A booked call is a lead already (it made or joined a proposal request): its proposal is that lead's (issue 38).
    canWriteProposal: can(admin.role, 'proposals.write'),
  }
}

type Answer = { notice: Toast }

/** Cancel or move a call (plain forms; the visitor is sent the updated invitation). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const read = await readForm(request)
  if (!read.ok)
    return data<Answer>({ notice: errorNotice(read.failure.formError ?? 'The form could not be read.') }, { status: read.failure.status })
  const { db, config } = context.app
  const links = { siteUrl: config.siteUrl }
  const id = requireRowId(String(read.form.get('id') ?? ''))
  const intent = read.form.get('intent')
  try {
    if (intent === 'cancel') {
      await cancelBooking(db, id, { admin }, links)
      return { notice: { title: 'Call Cancelled', description: toVisitor(context.app.mailer.configured, 'cancellation') } } satisfies Answer
    }
    if (intent === 'move') {
      const parsed = MoveSchema.safeParse({ start: String(read.form.get('start') ?? '') })
      if (!parsed.success) return data<Answer>({ notice: errorNotice('Choose a new time.') }, { status: 400 })
      await moveBooking(db, id, parsed.data.start, { admin }, links)
      return {
        notice: { title: 'Call Moved', description: toVisitor(context.app.mailer.configured, 'updated invitation') },
      } satisfies Answer
    }
    throw data(null, { status: 400 })
  } catch (err) {
    if (err instanceof SlotTakenError || err instanceof SlotNotOfferedError)
      return data<Answer>({ notice: errorNotice(err.message) }, { status: 409 })
    if (err instanceof NotFoundError) return data<Answer>({ notice: errorNotice(err.message) }, { status: 404 })
    throw err
  }
}

/** What became of the visitor's mail, truthfully (issue 36): on its way, or kept because mail is not set up. */
function toVisitor(mailSetUp: boolean, what: string): string {
  return mailSetUp
    ? `The ${what} is on its way to the visitor.`
    : `The ${what} to the visitor is kept in the outbox, not sent: mail is not set up, so it will be sent when it is. Tell the visitor yourself meanwhile.`
}

export default function Calls({ loaderData, actionData }: Route.ComponentProps) {
  const { adminPath, view, tz, zones, date, rangeLabel, prev, next, groups, moving } = loaderData
  const here = `/${adminPath}/calls`
  const href = (over: Record<string, string>) => `${here}?${new URLSearchParams({ view, tz, date, ...over })}`
  const total = groups.reduce((n, g) => n + g.calls.length, 0)
  return (
    <>
      <PageHeader
        title="Calls"
        description="Discovery calls booked on the website."
        actions={
          <Link to={`/${adminPath}/settings/booking`} className={buttonClass({ variant: 'secondary' })}>
            Booking hours
          </Link>
        }
      />
      <Notice notice={actionData?.notice} />
      <MailNotDelivered what="Each cancellation or new time you set here" className="mb-4" />
      <div className="mb-4 flex flex-wrap items-center gap-4">
        <FilterLinks
          label="View"
          items={VIEWS.map((v) => ({
            label: { list: 'Upcoming', day: 'Day', week: 'Week' }[v],
            href: href({ view: v }),
            current: v === view,
          }))}
        />
        <FilterLinks
          label="Time zone"
          items={zones.map((z) => ({ label: z.replace(/_/g, ' '), href: href({ tz: z }), current: z === tz }))}
        />
      </div>
      <p className="mb-4 text-sm text-ink-600" data-testid="times-in">
        {`Times in ${loaderData.zoneTitle}.`}
      </p>
      {view !== 'list' && (
        <nav aria-label="Dates" className="mb-4 flex items-center gap-3">
          <Link to={href({ date: prev })} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            Previous {view}
          </Link>
          <h2 className="font-semibold text-ink-900">{rangeLabel}</h2>
          <Link to={href({ date: next })} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            Next {view}
          </Link>
        </nav>
      )}
      {moving && (
        <section
          id="move"
          aria-labelledby="move-title"
          className="mb-6 scroll-mt-4 space-y-4 rounded-lg border border-primary-300 bg-white p-5"
        >
          <h2 id="move-title" className="font-semibold text-ink-900">
            Move the call with {moving.name} ({moving.when})
          </h2>
          {moving.chosen ? (
            <Form method="post" action={`${here}?${new URLSearchParams({ view, tz, date })}`} className="space-y-4">
              <CsrfField />
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="id" value={moving.id} />
              <input type="hidden" name="start" value={moving.chosen.start} />
              <div className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg bg-primary-50 p-4" data-testid="new-time">
                <p className="text-ink-900">
                  <span className="block text-sm text-ink-700">New time</span>
                  <span className="font-semibold">{moving.chosen.when}</span>
                </p>
                <Link
                  to={`${href({ move: String(moving.id), month: moving.month.key, day: moving.picker.day ?? '' })}#move`}
                  className="text-sm font-medium text-primary-800 underline"
                >
                  Choose another time
                </Link>
              </div>
              <div className="flex gap-2">
                <Button type="submit">Move the call</Button>
                <Link to={href({})} className={buttonClass({ variant: 'secondary' })}>
                  Keep it
                </Link>
              </div>
            </Form>
          ) : (
            <>
              <MonthPicker
                picker={moving.picker}
                month={moving.month}
                extra={{ view, date, move: String(moving.id) }}
                anchor="move"
                empty="There are no free times in the next weeks."
              />
              <Link to={href({})} className={buttonClass({ variant: 'secondary' })}>
                Keep it
              </Link>
            </>
          )}
        </section>
      )}
      {total === 0 && view === 'list' ? (
        <p className="rounded-lg border border-dashed border-ink-300 bg-white p-10 text-center text-ink-600">No upcoming calls.</p>
      ) : (
        <div className="space-y-6">
          {groups.map((g) => (
            <section key={g.day} aria-label={g.label}>
              <h2 className="mb-2 font-semibold text-ink-900">{g.label}</h2>
              {g.calls.length === 0 ? (
                <p className="text-sm text-ink-600">No calls.</p>
              ) : (
                <ul className="space-y-3">
                  {g.calls.map((c) => (
                    <li key={c.id} className="rounded-lg border border-ink-200 bg-white p-4 shadow-sm">
                      <article
                        aria-label={`Call with ${c.name}`}
                        className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between"
                      >
                        <div>
                          <p className="font-semibold text-ink-900">
                            {c.time} <span className="font-normal text-ink-700">with {c.name}</span>
                          </p>
                          {c.office && (
                            <p className="text-sm font-medium text-ink-800">{`${c.office} office${c.host ? `, host ${c.host}` : ''}`}</p>
                          )}
                          <p className="text-sm text-ink-700">
                            <a href={`mailto:${c.email}`} className="hover:underline">
                              {c.email}
                            </a>
                            {c.phone && ` · ${c.phone}`} · their time: {c.visitorTime}
                          </p>
                          {c.note && <p className="mt-1 text-sm text-ink-800">{c.note}</p>}
                          {c.proposalId != null && (
                            <p className="mt-1 flex flex-wrap gap-x-4 text-sm font-medium">
                              <Link to={`/${adminPath}/proposals/${c.proposalId}`} className="text-primary-800 hover:underline">
                                Open the lead
                              </Link>
                              {loaderData.canWriteProposal && (
                                <Link
                                  to={`/${adminPath}/proposals/${c.proposalId}/document`}
                                  className="text-primary-800 hover:underline"
                                  aria-label={`Write a proposal for ${c.name}`}
                                >
                                  Write a proposal
                                </Link>
                              )}
                            </p>
                          )}
                        </div>
                        <div className="flex shrink-0 gap-2">
                          <Link to={`${href({ move: String(c.id) })}#move`} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                            Move
                          </Link>
                          <Form method="post" action={href({})}>
                            <CsrfField />
                            <input type="hidden" name="intent" value="cancel" />
                            <input type="hidden" name="id" value={c.id} />
                            <Button type="submit" variant="danger-outline" size="sm" aria-label={`Cancel the call with ${c.name}`}>
                              Cancel
                            </Button>
                          </Form>
                        </div>
                      </article>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
    </>
  )
}
