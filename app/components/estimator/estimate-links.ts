import { BUDGETS } from '~/lib/constants.ts'
import { estimateQuery } from '~/lib/proposal-source.ts'
import { URGENCY_OPTIONS, WEBSITE_TYPES } from '~/content/pricing.ts'
import { formatUsd, type Estimate, type EstimateInput } from '~/lib/estimator.ts'
import { ESTIMATOR_ADDONS, urgencyLabel } from './price-list.ts'

type Budget = (typeof BUDGETS)[number]

/** The proposal form's budget range that contains an estimated total. */
export function budgetForTotal(total: number): Budget {
  if (total <= 500) return '100-500'
  if (total <= 1000) return '500-1000'
  if (total <= 2500) return '1000-2500'
  if (total <= 5000) return '2500-5000'
  return '5000+'
}

/** Plain-text summary carried into the proposal's requirements ('Request this proposal'). */
export function estimateSummary(input: EstimateInput, result: Estimate): string {
  const type = WEBSITE_TYPES.find((t) => t.id === input.websiteType)?.label ?? input.websiteType
  const addons = input.addons.map((id) => ESTIMATOR_ADDONS.find((a) => a.id === id)?.label ?? id)
  const found = URGENCY_OPTIONS.find((u) => u.id === input.urgency)
  const urgency = found && urgencyLabel(found, input.websiteType)
  return [
    'Cost estimate from the pricing page:',
    `- Website type: ${type}`,
    `- Pages: ${input.pages}`,
    `- Add-ons: ${addons.length ? addons.join(', ') : 'None'}`,
    `- Timeline: ${urgency ?? `No preference (${result.delivery})`}`,
    `- Estimated total: ${formatUsd(result.total)}`,
  ].join('\n')
}

/** GET /api/estimate/pdf with the visitor's choices only: the server prices them itself. */
export function estimatePdfHref(input: EstimateInput): string {
  const q = new URLSearchParams({ type: input.websiteType, pages: String(input.pages) })
  if (input.addons.length) q.set('addons', input.addons.join(','))
  if (input.urgency) q.set('urgency', input.urgency)
  return `/api/estimate/pdf?${q.toString()}`
}

/** /proposal with the estimate in the requirements and the matching budget preselected. */
export function estimateProposalHref(input: EstimateInput, result: Estimate): string {
  const q = new URLSearchParams({ from: 'estimator', summary: estimateSummary(input, result), budget: budgetForTotal(result.total) })
  // The choices themselves too, so the lead desk can show the estimate and reopen it.
  for (const [k, v] of estimateQuery(input)) q.set(k, v)
  return `/proposal?${q.toString()}`
}
