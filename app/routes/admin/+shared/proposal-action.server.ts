import { data } from 'react-router'
import type { Route } from '../+types/proposal'
import { errorNotice } from '~/components/admin/notice.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readForm, validate } from '~/http/forms.server.ts'
import { CSRF_FIELD } from '~/lib/csrf.ts'
import { AssignSchema, NextStepSchema, ProposalNoteSchema, ProposalReplySchema } from '~/lib/lead-desk-schemas.ts'
import { ProposalStatusSchema } from '~/lib/schemas.ts'
import { addProposalNote, assignProposal, replyToProposal, setProposalNextStep } from '~/services/lead-desk.server.ts'
import { setProposalStatus } from '~/services/proposals.server.ts'
import { failureStatus, requireRowId } from './content-actions.server.ts'
import { FAILED, isIntent, type Answer } from './proposal-forms.ts'

/**
 * The lead desk's writes, plain forms posted to the lead's page (proposal.tsx, with or without
 * JavaScript): `intent=note` (a note), `intent=status` (the status, recorded in the history),
 * `intent=reply` (the reply, queued in the outbox and kept in the history), `intent=assign` and
 * `intent=next` (the triage).
 */
export async function proposalAction({ request, context, params }: Route.ActionArgs) {
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
