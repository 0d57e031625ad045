import { Download } from 'lucide'
import { Form, Link, data, useNavigation } from 'react-router'
import type { Route } from './+types/activity'
import { adminMeta } from '~/components/admin/meta.ts'
import { Notice, errorNotice } from '~/components/admin/notice.tsx'
import { PageHeader, Pager } from '~/components/admin/ui.tsx'
import { CsrfField } from '~/components/csrf-field.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { SectionCard } from '~/components/ui/card.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { Input, Select } from '~/components/ui/input.tsx'
import type { Toast } from '~/components/ui/toast.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readForm } from '~/http/forms.server.ts'
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_ITEM_TYPES,
  ActivityRetentionSchema,
  actionLabel,
  activityFilterFrom,
  activityQuery,
  itemTypeLabel,
} from '~/lib/activity.ts'
import { LocalTime } from '~/components/admin/local-time.tsx'
import { getActivityRetention, listActivity, setActivityRetention } from '~/services/activity-log.server.ts'

export const meta: Route.MetaFunction = () => adminMeta('Activity log')

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const filter = activityFilterFrom(new URL(request.url).searchParams)
  const [list, retentionDays] = await Promise.all([listActivity(context.app.db, admin, filter), getActivityRetention(context.app.db)])
  return { adminPath: context.app.config.adminPath, filter, ...list, retentionDays }
}

type Answer = { notice: Toast; error?: string; value?: string }

