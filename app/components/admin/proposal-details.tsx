import { ExternalLink } from 'lucide'
import { useEffect, useState } from 'react'
import { Icon } from '~/components/ui/icon.tsx'
import { Options, Select } from '~/components/ui/input.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { formatPublishTime } from '~/lib/publishing.ts'
import { BreakdownHead } from '~/components/estimator/breakdown-head.tsx'
import { useAgencyZone } from './local-time.tsx'
import { PROPOSAL_STATUSES, budgetLabel, businessTypeLabel } from '~/lib/constants.ts'
import type { Proposal } from '~/models/proposals.server.ts'
import type { ProposalEvent, ProposalOrigin } from '~/services/lead-desk.server.ts'
import { IntentFields } from './list-actions.tsx'
import { capitalize } from './ui.tsx'

/**
 * The status control of a proposal (its card in the list and its own page): a select and an Apply
 * button inside the caller's form. Walking the options with the arrow keys changes nothing; only
 * Apply (or Enter) saves, once. The select follows the stored status whenever that changes, or
 * when `resetKey` changes (an answer arrived: a refused change shows the stored value again).
 */
export function ProposalStatusFields({
  selectId,
  id,
  name,
  status,
  resetKey,
}: {
  selectId: string
  id: number
  name: string
  status: string
  resetKey?: unknown
}) {
  const [choice, setChoice] = useState(status)
  useEffect(() => setChoice(status), [status, resetKey])
  return (
    <>
      <IntentFields intent="status" id={id} />
      <label className="sr-only" htmlFor={selectId}>
        Status for {name}
      </label>
      <Select size="compact" id={selectId} name="status" value={choice} onChange={(e) => setChoice(e.currentTarget.value)}>
        <Options items={PROPOSAL_STATUSES} label={capitalize} />
      </Select>
      <button type="submit" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
        Apply<span className="sr-only"> status for {name}</span>
      </button>
    </>
  )
}

/** The request as the visitor sent it. */
export function ProposalSummary({ proposal: p }: { proposal: Proposal }) {
  return (
    <>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-medium text-ink-700">Status</dt>
        <dd>
          <Badge tone={p.status}>{capitalize(p.status)}</Badge>
        </dd>
        <dt className="font-medium text-ink-700">Received</dt>
        <dd className="text-ink-900">
          <When iso={p.date} />
        </dd>
        <dt className="font-medium text-ink-700">Email</dt>
        <dd className="break-all text-ink-900">
          <a className="text-primary-700 underline" href={`mailto:${p.email}`}>
            {p.email}
          </a>
        </dd>
        <dt className="font-medium text-ink-700">Phone</dt>
        <dd className="text-ink-900">{p.phone || 'Not given'}</dd>
        <dt className="font-medium text-ink-700">Business type</dt>
        <dd className="text-ink-900">{businessTypeLabel(p.businessType)}</dd>
        <dt className="font-medium text-ink-700">Budget</dt>
        <dd className="text-ink-900">{budgetLabel(p.budget)}</dd>
      </dl>
      <h3 className="mt-4 text-sm font-medium text-ink-700">Requirements</h3>
      <p className="mt-1 rounded-md bg-ink-50 p-3 text-sm break-words whitespace-pre-wrap text-ink-900">{p.requirements}</p>
    </>
  )
}

const linkClass = 'inline-flex items-center gap-1.5 font-medium text-primary-700 underline hover:text-primary-800'

/** The link that reopens the visitor's estimate or design in its public tool, in a new tab. */
function ReopenLink({ href, children }: { href: string; children: string }) {
  return (
    <a className={`${linkClass} mt-3`} href={href} target="_blank" rel="noopener">
      {children} <span className="sr-only">(opens in a new tab)</span>
      <Icon node={ExternalLink} aria-hidden="true" className="size-4" />
    </a>
  )
}

