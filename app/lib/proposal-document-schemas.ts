import type { AddonId, PriceList, UrgencyId, WebsiteTypeId } from '~/content/pricing.ts'
import { documentAddons, type DocumentDraft, type Milestone, type PaymentStep, type ScopeSection } from './proposal-document.ts'
import { z } from './zod.ts'
import { requiredText } from './text-field.ts'

/**
 * The proposal editor's form (issue 38) and the client's forms on /p/<token>: plain fields with
 * numbered rows (scope0..., milestone0..., payment0...), so the form works without JavaScript.
 * Each message is keyed by the field it belongs beside.
 */
export const SCOPE_ROWS = 4
export const MILESTONE_ROWS = 5
export const PAYMENT_ROWS = 4

type Values = Record<string, string | undefined>
export type Checked<T> = { ok: true; data: T } | { ok: false; fields: Record<string, string> }

const DAY = /^\d{4}-\d{2}-\d{2}$/
const isDay = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))

const wholeNumber = (label: string, max: number) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? '0' : v))
    .refine((v) => /^\d{1,4}$/.test(v) && Number(v) <= max, `${label} must be a whole number from 0 to ${max}`)
    .transform(Number)

/** Dollars and cents as typed ('1,200', '99.5'): whole cents, at most $1,000,000. */
const dollars = (label: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(/[$,\s]/g, '') || '0')
    .refine((v) => /^\d{1,7}(\.\d{1,2})?$/.test(v) && Number(v) <= 1_000_000, `${label} must be an amount in dollars, such as 250 or 99.50`)
    .transform((v) => Math.round(Number(v) * 100))

function field<T>(schema: z.ZodType<T>, value: string | undefined, name: string, fields: Record<string, string>): T | undefined {
  const r = schema.safeParse(value ?? '')
  if (r.success) return r.data
  fields[name] = r.error.issues[0]?.message ?? 'Check this field'
  return undefined
}

const text = (label: string, max: number, required = true) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !required || v.length > 0, `${label} is required`)

/** The editor's fields to a draft (its summary still to sanitize), or a message per field. */
export function parseDocumentForm(prices: PriceList, v: Values): Checked<DocumentDraft> {
  const fields: Record<string, string> = {}
  const title = field(text('Title', 200), v.title, 'title', fields)
  const summaryHtml = field(text('Summary', 20_000), v.summary, 'summary', fields)
  const terms = field(text('Terms', 20_000), v.terms, 'terms', fields)
  const validUntil = field(
    z.string().trim().refine(isDay, 'Choose the last day the proposal may be accepted'),
    v.validUntil,
    'validUntil',
    fields,
  )

  const scope: ScopeSection[] = []
  for (let i = 0; i < SCOPE_ROWS; i++) {
    const heading = field(text('Heading', 200, false), v[`scopeHeading${i}`], `scopeHeading${i}`, fields) ?? ''
    const body = field(text('Text', 5000, false), v[`scopeBody${i}`], `scopeBody${i}`, fields) ?? ''
    if (heading && !body) fields[`scopeBody${i}`] = 'Write what this section covers, or clear its heading'
    else if (body && !heading) fields[`scopeHeading${i}`] = 'Give this section a heading'
    else if (heading) scope.push({ heading, body })
  }

  const planId = (v.plan ?? '').trim()
  let plan: WebsiteTypeId | null = null
  if (planId) {
    if (prices.websiteTypes.some((t) => t.id === planId)) plan = planId as WebsiteTypeId
    else fields.plan = 'Choose a plan from the list'
  }
  const extraPages = field(wholeNumber('Extra pages', 500), v.extraPages, 'extraPages', fields) ?? 0
  const addons: Partial<Record<AddonId, number>> = {}
  for (const a of documentAddons(prices)) {
    const q = field(wholeNumber('Quantity', 99), v[`addon-${a.id}`], `addon-${a.id}`, fields) ?? 0
    if (q > 0) addons[a.id] = q
  }
  const urgencyId = (v.urgency ?? 'standard').trim() || 'standard'
  if (!prices.urgencies.some((u) => u.id === urgencyId)) fields.urgency = 'Choose an urgency from the list'
  const customLabel = field(text('Custom line', 200, false), v.customLabel, 'customLabel', fields) ?? ''
  const customPrice = field(dollars('Price'), v.customPrice, 'customPrice', fields) ?? 0
  const customQty = field(wholeNumber('Quantity', 999), v.customQty || (customLabel ? '1' : '0'), 'customQty', fields) ?? 0
  if (customLabel && customQty === 0) fields.customQty = 'A custom line needs a quantity of at least 1'
  if (!customLabel && customPrice > 0) fields.customLabel = 'Name the custom line, or clear its price'
  const discountCents = field(dollars('Discount'), v.discount, 'discount', fields) ?? 0

  const milestones: Milestone[] = []
  for (let i = 0; i < MILESTONE_ROWS; i++) {
    const label = field(text('Milestone', 200, false), v[`milestoneLabel${i}`], `milestoneLabel${i}`, fields) ?? ''
    const date = (v[`milestoneDate${i}`] ?? '').trim()
    if (!label && !date) continue
    if (!label) fields[`milestoneLabel${i}`] = 'Name this milestone, or clear its date'
    else if (!isDay(date)) fields[`milestoneDate${i}`] = 'Choose the date of this milestone'
    else milestones.push({ label, date })
  }
  if (milestones.length === 0 && !Object.keys(fields).some((k) => k.startsWith('milestone')))
    fields.milestoneLabel0 = 'Add at least one milestone'

  const payments: PaymentStep[] = []
  for (let i = 0; i < PAYMENT_ROWS; i++) {
    const label = field(text('Payment', 200, false), v[`paymentLabel${i}`], `paymentLabel${i}`, fields) ?? ''
    const raw = (v[`paymentPercent${i}`] ?? '').trim()
    if (!label && !raw) continue
    const percent = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN
    if (!label) fields[`paymentLabel${i}`] = 'Name this payment, or clear its percentage'
    else if (!(percent >= 1 && percent <= 100)) fields[`paymentPercent${i}`] = 'A percentage from 1 to 100'
    else payments.push({ label, percent })
  }
  const paymentFieldsOk = !Object.keys(fields).some((k) => k.startsWith('payment'))
  if (paymentFieldsOk && payments.reduce((s, p) => s + p.percent, 0) !== 100) fields.paymentLabel0 = 'The payments must add up to 100%'

  if (Object.keys(fields).length) return { ok: false, fields }
  return {
    ok: true,
    data: {
      title: title!,
      summaryHtml: summaryHtml!,
      scope,
      lines: {
        plan,
        extraPages,
        addons,
        urgency: urgencyId as UrgencyId,
        custom: customLabel ? { label: customLabel, unitCents: customPrice, quantity: customQty } : null,
        discountCents,
      },
      milestones,
      payments,
      terms: terms!,
      validUntil: validUntil!,
    },
  }
}

