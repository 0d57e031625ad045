import { ArrowLeft } from 'lucide'
import { useId } from 'react'
import { Form, Link, redirect } from 'react-router'
import type { Route } from './+types/message'
import { useSubmitting } from '~/components/use-submitting.ts'
import { TitledCard } from '~/components/admin/titled-card.tsx'
import { LeadAttributionList } from '~/components/admin/lead-attribution.tsx'
import { LeadColumns, LeadReplySection, useFocusAfterWrite } from '~/components/admin/lead-sections.tsx'
import { LeadTriage } from '~/components/admin/lead-triage.tsx'
import { useMenuCountsAfterOpening } from '~/components/admin/use-menu-counts.ts'
import { adminMeta } from '~/components/admin/meta.ts'
import { Notice } from '~/components/admin/notice.tsx'
import { ProposalHistory, ProposalNotes } from '~/components/admin/proposal-details.tsx'
import { PageHeader } from '~/components/admin/ui.tsx'
import { CsrfField } from '~/components/csrf-field.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { validate } from '~/http/forms.server.ts'
import { AssignSchema } from '~/lib/lead-desk-schemas.ts'
import { can } from '~/lib/permissions.ts'
import { ProposalStatusSchema } from '~/lib/schemas.ts'
import { assignMessage, changeMessageStatus, getMessageDesk, replyToMessage, setMessageNextStep } from '~/services/message-desk.server.ts'
import { listAssignees } from '~/services/people.server.ts'
import { leadForMessage, leadOfMessage } from '~/services/message-leads.server.ts'
import { requireRowId } from './+shared/content-actions.server.ts'
import { deskClientAction, type DeskAnswer } from './+shared/desk-answer.ts'
import { runDeskAction, saveNextStep, sendReply } from './+shared/desk-form.server.ts'

/**
 * A contact message on the lead desk (issue 36 §1): triage at the top (status, assignee, next
 * step), the message, where it came from, and a reply through the outbox kept in its history.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const id = requireRowId(params.id)
  const desk = await getMessageDesk(context.app.db, admin, id)
  // Back to the desk for those who have it; to the messages inbox for the others.
  const back = can(admin.role, 'leads')
    ? { href: 'proposals', label: 'Back to Proposals' }
    : { href: 'messages', label: 'Back to Messages' }
  return {
    adminPath: context.app.config.adminPath,
    ...desk,
    back,
    assignees: await listAssignees(context.app.db),
    // The proposal request made from this message to write its proposal (issue 38), and whether this person may write one.
    leadId: await leadOfMessage(context.app.db, admin, id),
    canWriteProposal: can(admin.role, 'proposals.write'),
    canOpenLeads: can(admin.role, 'leads'),
  }
}

const INTENTS = ['status', 'reply', 'assign', 'next', 'proposal'] as const
type Intent = (typeof INTENTS)[number]
const isIntent = (v: unknown): v is Intent => (INTENTS as readonly unknown[]).includes(v)

const FAILED: Record<Intent, string> = {
  status: 'Failed to update the message.',
  reply: 'Failed to send the reply.',
  assign: 'Failed to assign the message.',
  next: 'Failed to save the next step.',
  proposal: 'Failed to start the proposal.',
}

type Answer = DeskAnswer<Intent>

export const action = (args: Route.ActionArgs) =>
  runDeskAction(args, isIntent, FAILED, async (desk) => {
    const { admin, id, db, intent, values, refused, ok } = desk
    const { context } = args
    if (intent === 'status') {
      const checked = validate(ProposalStatusSchema, { status: values.status })
      if (!checked.ok) return refused(400, checked.failure.fields)
      const m = await changeMessageStatus(db, admin, id, checked.data.status)
      return ok('Status Updated', `Message status changed to ${m.status}`)
    }
    if (intent === 'assign') {
      const checked = validate(AssignSchema, { assignedTo: values.assignedTo })
      if (!checked.ok) return refused(400, checked.failure.fields)
      await assignMessage(db, admin, id, checked.data.assignedTo)
      return ok('Message Assigned', checked.data.assignedTo ? 'The message is assigned.' : 'No one is assigned now.')
    }
    if (intent === 'next') return saveNextStep(desk, (nextStep) => setMessageNextStep(db, admin, id, nextStep))
    if (intent === 'proposal') {
      // "Write a proposal": the proposal request made from this message (once), then its editor.
      const { proposalId } = await leadForMessage(db, admin, id)
      return redirect(`/${context.app.config.adminPath}/proposals/${proposalId}/document`)
    }
    return sendReply(desk, context.app.mailer.configured, (reply) => replyToMessage(db, admin, id, reply))
  })

/** An answer that is not the action's own (a proxy's error page, no connection) still gets the red notice, and what was typed stays. */
export const clientAction = (args: Route.ClientActionArgs) => deskClientAction(args, isIntent, 'reply', FAILED)

