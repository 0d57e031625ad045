import type { Db } from '~/db/db.server.ts'
import { findContactMessage, insertMessageEvent } from '~/models/contact-messages.server.ts'
import { isUniqueViolation } from '~/models/blog.server.ts'
import * as leads from '~/models/proposals.server.ts'
import { recordActivity } from './activity-log.server.ts'
import { requirePermission, type Admin } from './actor.server.ts'
import { NotFoundError } from '~/infra/errors.server.ts'

/**
 * "Write a proposal" from a contact message (issue 38, docs/decisions/075). A proposal document
 * belongs to a proposal request, so the message first becomes one: its name, email and text (as
 * the requirements), where the visit came from, the person it is assigned to, and the time it was
 * received. Made once per message: `proposals.from_message_id` is unique, so a double submit or two
 * people at once on two instances end on the same lead. Both histories say where it came from.
 * (A booked call needs none of this: booking it already made, or joined, a proposal request.)
 */

/** The lead made from this message to write its proposal, or null: for the message's page. */
export async function leadOfMessage(db: Db, admin: Admin, messageId: number): Promise<number | null> {
  requirePermission(admin, 'messages')
  return (await leads.findLeadIdForMessage(db, messageId)) ?? null
}

/** The contact message a lead was made from (null: none, or deleted since): for the lead's page. */
export async function messageOfLead(
  db: Db,
  admin: Admin,
  proposalId: number,
): Promise<{ id: number; name: string; createdAt: string } | null> {
  requirePermission(admin, 'leads')
  const id = await leads.findMessageIdForLead(db, proposalId)
  const m = id === null ? undefined : await findContactMessage(db, id)
  return m ? { id: m.id, name: m.name, createdAt: m.createdAt } : null
}

/**
 * The proposal request made from message `messageId`, made now if there is none yet. `created`
 * says whether this call made it.
 */
export async function leadForMessage(
  db: Db,
  admin: Admin,
  messageId: number,
  now = Date.now(),
): Promise<{ proposalId: number; created: boolean }> {
  requirePermission(admin, 'proposals.write')
  const existing = await leads.findLeadIdForMessage(db, messageId)
  if (existing !== undefined) return { proposalId: existing, created: false }
  const at = new Date(now).toISOString()
  try {
    return await db.transaction().execute(async (trx) => {
      const m = await findContactMessage(trx, messageId)
      if (!m) throw new NotFoundError('Message not found')
      const lead = await leads.insertProposal(trx, {
        name: m.name,
        email: m.email,
        phone: null,
        businessType: 'other',
        budget: '',
        requirements: m.message,
        // Received when the message was: the desk's order and the time to acceptance count from then.
        date: m.createdAt,
        visitSource: m.visitSource,
        visitCampaign: m.visitCampaign,
        landingPath: m.landingPath,
        firstTools: m.firstTools,
        // Made by staff on purpose: not an unread lead.
        openedAt: at,
        fromMessageId: m.id,
      })
      if (m.assignedTo !== null) await leads.updateProposalAssignee(trx, lead.id, m.assignedTo)
      await leads.insertProposalEvent(trx, {
        proposalId: lead.id,
        kind: 'note',
        body: `Made from ${m.name}'s contact message, to write their proposal.`,
        author: admin.username,
        createdAt: at,
      })
      await insertMessageEvent(trx, {
        messageId: m.id,
        kind: 'note',
        body: 'Made into a proposal request, to write a proposal.',
        author: admin.username,
        createdAt: at,
      })
      await recordActivity(trx, {
        action: 'proposal.from-message',
        itemType: 'proposal',
        itemId: lead.id,
        itemLabel: `Proposal from ${m.name}`,
        detail: `Made from the contact message #${m.id}.`,
      })
      return { proposalId: lead.id, created: true }
    })
  } catch (err) {
    // Made a moment ago by another request (a double submit, a colleague, another instance).
    if (isUniqueViolation(err)) {
      const made = await leads.findLeadIdForMessage(db, messageId)
      if (made !== undefined) return { proposalId: made, created: false }
    }
    throw err
  }
}