/** A draft as the editor's fields (to fill the form again). */
export function documentFormValues(prices: PriceList, d: DocumentDraft): Record<string, string> {
  const out: Record<string, string> = {
    title: d.title,
    summary: d.summaryHtml,
    terms: d.terms,
    validUntil: d.validUntil,
    plan: d.lines.plan ?? '',
    extraPages: String(d.lines.extraPages),
    urgency: d.lines.urgency,
    customLabel: d.lines.custom?.label ?? '',
    customPrice: d.lines.custom ? (d.lines.custom.unitCents / 100).toFixed(2) : '',
    customQty: d.lines.custom ? String(d.lines.custom.quantity) : '',
    discount: d.lines.discountCents ? (d.lines.discountCents / 100).toFixed(2) : '',
  }
  for (const a of documentAddons(prices)) out[`addon-${a.id}`] = String(d.lines.addons[a.id] ?? 0)
  d.scope.forEach((s, i) => Object.assign(out, { [`scopeHeading${i}`]: s.heading, [`scopeBody${i}`]: s.body }))
  d.milestones.forEach((m, i) => Object.assign(out, { [`milestoneLabel${i}`]: m.label, [`milestoneDate${i}`]: m.date }))
  d.payments.forEach((p, i) => Object.assign(out, { [`paymentLabel${i}`]: p.label, [`paymentPercent${i}`]: String(p.percent) }))
  return out
}

/** Accepting on /p/<token>: the typed full name and the ticked box. */
export const AcceptSchema = z.object({
  signerName: z
    .string({ error: 'Type your full name to sign' })
    .trim()
    .min(2, 'Type your full name to sign')
    .max(200, 'Your name must be at most 200 characters'),
  consent: z.literal('yes', { error: 'Tick the box to agree to the terms and to sign electronically' }),
  version: z.coerce.number().int().min(1),
})

export const DeclineSchema = z.object({
  reason: requiredText('Tell us why, in a few words', 5000, 'At most 5000 characters'),
})

export const QuestionSchema = z.object({
  question: requiredText('Write your question', 5000, 'At most 5000 characters'),
})

/** The label of the box the client ticks, word for word (it is what they consent to). */
export const CONSENT_LABEL = 'I agree to the terms and to sign electronically'
