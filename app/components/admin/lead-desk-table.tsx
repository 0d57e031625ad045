import { ArrowDown, ArrowUp } from 'lucide'
import { useRef } from 'react'
import { Form, Link } from 'react-router'
import { UnknownSourceNote } from '~/components/admin/lead-attribution.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { Input, Options, Select } from '~/components/ui/input.tsx'
import { TimesIn } from '~/components/admin/local-time.tsx'
import { PROPOSAL_STATUSES } from '~/lib/constants.ts'
import { LEAD_KINDS, deskHref, sortHref, type DeskQuery, type LeadKind, type LeadSort } from '~/lib/lead-desk-query.ts'
import type { DeskLead, DeskList } from '~/services/lead-list.server.ts'
import { capitalize, FilterLinks, Pager } from './ui.tsx'
import { useHydrated } from './use-hydrated.ts'
import { useRowKeys } from './use-row-keys.ts'

type Lead = DeskLead & { href: string; receivedLabel: string; nextCallLabel: string | null }
type DeskData = Omit<DeskList, 'leads'> & { query: DeskQuery; leads: Lead[] }

const KIND_SHORT: Record<LeadKind, string> = { proposal: 'Proposal', message: 'Message', call: 'Call' }
const KIND_PLURAL: Record<LeadKind, string> = { proposal: 'Proposal requests', message: 'Contact messages', call: 'Booked calls' }
/** The source filter's value for the leads whose source is not known. */
const NOT_KNOWN = '(not known)'
const NOT_KNOWN_TEXT = 'Not known'
const NO_ONE_TEXT = 'No one'
/** The proposal written for a lead, as its row names it: 'Our proposal: Sent, $3,100'. */
const proposalText = (p: NonNullable<DeskLead['proposal']>) => `Our proposal: ${p.state}, ${p.value}`

const COLUMNS: { sort: LeadSort; label: string; className?: string }[] = [
  { sort: 'kind', label: 'Kind' },
  { sort: 'name', label: 'Name' },
  { sort: 'status', label: 'Status' },
  { sort: 'source', label: 'Source' },
  { sort: 'assignee', label: 'Assigned to' },
  { sort: 'value', label: 'Value', className: 'text-right' },
  { sort: 'received', label: 'Received' },
  { sort: 'nextCall', label: 'Next call' },
]

/**
 * The lead desk's list (issue 36 §1): the filters as one plain GET form, then a real table at
 * desktop width whose column headers are sort links (`aria-sort` on the sorted one), and compact
 * rows on a phone. Both show the same leads; the keyboard shortcuts move through the visible one.
 */
