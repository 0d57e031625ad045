import type { Db } from '~/db/db.server.ts'
import type { ContactMessageEventRow, ProposalEventRow } from '~/db/schema.ts'

/**
 * The lead desk's two timelines (issue 36): a proposal's events and a contact message's, kept in
 * tables of the same columns (schema.ts DeskEventColumns), each naming its lead by its own column.
 */
const LEAD_COLUMN = { proposalEvents: 'proposalId', contactMessageEvents: 'messageId' } as const

/** The texts an event may leave out: a status change has no body, a note no subject. */
type OptionalText = 'body' | 'fromStatus' | 'toStatus' | 'subject' | 'toAddress'

/** An event as read: its row, with `kind` narrowed to the kinds its timeline holds. */
export type DeskEvent<Row extends { kind: string }, Kind extends string> = Omit<Row, 'kind'> & { kind: Kind }

/** An event to write: no id, and the texts its kind has no use for may be left out. */
export type DeskEventWrite<Event extends Record<'id' | OptionalText, unknown>> = Omit<Event, 'id' | OptionalText> &
  Partial<Pick<Event, OptionalText>>

/** A lead's events, oldest first. */
export function findTimeline(db: Db, table: 'proposalEvents', leadId: number): Promise<ProposalEventRow[]>
export function findTimeline(db: Db, table: 'contactMessageEvents', leadId: number): Promise<ContactMessageEventRow[]>
export function findTimeline(db: Db, table: keyof typeof LEAD_COLUMN, leadId: number) {
  return db.selectFrom(table).selectAll().where(LEAD_COLUMN[table], '=', leadId).orderBy('createdAt').orderBy('id').execute()
}
