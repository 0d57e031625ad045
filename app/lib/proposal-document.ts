/**
 * A proposal document (issue 38, docs/decisions/068-signed-proposals.md): what the editor
 * writes, how its lines are priced from the one price list (app/content/pricing.ts's PRICE_LIST,
 * which the services pass in), its default
 * milestones from the list's delivery times, and its canonical form (the bytes a version's SHA-256
 * is taken of). Pure: the server prices every save; nothing priced is ever taken from a form.
 */
import { DateTime } from 'luxon'
import type { AddonId, PriceList, PricingAddon, UrgencyId, WebsiteTypeId } from '~/content/pricing.ts'

export const DOCUMENT_STATES = ['draft', 'sent', 'viewed', 'accepted', 'declined', 'expired'] as const
export type DocumentState = (typeof DOCUMENT_STATES)[number]

export const DOCUMENT_STATE_LABELS: Record<DocumentState, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
}

/** The states a client may still accept or decline in. */
export const OPEN_STATES: readonly DocumentState[] = ['sent', 'viewed']

/** The state a proposal is in on `today` (the agency's day): an open one past its last valid day has expired, recorded yet or not. */
export function stateOn(doc: { state: string; validUntil: string }, today: string): DocumentState {
  const state = doc.state as DocumentState
  return OPEN_STATES.includes(state) && doc.validUntil < today ? 'expired' : state
}

/** The one-time add-ons a proposal may list (a monthly price is no part of a one-time total). */
export function documentAddons(prices: PriceList): PricingAddon[] {
  return prices.addons.filter((a) => !a.unit)
}

/** What the editor chose. Prices are NOT here: priceDocument reads them from the price list. */
export type LineChoices = {
  /** The plan (a website type of the price list), or null for none. */
  plan: WebsiteTypeId | null
  extraPages: number
  /** Add-on id to quantity (0 or absent: not included). */
  addons: Partial<Record<AddonId, number>>
  urgency: UrgencyId
  /** A line the price list does not have: its price is the agency's to set. */
  custom: { label: string; unitCents: number; quantity: number } | null
  discountCents: number
}

export type ScopeSection = { heading: string; body: string }
export type Milestone = { label: string; date: string }
export type PaymentStep = { label: string; percent: number }

/** The editor's fields, as stored (proposal_documents.draft). */
export type DocumentDraft = {
  title: string
  /** Sanitized on the server before it is stored (the posts' allow-list). */
  summaryHtml: string
  scope: ScopeSection[]
  lines: LineChoices
  milestones: Milestone[]
  payments: PaymentStep[]
  terms: string
  /** YYYY-MM-DD, the last day it may be accepted. */
  validUntil: string
}

export type PricedLine = { label: string; quantity: number; unitCents: number; amountCents: number }
export type PricedPayment = PaymentStep & { amountCents: number }
export type Priced = { lines: PricedLine[]; subtotalCents: number; discountCents: number; totalCents: number; payments: PricedPayment[] }

const cents = (dollars: number) => Math.round(dollars * 100)

/** Thrown for choices that cannot be priced (a discount above the subtotal, an unknown id). */
export class PricingError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message)
  }
}

/**
 * The lines, the total and each payment's amount, from the price list: the plan's base, extra
 * pages at the page price, add-ons at theirs, the urgency's surcharge on those (as the estimator
 * prices it), the custom line, less the discount. The last payment takes the cents left over.
 */
