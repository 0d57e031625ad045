import { ArrowLeft, Trash2 } from 'lucide'
import { LeadAttributionList } from '~/components/admin/lead-attribution.tsx'
import { useEffect, useId, useRef } from 'react'
import { Form, Link, data, useNavigation, useSubmit } from 'react-router'
import type { Route } from './+types/proposal'
import { CsrfField, useCsrfToken } from '~/components/csrf-field.tsx'
import { adminMeta } from '~/components/admin/meta.ts'
import { Notice, errorNotice } from '~/components/admin/notice.tsx'
import { MailNotDelivered, useMailSetUp } from '~/components/admin/mail-banner.tsx'
import { ProposalHistory, ProposalNotes, ProposalOriginView, ProposalSummary } from '~/components/admin/proposal-details.tsx'
import { LeadTriage } from '~/components/admin/lead-triage.tsx'
import { useMenuCountsAfterOpening } from '~/components/admin/use-menu-counts.ts'
import { ConfirmButton, PageHeader } from '~/components/admin/ui.tsx'
import { LEAD_KIND_LABELS, type LeadKind } from '~/lib/lead-desk-query.ts'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Input, Textarea } from '~/components/ui/input.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import type { Toast } from '~/components/ui/toast.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { listAssignees } from '~/services/people.server.ts'
import { AssignSchema } from '~/lib/lead-desk-schemas.ts'
import { readForm, validate } from '~/http/forms.server.ts'
import { serverActionOr, submittedIntent } from '~/lib/client-action.ts'
import { CSRF_FIELD } from '~/lib/csrf.ts'
import { NextStepSchema, ProposalNoteSchema, ProposalReplySchema } from '~/lib/lead-desk-schemas.ts'
import { ProposalStatusSchema } from '~/lib/schemas.ts'
import { addProposalNote, assignProposal, getProposalDesk, replyToProposal, setProposalNextStep } from '~/services/lead-desk.server.ts'
import { setProposalStatus } from '~/services/proposals.server.ts'
import { leadCalls } from '~/services/bookings.server.ts'
import { withCallTimes } from '~/lib/booking-slots.ts'
import { TimesIn } from '~/components/admin/local-time.tsx'
import { readerZone } from '~/services/clock.server.ts'
import { can } from '~/lib/permissions.ts'
import { DOCUMENT_STATE_LABELS, money } from '~/lib/proposal-document.ts'
import { documentSummaryForLead } from '~/services/proposal-documents.server.ts'
import { messageOfLead } from '~/services/message-leads.server.ts'
import { failureStatus, requireRowId } from './+shared/content-actions.server.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const id = requireRowId(params.id)
  const desk = await getProposalDesk(context.app.db, admin, id)
  // One clock (docs/decisions/070): the calls, the notes' call times and Calls itself in the reader's zone.
  const zone = (await readerZone(context.app.db, admin)).id
  desk.events = desk.events.map((e) => ({ ...e, body: e.body && withCallTimes(e.body, zone) }))
  const calls = await leadCalls(context.app.db, admin, id, zone)
  const document = await documentSummaryForLead(context.app.db, id)
  return {
    adminPath: context.app.config.adminPath,
    ...desk,
    calls,
    zone,
    assignees: await listAssignees(context.app.db),
    // The proposal written for this lead (issue 38): its state and value, and whether this person may write one.
    document: document && {
      state: document.state,
      totalCents: document.totalCents,
      version: document.version,
      viewCount: document.viewCount,
      signerName: document.signerName,
      declineReason: document.declineReason,
    },
    canWriteProposal: can(admin.role, 'proposals.write'),
    // The contact message this request was made from, to write its proposal (issue 38).
    fromMessage: await messageOfLead(context.app.db, admin, id),
  }
}

const INTENTS = ['note', 'status', 'reply', 'assign', 'next'] as const
type Intent = (typeof INTENTS)[number]

const FAILED: Record<Intent, string> = {
  note: 'Failed to add the note.',
  status: 'Failed to update proposal status.',
  reply: 'Failed to send the reply.',
  assign: 'Failed to assign the proposal.',
  next: 'Failed to save the next step.',
}

/** What each of the page's forms gets back: the notice, the messages beside the fields, what was typed. */
type Answer = {
  ok: boolean
  intent: Intent
  notice?: Toast
  fields: Record<string, string>
  values?: Record<string, string>
  eventId?: number
}

const isIntent = (v: unknown): v is Intent => (INTENTS as readonly unknown[]).includes(v)

