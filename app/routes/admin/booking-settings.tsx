import { useRef } from 'react'
import { Form, Link, data, useNavigation } from 'react-router'
import type { Route } from './+types/booking-settings'
import { adminMeta } from '~/components/admin/meta.ts'
import { Notice, errorNotice } from '~/components/admin/notice.tsx'
import { PageHeader } from '~/components/admin/ui.tsx'
import { useFocusFirstRefused } from '~/components/admin/use-focus-refused.ts'
import { CsrfField } from '~/components/csrf-field.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { SectionCard } from '~/components/ui/card.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Input, Textarea } from '~/components/ui/input.tsx'
import type { Toast } from '~/components/ui/toast.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readForm } from '~/http/forms.server.ts'
import { AvailabilitySchema } from '~/lib/booking-schemas.ts'
import { WEEKDAY_NAMES, type Availability } from '~/lib/booking-slots.ts'
import { getAvailability, saveAvailability } from '~/services/bookings.server.ts'

export const meta: Route.MetaFunction = () => adminMeta('Booking hours')

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context, params.adminPath)
  return { adminPath: context.app.config.adminPath, availability: await getAvailability(context.app.db) }
}

/** The call settings, each a whole number: its label and the steps the browser offers. */
const NUMBER_INPUTS = [
  { name: 'callMinutes', label: 'Call length (minutes)', min: 5, step: 5 },
  { name: 'bufferMinutes', label: 'Buffer between calls (minutes)', min: 0, step: 5 },
  { name: 'noticeHours', label: 'Minimum notice (hours)', min: 0, step: undefined },
  { name: 'horizonDays', label: 'How far ahead (days)', min: 1, step: undefined },
] as const
const NUMBERS = NUMBER_INPUTS.map((n) => n.name)
const dayField = (office: number, day: number, edge: 'start' | 'end') => `o${office}d${day}${edge}`
/** Each office's host and where its calls happen (issue 35): `o0host`, `o0videoUrl`, `o0phone`. */
const OFFICE_FIELDS = ['host', 'videoUrl', 'phone'] as const
const officeField = (office: number, f: (typeof OFFICE_FIELDS)[number]) => `o${office}${f}`
const OFFICE_INPUTS: { field: (typeof OFFICE_FIELDS)[number]; label: string; hint: string; type?: 'url' | 'tel' }[] = [
  { field: 'host', label: 'host', hint: 'Who takes the calls: named to the visitor and in the invitation.' },
  { field: 'videoUrl', label: 'video link', hint: 'Where calls happen, e.g. https://meet.google.com/... Empty: by phone.', type: 'url' },
  { field: 'phone', label: 'phone', hint: 'Used when there is no video link. Empty: the contact phone in Settings.', type: 'tel' },
]

type Answer = { notice: Toast; fields: Record<string, string>; values?: Record<string, string> }