/** The one form that posts here: how many days to keep. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const read = await readForm(request)
  if (!read.ok)
    return data<Answer>({ notice: errorNotice(read.failure.formError ?? 'The form could not be read.') }, { status: read.failure.status })
  const value = String(read.form.get('retentionDays') ?? '').trim()
  const parsed = ActivityRetentionSchema.safeParse({ retentionDays: value === '' ? undefined : value })
  if (!parsed.success) {
    return data<Answer>(
      {
        notice: errorNotice('Please correct the marked field.'),
        error: parsed.error.issues[0]?.message ?? 'Enter a number of days',
        value,
      },
      { status: 400 },
    )
  }
  await setActivityRetention(context.app.db, admin, parsed.data.retentionDays)
  return data<Answer>({ notice: { title: 'Retention Saved', description: `Activity is kept for ${parsed.data.retentionDays} days.` } })
}

export default function ActivityLog({ loaderData, actionData }: Route.ComponentProps) {
  const { adminPath, filter, entries, total, page, pages, people, retentionDays } = loaderData
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting'
  const path = `/${adminPath}/settings/activity`
  const filtered = Boolean(filter.person || filter.action || filter.itemType || filter.from || filter.to)
  return (
    <>
      <PageHeader
        title="Activity log"
        description="Every change made in the back office: who, what, which item, when, from which address and device."
        times
        actions={
          <a href={`${path}/export${activityQuery(filter)}`} download="activity.csv" className={buttonClass({ variant: 'secondary' })}>
            <Icon node={Download} aria-hidden="true" className="size-4" /> Export CSV
          </a>
        }
      />
      <Notice notice={actionData?.notice} />
      <div className="space-y-6">
        <SectionCard id="activity-filter" title="Filter" description="Days are in Pacific Time; both ends are included.">
          <form method="get" action={path} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Filter the activity log">
            {(
              [
                ['person', 'Person', 'Everyone', people.map((p): [string, string] => [p, p])],
                ['action', 'Kind of change', 'Every kind', Object.entries(ACTIVITY_ACTIONS)],
                ['itemType', 'Item type', 'Every type', Object.entries(ACTIVITY_ITEM_TYPES)],
              ] as const
            ).map(([name, label, any, options]) => (
              <Choice key={name} name={name} label={label} any={any} value={filter[name]} options={options} />
            ))}
            <Field id="from" label="From day">
              <Input type="date" name="from" defaultValue={filter.from ?? ''} />
            </Field>
            <Field id="to" label="To day">
              <Input type="date" name="to" defaultValue={filter.to ?? ''} />
            </Field>
            <div className="flex items-end gap-2">
              <Button type="submit">Filter</Button>
              {filtered && (
                <Link to={path} className={buttonClass({ variant: 'secondary' })}>
                  Clear
                </Link>
              )}
            </div>
          </form>
        </SectionCard>

        <section aria-labelledby="activity-entries-heading">
          <h2 id="activity-entries-heading" className="mb-3 text-lg font-semibold text-ink-900">
            {total === 1 ? '1 entry' : `${total} entries`}
            {filtered ? ' matching the filter' : ''}
          </h2>
          {entries.length === 0 ? (
            <p className="rounded-lg border border-dashed border-ink-300 bg-white p-10 text-center text-ink-600">
              No activity matches the filter.
            </p>
          ) : (
            <ol className="space-y-3" aria-label="Activity">
              {entries.map((e) => (
                <li key={e.id} className="rounded-lg border border-ink-200 bg-white p-4 shadow-sm">
                  <article aria-labelledby={`activity-${e.id}`}>
                    <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
                      <h3 id={`activity-${e.id}`} className="font-semibold break-words text-ink-900">
                        {actionLabel(e.action)}
                        {e.itemLabel ? <span className="font-normal text-ink-700">: {e.itemLabel}</span> : null}
                      </h3>
                      <p className="shrink-0 text-sm text-ink-600">
                        <LocalTime iso={e.at} />
                      </p>
                    </div>
                    {e.detail && <p className="mt-1 text-sm break-words text-ink-800">{e.detail}</p>}
                    <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
                      <div>
                        <dt className="inline font-medium text-ink-700">By: </dt>
                        <dd className="inline text-ink-900">{e.personName}</dd>
                      </div>
                      <div>
                        {/* The type in the filter's words; the item's name is in the heading (its number only in the CSV). */}
                        <dt className="inline font-medium text-ink-700">Item type: </dt>
                        <dd className="inline text-ink-900">{itemTypeLabel(e.itemType)}</dd>
                      </div>
                      <div>
                        <dt className="inline font-medium text-ink-700">Address: </dt>
                        <dd className="inline break-all text-ink-900">{e.ip ?? 'none (shell)'}</dd>
                      </div>
                      <div>
                        <dt className="inline font-medium text-ink-700">Device: </dt>
                        <dd className="inline text-ink-900">{e.device}</dd>
                      </div>
                    </dl>
                  </article>
                </li>
              ))}
            </ol>
          )}
          <Pager
            page={page}
            pages={pages}
            total={total}
            noun="entries"
            hrefFor={(n) => `${path}${activityQuery({ ...filter, page: n })}`}
          />
        </section>

        <SectionCard
          id="activity-retention"
          title="Keeping activity"
          description="Older entries are deleted every hour, and at once when this changes."
        >
          <Form method="post" className="flex flex-col gap-4 sm:flex-row sm:items-start" noValidate>
            <CsrfField />
            <Field id="retentionDays" label="Keep activity for (days)" error={actionData?.error} className="sm:w-64">
              <Input
                key={actionData?.value ?? retentionDays}
                type="number"
                name="retentionDays"
                min={1}
                max={3650}
                step={1}
                required
                defaultValue={actionData?.value ?? String(retentionDays)}
              />
            </Field>
            <Button type="submit" disabled={saving} className="sm:mt-6">
              {saving ? 'Saving...' : 'Save retention'}
            </Button>
          </Form>
        </SectionCard>
      </div>
    </>
  )
}

/** One of the filter's drop-downs: "any" first, then [value, label] pairs. */
function Choice({
  name,
  label,
  any,
  value,
  options,
}: {
  name: string
  label: string
  any: string
  value: string | undefined
  options: [string, string][]
}) {
  return (
    <Field id={name} label={label}>
      <Select name={name} defaultValue={value ?? ''}>
        <option value="">{any}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </Select>
    </Field>
  )
}
