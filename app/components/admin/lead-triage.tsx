import { Form } from 'react-router'
import { CsrfField } from '~/components/csrf-field.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Input, Options } from '~/components/ui/input.tsx'
import { ProposalStatusFields } from './proposal-details.tsx'

/** What a triage form got back from the page's action (the messages beside its fields). */
type TriageAnswer = { intent: string; fields: Record<string, string>; ok: boolean; values?: Record<string, string> }

/**
 * A lead's triage (issue 36 §1): its status, who it is assigned to and its next step, at the top of
 * its page on every width, before the request and the long reply form. Three plain POST forms to
 * the page's action (`intent=status`, `assign`, `next`), so each works before the scripts run.
 */
export function LeadTriage({
  uid,
  lead,
  assignees,
  answer,
  busy,
}: {
  uid: string
  lead: { id: number; name: string; status: string; assignedTo: number | null; nextStep: string | null }
  assignees: { id: number; name: string }[]
  answer?: TriageAnswer
  busy: (intent: string) => boolean
}) {
  const { id, name, status, assignedTo, nextStep } = lead
  const mine = (intent: string) => (answer?.intent === intent ? answer : undefined)
  const next = mine('next')
  return (
    <section aria-labelledby={`${uid}-triage`} className="mb-6 rounded-lg border border-ink-200 bg-white p-4 shadow-sm">
      <h2 id={`${uid}-triage`} className="sr-only">
        Triage
      </h2>
      <div className="grid gap-4 md:grid-cols-[auto_auto_minmax(0,1fr)] md:items-end">
        <div role="group" aria-labelledby={`${uid}-status`}>
          <p id={`${uid}-status`} className="mb-1 text-sm font-medium text-ink-800">
            Status
          </p>
          <Form method="post" className="flex flex-wrap items-center gap-2">
            <ProposalStatusFields selectId={`${uid}-status-select`} id={id} name={name} status={status} resetKey={mine('status')} />
          </Form>
        </div>
        <Form method="post" className="flex flex-wrap items-end gap-2" key={`assign-${assignedTo ?? 'none'}`}>
          <CsrfField />
          <input type="hidden" name="intent" value="assign" />
          <Field id={`${uid}-assignedTo`} label="Assigned to" error={mine('assign')?.fields.assignedTo}>
            <select name="assignedTo" defaultValue={assignedTo ?? ''} className="rounded-md border border-ink-300 px-3 py-2 text-sm">
              <option value="">No one</option>
              <Options items={assignees} value={(a) => String(a.id)} label={(a) => a.name} />
            </select>
          </Field>
          <Button type="submit" variant="secondary" size="sm" disabled={busy('assign')}>
            Assign
          </Button>
        </Form>
        <Form method="post" className="flex flex-wrap items-end gap-2" key={`next-${nextStep ?? ''}`}>
          <CsrfField />
          <input type="hidden" name="intent" value="next" />
          <Field id={`${uid}-nextStep`} label="Next step" className="min-w-0 flex-1" error={next?.fields.nextStep}>
            <Input
              name="nextStep"
              maxLength={200}
              placeholder="e.g. Send the quote by Friday"
              defaultValue={next && !next.ok ? next.values?.nextStep : (nextStep ?? '')}
            />
          </Field>
          <Button type="submit" variant="secondary" size="sm" disabled={busy('next')}>
            Save next step
          </Button>
        </Form>
      </div>
    </section>
  )
}
