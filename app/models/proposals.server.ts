import type { Db } from '~/db/db.server.ts'
import type { ProposalEventRow, ProposalRow } from '~/db/schema.ts'
import { ATTRIBUTION_COLUMNS, type LeadAttribution } from './visits.server.ts'
import type { ProposalStatus } from '~/lib/constants.ts'
import { containsAny, newestFirstPage } from './search.server.ts'
import { findTimeline, type DeskEvent, type DeskEventWrite } from './desk-events.server.ts'

/**
 * The request as the visitor sent it (and as the API has always answered it). Where it came from
 * (`source`, `sourceData`) is read on its own by findProposalSource, for the lead desk.
 */
type ProposalBase = Omit<ProposalRow, 'source' | 'sourceData' | keyof LeadAttribution | keyof ProposalTriage | 'fromMessageId'>
/** The desk's own fields (issue 36), read by the desk's queries, never by the API. */
export type ProposalTriage = Pick<ProposalRow, 'kind' | 'valueCents' | 'nextStep' | 'openedAt'>
export type Proposal = Omit<ProposalBase, 'status'> & { status: ProposalStatus }
export type ProposalWrite = Omit<Proposal, 'id' | 'status' | 'date' | 'assignedTo'>
export type ProposalQuery = {
  status?: ProposalStatus
  q?: string
  limit?: number
  offset?: number
  /** Only the leads assigned to this person (the desk's "mine"). */ assignedTo?: number
}
export type ProposalSourceRow = Pick<ProposalRow, 'source' | 'sourceData'>

const COLUMNS = ['id', 'name', 'email', 'phone', 'businessType', 'budget', 'requirements', 'status', 'date', 'assignedTo'] as const

const toProposal = (row: ProposalBase): Proposal => ({ ...row, status: row.status as ProposalStatus })

export async function findProposals(db: Db, query: ProposalQuery = {}): Promise<Proposal[]> {
  let qb = db.selectFrom('proposals').select(COLUMNS)
  if (query.status) qb = qb.where('status', '=', query.status)
  if (query.assignedTo !== undefined) qb = qb.where('assignedTo', '=', query.assignedTo)
  if (query.q) qb = qb.where(containsAny(['name', 'email', 'business_type'], query.q))
  return (await newestFirstPage(qb, query).execute()).map(toProposal)
}

/** Counts per status for the filter buttons, under the same search (and "mine") as the list. */
export async function countProposals(db: Db, q?: string, assignedTo?: number): Promise<Record<string, number>> {
  let qb = db.selectFrom('proposals').select(['status', (eb) => eb.fn.countAll<string>().as('n')])
  if (q) qb = qb.where(containsAny(['name', 'email', 'business_type'], q))
  if (assignedTo !== undefined) qb = qb.where('assignedTo', '=', assignedTo)
  const rows = await qb.groupBy('status').execute()
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))
}

export async function findProposal(db: Db, id: number): Promise<Proposal | undefined> {
  const row = await db.selectFrom('proposals').select(COLUMNS).where('id', '=', id).executeTakeFirst()
  return row && toProposal(row)
}

export async function findProposalSource(db: Db, id: number): Promise<ProposalSourceRow | undefined> {
  return db.selectFrom('proposals').select(['source', 'sourceData']).where('id', '=', id).executeTakeFirst()
}

/** The list as findProposals gives it, each with the visit that produced it (the CSV export). */
export async function findProposalsWithAttribution(db: Db, query: ProposalQuery = {}): Promise<(Proposal & LeadAttribution)[]> {
  let qb = db.selectFrom('proposals').select([...COLUMNS, ...ATTRIBUTION_COLUMNS])
  if (query.status) qb = qb.where('status', '=', query.status)
  if (query.q) qb = qb.where(containsAny(['name', 'email', 'business_type'], query.q))
  const rows = await qb.orderBy('date', 'desc').orderBy('id', 'desc').execute()
  return rows.map((row) => ({ ...row, status: row.status as ProposalStatus }))
}

