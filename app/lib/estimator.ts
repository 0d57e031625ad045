/**
 * Cost estimator for the pricing page (spec section 9). Pure logic so the
 * same numbers are shown in the browser, priced again on the server and checked in unit tests.
 * The figures are the one price list (app/content/pricing.ts, PRICE_LIST), given to `estimator`;
 * the browser binds it once in app/components/estimator/price-list.ts, the server where it prices.
 */

import type { Plan, PriceList, UrgencyOption, WebsiteType } from '~/content/pricing.ts'

// The estimator's wording of those figures lives here, not in the content module, so pages that
// only quote a price (the home page) do not load it (tests/e2e/budget.spec.ts).

/** The pages a type's base price covers, as text: 'includes 5 pages', 'unlimited pages'. */
export function includedPagesText(t: WebsiteType): string {
  return t.includedPages == null ? 'unlimited pages' : `includes ${t.includedPages} pages`
}

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
  /** Pages the base price covers; null when it covers every page (Premium). */
  includedPages: number | null
  extraPages: number
  extraPagesCost: number
  addons: EstimatorAddon[]
  addonsTotal: number
  subtotal: number
  urgency: UrgencyOption | null
  multiplier: number
  urgencyCost: number
  total: number
  /** When the site goes live at the chosen urgency: '5 days', '10-14 days', 'quoted in your proposal'. */
  delivery: string
}

export const MIN_PAGES = 1
export const MAX_PAGES = 100

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

export type EstimateRow = { label: string; amount: string; kind: 'item' | 'subtotal' | 'total' }