/**
 * The weekly hours of each office (in its zone), call length, buffer, notice, horizon and days
 * off, from one plain form. Offices and their zones are fixed here; only their hours change.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const read = await readForm(request)
  const values = Object.fromEntries([...(read.form?.entries() ?? [])].map(([k, v]) => [k, String(v)]))
  if (!read.ok)
    return data<Answer>(
      { notice: errorNotice(read.failure.formError ?? 'The form could not be read.'), fields: {}, values },
      { status: read.failure.status },
    )
  const current = await getAvailability(context.app.db)
  const fields: Record<string, string> = {}
  const offices = current.offices.map((o, i) => ({
    ...o,
    week: WEEKDAY_NAMES.map((_, d) => {
      const start = values[dayField(i, d, 'start')] ?? ''
      const end = values[dayField(i, d, 'end')] ?? ''
      if (!start && !end) return null
      if (!start || !end) fields[`o${i}d${d}`] = 'Give both times, or neither for a day off'
      return { start, end }
    }),
    ...Object.fromEntries(OFFICE_FIELDS.map((f) => [f, values[officeField(i, f)] ?? o[f]])),
  }))
  const candidate = {
    offices,
    ...Object.fromEntries(NUMBERS.map((k) => [k, values[k] ?? ''])),
    daysOff: (values.daysOff ?? '')
      .split(/[\s,]+/)
      .map((d) => d.trim())
      .filter(Boolean),
  }
  const parsed = AvailabilitySchema.safeParse(candidate)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, i, part, d] = issue.path
      const key = head !== 'offices' ? String(head) : part === 'week' ? `o${String(i)}d${String(d)}` : `o${String(i)}${String(part)}`
      fields[key] ??= issue.message
    }
  }
  if (!parsed.success || Object.keys(fields).length) {
    return data<Answer>({ notice: errorNotice('Please correct the marked fields.'), fields, values }, { status: 400 })
  }
  await saveAvailability(context.app.db, admin, parsed.data as Availability)
  return data<Answer>({ notice: { title: 'Booking Hours Saved', description: 'The booking page shows the new times now.' }, fields: {} })
}

export default function BookingSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { adminPath, availability: a } = loaderData
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting'
  const errors = actionData?.fields ?? {}
  const sent = actionData?.values
  const value = (name: string, saved: string) => sent?.[name] ?? saved
  const form = useRef<HTMLFormElement>(null)
  useFocusFirstRefused(actionData, form)
  return (
    <>
      <PageHeader
        title="Booking hours"
        description="When visitors can book a discovery call at /book. Each office's hours are in its own time zone; daylight-saving changes are followed."
        actions={
          <Link to={`/${adminPath}/calls`} className={buttonClass({ variant: 'secondary' })}>
            Calls
          </Link>
        }
      />
      <Notice notice={actionData?.notice} />
      <Form ref={form} method="post" className="space-y-6">
        <CsrfField />
        {a.offices.map((o, i) => (
          <SectionCard
            key={o.id}
            id={`office-${o.id}`}
            title={`${o.name} (${o.zone.replace(/_/g, ' ')})`}
            description="Leave both times empty for a day off."
          >
            <div className="mb-5 grid gap-4 sm:grid-cols-3">
              {OFFICE_INPUTS.map(({ field, label, hint, type }) => (
                <Field
                  key={field}
                  id={officeField(i, field)}
                  label={`${o.name}: ${label}`}
                  hint={hint}
                  error={errors[officeField(i, field)]}
                >
                  <Input
                    type={type}
                    name={officeField(i, field)}
                    autoFocus={Boolean(errors[officeField(i, field)])}
                    defaultValue={value(officeField(i, field), o[field])}
                  />
                </Field>
              ))}
            </div>
            <div className="space-y-3">
              {WEEKDAY_NAMES.map((name, d) => {
                const err = errors[`o${i}d${d}`]
                const errId = `o${i}d${d}-error`
                return (
                  <fieldset
                    key={name}
                    className="grid min-w-0 grid-cols-2 items-center gap-3 sm:grid-cols-[7rem_1fr_1fr]"
                    aria-describedby={err ? errId : undefined}
                  >
                    <legend className="sr-only">
                      {o.name}, {name}
                    </legend>
                    <span aria-hidden="true" className="col-span-2 text-sm font-medium text-ink-800 sm:col-span-1">
                      {name}
                    </span>
                    {(['start', 'end'] as const).map((edge) => (
                      <label key={edge} className="flex min-w-0 items-center gap-2 text-sm text-ink-700">
                        <span>{edge === 'start' ? 'From' : 'To'}</span>
                        <Input
                          type="time"
                          step={300}
                          className="min-w-0 flex-1"
                          name={dayField(i, d, edge)}
                          aria-label={`${o.name}, ${name}, ${edge === 'start' ? 'from' : 'to'}`}
                          aria-invalid={err ? true : undefined}
                          // Without JavaScript the browser focuses the first refused field (use-focus-refused.ts).
                          autoFocus={Boolean(err) && edge === 'start'}
                          defaultValue={value(dayField(i, d, edge), o.week[d]?.[edge] ?? '')}
                        />
                      </label>
                    ))}
                    {err && (
                      <p id={errId} className="col-span-2 text-sm sm:col-span-3 font-medium text-danger-700">
                        {err}
                      </p>
                    )}
                  </fieldset>
                )
              })}
            </div>
          </SectionCard>
        ))}
        <SectionCard id="calls-section" title="Calls" description="Times are in whole 5-minute steps.">
          <div className="grid gap-5 sm:grid-cols-2">
            {NUMBER_INPUTS.map(({ name, label, min, step }) => (
              <Field key={name} id={name} label={label} error={errors[name]}>
                <Input
                  type="number"
                  name={name}
                  autoFocus={Boolean(errors[name])}
                  min={min}
                  step={step}
                  defaultValue={value(name, String(a[name]))}
                />
              </Field>
            ))}
          </div>
          <Field
            id="daysOff"
            label="Days off"
            hint="One date a line, as YYYY-MM-DD (holidays): no office takes calls on these days."
            error={errors.daysOff}
            className="mt-5"
          >
            <Textarea name="daysOff" autoFocus={Boolean(errors.daysOff)} rows={4} defaultValue={value('daysOff', a.daysOff.join('\n'))} />
          </Field>
        </SectionCard>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save booking hours'}
        </Button>
      </Form>
    </>
  )
}
