/**
 * Cost estimator for the pricing page (spec section 9). Pure logic so the
 * same numbers are shown in the browser and can be checked in unit tests.
 */

export interface WebsiteType {
  id: string
  label: string
  base: number
}

export interface EstimatorAddon {
  id: string
  label: string
  price: number
}

export interface UrgencyOption {
  id: string
  label: string
  multiplier: number
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

export const WEBSITE_TYPES: readonly WebsiteType[] = [
  { id: 'static', label: 'Static Website', base: 299 },
  { id: 'business', label: 'Business Website', base: 599 },
  { id: 'ecommerce', label: 'E-commerce Store', base: 999 },
  { id: 'custom', label: 'Custom Web App', base: 1499 },
]

/** Pages covered by the base price. */
export const INCLUDED_PAGES = 3

/** Price of each page beyond INCLUDED_PAGES. */
export const EXTRA_PAGE_PRICE = 50

export const MIN_PAGES = 1
export const MAX_PAGES = 100

export const ESTIMATOR_ADDONS: readonly EstimatorAddon[] = [
  { id: 'ai-chat', label: 'AI Chat Assistant', price: 200 },
  { id: 'cms', label: 'Content Management', price: 150 },
  { id: 'seo', label: 'SEO Optimization', price: 100 },
  { id: 'analytics', label: 'Analytics Setup', price: 75 },
  { id: 'social', label: 'Social Media Integration', price: 50 },
  { id: 'booking', label: 'Booking System', price: 300 },
  { id: 'payment', label: 'Payment Gateway', price: 250 },
]

export const URGENCY_OPTIONS: readonly UrgencyOption[] = [
  { id: 'standard', label: '2-3 weeks', multiplier: 1 },
  { id: 'rush', label: '1 week (+50%)', multiplier: 1.5 },
  { id: 'emergency', label: '3-5 days (+100%)', multiplier: 2 },
]

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
