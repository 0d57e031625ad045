import { CheckCircle2, Loader2 } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react'
import { useFetcher } from 'react-router'
import { CsrfField } from '~/components/csrf-field.tsx'
import { Honeypot } from '~/components/honeypot.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Input, Options, Select, Textarea } from '~/components/ui/input.tsx'
import { useToast } from '~/components/ui/toast.tsx'
import { BUDGETS, BUDGET_LABELS, BUSINESS_TYPES, BUSINESS_TYPE_LABELS } from '~/lib/constants.ts'
import { useFormCheck } from '~/components/use-form-check.ts'
import { PROPOSAL_FIELDS, type ProposalAnswer, type ProposalField, type ProposalValues } from './proposal-values.ts'
import { BookCallLink } from '~/components/site/book-call-link.tsx'

export const SUCCESS_TOAST = {
  title: 'Proposal Request Submitted!',
  description: 'We will send your custom proposal within 24 hours.',
}
export const FAILURE_TOAST = {
  title: 'Submission Failed',
  description: 'There was an error submitting your proposal. Please try again.',
  variant: 'destructive' as const,
}

/** The server's own schema, fetched on the visitor's first touch of the form (docs/decisions/083). */
const loadProposalCheck = () => import('~/lib/proposal-check.ts').then((m) => m.proposalCheck)

type Props = {
  initialValues: ProposalValues
  initialErrors?: Record<string, string>
  formError?: string
  /** Hidden fields sent with the request (where it came from: the estimator's or the builder's state). */
  hidden?: Record<string, string>
}

/**
 * 'Get Your Free Proposal' form, posted to the route's action: through a fetcher once hydrated
 * (the page never reloads; once the request is stored the confirmation takes the form's place,
 * otherwise the form shows why not), and as a plain <form method="post"> before JavaScript loads
 * (the action answers with the page; the route shows the confirmation alone after its redirect).
 */
