import type { Db } from '~/db/db.server.ts'
import type { ProposalStatus } from '~/lib/constants.ts'
import type { ProposalReplyInput } from '~/lib/lead-desk-schemas.ts'
import { insertOutboxMail } from '~/models/outbox.server.ts'
import type { Admin } from './actor.server.ts'
import { recordActivity } from './activity-log.server.ts'
import { NotFoundError } from '~/infra/errors.server.ts'

/** What every lead has: who sent it, their address, and where it stands. */
type LeadRow = { name: string; email: string; status: string }

/** An entry of a lead's history, as both kinds of lead write it. */
type LeadEventWrite = {
  kind: 'note' | 'status' | 'reply'
  body?: string
  subject?: string
  toAddress?: string
  fromStatus?: string
  toStatus?: string
  author: string
  createdAt: string
}

/**
 * What a lead's history needs to know of its kind (a proposal request or a contact message, issue
 * 36 §1): its name in the activity log, and its table's reads and writes.
 */
export type LeadTable<L extends LeadRow, E> = {
  type: 'proposal' | 'message'
  /** 'Proposal' or 'Message': how the not-found error and the activity log name it. */
  noun: string
  find: (db: Db, id: number) => Promise<L | undefined>
  setStatus: (db: Db, id: number, status: ProposalStatus) => Promise<L | undefined>
  insertEvent: (db: Db, id: number, event: LeadEventWrite) => Promise<E>
}

const nowIso = () => new Date().toISOString()

/** A lead's history, for one kind of lead: the same rules for a proposal request and a contact message. */
export function leadHistory<L extends LeadRow, E>(kind: LeadTable<L, E>) {
  /** The lead, or NotFoundError naming its kind. */
  async function requireLead(db: Db, id: number): Promise<L> {
    const lead = await kind.find(db, id)
    if (!lead) throw new NotFoundError(`${kind.noun} not found`)
    return lead
  }
  return {
    requireLead,

    /** Writes a note in the lead's history, signed by the admin. */
    note(db: Db, admin: Pick<Admin, 'username'>, id: number, body: string): Promise<E> {
      return kind.insertEvent(db, id, { kind: 'note', body, author: admin.username, createdAt: nowIso() })
    },

    /** Queues the admin's reply to the lead through the outbox and keeps it in the history, both or neither. */
    reply(db: Db, admin: Pick<Admin, 'username'>, id: number, input: ProposalReplyInput): Promise<E> {
      return db.transaction().execute(async (trx) => {
        const lead = await requireLead(trx, id)
        await insertOutboxMail(trx, { toAddress: lead.email, subject: input.subject, body: input.body })
        await recordActivity(trx, {
          action: `${kind.type}.reply`,
          itemType: kind.type,
          itemId: id,
          itemLabel: `${kind.noun} from ${lead.name}`,
          detail: `Subject: ${input.subject}`,
        })
        const { subject, body } = input
        return kind.insertEvent(trx, id, {
          kind: 'reply',
          subject,
          body,
          toAddress: lead.email,
          author: admin.username,
          createdAt: nowIso(),
        })
      })
    },

    /**
     * Changes the lead's status and records the change (who, when, from what) in the same
     * transaction. Choosing the status it already has changes nothing and records nothing.
     */
    changeStatus(db: Db, admin: Pick<Admin, 'username'>, id: number, status: ProposalStatus): Promise<L> {
      return db.transaction().execute(async (trx) => {
        const before = await requireLead(trx, id)
        if (before.status === status) return before
        const after = await kind.setStatus(trx, id, status)
        if (!after) throw new NotFoundError(`${kind.noun} not found`)
        const author = admin.username
        await kind.insertEvent(trx, id, { kind: 'status', fromStatus: before.status, toStatus: status, author, createdAt: nowIso() })
        await recordActivity(trx, {
          action: `${kind.type}.status`,
          itemType: kind.type,
          itemId: id,
          itemLabel: `${kind.noun} from ${after.name}`,
          detail: `${before.status} to ${status}.`,
        })
        return after
      })
    },
  }
}