/** The estimator for a price list: its one-time add-ons, the delivery wording and the pricing itself. */
export function estimator(prices: PriceList) {
  /** The plan a website type is, if any. */
  function planOf(t: WebsiteType): Plan | undefined {
    return prices.plans.find((p) => p.id === t.plan)
  }

  /** The delivery time of a website type at an urgency: '5 days', '10-14 days', 'quoted in your proposal'. */
  function deliveryText(typeId: string, urgencyId?: string | null): string {
    const type = prices.websiteTypes.find((t) => t.id === typeId)
    const urgency = prices.urgencies.find((u) => u.id === urgencyId) ?? prices.urgencies[0]
    const days = type ? prices.deliveryDays[type.delivery] : null
    if (days) return prices.daysText(days[urgency.id])
    return urgency.sooner ? `${prices.quotedDelivery}, ${urgency.sooner}` : prices.quotedDelivery
  }

  /**
   * 'Rush: 5 days (+50%)' for a website type, 'Rush (+50%)' before one is chosen: the one way an
   * urgency is named on screen, in the proposal and on the PDF.
   */
  function urgencyLabel(u: UrgencyOption, typeId?: string | null): string {
    const extra = prices.surchargeText(u.multiplier)
    const when = typeId && prices.websiteTypes.some((t) => t.id === typeId) ? `: ${deliveryText(typeId, u.id)}` : ''
    return `${u.name}${when}${extra ? ` (${extra})` : ''}`
  }

  /**
   * The estimate's delivery as a sentence: 'Delivery: 5 days with Rush (7 days at the standard
   * pace).', 'Delivery: quoted in your proposal.'
   */
  function deliverySentence(typeId: string, urgencyId?: string | null): string {
    const urgency = prices.urgencies.find((u) => u.id === urgencyId)
    const standard = deliveryText(typeId, 'standard')
    if (!urgency || urgency.id === 'standard') return `Delivery: ${standard}.`
    const type = prices.websiteTypes.find((t) => t.id === typeId)
    if (type && prices.deliveryDays[type.delivery])
      return `Delivery: ${deliveryText(typeId, urgency.id)} with ${urgency.name} (${standard} at the standard pace).`
    return `Delivery: ${prices.quotedDelivery}, ${urgency.sooner} with ${urgency.name}.`
  }

  /** The one-time add-ons of the price list (a monthly price is not part of a one-time estimate). */
  const oneTimeAddons: readonly EstimatorAddon[] = prices.addons
    .filter((a) => !a.unit)
    .map((a) => ({
      id: a.id,
      label: a.name,
      price: a.price,
    }))

  /**
   * Prices a website: base + extra pages + add-ons, then the urgency
   * multiplier applied to that whole subtotal (spec section 9). Throws
   * EstimateError on unknown ids or an out-of-range page count so invalid
   * form state never produces a misleading quote.
   */
  function estimate(input: EstimateInput): Estimate {
    const type = prices.websiteTypes.find((t) => t.id === input.websiteType)
    if (!type) throw new EstimateError(`Unknown website type: ${String(input.websiteType)}`)

    const pages = input.pages
    if (typeof pages !== 'number' || !Number.isInteger(pages) || pages < MIN_PAGES || pages > MAX_PAGES) {
      throw new EstimateError(`Pages must be a whole number from ${MIN_PAGES} to ${MAX_PAGES}`)
    }

    const addons: EstimatorAddon[] = []
    for (const id of new Set(input.addons ?? [])) {
      const addon = oneTimeAddons.find((a) => a.id === id)
      if (!addon) throw new EstimateError(`Unknown add-on: ${String(id)}`)
      addons.push({ ...addon })
    }

    let urgency: UrgencyOption | null = null
    if (input.urgency != null && input.urgency !== '') {
      const found = prices.urgencies.find((u) => u.id === input.urgency)
      if (!found) throw new EstimateError(`Unknown urgency: ${String(input.urgency)}`)
      urgency = { ...found }
    }

    const extraPages = type.includedPages == null ? 0 : Math.max(0, pages - type.includedPages)
    const extraPagesCost = extraPages * prices.extraPagePrice
    const addonsTotal = addons.reduce((sum, a) => sum + a.price, 0)
    const subtotal = type.base + extraPagesCost + addonsTotal
    const multiplier = urgency ? urgency.multiplier : 1
    const total = toCents(subtotal * multiplier)

    return {
      base: type.base,
      includedPages: type.includedPages,
      extraPages,
      extraPagesCost,
      addons,
      addonsTotal,
      subtotal,
      urgency,
      multiplier,
      urgencyCost: toCents(total - subtotal),
      total,
      delivery: deliveryText(type.id, urgency?.id),
    }
  }

  /** 'Business Website (Business plan, includes 10 pages)', 'E-commerce Store (includes 3 pages)'. */
  function websiteTypeLine(t: WebsiteType): string {
    const plan = planOf(t)
    return `${t.label} (${plan ? `${plan.name} plan, ` : ''}${includedPagesText(t)})`
  }

  /**
   * The estimate's rows as a person reads them, the same on screen and on the PDF: the website type
   * with its plan and the pages its base price includes, extra pages, add-ons, the subtotal, the
   * urgency surcharge with its delivery (said once: 'Rush: 5 days (+50%)') and the total.
   */
  function estimateRows(input: Pick<EstimateInput, 'websiteType'>, e: Estimate): EstimateRow[] {
    const type = prices.websiteTypes.find((t) => t.id === input.websiteType)
    const rows: EstimateRow[] = [{ label: type ? websiteTypeLine(type) : input.websiteType, amount: formatUsd(e.base), kind: 'item' }]
    if (e.extraPages > 0) {
      rows.push({
        label: `${e.extraPages} extra page${e.extraPages === 1 ? '' : 's'} x ${formatUsd(prices.extraPagePrice)}`,
        amount: formatUsd(e.extraPagesCost),
        kind: 'item',
      })
    }
    for (const a of e.addons) rows.push({ label: a.label, amount: formatUsd(a.price), kind: 'item' })
    rows.push({ label: 'Subtotal', amount: formatUsd(e.subtotal), kind: 'subtotal' })
    if (e.urgency) rows.push({ label: urgencyLabel(e.urgency, input.websiteType), amount: `+${formatUsd(e.urgencyCost)}`, kind: 'item' })
    rows.push({ label: 'Total', amount: formatUsd(e.total), kind: 'total' })
    return rows
  }

  return { prices, addons: oneTimeAddons, planOf, deliveryText, urgencyLabel, deliverySentence, estimate, websiteTypeLine, estimateRows }
}

/** The estimator bound to a price list. */
export type Estimator = ReturnType<typeof estimator>

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
