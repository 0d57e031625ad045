import { ArrowLeft, Trash2 } from 'lucide'
import { TitledCard } from '~/components/admin/titled-card.tsx'
import { LeadAttributionList } from '~/components/admin/lead-attribution.tsx'
import { useId, useRef } from 'react'
import { Form, Link, useSubmit } from 'react-router'
import type { Route } from './+types/proposal'
import { useSubmitting } from '~/components/use-submitting.ts'
import { CsrfField, useCsrfToken } from '~/components/csrf-field.tsx'
import { adminMeta } from '~/components/admin/meta.ts'
import { Notice } from '~/components/admin/notice.tsx'
import { ProposalHistory, ProposalNotes, ProposalOriginView, ProposalSummary } from '~/components/admin/proposal-details.tsx'
import {
  LeadCallsSection,
  LeadColumns,
  LeadDocumentSection,
  LeadReplySection,
  useFocusAfterWrite,
} from '~/components/admin/lead-sections.tsx'
import { LeadTriage } from '~/components/admin/lead-triage.tsx'
import { useMenuCountsAfterOpening } from '~/components/admin/use-menu-counts.ts'
import { ConfirmButton, PageHeader } from '~/components/admin/ui.tsx'
import { LEAD_KIND_LABELS, type LeadKind } from '~/lib/lead-desk-query.ts'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Textarea } from '~/components/ui/input.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { listAssignees } from '~/services/people.server.ts'
import { CSRF_FIELD } from '~/lib/csrf.ts'
import { getProposalDesk } from '~/services/lead-desk.server.ts'
import { leadCalls } from '~/services/bookings.server.ts'
import { withCallTimes } from '~/lib/booking-slots.ts'
import { TimesIn } from '~/components/admin/local-time.tsx'
import { readerZone } from '~/services/clock.server.ts'
import { can } from '~/lib/permissions.ts'
import { documentSummaryForLead } from '~/services/proposal-documents.server.ts'
import { messageOfLead } from '~/services/message-leads.server.ts'
import { requireRowId } from './+shared/content-actions.server.ts'
import { proposalAction } from './+shared/proposal-action.server.ts'
import { deskClientAction } from './+shared/desk-answer.ts'
import { FAILED, isIntent, type Answer } from './+shared/proposal-forms.ts'

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

/**
 * The lead desk's writes (note, status, reply, assign, next step), plain forms posted here with or
 * without JavaScript: +shared/proposal-action.server.ts.
 */
export const action = (args: Route.ActionArgs) => proposalAction(args)

/** An answer that is not the action's own (a proxy's error page, no connection) still gets the red notice, and what was typed stays. */
export const clientAction = (args: Route.ClientActionArgs) => deskClientAction(args, isIntent, 'note', FAILED)

export const meta: Route.MetaFunction = ({ data: d }) => adminMeta(d ? `Proposal from ${d.proposal.name}` : 'Proposal')

export default function ProposalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { adminPath, proposal: p, triage, events, origin, visit, replyDraft, calls, zone, document: doc } = loaderData
  const submit = useSubmit()
  const csrfToken = useCsrfToken()
  const answer = actionData as Answer | undefined
  const uid = useId()
  useMenuCountsAfterOpening(loaderData.firstOpening, p.id)
  const busy = useSubmitting()
  const notes = events.filter((e) => e.kind === 'note')
  const noteRef = useRef<HTMLTextAreaElement>(null)
  const noteAnswer = answer?.intent === 'note' ? answer : undefined

  useFocusAfterWrite(answer, uid, events.length, noteRef)

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
      <LeadTriage uid={uid} lead={{ ...p, nextStep: triage.nextStep }} assignees={loaderData.assignees} answer={answer} busy={busy} />
      <LeadColumns
        uid={uid}
        main={
          <>
            <TitledCard id={`${uid}-request`} title="Request">
              <ProposalSummary proposal={p} />
            </TitledCard>

            {origin && (
              <TitledCard id={`${uid}-origin`} title={origin.source === 'estimator' ? 'From the cost estimator' : 'From the demo builder'}>
                <ProposalOriginView origin={origin} />
              </TitledCard>
            )}

            <TitledCard id={`${uid}-visit`} title="Where this lead came from">
              {loaderData.fromMessage && (
                <p className="mb-3 text-sm text-ink-800">
                  Made from a contact message, to write its proposal.{' '}
                  <Link to={`/${adminPath}/messages/${loaderData.fromMessage.id}`} className="font-medium text-primary-800 hover:underline">
                    Open the message
                  </Link>
                </p>
              )}
              <LeadAttributionList visit={visit} />
            </TitledCard>

            <LeadDocumentSection
              uid={uid}
              adminPath={adminPath}
              proposalId={p.id}
              doc={doc}
              canWriteProposal={loaderData.canWriteProposal}
            />

            {calls.length > 0 && <LeadCallsSection uid={uid} adminPath={adminPath} zone={zone} calls={calls} />}

            <LeadReplySection uid={uid} email={p.email} draft={replyDraft} answer={answer} historyLength={events.length} rows={14} />
          </>
        }
        notes={
          <>
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
          </>
        }
        history={<ProposalHistory proposal={p} events={events} />}
      />
    </>
  )
}
