import { useEffect, useId, useState, type ComponentProps } from 'react'
import { Form, useNavigation } from 'react-router'
import { CsrfField } from '~/components/csrf-field.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, FieldError, fieldAria, RequiredMark } from '~/components/ui/field.tsx'
import { Input, Options, Select, Textarea } from '~/components/ui/input.tsx'
import { URGENCY_OPTIONS, WEBSITE_TYPES, dollars } from '~/content/pricing.ts'
import { documentAddons } from '~/lib/proposal-document.ts'
import { PRICE_LIST } from '~/content/pricing.ts'
import { MILESTONE_ROWS, PAYMENT_ROWS, SCOPE_ROWS } from '~/lib/proposal-document-schemas.ts'
import { TitledCard } from './titled-card.tsx'
import { RichTextEditor } from './rich-text-editor.tsx'
import { useAutosave } from './use-autosave.ts'
import { useLaterChange } from './use-later-change.ts'
import { useUnsavedChanges } from './unsaved-guard.tsx'

export const DOCUMENT_FORM_ID = 'proposal-document-form'
const AUTOSAVE_WORDS = {
  saved: (time: string) => `Saved (draft copy at ${time}; the client sees it once you save)`,
  announced: 'Saved: a draft copy is kept beside the proposal; the client sees it once you save',
}

/**
 * The proposal's fields (issue 38): one plain form with numbered rows, saved with `intent=save`
 * (no script needed; the summary is then an HTML box). Once the page's script runs, the summary
 * is the posts' rich-text editor, a copy of the form is autosaved beside the proposal every few
 * seconds while the admin types (`intent=autosave`), and leaving with unsaved changes asks first.
 * `values` are the fields to start from; `answer` the action's answer to a save.
 */
