import { sql } from 'kysely'
import type { Db } from '~/db/db.server.ts'

/** A span of time as UTC ISO strings, `from` included, `to` not (the stored dates compare as text). */
export type Span = { from: string; to: string }

export type LeadKind = 'proposal' | 'message' | 'call'

/** One lead of a span: its kind and the visit it came from (null: not tracked). */
export type LeadRow = { kind: LeadKind; source: string | null; campaign: string | null }

/**
 * Every lead received in a span, from the lead desk's own rows: proposal requests sent with the
 * form (not the ones a booked call started: those are the call's, nor the ones made from a
 * contact message: those are the message's), contact messages, and booked
 * calls (cancelled ones too: they were leads when they came). A deleted lead is gone from here.
 */
export async function findLeadsIn(db: Db, span: Span): Promise<LeadRow[]> {
  const [proposals, messages, calls] = await Promise.all([
    db
      .selectFrom('proposals as p')
      .select(['p.visitSource as source', 'p.visitCampaign as campaign'])
      .where('p.date', '>=', span.from)
      .where('p.date', '<', span.to)
      // A request made from a contact message (to write its proposal) is that message's lead, counted once.
      .where('p.fromMessageId', 'is', null)
      // A call with no earlier request starts one stamped with the call's own creation time.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('bookings as b')
              .select(sql`1`.as('one'))
              .whereRef('b.proposalId', '=', 'p.id')
              .whereRef('b.createdAt', '=', 'p.date'),
          ),
        ),
      )
      .execute(),
    db
      .selectFrom('contactMessages')
      .select(['visitSource as source', 'visitCampaign as campaign'])
      .where('createdAt', '>=', span.from)
      .where('createdAt', '<', span.to)
      .execute(),
    db
      .selectFrom('bookings')
      .select(['visitSource as source', 'visitCampaign as campaign'])
      .where('createdAt', '>=', span.from)
      .where('createdAt', '<', span.to)
      .execute(),
  ])
  return [
    ...proposals.map((r) => ({ kind: 'proposal' as const, ...r })),
    ...messages.map((r) => ({ kind: 'message' as const, ...r })),
    ...calls.map((r) => ({ kind: 'call' as const, ...r })),
  ]
}

/** Proposal request dates since a moment (for the dashboard's chart), as stored (UTC ISO). */
export async function findProposalDatesSince(db: Db, from: string): Promise<string[]> {
  return (await db.selectFrom('proposals').select('date').where('date', '>=', from).execute()).map((r) => r.date)
}
