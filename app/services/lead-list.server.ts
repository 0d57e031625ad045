import type { Db } from '~/db/db.server.ts'
import { PROPOSAL_STATUSES, budgetLabel } from '~/lib/constants.ts'
import { formatUsd } from '~/lib/estimator.ts'
import { DESK_PAGE_SIZE, type DeskQuery, type LeadKind } from '~/lib/lead-desk-query.ts'
import { can } from '~/lib/permissions.ts'
import { DOCUMENT_STATE_LABELS, money, stateOn, todayIn } from '~/lib/proposal-document.ts'
import * as model from '~/models/lead-desk.server.ts'
import { findDocumentsForLeads } from '~/models/proposal-documents.server.ts'
import type { Admin } from './actor.server.ts'
import { listAssignees } from './people.server.ts'
import { getSettings } from './settings.server.ts'
import { requirePermission } from './actor.server.ts'

/** One row of the desk, as the table shows it. Times are UTC ISO; the page formats them. */
export type DeskLead = Pick<model.DeskRow, 'kind' | 'id' | 'name' | 'email' | 'status' | 'source'> & {
  assignee: string | null
  /** The estimate where there is one ('$2,450'), else the budget the visitor chose; null: neither. */
  value: string | null
  received: string
  nextCall: string | null
  unread: boolean
  /** The proposal written for the lead (issue 38): its state ('Sent') and total ('$3,100'); null: none yet. */
  proposal: { state: string; value: string } | null
}

export type DeskList = {
  leads: DeskLead[]
  total: number
  pages: number
  /** Leads per kind under the other filters, and per status under the kind filter (the filters' counts). */
  kindCounts: Record<LeadKind | 'all', number>
  statusCounts: Record<string, number>
  sources: string[]
  assignees: { id: number; name: string }[]
}

/**
 * The lead desk's list (issue 36 §1): every proposal request, contact message and booked call in
 * one list, filtered, sorted and paged in the database. Needs the lead desk's permission.
 */
export async function listDeskLeads(db: Db, admin: Admin, query: DeskQuery, now = Date.now()): Promise<DeskList> {
  requirePermission(admin, 'leads')
  const nowIso = new Date(now).toISOString()
  const assignedTo =
    query.assignee === '' ? undefined : query.assignee === 'none' ? null : query.assignee === 'me' ? admin.id : Number(query.assignee)
  const source = query.source === '' ? undefined : query.source === '(not known)' ? '' : query.source
  const shared = { q: query.q || undefined, assignedTo, source }
  const filter = { ...shared, kind: query.kind || undefined, status: query.status || undefined }
  const [rows, counts, sources, assignees] = await Promise.all([
    model.findDeskLeads(db, filter, query.sort, query.dir, DESK_PAGE_SIZE, (query.page - 1) * DESK_PAGE_SIZE, nowIso),
    model.countDeskLeads(db, shared),
    model.findDeskSources(db),
    listAssignees(db),
  ])
  const leadIds = rows.filter((r) => r.kind !== 'message').map((r) => r.id)
  const [nextCalls, documents, { timeZone }] = await Promise.all([
    model.findNextCalls(db, leadIds, nowIso),
    findDocumentsForLeads(db, leadIds),
    getSettings(db),
  ])
  // An open proposal past its date reads as expired here too, as on its own page (which records it).
  const today = todayIn(timeZone, now)
  const proposals = new Map(
    documents.map((d) => [d.proposalId, { state: DOCUMENT_STATE_LABELS[stateOn(d, today)], value: money(d.totalCents) }]),
  )
  const names = new Map(assignees.map((a) => [a.id, a.name]))
  const kindCounts = { all: 0, proposal: 0, message: 0, call: 0 }
  const statusCounts: Record<string, number> = { all: 0, ...Object.fromEntries(PROPOSAL_STATUSES.map((s) => [s, 0])) }
  let total = 0
  for (const c of counts) {
    if (!query.status || c.status === query.status) {
      kindCounts[c.kind] += c.n
      kindCounts.all += c.n
    }
    if (!query.kind || c.kind === query.kind) {
      statusCounts[c.status] = (statusCounts[c.status] ?? 0) + c.n
      statusCounts.all += c.n
    }
    if ((!query.status || c.status === query.status) && (!query.kind || c.kind === query.kind)) total += c.n
  }
  return {
    leads: rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      name: r.name,
      email: r.email,
      status: r.status,
      source: r.source,
      assignee: r.assignedTo === null ? null : (names.get(r.assignedTo) ?? 'Someone no longer on the desk'),
      value: r.valueCents !== null ? formatUsd(r.valueCents / 100) : r.budget ? budgetLabel(r.budget) : null,
      received: r.received,
      nextCall: r.kind === 'message' ? null : (nextCalls.get(r.id) ?? null),
      unread: r.openedAt === null,
      proposal: r.kind === 'message' ? null : (proposals.get(r.id) ?? null),
    })),
    total,
    pages: Math.max(1, Math.ceil(total / DESK_PAGE_SIZE)),
    kindCounts,
    statusCounts,
    sources,
    assignees,
  }
}

/**
 * The figures beside the menu's lead items, in one query: leads nobody on the staff has opened
 * (beside the desk, or beside Messages for a role that has messages but not the desk), and upcoming
 * calls booked since their lead was last opened (beside Calls). Nothing for a role without either.
 */
export async function menuCounts(
  db: Db,
  admin: Pick<Admin, 'role'>,
  now = Date.now(),
): Promise<Partial<Record<'proposals' | 'messages' | 'calls', number>>> {
  const leads = can(admin.role, 'leads')
  if (!leads && !can(admin.role, 'messages')) return {}
  const c = await model.countUnopened(db, new Date(now).toISOString())
  return leads ? { proposals: c.leads + c.messages, messages: c.messages, calls: c.calls } : { messages: c.messages }
}
