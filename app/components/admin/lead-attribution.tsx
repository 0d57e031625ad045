import type { LeadAttribution } from '~/lib/lead-attribution.ts'

const TOOL_LABELS: Record<string, string> = { estimator: 'Cost estimator', builder: 'Demo builder', chat: 'Chat assistant' }

/** Why a lead's source can be unknown, in the staff's words (said once per screen, issue 36). */
export const UNKNOWN_SOURCE_WHY =
  'A source is not known when we counted no visit from that person: their browser asks websites not to track it, visit counting is off in Settings, or they first came on an earlier day.'

/** The reason for "Source: not known", once below a list of leads that has one. */
export function UnknownSourceNote() {
  return <p className="mt-4 text-sm text-ink-700">{UNKNOWN_SOURCE_WHY}</p>
}

/**
 * Where a lead came from, as a short description list (the lead desk and the messages inbox).
 * Without a counted visit it says "not known"; `explain` adds why (a list leaves it to one
 * UnknownSourceNote below it instead of repeating it on every item).
 */
export function LeadAttributionList({ visit, explain = true }: { visit: LeadAttribution; explain?: boolean }) {
  if (!visit.visitSource) {
    return (
      <div className="text-sm text-ink-700">
        <p>
          <span className="font-medium">Source:</span> not known
        </p>
        {explain && <p className="mt-1">{UNKNOWN_SOURCE_WHY}</p>}
      </div>
    )
  }
  const tools = visit.firstTools
    ? visit.firstTools
        .split(',')
        .map((t) => TOOL_LABELS[t] ?? t)
        .join(', then ')
    : 'none'
  const rows: [string, string][] = [
    ['Source', visit.visitSource],
    ['Campaign', visit.visitCampaign ?? 'none'],
    ['Landing page', visit.landingPath ?? ''],
    ['Tools used first', tools],
  ]
  return (
    <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-ink-700">{term}</dt>
          <dd className="break-words text-ink-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
