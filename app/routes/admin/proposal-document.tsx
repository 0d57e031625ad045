import { useEffect, useId } from 'react'
import { Form, Link, data, useNavigation } from 'react-router'
import type { Route } from './+types/proposal-document'
import { CsrfField } from '~/components/csrf-field.tsx'
import { adminMeta } from '~/components/admin/meta.ts'
import { MailNotDelivered, useMailSetUp } from '~/components/admin/mail-banner.tsx'
import { Notice, errorNotice } from '~/components/admin/notice.tsx'
import { PageHeader } from '~/components/admin/ui.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Input, Select, Textarea } from '~/components/ui/input.tsx'
import type { Toast } from '~/components/ui/toast.tsx'
import { URGENCY_OPTIONS, WEBSITE_TYPES, dollars } from '~/content/pricing.ts'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readForm } from '~/http/forms.server.ts'
import { CSRF_FIELD } from '~/lib/csrf.ts'
import { DOCUMENT_ADDONS, DOCUMENT_STATE_LABELS, dayLabel, money } from '~/lib/proposal-document.ts'
import { MILESTONE_ROWS, PAYMENT_ROWS, SCOPE_ROWS, documentFormValues, parseDocumentForm } from '~/lib/proposal-document-schemas.ts'
import { DomainValidationError, NotFoundError } from '~/services/errors.server.ts'
import { can } from '~/lib/permissions.ts'
import { DocumentClosedError, getLeadDocument, saveDefaultTerms, saveDocument, sendDocument } from '~/services/proposal-documents.server.ts'
import { failureStatus, requireRowId } from './+shared/content-actions.server.ts'