/**
 * The lead desk's writes, plain forms posted to this route (with or without JavaScript):
 * `intent=note` (a note), `intent=status` (the status, recorded in the history) and
 * `intent=reply` (the reply, queued in the outbox and kept in the history).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const id = requireRowId(params.id)
  const read = await readForm(request)
  const intent = read.form?.get('intent')
  if (!isIntent(intent)) throw data(null, { status: 400 })
  const values = Object.fromEntries([...(read.form ?? [])].filter(([k]) => k !== CSRF_FIELD).map(([k, v]) => [k, String(v)]))
  const refused = (status: number, fields: Record<string, string> = {}, notice = errorNotice(FAILED[intent])) =>
    data({ ok: false, intent, notice, fields, values } satisfies Answer, {
      status,
    })
  if (!read.ok) return refused(read.failure.status, {}, errorNotice(read.failure.formError ?? FAILED[intent]))
  const { db } = context.app
  try {
    if (intent === 'note') {
      const checked = validate(ProposalNoteSchema, { note: values.note })
      if (!checked.ok) return refused(400, checked.failure.fields)
      const note = await addProposalNote(db, admin, id, checked.data)
      return {
        ok: true,
        intent,
        notice: {
          title: 'Note Added',
          description: 'Your note has been saved.',
        },
        fields: {},
        eventId: note.id,
      } satisfies Answer
    }
    if (intent === 'status') {
      const checked = validate(ProposalStatusSchema, { status: values.status })
      if (!checked.ok) return refused(400, checked.failure.fields)
      const proposal = await setProposalStatus(db, admin, id, checked.data.status)
      return {
        ok: true,
        intent,
        notice: {
          title: 'Status Updated',
          description: `Proposal status changed to ${proposal.status}`,
        },
        fields: {},
      } satisfies Answer
    }
    if (intent === 'next') {
      const checked = validate(NextStepSchema, { nextStep: values.nextStep ?? '' })
      if (!checked.ok) return refused(400, checked.failure.fields)
      await setProposalNextStep(db, admin, id, checked.data.nextStep)
      return {
        ok: true,
        intent,
        notice: {
          title: 'Next Step Saved',
          description: checked.data.nextStep ? `Next step: ${checked.data.nextStep}` : 'The next step is cleared.',
        },
        fields: {},
      } satisfies Answer
    }
    if (intent === 'assign') {
      const checked = validate(AssignSchema, { assignedTo: values.assignedTo })
      if (!checked.ok) return refused(400, checked.failure.fields)
      await assignProposal(db, admin, id, checked.data.assignedTo)
      return {
        ok: true,
        intent,
        notice: {
          title: 'Proposal Assigned',
          description: !checked.data.assignedTo
            ? 'No one is assigned now.'
            : context.app.mailer.configured
              ? 'A notice to the assignee is on its way by mail.'
              : 'The notice to the assignee is kept in the outbox, not sent: mail is not set up. Tell them yourself.',
        },
        fields: {},
      } satisfies Answer
    }
    const checked = validate(ProposalReplySchema, {
      subject: values.subject,
      body: values.body,
    })
    if (!checked.ok) return refused(400, checked.failure.fields)
    const reply = await replyToProposal(db, admin, id, checked.data)
    // Truthful about the mail (issue 36): on its way when mail is set up, kept when it is not.
    return {
      ok: true,
      intent,
      notice: context.app.mailer.configured
        ? { title: 'Reply Queued', description: `Your reply to ${reply.toAddress} is on its way; it is kept in the history.` }
        : {
            title: 'Reply Kept',
            description: `Your reply to ${reply.toAddress} is kept in the outbox and the history, not sent: mail is not set up, so it will be sent when it is.`,
          },
      fields: {},
      eventId: reply.id,
    } satisfies Answer
  } catch (err) {
    return refused(failureStatus(context, err, FAILED[intent]))
  }
}

/** An answer that is not the action's own (a proxy's error page, no connection) still gets the red notice, and what was typed stays. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = await submittedIntent(request)
  const safe: Intent = isIntent(intent) ? intent : 'note'
  const form = await request.clone().formData()
  const values = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]))
  return serverActionOr(serverAction, {
    ok: false,
    intent: safe,
    notice: errorNotice(FAILED[safe]),
    fields: {},
    values,
  } satisfies Answer)
}

export const meta: Route.MetaFunction = ({ data: d }) => adminMeta(d ? `Proposal from ${d.proposal.name}` : 'Proposal')

export default function ProposalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { adminPath, proposal: p, triage, events, origin, visit, replyDraft, calls, zone, document: doc } = loaderData
  const submit = useSubmit()
  const csrfToken = useCsrfToken()
  const answer = actionData as Answer | undefined
  const uid = useId()
  useMenuCountsAfterOpening(loaderData.firstOpening, p.id)
  const navigation = useNavigation()
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  const notes = events.filter((e) => e.kind === 'note')
  const noteRef = useRef<HTMLTextAreaElement>(null)
  const mine = (intent: Intent) => (answer?.intent === intent ? answer : undefined)
  const noteAnswer = mine('note')
  const replyAnswer = mine('reply')
  const mailSetUp = useMailSetUp().configured

  // After a write, focus goes where the work continues: an empty note box for the next note, the
  // reply in the history, or the first refused field.
  useEffect(() => {
    if (!answer) return
    if (!answer.ok) {
      const first = Object.keys(answer.fields)[0]
      if (first) document.getElementById(`${uid}-${first}`)?.focus()
      return
    }
    if (answer.intent === 'note') noteRef.current?.focus()
    if (answer.intent === 'reply' && answer.eventId) document.getElementById(`event-${answer.eventId}`)?.focus()
    // NOTE: again when the history reloads: the forms are keyed by its length, so the answer may
    // arrive before the new note box (or the reply's entry) exists.
  }, [answer, uid, events.length])

  return (
    <>
      <PageHeader
        title={`Proposal from ${p.name}`}
        description={`${LEAD_KIND_LABELS[triage.kind as LeadKind] ?? LEAD_KIND_LABELS.proposal}: the request, where it came from, your notes, replies and its history.`}
        actions={
          <>
            <Link to={`/${adminPath}/proposals`} className={buttonClass({ variant: 'secondary' })}>
              <Icon node={ArrowLeft} aria-hidden="true" className="size-4" /> Back to Proposals
            </Link>
            {/* Posted to the desk's action, which answers with the spec's notice on the desk. */}
            <ConfirmButton
              className={buttonClass({ variant: 'danger-outline' })}
              aria-label={`Delete proposal from ${p.name}`}
              title="Delete this proposal?"
              description={`The proposal from ${p.name} will be permanently removed. This cannot be undone.`}
              onConfirm={() =>
                submit({ [CSRF_FIELD]: csrfToken, intent: 'delete', id: p.id }, { method: 'post', action: `/${adminPath}/proposals` })
              }
            >
              <Icon node={Trash2} aria-hidden="true" className="size-4" /> Delete
            </ConfirmButton>
          </>
        }
      />
      <TimesIn className="-mt-4 mb-4 text-sm text-ink-600" />
      <Notice notice={answer?.notice} />
      <LeadTriage
        uid={uid}
        id={p.id}
        name={p.name}
        status={p.status}
        assignedTo={p.assignedTo}
        nextStep={triage.nextStep}
        assignees={loaderData.assignees}
        answer={answer}
        busy={busy}
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby={`${uid}-request`} className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
            <h2 id={`${uid}-request`} className="mb-3 text-lg font-semibold text-ink-900">
              Request
            </h2>
            <ProposalSummary proposal={p} />
          </section>

          {origin && (
            <section aria-labelledby={`${uid}-origin`} className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
              <h2 id={`${uid}-origin`} className="mb-3 text-lg font-semibold text-ink-900">
                {origin.source === 'estimator' ? 'From the cost estimator' : 'From the demo builder'}
              </h2>
              <ProposalOriginView origin={origin} />
            </section>
          )}

          <section aria-labelledby={`${uid}-visit`} className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
            <h2 id={`${uid}-visit`} className="mb-3 text-lg font-semibold text-ink-900">
              Where this lead came from
            </h2>
            {loaderData.fromMessage && (
              <p className="mb-3 text-sm text-ink-800">
                Made from a contact message, to write its proposal.{' '}
                <Link to={`/${adminPath}/messages/${loaderData.fromMessage.id}`} className="font-medium text-primary-800 hover:underline">
                  Open the message
                </Link>
              </p>
            )}
            <LeadAttributionList visit={visit} />
          </section>

          <section aria-labelledby={`${uid}-document`} className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
            <h2 id={`${uid}-document`} className="mb-3 text-lg font-semibold text-ink-900">
              Proposal to the client
            </h2>
            {doc ? (
              <dl className="grid grid-cols-[8rem_1fr] gap-y-1 text-sm" data-testid="document-summary">
                <dt className="text-ink-600">State</dt>
                <dd className="font-medium text-ink-900">{DOCUMENT_STATE_LABELS[doc.state]}</dd>
                <dt className="text-ink-600">Value</dt>
                <dd className="font-medium text-ink-900">{money(doc.totalCents)}</dd>
                {doc.version > 0 && (
                  <>
                    <dt className="text-ink-600">Version</dt>
                    <dd>{doc.version}</dd>
                    <dt className="text-ink-600">Views</dt>
                    <dd>{doc.viewCount}</dd>
                  </>
                )}
                {doc.signerName && (
                  <>
                    <dt className="text-ink-600">Signed by</dt>
                    <dd>{doc.signerName}</dd>
                  </>
                )}
                {doc.declineReason && (
                  <>
                    <dt className="text-ink-600">Reason</dt>
                    <dd className="break-words whitespace-pre-wrap">{doc.declineReason}</dd>
                  </>
                )}
              </dl>
            ) : (
              <p className="text-sm text-ink-700">No proposal written yet.</p>
            )}
            {loaderData.canWriteProposal && (
              <Link to={`/${adminPath}/proposals/${p.id}/document`} className={buttonClass({ className: 'mt-4' })}>
                {doc ? 'Open the proposal' : 'Write a proposal'}
              </Link>
            )}
          </section>

          {calls.length > 0 && (
            <section aria-labelledby={`${uid}-calls`} className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
              <h2 id={`${uid}-calls`} className="mb-3 text-lg font-semibold text-ink-900">
                Discovery calls
              </h2>
              <ul className="space-y-2">
                {calls.map((c) => (
                  <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-800">
                    <span className={c.status === 'cancelled' ? 'line-through' : undefined}>{c.when}</span>
                    <span className="text-ink-700">{c.status === 'cancelled' ? 'Cancelled' : c.upcoming ? 'Booked' : 'Held'}</span>
                    {c.upcoming && (
                      <Link
                        to={`/${adminPath}/calls?${new URLSearchParams({ view: 'day', tz: zone, date: c.day })}`}
                        className="font-medium text-primary-800 hover:underline"
                        aria-label={`Open the call on ${c.when} in Calls`}
                      >
                        Open in Calls
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section aria-labelledby={`${uid}-reply`} className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
            <h2 id={`${uid}-reply`} className="text-lg font-semibold text-ink-900">
              Reply by email
            </h2>
            <p className="mt-1 mb-3 text-sm text-ink-600">
              To <span className="break-all">{p.email}</span>. Edit the message as you like; it goes through the site&apos;s outbox and is
              kept in the history.
            </p>
            <MailNotDelivered what="Your reply" className="mb-3" />
            {/* Keyed by the history's length: after a reply is sent the form starts again from the template. */}
            <Form method="post" className="space-y-4" key={`reply-${events.length}`}>
              <CsrfField />
              <input type="hidden" name="intent" value="reply" />
              <Field id={`${uid}-subject`} label="Subject" required error={replyAnswer?.fields.subject}>
                <Input
                  name="subject"
                  aria-required="true"
                  defaultValue={replyAnswer && !replyAnswer.ok ? replyAnswer.values?.subject : replyDraft.subject}
                />
              </Field>
              <Field id={`${uid}-body`} label="Message" required error={replyAnswer?.fields.body}>
                <Textarea
                  name="body"
                  rows={14}
                  aria-required="true"
                  defaultValue={replyAnswer && !replyAnswer.ok ? replyAnswer.values?.body : replyDraft.body}
                />
              </Field>
              <Button type="submit" disabled={busy('reply')}>
                {busy('reply') ? 'Sending…' : mailSetUp ? 'Send reply' : 'Keep reply to send later'}
              </Button>
            </Form>
          </section>
        </div>

        <div className="min-w-0 space-y-6">
          <section aria-labelledby={`${uid}-notes`} className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
            <h2 id={`${uid}-notes`} className="mb-3 text-lg font-semibold text-ink-900">
              Notes
            </h2>
            <ProposalNotes notes={notes} />
            <Form method="post" className="mt-4 space-y-3" key={`note-${notes.length}`}>
              <CsrfField />
              <input type="hidden" name="intent" value="note" />
              <Field id={`${uid}-note`} label="Add a note" hint="Only admins see notes." required error={noteAnswer?.fields.note}>
                <Textarea
                  ref={noteRef}
                  name="note"
                  rows={4}
                  aria-required="true"
                  defaultValue={noteAnswer && !noteAnswer.ok ? noteAnswer.values?.note : ''}
                />
              </Field>
              <Button type="submit" variant="secondary" disabled={busy('note')}>
                {busy('note') ? 'Saving…' : 'Add note'}
              </Button>
            </Form>
          </section>

          <section aria-labelledby={`${uid}-history`} className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
            <h2 id={`${uid}-history`} className="mb-3 text-lg font-semibold text-ink-900">
              History
            </h2>
            <ProposalHistory proposal={p} events={events} />
          </section>
        </div>
      </div>
    </>
  )
}
