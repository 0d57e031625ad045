import type { LeadAttribution } from '~/lib/lead-attribution.ts'

const TOOL_LABELS: Record<string, string> = { estimator: 'Cost estimator', builder: 'Demo builder', chat: 'Chat assistant' }

/** Where a lead came from, as a short description list (the lead desk and the messages inbox). */
export function LeadAttributionList({ visit }: { visit: LeadAttribution }) {
  if (!visit.visitSource) {
    return (
      <p className="text-sm text-ink-700">
        Not tracked: no counted visit today from this browser (Do Not Track or Global Privacy Control, analytics off, or the visit was before midnight UTC).
      </p>
    )
  }
  const tools = visit.firstTools ? visit.firstTools.split(',').map((t) => TOOL_LABELS[t] ?? t).join(', then ') : 'none'
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