export function LeadDeskList({ path, data }: { path: string; data: DeskData }) {
  const { query, leads, total, pages, kindCounts, statusCounts, sources, assignees } = data
  const listRef = useRef<HTMLDivElement>(null)
  const hydrated = useHydrated()
  useRowKeys(listRef)
  const filtered = Boolean(query.q || query.kind || query.status || query.assignee || query.source)
  const statusLinks = [{ label: 'All', value: '' as const }, ...PROPOSAL_STATUSES.map((s) => ({ label: capitalize(s), value: s }))].map(
    (f) => ({
      label: f.label,
      count: statusCounts[f.value || 'all'] ?? 0,
      href: deskHref(path, { ...query, status: f.value, page: 1 }),
      current: f.value === query.status,
    }),
  )

  return (
    <>
      <Form
        method="get"
        action={path}
        aria-label="Filter leads"
        className="mb-4 grid grid-cols-2 items-end gap-3 rounded-lg border border-ink-200 bg-white p-3 sm:p-4 xl:grid-cols-[minmax(0,1.5fr)_repeat(4,minmax(0,1fr))_auto]"
      >
        {query.sort !== 'received' && <input type="hidden" name="sort" value={query.sort} />}
        <input type="hidden" name="dir" value={query.dir} />
        <label className="col-span-2 block text-sm font-medium text-ink-800 xl:col-span-1">
          Search proposals
          <Input type="search" name="q" defaultValue={query.q} placeholder="Search by name, email or business type..." className="mt-1" />
        </label>
        <label className="block text-sm font-medium text-ink-800">
          Kind
          <Select name="kind" defaultValue={query.kind} className="mt-1">
            <option value="">All kinds ({kindCounts.all})</option>
            <Options items={LEAD_KINDS} label={(k) => `${KIND_PLURAL[k]} (${kindCounts[k]})`} />
          </Select>
        </label>
        <label className="block text-sm font-medium text-ink-800">
          Status
          <Select name="status" defaultValue={query.status} className="mt-1">
            <option value="">Any ({statusCounts.all ?? 0})</option>
            <Options items={PROPOSAL_STATUSES} label={(s) => `${capitalize(s)} (${statusCounts[s] ?? 0})`} />
          </Select>
        </label>
        <label className="block text-sm font-medium text-ink-800">
          Assigned to
          <Select name="assignee" defaultValue={query.assignee} className="mt-1">
            <option value="">Anyone</option>
            <option value="me">Me</option>
            <option value="none">No one</option>
            <Options items={assignees} value={(a) => String(a.id)} label={(a) => a.name} />
          </Select>
        </label>
        <label className="block text-sm font-medium text-ink-800">
          Source
          <Select name="source" defaultValue={query.source} className="mt-1">
            <option value="">Any source</option>
            <option value={NOT_KNOWN}>Not known</option>
            <Options items={sources} />
          </Select>
        </label>
        <div className="col-span-2 flex gap-2 xl:col-span-1">
          <Button type="submit" variant="secondary">
            Filter
          </Button>
          {filtered && (
            <Link to={deskHref(path, { sort: query.sort, dir: query.dir })} className={buttonClass({ variant: 'ghost' })}>
              Clear
            </Link>
          )}
        </div>
      </Form>
      <div className="mb-4 flex flex-col gap-2 lg:flex-row lg:items-center lg:justify-between">
        <FilterLinks label="Filter proposals by status" items={statusLinks} />
        {hydrated && (
          <p className="text-sm text-ink-700" id="desk-keys">
            Keyboard: <kbd className="rounded border border-ink-300 px-1">j</kbd> or{' '}
            <kbd className="rounded border border-ink-300 px-1">↓</kbd> next lead,{' '}
            <kbd className="rounded border border-ink-300 px-1">k</kbd> or <kbd className="rounded border border-ink-300 px-1">↑</kbd>{' '}
            previous, <kbd className="rounded border border-ink-300 px-1">Enter</kbd> opens it.
          </p>
        )}
      </div>

      {leads.length === 0 ? (
        <p className="rounded-lg border border-dashed border-ink-300 bg-white p-10 text-center text-ink-600">
          No proposals found matching your criteria.
        </p>
      ) : (
        <div ref={listRef}>
          <div className="hidden overflow-x-auto rounded-lg border border-ink-200 bg-white md:block">
            <table className="w-full text-left text-sm [&_td]:px-3 [&_td]:py-2 [&_td]:whitespace-nowrap [&_tr]:focus-within:bg-primary-50">
              <caption className="sr-only">
                Leads, {total} in all. Sorted by {COLUMNS.find((c) => c.sort === query.sort)?.label},{' '}
                {query.dir === 'asc' ? 'ascending' : 'descending'}.
              </caption>
              <thead className="border-b border-ink-200 bg-ink-50 text-xs text-ink-700 uppercase">
                <tr>
                  {COLUMNS.map((c) => {
                    const current = query.sort === c.sort
                    return (
                      <th
                        key={c.sort}
                        scope="col"
                        aria-sort={current ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                        className={`px-3 py-2 font-semibold whitespace-nowrap ${c.className ?? ''}`}
                      >
                        <Link
                          to={sortHref(path, query, c.sort)}
                          preventScrollReset
                          className="inline-flex items-center gap-1 hover:text-ink-900 hover:underline"
                        >
                          {c.label}
                          {current && <Icon node={query.dir === 'asc' ? ArrowUp : ArrowDown} aria-hidden="true" className="size-3" />}
                        </Link>
                      </th>
                    )
                  })}
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-100 text-ink-800">
                {leads.map((l) => (
                  <tr key={`${l.kind}-${l.id}`}>
                    <td>{KIND_SHORT[l.kind]}</td>
                    <td className="max-w-56">
                      <Link
                        to={l.href}
                        data-row-link
                        className={`block truncate text-primary-800 hover:underline ${l.unread ? 'font-bold' : 'font-medium'}`}
                      >
                        {l.name}
                        {l.unread && <span className="sr-only"> (unread)</span>}
                      </Link>
                      <span className="block truncate text-xs text-ink-600">{l.email}</span>
                    </td>
                    <td>
                      <Badge tone={l.status}>{capitalize(l.status)}</Badge>
                      {l.proposal && <span className="mt-0.5 block text-xs text-ink-600">{proposalText(l.proposal)}</span>}
                    </td>
                    <td className="max-w-32 truncate">{l.source ?? NOT_KNOWN_TEXT}</td>
                    <td>{l.assignee ?? NO_ONE_TEXT}</td>
                    <td className="text-right tabular-nums">{l.value ?? '-'}</td>
                    <td>
                      <time dateTime={l.received}>{l.receivedLabel}</time>
                    </td>
                    <td>{l.nextCall ? <time dateTime={l.nextCall}>{l.nextCallLabel}</time> : '-'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul aria-label="Leads" className="divide-y divide-ink-100 rounded-lg border border-ink-200 bg-white md:hidden">
            {leads.map((l) => (
              <li key={`${l.kind}-${l.id}`} className="px-3 py-2 focus-within:bg-primary-50">
                <div className="flex items-baseline justify-between gap-2">
                  <Link
                    to={l.href}
                    data-row-link
                    className={`min-w-0 truncate text-primary-800 hover:underline ${l.unread ? 'font-bold' : 'font-medium'}`}
                  >
                    {l.name}
                    {l.unread && <span className="sr-only"> (unread)</span>}
                  </Link>
                  <Badge tone={l.status}>{capitalize(l.status)}</Badge>
                </div>
                <p className="text-xs text-ink-700">
                  {[KIND_SHORT[l.kind], l.value, l.source ?? 'Source not known', l.assignee, l.proposal && proposalText(l.proposal)]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <p className="text-xs text-ink-600">
                  Received <time dateTime={l.received}>{l.receivedLabel}</time>
                  {l.nextCall && (
                    <>
                      {' · '}Next call <time dateTime={l.nextCall}>{l.nextCallLabel}</time>
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
          <TimesIn className="mt-2 text-xs text-ink-600" />
        </div>
      )}
      <Pager page={query.page} pages={pages} total={total} noun="leads" hrefFor={(n) => deskHref(path, { ...query, page: n })} />
      {leads.some((l) => !l.source) && <UnknownSourceNote />}
    </>
  )
}
