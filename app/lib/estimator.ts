/**
 * Cost estimator for the pricing page (spec section 9). Pure logic so the
 * same numbers are shown in the browser, priced again on the server and checked in unit tests.
 */

import { EXTRA_PAGE_PRICE, INCLUDED_PAGES, PRICING_ADDONS, URGENCY_OPTIONS, WEBSITE_TYPES, urgencyLabel, type UrgencyOption, type WebsiteType } from '~/content/pricing.ts'

// The figures live in the one price list (app/content/pricing.ts); re-exported for the estimator's callers.
export { EXTRA_PAGE_PRICE, INCLUDED_PAGES, URGENCY_OPTIONS, WEBSITE_TYPES, urgencyLabel, type UrgencyOption, type WebsiteType }

export interface EstimatorAddon {
  id: string
  label: string
  price: number
}

export interface EstimateInput {
  websiteType: string
  pages: number
  addons: string[]
  urgency?: string | null
}

export interface Estimate {
  base: number
  extraPages: number
  extraPagesCost: number
  addons: EstimatorAddon[]
  addonsTotal: number
  subtotal: number
  urgency: UrgencyOption | null
  multiplier: number
  urgencyCost: number
  total: number
}

export const MIN_PAGES = 1
export const MAX_PAGES = 100

/** The one-time add-ons of the price list (a monthly price is not part of a one-time estimate). */
export const ESTIMATOR_ADDONS: readonly EstimatorAddon[] = PRICING_ADDONS.filter((a) => !a.unit).map((a) => ({ id: a.id, label: a.name, price: a.price }))

/** Thrown for input the estimator cannot price, so callers can show a message instead of a wrong figure. */
export class EstimateError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'EstimateError'
  }
}

/** Rounds to cents so multipliers like 1.5 never leave floating-point dust in displayed totals. */
function toCents(n: number): number {
  return Math.round(n * 100) / 100
}

/**
 * Prices a website: base + extra pages + add-ons, then the urgency
 * multiplier applied to that whole subtotal (spec section 9). Throws
 * EstimateError on unknown ids or an out-of-range page count so invalid
 * form state never produces a misleading quote.
 */
export function estimate(input: EstimateInput): Estimate {
  const type = WEBSITE_TYPES.find((t) => t.id === input.websiteType)
  if (!type) throw new EstimateError(`Unknown website type: ${String(input.websiteType)}`)

  const pages = input.pages
  if (typeof pages !== 'number' || !Number.isInteger(pages) || pages < MIN_PAGES || pages > MAX_PAGES) {
    throw new EstimateError(`Pages must be a whole number from ${MIN_PAGES} to ${MAX_PAGES}`)
  }

  const addons: EstimatorAddon[] = []
  for (const id of new Set(input.addons ?? [])) {
    const addon = ESTIMATOR_ADDONS.find((a) => a.id === id)
    if (!addon) throw new EstimateError(`Unknown add-on: ${String(id)}`)
    addons.push({ ...addon })
  }

  let urgency: UrgencyOption | null = null
  if (input.urgency != null && input.urgency !== '') {
    const found = URGENCY_OPTIONS.find((u) => u.id === input.urgency)
    if (!found) throw new EstimateError(`Unknown urgency: ${String(input.urgency)}`)
    urgency = { ...found }
  }

  const extraPages = Math.max(0, pages - INCLUDED_PAGES)
  const extraPagesCost = extraPages * EXTRA_PAGE_PRICE
  const addonsTotal = addons.reduce((sum, a) => sum + a.price, 0)
  const subtotal = type.base + extraPagesCost + addonsTotal
  const multiplier = urgency ? urgency.multiplier : 1
  const total = toCents(subtotal * multiplier)

  return {
    base: type.base,
    extraPages,
    extraPagesCost,
    addons,
    addonsTotal,
    subtotal,
    urgency,
    multiplier,
    urgencyCost: toCents(total - subtotal),
    total,
  }
}

export type EstimateRow = { label: string; amount: string; kind: 'item' | 'subtotal' | 'total' }

/**
 * The estimate's rows as a person reads them, the same on screen and on the PDF: the website type
 * with the pages its base price includes, extra pages, add-ons, the subtotal, the urgency surcharge
 * (said once: 'Rush: 1 week (+50%)') and the total.
 */
export function estimateRows(input: Pick<EstimateInput, 'websiteType'>, e: Estimate): EstimateRow[] {
  const type = WEBSITE_TYPES.find((t) => t.id === input.websiteType)
  const rows: EstimateRow[] = [{ label: `${type?.label ?? input.websiteType} (includes ${INCLUDED_PAGES} pages)`, amount: formatUsd(e.base), kind: 'item' }]
  if (e.extraPages > 0) {
    rows.push({ label: `${e.extraPages} extra page${e.extraPages === 1 ? '' : 's'} x ${formatUsd(EXTRA_PAGE_PRICE)}`, amount: formatUsd(e.extraPagesCost), kind: 'item' })
  }
  for (const a of e.addons) rows.push({ label: a.label, amount: formatUsd(a.price), kind: 'item' })
  rows.push({ label: 'Subtotal', amount: formatUsd(e.subtotal), kind: 'subtotal' })
  if (e.urgency) rows.push({ label: urgencyLabel(e.urgency), amount: `+${formatUsd(e.urgencyCost)}`, kind: 'item' })
  rows.push({ label: 'Total', amount: formatUsd(e.total), kind: 'total' })
  return rows
}

const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
})

const usdCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/**
 * Formats dollars for display ('$1,299'); shows cents only when the amount
 * is fractional ('$448.50') so whole-dollar prices stay uncluttered.
 */
export function formatUsd(n: number): string {
  const cents = Math.round(n * 100)
  return cents % 100 === 0 ? usdWhole.format(cents / 100) : usdCents.format(cents / 100)
}
