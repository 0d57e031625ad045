import { sql, type Expression, type SqlBool } from 'kysely'
import type { Db } from '~/db/db.server.ts'
import type { LeadKind, LeadSort, SortDir } from '~/lib/lead-desk-query.ts'
import { containsAny } from './search.server.ts'

/**
 * The lead desk's one list over its two tables (issue 36 §1): proposal rows (a request sent with the
 * form, or one a booked call started: `kind`) and contact messages, as one UNION ALL that is
 * filtered in each branch, sorted and paged in SQL. A page costs the same whatever the table size,
 * except the sort by next call, which looks up each lead's next call in bookings' index.
 */
export type DeskFilter = {
  q?: string
  kind?: LeadKind
  status?: string
  /** A person's id, or null for the leads assigned to no one. */
  assignedTo?: number | null
  /** A visit source; '' for the leads whose source is not known. */
  source?: string
}

export type DeskRow = {
  kind: LeadKind
  id: number
  name: string
  email: string
  status: string
  source: string | null
  assignedTo: number | null
  valueCents: number | null
  budget: string
  businessType: string
  received: string
  openedAt: string | null
}

/** The columns both tables have, in the place the UNION ALL matches them by (after `kind`). */
const SHARED_COLUMNS = ['id', 'name', 'email', 'status', 'visitSource as source', 'assignedTo'] as const

function branches(db: Db, f: DeskFilter) {
  let p = db
    .selectFrom('proposals')
    .select(['kind', ...SHARED_COLUMNS, 'valueCents', 'budget', 'businessType', 'date as received', 'openedAt'])
  let m = db
    .selectFrom('contactMessages')
    .select([
      sql<string>`'message'`.as('kind'),
      ...SHARED_COLUMNS,
      sql<number | null>`null`.as('valueCents'),
      sql<string>`''`.as('budget'),
      sql<string>`''`.as('businessType'),
      'createdAt as received',
      'openedAt',
    ])
  if (f.kind && f.kind !== 'message') p = p.where('kind', '=', f.kind)
  if (f.status) {
    p = p.where('status', '=', f.status)
    m = m.where('status', '=', f.status)
  }
  if (f.assignedTo !== undefined) {
    p = f.assignedTo === null ? p.where('assignedTo', 'is', null) : p.where('assignedTo', '=', f.assignedTo)
    m = f.assignedTo === null ? m.where('assignedTo', 'is', null) : m.where('assignedTo', '=', f.assignedTo)
  }
  if (f.source !== undefined) {
    p = f.source === '' ? p.where('visitSource', 'is', null) : p.where('visitSource', '=', f.source)
    m = f.source === '' ? m.where('visitSource', 'is', null) : m.where('visitSource', '=', f.source)
  }
  if (f.q) {
    p = p.where(containsAny(['name', 'email', 'business_type'], f.q))
    m = m.where(containsAny(['name', 'email', 'message'], f.q))
  }
  if (f.kind === 'message') return m
  if (f.kind) return p
  return p.unionAll(m)
}

const nullsLast = (e: Expression<unknown>) => sql<SqlBool>`(${e} is null)`