export async function findProposalAttribution(db: Db, id: number): Promise<LeadAttribution | undefined> {
  return db.selectFrom('proposals').select(ATTRIBUTION_COLUMNS).where('id', '=', id).executeTakeFirst()
}

export async function insertProposal(
  db: Db,
  p: ProposalWrite & { date: string } & Partial<ProposalSourceRow> &
    Partial<LeadAttribution> &
    Partial<Pick<ProposalTriage, 'kind' | 'valueCents' | 'openedAt'>> &
    Partial<Pick<ProposalRow, 'fromMessageId'>>,
): Promise<Proposal> {
  const row = await db
    .insertInto('proposals')
    .values({ ...p, status: 'pending' })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow()
  return toProposal(row)
}

/** The lead made from a contact message to write its proposal (issue 38), if there is one. */
export async function findLeadIdForMessage(db: Db, messageId: number): Promise<number | undefined> {
  const row = await db.selectFrom('proposals').select('id').where('fromMessageId', '=', messageId).executeTakeFirst()
  return row === undefined ? undefined : Number(row.id)
}

/** The contact message a lead was made from (null: none, or it was deleted since). */
export async function findMessageIdForLead(db: Db, proposalId: number): Promise<number | null> {
  const row = await db.selectFrom('proposals').select('fromMessageId').where('id', '=', proposalId).executeTakeFirst()
  return row?.fromMessageId == null ? null : Number(row.fromMessageId)
}

/** Assigns the lead to a person (or to nobody, with null). */
export async function updateProposalAssignee(db: Db, id: number, assignedTo: number | null): Promise<boolean> {
  const r = await db.updateTable('proposals').set({ assignedTo }).where('id', '=', id).executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

export async function updateProposalStatus(db: Db, id: number, status: ProposalStatus): Promise<Proposal | undefined> {
  const row = await db.updateTable('proposals').set({ status }).where('id', '=', id).returning(COLUMNS).executeTakeFirst()
  return row && toProposal(row)
}

export async function findProposalTriage(db: Db, id: number): Promise<ProposalTriage | undefined> {
  return db.selectFrom('proposals').select(['kind', 'valueCents', 'nextStep', 'openedAt']).where('id', '=', id).executeTakeFirst()
}

export async function updateProposalNextStep(db: Db, id: number, nextStep: string | null): Promise<boolean> {
  const r = await db.updateTable('proposals').set({ nextStep }).where('id', '=', id).executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

/** 'question': a client's question about their proposal document, asked on /p/<token> (issue 38). */
export type ProposalEventKind = 'note' | 'status' | 'reply' | 'question'
export type ProposalEvent = DeskEvent<ProposalEventRow, ProposalEventKind>
export type ProposalEventWrite = DeskEventWrite<ProposalEvent>

export async function insertProposalEvent(db: Db, e: ProposalEventWrite): Promise<ProposalEvent> {
  const row = await db.insertInto('proposalEvents').values(e).returningAll().executeTakeFirstOrThrow()
  return { ...row, kind: row.kind as ProposalEventKind }
}

/** A proposal's notes, status changes and replies, oldest first. */
export async function findProposalEvents(db: Db, proposalId: number): Promise<ProposalEvent[]> {
  const rows = await findTimeline(db, 'proposalEvents', proposalId)
  return rows.map((row) => ({ ...row, kind: row.kind as ProposalEventKind }))
}

export async function deleteProposalEvents(db: Db, proposalId: number): Promise<void> {
  await db.deleteFrom('proposalEvents').where('proposalId', '=', proposalId).execute()
}

export async function deleteProposal(db: Db, id: number): Promise<boolean> {
  const res = await db.deleteFrom('proposals').where('id', '=', id).executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}

/** Proposals per day since `sinceDay` (yyyy-mm-dd), for the dashboard chart. */
export async function countProposalsPerDay(db: Db, sinceDay: string): Promise<Record<string, number>> {
  const rows = await db.selectFrom('proposals').select('date').where('date', '>=', sinceDay).execute()
  const out: Record<string, number> = {}
  for (const r of rows) out[r.date.slice(0, 10)] = (out[r.date.slice(0, 10)] ?? 0) + 1
  return out
}