export const meta: Route.MetaFunction = ({ data: d }) => adminMeta(d ? `Message from ${d.message.name}` : 'Message')

export default function MessagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { adminPath, message: m, events, replyDraft, back, assignees, leadId, canWriteProposal, canOpenLeads } = loaderData
  const answer = actionData as Answer | undefined
  const uid = useId()
  useMenuCountsAfterOpening(loaderData.firstOpening, m.id)
  const busy = useSubmitting()

  useFocusAfterWrite(answer, uid, events.length)

  return (
    <>
      <PageHeader
        title={`Message from ${m.name}`}
        description="Contact message: the message, where it came from, your reply and its history."
        times
        actions={
          <Link to={`/${adminPath}/${back.href}`} className={buttonClass({ variant: 'secondary' })}>
            <Icon node={ArrowLeft} aria-hidden="true" className="size-4" /> {back.label}
          </Link>
        }
      />
      <Notice notice={answer?.notice} />
      <LeadTriage uid={uid} lead={m} assignees={assignees} answer={answer} busy={busy} />
      <LeadColumns
        uid={uid}
        main={
          <>
            <TitledCard id={`${uid}-message`} title="Message">
              <p className="text-sm break-all text-ink-700">
                <a href={`mailto:${m.email}`} className="text-primary-800 hover:underline">
                  {m.email}
                </a>
              </p>
              <p className="mt-3 text-sm break-words whitespace-pre-wrap text-ink-900">{m.message}</p>
            </TitledCard>
            <TitledCard id={`${uid}-visit`} title="Where this lead came from">
              <LeadAttributionList visit={m} />
            </TitledCard>
            <TitledCard id={`${uid}-proposal`} title="Proposal to the client">
              {leadId !== null ? (
                <>
                  <p className="text-sm text-ink-700">
                    This message was made into a proposal request on the lead desk, where its proposal is written.
                  </p>
                  <div className="mt-4 flex flex-wrap gap-2">
                    {canOpenLeads && (
                      <Link to={`/${adminPath}/proposals/${leadId}`} className={buttonClass({ variant: 'secondary' })}>
                        Open the lead
                      </Link>
                    )}
                    {canWriteProposal && (
                      <Link to={`/${adminPath}/proposals/${leadId}/document`} className={buttonClass()}>
                        Open the proposal
                      </Link>
                    )}
                  </div>
                </>
              ) : canWriteProposal ? (
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="intent" value="proposal" />
                  <p id={`${uid}-proposal-hint`} className="mb-4 text-sm text-ink-700">
                    Makes a proposal request on the lead desk from this message (their name, email and message), then opens its proposal,
                    ready to write.
                  </p>
                  <Button type="submit" aria-describedby={`${uid}-proposal-hint`} disabled={busy('proposal')}>
                    {busy('proposal') ? 'Starting…' : 'Write a proposal'}
                  </Button>
                </Form>
              ) : (
                <p className="text-sm text-ink-700">No proposal written yet. Owners, administrators and sales write proposals.</p>
              )}
            </TitledCard>
            <LeadReplySection uid={uid} email={m.email} draft={replyDraft} answer={answer} historyLength={events.length} rows={12} />
          </>
        }
        notes={<ProposalNotes notes={events.filter((e) => e.kind === 'note')} />}
        history={<ProposalHistory proposal={{ date: m.createdAt }} events={events} received="Message received" />}
      />
    </>
  )
}
