import type { Route } from '../+types/proposal'
import { validate } from '~/http/forms.server.ts'
import { AssignSchema, ProposalNoteSchema } from '~/lib/lead-desk-schemas.ts'
import { ProposalStatusSchema } from '~/lib/schemas.ts'
import { addProposalNote, assignProposal, replyToProposal, setProposalNextStep } from '~/services/lead-desk.server.ts'
import { setProposalStatus } from '~/services/proposals.server.ts'
import { runDeskAction, saveNextStep, sendReply } from './desk-form.server.ts'
import { FAILED, isIntent } from './proposal-forms.ts'

/**
 * The lead desk's writes, plain forms posted to the lead's page (proposal.tsx, with or without
 * JavaScript): `intent=note` (a note), `intent=status` (the status, recorded in the history),
 * `intent=reply` (the reply, queued in the outbox and kept in the history), `intent=assign` and
 * `intent=next` (the triage).
 */
export function proposalAction(args: Route.ActionArgs) {
  return runDeskAction(args, isIntent, FAILED, async (desk) => {
    const { admin, id, db, intent, values, refused, ok } = desk
    const { context } = args
    if (intent === 'note') {
      const checked = validate(ProposalNoteSchema, { note: values.note })
      if (!checked.ok) return refused(400, checked.failure.fields)
      const note = await addProposalNote(db, admin, id, checked.data)
      return ok('Note Added', 'Your note has been saved.', note.id)
    }
    if (intent === 'status') {
      const checked = validate(ProposalStatusSchema, { status: values.status })
      if (!checked.ok) return refused(400, checked.failure.fields)
      const proposal = await setProposalStatus(db, admin, id, checked.data.status)
      return ok('Status Updated', `Proposal status changed to ${proposal.status}`)
    }
    if (intent === 'next') return saveNextStep(desk, (nextStep) => setProposalNextStep(db, admin, id, nextStep))
    if (intent === 'assign') {
      const checked = validate(AssignSchema, { assignedTo: values.assignedTo })
      if (!checked.ok) return refused(400, checked.failure.fields)
      await assignProposal(db, admin, id, checked.data.assignedTo)
      return ok(
        'Proposal Assigned',
        !checked.data.assignedTo
          ? 'No one is assigned now.'
          : context.app.mailer.configured
            ? 'A notice to the assignee is on its way by mail.'
            : 'The notice to the assignee is kept in the outbox, not sent: mail is not set up. Tell them yourself.',
      )
    }
    return sendReply(desk, context.app.mailer.configured, (reply) => replyToProposal(db, admin, id, reply))
  })
}