/** The estimate or the builder design the request came with, readable, and the link that reopens it. */
export function ProposalOriginView({ origin }: { origin: ProposalOrigin }) {
  if (origin.source === 'estimator') {
    return (
      <div>
        <table className="w-full text-sm">
          <caption className="mb-2 text-left text-ink-700">The visitor&apos;s cost estimate, priced with today&apos;s price list</caption>
          <BreakdownHead />
          <tbody>
            {origin.rows.map((r) => (
              <tr key={r.label} className={r.kind === 'item' ? '' : 'border-t border-ink-200 font-semibold'}>
                <th scope="row" className="py-1 pr-4 text-left font-normal text-ink-800">
                  {r.label}
                </th>
                <td className="py-1 text-right text-ink-900 tabular-nums">{r.amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ReopenLink href={origin.reopenHref}>Open this estimate in the cost estimator</ReopenLink>
      </div>
    )
  }
  return (
    <div>
      <p className="mb-2 text-sm text-ink-700">The visitor&apos;s design from the demo builder</p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {origin.items.map((i) => (
          <div key={i.label} className="contents">
            <dt className="font-medium text-ink-700">{i.label}</dt>
            <dd className="break-words text-ink-900">{i.value}</dd>
          </div>
        ))}
      </dl>
      <ReopenLink href={origin.reopenHref}>Open this design in the demo builder</ReopenLink>
    </div>
  )
}

/** A moment in the reader's zone (the page names it once). */
function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatPublishTime(iso, useAgencyZone().id)}</time>
}
const when = (iso: string) => <When iso={iso} />

/** The admin's notes, oldest first. */
export function ProposalNotes({ notes }: { notes: LeadEvent[] }) {
  if (notes.length === 0) return <p className="text-sm text-ink-600">No notes yet.</p>
  return (
    <ol aria-label="Notes" className="space-y-3">
      {notes.map((n) => (
        <li key={n.id} className="rounded-md border border-ink-200 bg-ink-50 p-3 text-sm">
          <p className="text-xs text-ink-600">
            {n.author} · {when(n.createdAt)}
          </p>
          <p className="mt-1 break-words whitespace-pre-wrap text-ink-900">{n.body}</p>
        </li>
      ))}
    </ol>
  )
}

/** One entry of a lead's timeline (a proposal's or a contact message's: the same fields). */
export type LeadEvent = Pick<
  ProposalEvent,
  'id' | 'kind' | 'body' | 'fromStatus' | 'toStatus' | 'subject' | 'toAddress' | 'author' | 'createdAt'
>

/** When the request (or message) arrived, each status change and each reply sent, oldest first. */
export function ProposalHistory({
  proposal,
  events,
  received = 'Request received',
}: {
  proposal: Pick<Proposal, 'date'>
  events: LeadEvent[]
  received?: string
}) {
  const entries = events.filter((e) => e.kind !== 'note')
  return (
    <>
      <ol aria-label="History" className="space-y-3 border-l-2 border-ink-200 pl-4">
        <li className="text-sm">
          <p className="font-medium text-ink-900">{received}</p>
          <p className="text-xs text-ink-600">{when(proposal.date)}</p>
        </li>
        {entries.map((e) => (
          <li key={e.id} id={`event-${e.id}`} tabIndex={-1} className="text-sm">
            {e.kind === 'status' ? (
              <p className="font-medium text-ink-900">
                {`Status changed from ${capitalize(e.fromStatus ?? '')} to ${capitalize(e.toStatus ?? '')}`}
              </p>
            ) : e.kind === 'question' ? (
              <>
                {/* Asked on the client's proposal page (issue 38). */}
                <p className="font-medium text-ink-900">Question about the proposal</p>
                <p className="mt-1 rounded-md bg-ink-50 p-3 break-words whitespace-pre-wrap text-ink-900">{e.body}</p>
              </>
            ) : (
              <>
                <p className="font-medium text-ink-900">
                  {/* Through the outbox: whether it left shows there, not here (issue 36). */}
                  Reply to <span className="break-all">{e.toAddress}</span>
                  {`: ${e.subject}`}
                </p>
                <details className="mt-1">
                  <summary className="cursor-pointer text-primary-700 underline">Show the message</summary>
                  <p className="mt-1 rounded-md bg-ink-50 p-3 break-words whitespace-pre-wrap text-ink-900">{e.body}</p>
                </details>
              </>
            )}
            <p className="text-xs text-ink-600">
              {e.author} · {when(e.createdAt)}
            </p>
          </li>
        ))}
      </ol>
    </>
  )
}