/** One page of leads, sorted; ties go newest first. */
export async function findDeskLeads(
  db: Db,
  f: DeskFilter,
  sort: LeadSort,
  dir: SortDir,
  limit: number,
  offset: number,
  now: string,
): Promise<DeskRow[]> {
  const assigneeName = sql<string>`lower(coalesce(nullif(${sql.ref('u.displayName')}, ''), ${sql.ref('u.username')}))`
  const keys: Record<LeadSort, Expression<unknown>[]> = {
    received: [sql.ref('l.received')],
    name: [sql`lower(${sql.ref('l.name')})`],
    kind: [sql.ref('l.kind')],
    status: [sql.ref('l.status')],
    source: [nullsLast(sql.ref('l.source')), sql`lower(${sql.ref('l.source')})`],
    assignee: [nullsLast(sql.ref('u.id')), assigneeName],
    value: [nullsLast(sql.ref('l.valueCents')), sql.ref('l.valueCents')],
    nextCall: [nullsLast(sql.ref('nc.next')), sql.ref('nc.next')],
  }
  let qb = db.selectFrom(branches(db, f).as('l')).selectAll('l')
  if (sort === 'assignee') qb = qb.leftJoin('adminUsers as u', 'u.id', 'l.assignedTo')
  // Each proposal row's next live call, from one grouped pass over bookings (messages have none).
  if (sort === 'nextCall')
    qb = qb.leftJoin(
      db
        .selectFrom('bookings')
        .select(['proposalId', (eb) => eb.fn.min('startAt').as('next')])
        .where('status', '=', 'booked')
        .where('startAt', '>=', now)
        .groupBy('proposalId')
        .as('nc'),
      (join) => join.onRef('nc.proposalId', '=', 'l.id').on('l.kind', '<>', 'message'),
    )
  const [first, ...rest] = keys[sort]
  // "Nulls last" keys always sort ascending; the value itself in the asked direction.
  qb = rest.length ? qb.orderBy(first, 'asc').orderBy(rest[0], dir) : qb.orderBy(first, dir)
  const rows = await qb.orderBy('l.received', 'desc').orderBy('l.kind').orderBy('l.id', 'desc').limit(limit).offset(offset).execute()
  return rows.map((r) => ({
    ...r,
    kind: r.kind as LeadKind,
    id: Number(r.id),
    assignedTo: r.assignedTo === null ? null : Number(r.assignedTo),
    valueCents: r.valueCents === null ? null : Number(r.valueCents),
  }))
}

/** Counts per kind and status under the search, assignee and source filters (the filters' counts). */
export async function countDeskLeads(
  db: Db,
  f: Omit<DeskFilter, 'kind' | 'status'>,
): Promise<{ kind: LeadKind; status: string; n: number }[]> {
  const rows = await db
    .selectFrom(branches(db, f).as('l'))
    .select(['l.kind', 'l.status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy(['l.kind', 'l.status'])
    .execute()
  return rows.map((r) => ({ kind: r.kind as LeadKind, status: r.status, n: Number(r.n) }))
}

/** The visit sources leads came from, for the source filter. */
export async function findDeskSources(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('proposals')
    .select('visitSource as source')
    .where('visitSource', 'is not', null)
    .union(db.selectFrom('contactMessages').select('visitSource as source').where('visitSource', 'is not', null))
    .execute()
  return rows.map((r) => r.source ?? '').sort((a, b) => a.localeCompare(b))
}

/** Each of these proposal rows' next live call from `now` on. */
export async function findNextCalls(db: Db, proposalIds: number[], now: string): Promise<Map<number, string>> {
  if (proposalIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('bookings')
    .select(['proposalId', (eb) => eb.fn.min('startAt').as('next')])
    .where('proposalId', 'in', proposalIds)
    .where('status', '=', 'booked')
    .where('startAt', '>=', now)
    .groupBy('proposalId')
    .execute()
  return new Map(rows.map((r) => [Number(r.proposalId), String(r.next)]))
}

/**
 * The sidebar's figures in one statement: leads nobody has opened yet (proposal rows and messages)
 * and upcoming live calls booked since their lead was last opened (or whose lead nobody opened).
 */
export async function countUnopened(db: Db, now: string): Promise<{ leads: number; messages: number; calls: number }> {
  const { rows } = await sql<{ leads: string | number; messages: string | number; calls: string | number }>`select
    (select count(*) from proposals where opened_at is null) as leads,
    (select count(*) from contact_messages where opened_at is null) as messages,
    (select count(*) from bookings b join proposals p on p.id = b.proposal_id where b.status = 'booked' and b.start_at >= ${now} and (p.opened_at is null or b.created_at > p.opened_at)) as calls`.execute(
    db,
  )
  const r = rows[0]
  return { leads: Number(r?.leads ?? 0), messages: Number(r?.messages ?? 0), calls: Number(r?.calls ?? 0) }
}

/** Records the first opening of a proposal row (later openings change nothing); true when this was the first. */
export async function markProposalOpened(db: Db, id: number, at: string): Promise<boolean> {
  const r = await db.updateTable('proposals').set({ openedAt: at }).where('id', '=', id).where('openedAt', 'is', null).executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

/** Records the first opening of a message (and marks it read in the messages inbox). */
export async function markMessageOpened(db: Db, id: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('contactMessages')
    .set({ openedAt: at, isRead: 1 })
    .where('id', '=', id)
    .where('openedAt', 'is', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}