export function ProposalDocumentEditor({
  values: v,
  errors,
  answer,
  closed,
  sent,
  canSetDefaultTerms,
  initiallyDirty,
}: {
  values: Record<string, string>
  errors: Record<string, string>
  answer: { ok: boolean } | undefined
  closed: boolean
  sent: boolean
  canSetDefaultTerms: boolean
  initiallyDirty: boolean
}) {
  const uid = useId()
  const fid = (name: string) => `${uid}-${name}`
  const err = (name: string) => errors[name]
  /** A numbered row's field (`name` ends with the row's index): its label, its error and the value it opened with. */
  const rowInput = (name: string, label: string, input: ComponentProps<typeof Input> = {}) => (
    <Field id={fid(name)} label={label} error={err(name)}>
      <Input name={name} defaultValue={v[name] ?? ''} {...input} />
    </Field>
  )
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const [summary, setSummary] = useState(v.summary ?? '')
  const { markDirty, guard } = useUnsavedChanges(DOCUMENT_FORM_ID, { initiallyDirty, answer, intent: 'save' })
  const autosave = useAutosave(DOCUMENT_FORM_ID, !closed, AUTOSAVE_WORDS)

  useEffect(() => {
    if (!answer || answer.ok) return
    const first = Object.keys(errors)[0]
    if (first) document.getElementById(fid(first))?.focus()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [answer])

  // The rich-text editor changes without a DOM event on the form.
  useLaterChange(summary, () => {
    markDirty()
    autosave.changed()
  })

  return (
    <>
      {guard}
      <Form
        id={DOCUMENT_FORM_ID}
        method="post"
        className="space-y-6"
        onChange={() => autosave.changed()}
        onSubmit={() => autosave.cancel()}
      >
        <CsrfField />
        <fieldset disabled={closed} className="space-y-6">
          <TitledCard inheritColour id={fid('about')} title="The proposal">
            <div className="space-y-4">
              <Field id={fid('title')} label="Title" required error={err('title')}>
                <Input name="title" aria-required="true" defaultValue={v.title} />
              </Field>
              <div>
                <RichTextEditor
                  id={fid('summary')}
                  name="summary"
                  label={
                    <>
                      Summary
                      <RequiredMark />
                    </>
                  }
                  value={summary}
                  onChange={setSummary}
                  invalid={Boolean(err('summary'))}
                  describedBy={fieldAria(fid('summary'), { error: err('summary') })['aria-describedby']}
                  images={false}
                  size="short"
                />
                <FieldError id={fid('summary')} message={err('summary')} />
              </div>
              <Field
                id={fid('validUntil')}
                label="Open until"
                hint="The last day the client may accept."
                required
                error={err('validUntil')}
              >
                <Input type="date" name="validUntil" aria-required="true" defaultValue={v.validUntil} />
              </Field>
            </div>
          </TitledCard>

          <TitledCard inheritColour id={fid('scope')} title="Scope">
            <div className="space-y-4">
              {Array.from({ length: SCOPE_ROWS }, (_, i) => (
                <div key={i} className="grid gap-3 sm:grid-cols-[16rem_1fr]">
                  {rowInput(`scopeHeading${i}`, `Section ${i + 1} heading`)}
                  <Field id={fid(`scopeBody${i}`)} label={`Section ${i + 1} text`} error={err(`scopeBody${i}`)}>
                    <Textarea name={`scopeBody${i}`} rows={3} defaultValue={v[`scopeBody${i}`] ?? ''} />
                  </Field>
                </div>
              ))}
            </div>
          </TitledCard>

          <TitledCard inheritColour id={fid('price')} title="Price" intro="From the price list; the total is worked out when you save.">
            <div className="grid gap-4 sm:grid-cols-3">
              <Field id={fid('plan')} label="Plan" error={err('plan')}>
                <Select name="plan" defaultValue={v.plan}>
                  <option value="">No plan</option>
                  <Options items={WEBSITE_TYPES} value={(t) => t.id} label={(t) => `${t.label} (${dollars(t.base)})`} />
                </Select>
              </Field>
              <Field id={fid('extraPages')} label="Extra pages" error={err('extraPages')}>
                <Input type="number" min={0} inputMode="numeric" name="extraPages" defaultValue={v.extraPages} />
              </Field>
              <Field id={fid('urgency')} label="Urgency" error={err('urgency')}>
                <Select name="urgency" defaultValue={v.urgency}>
                  {URGENCY_OPTIONS.map((u) => (
                    <option key={u.id} value={u.id}>
                      {u.name}
                      {u.multiplier > 1 ? ` (+${Math.round((u.multiplier - 1) * 100)}%)` : ''}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
            <fieldset className="mt-4">
              <legend className="text-sm font-medium text-ink-800">Add-ons (quantity; 0 leaves one out)</legend>
              <div className="mt-2 grid gap-3 sm:grid-cols-3">
                {documentAddons(PRICE_LIST).map((a) => (
                  <Field key={a.id} id={fid(`addon-${a.id}`)} label={`${a.name} (${dollars(a.price)})`} error={err(`addon-${a.id}`)}>
                    <Input type="number" min={0} inputMode="numeric" name={`addon-${a.id}`} defaultValue={v[`addon-${a.id}`] ?? '0'} />
                  </Field>
                ))}
              </div>
            </fieldset>
            <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_10rem_7rem_10rem]">
              <Field id={fid('customLabel')} label="Custom line" error={err('customLabel')}>
                <Input name="customLabel" defaultValue={v.customLabel} />
              </Field>
              <Field id={fid('customPrice')} label="Its price ($)" error={err('customPrice')}>
                <Input name="customPrice" inputMode="decimal" defaultValue={v.customPrice} />
              </Field>
              <Field id={fid('customQty')} label="Quantity" error={err('customQty')}>
                <Input type="number" min={0} inputMode="numeric" name="customQty" defaultValue={v.customQty} />
              </Field>
              <Field id={fid('discount')} label="Discount ($)" error={err('discount')}>
                <Input name="discount" inputMode="decimal" defaultValue={v.discount} />
              </Field>
            </div>
          </TitledCard>

          <TitledCard
            inheritColour
            id={fid('timeline')}
            title="Timeline"
            intro="Pre-filled from the price list's delivery times, counted from today in the agency's time zone."
          >
            <div className="space-y-3">
              {Array.from({ length: MILESTONE_ROWS }, (_, i) => (
                <div key={i} className="grid gap-3 sm:grid-cols-[1fr_12rem]">
                  {rowInput(`milestoneLabel${i}`, `Milestone ${i + 1}`)}
                  {rowInput(`milestoneDate${i}`, `Milestone ${i + 1} date`, { type: 'date' })}
                </div>
              ))}
            </div>
          </TitledCard>

          <TitledCard
            inheritColour
            id={fid('payments')}
            title="Payments"
            intro="The percentages add up to 100; the amounts follow the total."
          >
            <div className="space-y-3">
              {Array.from({ length: PAYMENT_ROWS }, (_, i) => (
                <div key={i} className="grid gap-3 sm:grid-cols-[1fr_8rem]">
                  {rowInput(`paymentLabel${i}`, `Payment ${i + 1}`)}
                  {rowInput(`paymentPercent${i}`, `Payment ${i + 1} (%)`, { type: 'number', min: 1, max: 100, inputMode: 'numeric' })}
                </div>
              ))}
            </div>
          </TitledCard>

          {/* The heading's id is not the field's (fid('terms')): one id on both left the terms box without a name. */}
          <TitledCard inheritColour id={fid('terms-heading')} title="Terms">
            <Field id={fid('terms')} label="Terms of this proposal" required error={err('terms')}>
              <Textarea name="terms" rows={6} aria-required="true" defaultValue={v.terms} />
            </Field>
            {canSetDefaultTerms && (
              <div className="mt-3 flex items-start gap-2">
                <input id={fid('defaultTerms')} type="checkbox" name="defaultTerms" value="yes" className="mt-1 size-4" />
                <label htmlFor={fid('defaultTerms')} className="text-sm text-ink-800">
                  Also make these the default terms for new proposals
                </label>
              </div>
            )}
          </TitledCard>

          <div className="flex flex-wrap items-center justify-between gap-3">
            <Button type="submit" name="intent" value="save" disabled={saving}>
              {saving ? 'Saving…' : sent ? 'Save as a new version' : 'Save proposal'}
            </Button>
            <p className="min-h-5 text-sm text-ink-700" data-testid="autosave-status">
              {autosave.message}
            </p>
            {/* Announced only when the state changes, not at each save every few seconds. */}
            <p role="status" className="sr-only">
              {autosave.announcement}
            </p>
          </div>
        </fieldset>
      </Form>
    </>
  )
}