/**
 * "Write a proposal" (issue 38): the document for a lead, one plain form (numbered rows, no
 * script needed), saved with `intent=save` and sent with `intent=send`. Prices are never read
 * from the form: the service prices the choices from the price list.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const id = requireRowId(params.id)
  try {
    const doc = await getLeadDocument(context.app.db, admin, id)
    return { adminPath: context.app.config.adminPath, canSetDefaultTerms: can(admin.role, 'settings'), lead: { id: doc.lead.id, name: doc.lead.name, email: doc.lead.email }, document: doc.document, values: documentFormValues(doc.draft), totalCents: doc.content.priced.totalCents }
  } catch (err) {
    if (err instanceof NotFoundError) throw data(null, { status: 404 })
    throw err
  }
}

type Answer = { ok: boolean; notice?: Toast; formError?: string; fields: Record<string, string>; values?: Record<string, string> }

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const id = requireRowId(params.id)
  const read = await readForm(request)
  const values = Object.fromEntries([...(read.form ?? [])].filter(([k]) => k !== CSRF_FIELD).map(([k, v]) => [k, String(v)]))
  const refused = (status: number, fields: Record<string, string>, formError = 'The proposal was not saved: check the fields marked below.') =>
    data<Answer>({ ok: false, notice: errorNotice(formError), formError, fields, values }, { status })
  if (!read.ok) return refused(read.failure.status, {}, read.failure.formError)
  const { db, config, mailer } = context.app
  try {
    if (values.intent === 'send') {
      const { toAddress } = await sendDocument(db, admin, id, (token) => `${config.siteUrl}/p/${token}`)
      // Truthful about the mail (issue 36): "sent" only when mail is set up.
      return {
        ok: true,
        fields: {},
        notice: mailer.configured
          ? { title: 'Proposal Sent', description: `The link to the proposal is on its way to ${toAddress}.` }
          : { title: 'Proposal Kept', description: `The mail with the link to ${toAddress} is kept in the outbox, not sent: mail is not set up. It goes when mail is.` },
      } satisfies Answer
    }
    if (values.intent !== 'save') throw data(null, { status: 400 })
    const checked = parseDocumentForm(values)
    if (!checked.ok) return refused(400, checked.fields)
    const doc = await saveDocument(db, admin, id, checked.data)
    const asDefault = values.defaultTerms === 'yes'
    if (asDefault) await saveDefaultTerms(db, admin, checked.data.terms)
    const saved = doc.version > 0 ? `Version ${doc.version} is saved: the client's link shows it now.` : `Saved as a draft. Total ${money(doc.totalCents)}.`
    return {
      ok: true,
      fields: {},
      notice: { title: 'Proposal Saved', description: asDefault ? `${saved} Its terms are now the default for new proposals.` : saved },
    } satisfies Answer
  } catch (err) {
    if (err instanceof DomainValidationError) return refused(400, err.fields, Object.values(err.fields)[0])
    if (err instanceof DocumentClosedError) return refused(409, {}, err.message)
    if (err instanceof Response) throw err
    return refused(failureStatus(context, err, 'Failed to save the proposal.'), {}, 'Failed to save the proposal.')
  }
}

export const meta: Route.MetaFunction = ({ data: d }) => adminMeta(d ? `Proposal for ${d.lead.name}` : 'Proposal')

const box = 'rounded-lg border border-ink-200 bg-white p-5 shadow-sm'

export default function ProposalDocumentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { adminPath, lead, document: doc, values: saved, totalCents } = loaderData
  const answer = actionData as Answer | undefined
  const uid = useId()
  const navigation = useNavigation()
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  const mailSetUp = useMailSetUp().configured
  const v = answer && !answer.ok && answer.values ? answer.values : saved
  const err = (name: string) => answer?.fields[name]
  const fid = (name: string) => `${uid}-${name}`
  const closed = doc && !['draft', 'sent', 'viewed'].includes(doc.state)
  const leadHref = `/${adminPath}/proposals/${lead.id}`

  useEffect(() => {
    if (!answer || answer.ok) return
    const first = Object.keys(answer.fields)[0]
    if (first) document.getElementById(fid(first))?.focus()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer])

  return (
    <>
      <PageHeader
        title={`Proposal for ${lead.name}`}
        description={doc ? `${DOCUMENT_STATE_LABELS[doc.state]}${doc.version ? `, version ${doc.version}` : ''} · ${money(doc.totalCents)}` : `Not saved yet · ${money(totalCents)} as pre-filled`}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to={leadHref} className={buttonClass({ variant: 'secondary' })}>
              Back to the lead
            </Link>
            {doc && (
              <Link to={`${leadHref}/document/preview`} className={buttonClass({ variant: 'secondary' })}>
                Preview as the client sees it
              </Link>
            )}
          </div>
        }
      />
      <Notice notice={answer?.notice} />
      {answer?.formError && (
        <p role="alert" className="mb-4 rounded-lg border border-danger-300 bg-danger-50 p-3 text-danger-900">
          {answer.formError}
        </p>
      )}
      {doc && doc.state !== 'draft' && (
        <p className="mb-4 rounded-lg border border-ink-200 bg-ink-50 p-3 text-sm text-ink-900">
          {closed
            ? `This proposal is ${DOCUMENT_STATE_LABELS[doc.state].toLowerCase()}: it can no longer change.`
            : `Sent${doc.sentAt ? ` on ${dayLabel(doc.sentAt.slice(0, 10))}` : ''}. Saving makes a new version; the client's link shows the newest.`}
        </p>
      )}

      <Form method="post" className="space-y-6" key={`${doc?.version ?? 0}-${doc?.totalCents ?? ''}-${answer?.ok ? 'ok' : ''}`}>
        <CsrfField />
        <fieldset disabled={!!closed} className="space-y-6">
          <section aria-labelledby={fid('about')} className={box}>
            <h2 id={fid('about')} className="mb-3 text-lg font-semibold">
              The proposal
            </h2>
            <div className="space-y-4">
              <Field id={fid('title')} label="Title" required error={err('title')}>
                <Input name="title" aria-required="true" defaultValue={v.title} />
              </Field>
              <Field id={fid('summary')} label="Summary" hint="HTML: paragraphs, lists, links and emphasis are kept, anything else removed (as for blog posts)." required error={err('summary')}>
                <Textarea name="summary" rows={5} aria-required="true" defaultValue={v.summary} />
              </Field>
              <Field id={fid('validUntil')} label="Open until" hint="The last day the client may accept." required error={err('validUntil')}>
                <Input type="date" name="validUntil" aria-required="true" defaultValue={v.validUntil} />
              </Field>
            </div>
          </section>

          <section aria-labelledby={fid('scope')} className={box}>
            <h2 id={fid('scope')} className="mb-3 text-lg font-semibold">
              Scope
            </h2>
            <div className="space-y-4">
              {Array.from({ length: SCOPE_ROWS }, (_, i) => (
                <div key={i} className="grid gap-3 sm:grid-cols-[16rem_1fr]">
                  <Field id={fid(`scopeHeading${i}`)} label={`Section ${i + 1} heading`} error={err(`scopeHeading${i}`)}>
                    <Input name={`scopeHeading${i}`} defaultValue={v[`scopeHeading${i}`] ?? ''} />
                  </Field>
                  <Field id={fid(`scopeBody${i}`)} label={`Section ${i + 1} text`} error={err(`scopeBody${i}`)}>
                    <Textarea name={`scopeBody${i}`} rows={3} defaultValue={v[`scopeBody${i}`] ?? ''} />
                  </Field>
                </div>
              ))}
            </div>
          </section>

          <section aria-labelledby={fid('price')} className={box}>
            <h2 id={fid('price')} className="text-lg font-semibold">
              Price
            </h2>
            <p className="mt-1 mb-3 text-sm text-ink-600">From the price list; the total is worked out when you save.</p>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field id={fid('plan')} label="Plan" error={err('plan')}>
                <Select name="plan" defaultValue={v.plan}>
                  <option value="">No plan</option>
                  {WEBSITE_TYPES.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.label} ({dollars(t.base)})
                    </option>
                  ))}
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
                {DOCUMENT_ADDONS.map((a) => (
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
          </section>

          <section aria-labelledby={fid('timeline')} className={box}>
            <h2 id={fid('timeline')} className="text-lg font-semibold">
              Timeline
            </h2>
            <p className="mt-1 mb-3 text-sm text-ink-600">Pre-filled from the price list&apos;s delivery times, counted from today in the agency&apos;s time zone.</p>
            <div className="space-y-3">
              {Array.from({ length: MILESTONE_ROWS }, (_, i) => (
                <div key={i} className="grid gap-3 sm:grid-cols-[1fr_12rem]">
                  <Field id={fid(`milestoneLabel${i}`)} label={`Milestone ${i + 1}`} error={err(`milestoneLabel${i}`)}>
                    <Input name={`milestoneLabel${i}`} defaultValue={v[`milestoneLabel${i}`] ?? ''} />
                  </Field>
                  <Field id={fid(`milestoneDate${i}`)} label={`Milestone ${i + 1} date`} error={err(`milestoneDate${i}`)}>
                    <Input type="date" name={`milestoneDate${i}`} defaultValue={v[`milestoneDate${i}`] ?? ''} />
                  </Field>
                </div>
              ))}
            </div>
          </section>

          <section aria-labelledby={fid('payments')} className={box}>
            <h2 id={fid('payments')} className="text-lg font-semibold">
              Payments
            </h2>
            <p className="mt-1 mb-3 text-sm text-ink-600">The percentages add up to 100; the amounts follow the total.</p>
            <div className="space-y-3">
              {Array.from({ length: PAYMENT_ROWS }, (_, i) => (
                <div key={i} className="grid gap-3 sm:grid-cols-[1fr_8rem]">
                  <Field id={fid(`paymentLabel${i}`)} label={`Payment ${i + 1}`} error={err(`paymentLabel${i}`)}>
                    <Input name={`paymentLabel${i}`} defaultValue={v[`paymentLabel${i}`] ?? ''} />
                  </Field>
                  <Field id={fid(`paymentPercent${i}`)} label={`Payment ${i + 1} (%)`} error={err(`paymentPercent${i}`)}>
                    <Input type="number" min={1} max={100} inputMode="numeric" name={`paymentPercent${i}`} defaultValue={v[`paymentPercent${i}`] ?? ''} />
                  </Field>
                </div>
              ))}
            </div>
          </section>

          {/* NOTE: the heading's id is not the field's (fid('terms')): one id on both left the terms box without a name. */}
          <section aria-labelledby={fid('terms-heading')} className={box}>
            <h2 id={fid('terms-heading')} className="mb-3 text-lg font-semibold">
              Terms
            </h2>
            <Field id={fid('terms')} label="Terms of this proposal" required error={err('terms')}>
              <Textarea name="terms" rows={6} aria-required="true" defaultValue={v.terms} />
            </Field>
            {loaderData.canSetDefaultTerms && (
              <div className="mt-3 flex items-start gap-2">
                <input id={fid('defaultTerms')} type="checkbox" name="defaultTerms" value="yes" className="mt-1 size-4" />
                <label htmlFor={fid('defaultTerms')} className="text-sm text-ink-800">
                  Also make these the default terms for new proposals
                </label>
              </div>
            )}
          </section>

          <Button type="submit" name="intent" value="save" disabled={busy('save')}>
            {busy('save') ? 'Saving…' : doc && doc.state !== 'draft' ? 'Save as a new version' : 'Save proposal'}
          </Button>
        </fieldset>
      </Form>

      {doc?.state === 'draft' && (
        <section aria-labelledby={fid('send')} className={`${box} mt-6`}>
          <h2 id={fid('send')} className="text-lg font-semibold">
            Send to {lead.name}
          </h2>
          <p className="mt-1 mb-3 text-sm text-ink-600">
            Mails <span className="break-all">{lead.email}</span> a private link to the saved proposal, through the site&apos;s outbox. Save your changes first.
          </p>
          <MailNotDelivered what="The proposal's mail" className="mb-3" />
          <Form method="post">
            <CsrfField />
            <Button type="submit" name="intent" value="send" disabled={busy('send')}>
              {busy('send') ? 'Sending…' : mailSetUp ? 'Send' : 'Keep in the outbox to send later'}
            </Button>
          </Form>
        </section>
      )}
    </>
  )
}
