import { PROPOSAL_STATUSES, type ProposalStatus } from './constants.ts'

/**
 * The lead desk's list as the address says it (issue 36 §1): which kinds, status, assignee and
 * source it shows, how it is sorted and which page. Everything travels in the query, so the
 * filters are a plain GET form and the sortable headers plain links: the desk works without
 * JavaScript, and a filtered, sorted view can be bookmarked or shared.
 */
export const LEAD_KINDS = ['proposal', 'message', 'call'] as const
export type LeadKind = (typeof LEAD_KINDS)[number]

export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  proposal: 'Proposal request',
  message: 'Contact message',
  call: 'Booked call',
}

export const LEAD_SORTS = ['received', 'name', 'kind', 'status', 'source', 'assignee', 'value', 'nextCall'] as const
export type LeadSort = (typeof LEAD_SORTS)[number]
export type SortDir = 'asc' | 'desc'

/** Which way a column sorts first: newest, largest and soonest where that is what one looks for. */
export const FIRST_DIR: Record<LeadSort, SortDir> = {
  received: 'desc',
  name: 'asc',
  kind: 'asc',
  status: 'asc',
  source: 'asc',
  assignee: 'asc',
  value: 'desc',
  nextCall: 'asc',
}

/** `assignee`: a person's id, 'me' (the signed-in person), 'none' (no one), or '' (anyone). */
export type DeskQuery = {
  q: string
  kind: LeadKind | ''
  status: ProposalStatus | ''
  assignee: string
  source: string
  sort: LeadSort
  dir: SortDir
  page: number
}

export const DESK_PAGE_SIZE = 50

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | '' =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : ''

/** Reads the desk's query; anything it does not know falls back to the default (never an error). */
export function readDeskQuery(params: URLSearchParams): DeskQuery {
  const sort = pick(params.get('sort'), LEAD_SORTS) || 'received'
  const dirParam = params.get('dir')
  const dir: SortDir = dirParam === 'asc' || dirParam === 'desc' ? dirParam : FIRST_DIR[sort]
  const assigneeParam = params.get('assignee') ?? ''
  // The older list's "Assigned to me" link (`?mine=1`) still works.
  const assignee = /^(\d{1,9}|me|none)$/.test(assigneeParam) ? assigneeParam : params.get('mine') === '1' ? 'me' : ''
  const pageNum = Number(params.get('page'))
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    kind: pick(params.get('kind'), LEAD_KINDS),
    status: pick(params.get('status'), PROPOSAL_STATUSES),
    assignee,
    source: (params.get('source') ?? '').trim().slice(0, 200),
    sort,
    dir,
    page: Number.isInteger(pageNum) && pageNum > 1 ? Math.min(pageNum, 100_000) : 1,
  }
}

/** The desk's address for a query (defaults left out, so the plain address is the default view). */
export function deskHref(path: string, query: Partial<DeskQuery>): string {
  const sp = new URLSearchParams()
  const { q, kind, status, assignee, source, sort, dir, page } = query
  if (q) sp.set('q', q)
  if (kind) sp.set('kind', kind)
  if (status) sp.set('status', status)
  if (assignee) sp.set('assignee', assignee)
  if (source) sp.set('source', source)
  if (sort && sort !== 'received') sp.set('sort', sort)
  if (sort && dir && dir !== FIRST_DIR[sort]) sp.set('dir', dir)
  if (!sort && dir && dir !== FIRST_DIR.received) sp.set('dir', dir)
  if (page && page > 1) sp.set('page', String(page))
  const s = sp.toString()
  return s ? `${path}?${s}` : path
}

/** The header link's target: the column sorted its first way, or the other way when it is the current sort. */
export function sortHref(path: string, query: DeskQuery, column: LeadSort): string {
  const dir: SortDir = query.sort === column ? (query.dir === 'asc' ? 'desc' : 'asc') : FIRST_DIR[column]
  return deskHref(path, { ...query, sort: column, dir, page: 1 })
}