export function ProposalForm({ initialValues, initialErrors = {}, formError: initialFormError, hidden }: Props) {
  const toast = useToast()
  const fetcher = useFetcher<ProposalAnswer>()
  // The fields hold their own values (uncontrolled): React never writes a value back, so nothing
  // a visitor types or picks while the page hydrates can be put back to the server's (ADR 035).
  const defaults = initialValues
  const [errors, setErrors] = useState<Record<string, string>>(initialErrors)
  const [formError, setFormError] = useState(initialFormError)
  // The post, and the page data React Router reloads after it.
  const submitting = fetcher.state !== 'idle'
  // Set at the submit itself: a second click before React has drawn 'Submitting...' (the router's
  // state arrives in a transition) must not send the request again (issue 22).
  const sending = useRef(false)
  useEffect(() => {
    if (fetcher.state === 'idle') sending.current = false
  }, [fetcher.state, fetcher.data])
  const formRef = useRef<HTMLFormElement>(null)
  const formCheck = useFormCheck(loadProposalCheck)
  const uid = useId()
  // Once hydrated the site's own validation runs alone (noValidate): messages beside every field,
  // not the browser's bubble one field at a time. Before that, `required` still guards the plain form.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  // The address of the request just stored; the confirmation takes focus when it appears.
  const [sentTo, setSentTo] = useState<string | null>(null)
  const confirmation = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (sentTo !== null) confirmation.current?.focus()
  }, [sentTo, fetcher.data])

  // A refused field's message goes as soon as the field is right.
  const set = (field: ProposalField) => (e: { target: { value: string } }) => {
    if (errors[field] && formCheck.current()?.field(field, e.target.value)) setErrors(({ [field]: _fixed, ...rest }) => rest)
  }

  const focusFirstError = (errs: Record<string, string>) => {
    const first = PROPOSAL_FIELDS.find((f) => errs[f])
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }

  // The action's answer (a new object each time): stored, or refused with the values kept.
  useEffect(() => {
    const answer = fetcher.data
    if (!answer) return
    setFormError(answer.formError)
    setErrors(answer.errors)
    if (answer.ok) {
      // The same confirmation as after the plain form's post, in the form's place (a filled form
      // beneath it would invite a second send, issue 35), focused (not only a toast).
      setSentTo(answer.sentTo ?? '')
      return
    }
    setSentTo(null)
    toast(FAILURE_TOAST)
    focusFirstError(answer.errors)
  }, [fetcher.data, toast])

  /** Checked with the server's own schema first (once it has loaded): while a field is refused nothing is sent. */
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    if (submitting || sending.current) return e.preventDefault()
    if (!formCheck.ready(e)) return
    const refused = formCheck.refused(e.currentTarget, PROPOSAL_FIELDS)
    if (refused) e.preventDefault()
    else sending.current = true
    setFormError(undefined)
    const errs = refused ?? {}
    setErrors(errs)
    focusFirstError(errs)
  }

  /** A field of the form: its label, control wiring and the error the server or the schema gave. */
  const field = (name: ProposalField, label: string, required = true, hint?: string) => ({
    id: `${uid}-${name}`,
    label,
    required,
    hint,
    error: errors[name],
  })

  if (sentTo !== null) return <SubmittedNotice ref={confirmation} sentTo={sentTo} />
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate={hydrated}
      onSubmit={onSubmit}
      {...formCheck.loadOn}
      className="space-y-5"
      aria-describedby={`${uid}-required-note`}
    >
      <CsrfField />
      {hidden && Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      <p id={`${uid}-required-note`} className="text-sm text-ink-600">
        Fields marked with{' '}
        <span aria-hidden="true" className="text-danger-700">
          *
        </span>
        <span className="sr-only">an asterisk</span> are required.
      </p>
      {formError && (
        <div role="alert" className="rounded-md border border-danger-300 bg-danger-50 p-3 text-sm text-danger-800">
          {formError}
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field {...field('name', 'Full Name')}>
          <Input size="md" name="name" type="text" autoComplete="name" required defaultValue={defaults.name} onChange={set('name')} />
        </Field>
        <Field {...field('email', 'Email Address')}>
          <Input size="md" name="email" type="email" autoComplete="email" required defaultValue={defaults.email} onChange={set('email')} />
        </Field>
        <Field {...field('phone', 'Phone Number', false)}>
          <Input size="md" name="phone" type="tel" autoComplete="tel" defaultValue={defaults.phone} onChange={set('phone')} />
        </Field>
        <Field {...field('businessType', 'Business Type')}>
          <Select size="md" name="businessType" aria-required="true" defaultValue={defaults.businessType} onChange={set('businessType')}>
            <option value="">Select your business type</option>
            <Options items={BUSINESS_TYPES} label={(t) => BUSINESS_TYPE_LABELS[t]} />
          </Select>
        </Field>
        <Field {...field('budget', 'Budget Range')} className="sm:col-span-2">
          <Select size="md" name="budget" aria-required="true" defaultValue={defaults.budget} onChange={set('budget')}>
            <option value="">Select your budget range</option>
            <Options items={BUDGETS} label={(b) => BUDGET_LABELS[b]} />
          </Select>
        </Field>
      </div>
      <Field
        {...field(
          'requirements',
          'Project Requirements',
          true,
          'Tell us about your business, the pages and features you need, and any deadline.',
        )}
      >
        <Textarea size="md" name="requirements" rows={7} required defaultValue={defaults.requirements} onChange={set('requirements')} />
      </Field>

      <Honeypot id={`${uid}-website`} />

      <Button type="submit" size="lg" disabled={submitting} className="w-full shadow-sm sm:w-auto">
        {submitting && <Icon node={Loader2} aria-hidden="true" className="size-4 animate-spin" />}
        {submitting ? 'Submitting...' : 'Submit Proposal Request'}
      </Button>
    </fetcher.Form>
  )
}

/**
 * The confirmation after a stored request, in place of the form, the same with JavaScript (focused
 * when it appears) and after the plain form's post/redirect/get (?submitted=1): what happens next,
 * where it goes, and one next step: booking a call.
 */
export function SubmittedNotice({ sentTo, ref }: { sentTo: string | null; ref?: Ref<HTMLDivElement> }) {
  const titleId = useId()
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      aria-labelledby={titleId}
      className="flex gap-3 rounded-lg border border-success-300 bg-success-50 p-4 text-success-900 sm:p-6"
    >
      <Icon node={CheckCircle2} aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success-700" />
      <div>
        <h2 id={titleId} className="font-semibold">
          {SUCCESS_TOAST.title}
        </h2>
        <p className="mt-1 text-sm">{SUCCESS_TOAST.description}</p>
        <p className="mt-2 text-sm font-medium">What happens next</p>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
          <li>
            {sentTo ? (
              <>
                Your proposal goes to <strong>{sentTo}</strong>, and a confirmation is on its way there now.
              </>
            ) : (
              'Your proposal goes to the email address you gave, and a confirmation is on its way there now.'
            )}
          </li>
          <li>It lists a fixed price, the pages and features, and a launch date. Reply to it with any question.</li>
        </ul>
        <p className="mt-4 text-sm">Rather talk it through before then?</p>
        <BookCallLink />
      </div>
    </div>
  )
}
