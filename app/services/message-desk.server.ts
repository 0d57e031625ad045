import type { Db } from '~/db/db.server.ts'
import type { ProposalStatus } from '~/lib/constants.ts'
import type { ProposalReplyInput } from '~/lib/lead-desk-schemas.ts'
import { messageReply, type ReplyDraft } from '~/lib/reply-templates.ts'
import * as model from '~/models/contact-messages.server.ts'
import type { ContactMessage, MessageEvent } from '~/models/contact-messages.server.ts'
import { markMessageOpened } from '~/models/lead-desk.server.ts'
import type { Admin } from './actor.server.ts'
import { DomainValidationError, NotFoundError } from '~/infra/errors.server.ts'
import { listAssignees } from './people.server.ts'
import { requirePermission } from './actor.server.ts'
import { getSettings } from './settings.server.ts'
import { leadHistory } from './lead-history.server.ts'

export type { MessageEvent }

/**
 * A contact message on the lead desk (issue 36 §1): the same triage as a proposal request (status,
 * assignee, next step), a reply through the outbox kept in its own history, and its first opening.
 */
export type MessageDesk = { message: ContactMessage; events: MessageEvent[]; replyDraft: ReplyDraft; firstOpening: boolean }

/** A contact message as a lead with a history (lead-history.server.ts). */
const MESSAGE_LEAD = leadHistory<ContactMessage, MessageEvent>({
  type: 'message',
  noun: 'Message',
  find: model.findContactMessage,
  setStatus: (db, id, status) => model.updateContactMessageTriage(db, id, { status }),
  insertEvent: (db, messageId, event) => model.insertMessageEvent(db, { messageId, ...event }),
})

const requireMessage = MESSAGE_LEAD.requireLead

/** Everything the message's page shows; opening it records the first opening and marks it read. */
export async function getMessageDesk(db: Db, admin: Admin, id: number, now = Date.now()): Promise<MessageDesk> {
  requirePermission(admin, 'messages')
  await requireMessage(db, id)
  const firstOpening = await markMessageOpened(db, id, new Date(now).toISOString())
  const [message, events, settings] = await Promise.all([requireMessage(db, id), model.findMessageEvents(db, id), getSettings(db)])
  const sender = admin.displayName !== admin.username ? admin.displayName : undefined
  return { message, events, replyDraft: messageReply(message, { ...settings, sender }), firstOpening }
}

/** Queues the reply to the message's sender through the outbox and keeps it in the history, both or neither. */
export async function replyToMessage(db: Db, admin: Admin, id: number, input: ProposalReplyInput): Promise<MessageEvent> {
  requirePermission(admin, 'messages')
  return MESSAGE_LEAD.reply(db, admin, id, input)
}

/** Changes the status and records the change; the status it already has changes nothing. */
export async function changeMessageStatus(db: Db, admin: Admin, id: number, status: ProposalStatus): Promise<ContactMessage> {
  requirePermission(admin, 'messages')
  return MESSAGE_LEAD.changeStatus(db, admin, id, status)
}

/** Assigns the message to a person whose role includes the lead desk, or to no one (null). */
export async function assignMessage(db: Db, admin: Admin, id: number, assigneeId: number | null): Promise<void> {
  requirePermission(admin, 'messages')
  const assignee = assigneeId === null ? null : (await listAssignees(db)).find((a) => a.id === assigneeId)
  if (assignee === undefined) throw new DomainValidationError({ assignedTo: 'Choose someone whose role includes proposals.' })
  await db.transaction().execute(async (trx) => {
    if (!(await model.updateContactMessageTriage(trx, id, { assignedTo: assigneeId }))) throw new NotFoundError('Message not found')
    await MESSAGE_LEAD.note(trx, admin, id, assignee ? `Assigned to ${assignee.name}.` : 'No longer assigned to anyone.')
  })
}

/** Sets (or, with '', clears) what happens next with the message, and notes it in its history. */
export async function setMessageNextStep(db: Db, admin: Admin, id: number, nextStep: string): Promise<void> {
  requirePermission(admin, 'messages')
  await db.transaction().execute(async (trx) => {
    if (!(await model.updateContactMessageTriage(trx, id, { nextStep: nextStep || null }))) throw new NotFoundError('Message not found')
    await MESSAGE_LEAD.note(trx, admin, id, nextStep ? `Next step: ${nextStep}` : 'Next step cleared.')
  })
}