export function priceDocument(prices: PriceList, choices: LineChoices, payments: PaymentStep[]): Priced {
  const lines: PricedLine[] = []
  const push = (label: string, quantity: number, unitCents: number) =>
    lines.push({ label, quantity, unitCents, amountCents: quantity * unitCents })
  if (choices.plan) {
    const type = prices.websiteTypes.find((t) => t.id === choices.plan)
    if (!type) throw new PricingError('plan', 'Choose a plan from the list')
    push(type.label, 1, cents(type.base))
  }
  if (choices.extraPages > 0) push('Extra pages', choices.extraPages, cents(prices.extraPagePrice))
  for (const addon of documentAddons(prices)) {
    const quantity = choices.addons[addon.id] ?? 0
    if (quantity > 0) push(addon.name, quantity, cents(addon.price))
  }
  const urgency = prices.urgencies.find((u) => u.id === choices.urgency)
  if (!urgency) throw new PricingError('urgency', 'Choose an urgency from the list')
  const listed = lines.reduce((sum, l) => sum + l.amountCents, 0)
  if (urgency.multiplier > 1 && listed > 0)
    push(`${urgency.name} delivery (+${Math.round((urgency.multiplier - 1) * 100)}%)`, 1, Math.round(listed * (urgency.multiplier - 1)))
  if (choices.custom) push(choices.custom.label, choices.custom.quantity, choices.custom.unitCents)
  const subtotalCents = lines.reduce((sum, l) => sum + l.amountCents, 0)
  if (choices.discountCents > subtotalCents) throw new PricingError('discount', 'The discount cannot be more than the subtotal')
  const totalCents = subtotalCents - choices.discountCents
  let left = totalCents
  const priced = payments.map((p, i) => {
    const amountCents = i === payments.length - 1 ? left : Math.round((totalCents * p.percent) / 100)
    left -= amountCents
    return { ...p, amountCents }
  })
  return { lines, subtotalCents, discountCents: choices.discountCents, totalCents, payments: priced }
}

/** '$1,499.00'. */
export function money(c: number): string {
  return `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}

/** Today in a zone, as YYYY-MM-DD. */
export function todayIn(zone: string, now = Date.now()): string {
  return DateTime.fromMillis(now, { zone }).toISODate() ?? DateTime.fromMillis(now, { zone: 'UTC' }).toISODate()!
}

/** A day plus some days (YYYY-MM-DD, calendar days). */
export function addDays(day: string, days: number): string {
  return DateTime.fromISO(day, { zone: 'UTC' }).plus({ days }).toISODate()!
}

/** 'November 28, 2026' for YYYY-MM-DD ('' stays ''). */
export function dayLabel(day: string): string {
  if (!day) return ''
  const d = DateTime.fromISO(day, { zone: 'UTC' })
  return d.isValid ? d.setLocale('en-US').toFormat('LLLL d, yyyy') : day
}

/**
 * The timeline the editor starts with, from the price list's delivery times for the plan and
 * urgency, counted from `start` (today in the agency's zone): kick-off, the first design halfway,
 * launch on the slowest day of the range. A custom web app's launch is quoted: its date is left
 * for the agency to write.
 */
export function defaultMilestones(prices: PriceList, plan: WebsiteTypeId | null, urgency: UrgencyId, start: string): Milestone[] {
  const type = prices.websiteTypes.find((t) => t.id === plan)
  const days = type ? prices.deliveryDays[type.delivery] : null
  if (!days)
    return [
      { label: 'Kick-off call', date: start },
      { label: 'Launch', date: '' },
    ]
  const slowest = days[urgency][1]
  return [
    { label: 'Kick-off call', date: start },
    { label: 'First design to review', date: addDays(start, Math.floor(slowest / 2)) },
    { label: 'Launch', date: addDays(start, slowest) },
  ]
}

export const DEFAULT_PAYMENTS: PaymentStep[] = [
  { label: 'To start', percent: 50 },
  { label: 'At launch', percent: 50 },
]

/** Days a new proposal stays open. */
export const DEFAULT_VALID_DAYS = 30

/** JSON with every object's keys sorted, no spaces: the same content always gives the same bytes. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** What the client reads (and what a version freezes): the draft's words with its prices worked out. */
export type DocumentContent = {
  version: number
  agency: string
  client: { name: string; business: string }
  title: string
  summaryHtml: string
  scope: ScopeSection[]
  priced: Priced
  milestones: Milestone[]
  terms: string
  validUntil: string
}
