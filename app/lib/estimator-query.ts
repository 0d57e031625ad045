/**
 * The cost estimator's choices read from a page address (issue 22). Its form is a GET form, so
 * before the page's script runs (or without JavaScript) Calculate asks the server, and the
 * pricing page's loader prices the choices with the same `estimate()` the browser uses. The lead
 * desk's "reopen" link (`reopenHref`) uses the same parameters.
 *
 * Nothing here answers 400: a choice the price list does not have is dropped, or shown as the
 * message the estimator shows in the browser, and the form keeps what can be kept.
 */

import { MAX_PAGES, MIN_PAGES, type Estimate, type EstimateInput, type Estimator } from './estimator.ts'

/** The query parameters the estimator reads (the names GET /api/estimate/pdf uses). */
export const ESTIMATOR_PARAMS = ['type', 'pages', 'addons', 'urgency'] as const

export const CHOOSE_TYPE_MESSAGE = 'Choose a website type to calculate your estimate.'
export const PAGES_MESSAGE = `Enter a whole number of pages from ${MIN_PAGES} to ${MAX_PAGES}.`

/** What the estimator's form shows: the choices as its fields hold them. */
export type EstimatorFields = {
  websiteType: string
  /** As typed (the number field's text), so a refused value is shown again. */
  pages: string
  /** Known add-on ids, in the price list's order. */
  addons: string[]
  /** An urgency id, or '' for no preference. */
  urgency: string
}

export type EstimatorQuery = {
  fields: EstimatorFields
  /** The priced estimate, when the choices could be priced. */
  calculated: { input: EstimateInput; result: Estimate } | null
  typeError?: string
  pagesError?: string
}

/** The form as everyone gets it: the price list's starting page count and nothing chosen. */
export function defaultEstimatorFields({ prices }: Estimator): EstimatorFields {
  return { websiteType: '', pages: String(prices.includedPages), addons: [], urgency: '' }
}

/** Whether the address carries any of the estimator's parameters. */
export function hasEstimatorQuery(q: URLSearchParams): boolean {
  return ESTIMATOR_PARAMS.some((p) => q.has(p))
}

/** The estimate input of a set of fields (the same shape the browser prices, so they compare equal). */
export function fieldsToInput(fields: EstimatorFields, est: Estimator): EstimateInput {
  return {
    websiteType: fields.websiteType,
    pages: Number(fields.pages),
    addons: est.addons.filter((a) => fields.addons.includes(a.id)).map((a) => a.id),
    urgency: fields.urgency || null,
  }
}

/**
 * Reads the estimator's choices from a query: null when it has none (the page as everyone gets
 * it). `addons` may come as the form sends it (`addons=seo&addons=cms`) or as one list
 * (`addons=seo,cms`, the PDF's and the proposal's links). Unknown add-ons and urgencies are
 * dropped; an unknown or missing type and a page count out of range leave the form with its message.
 */
export function readEstimatorQuery(q: URLSearchParams, est: Estimator): EstimatorQuery | null {
  if (!hasEstimatorQuery(q)) return null
  const type = (q.get('type') ?? '').slice(0, 40)
  const websiteType = est.prices.websiteTypes.some((t) => t.id === type) ? type : ''
  const rawPages = (q.get('pages') ?? '').trim().slice(0, 12)
  const pages = rawPages === '' ? String(est.prices.includedPages) : rawPages
  const asked = new Set(
    q
      .getAll('addons')
      .slice(0, 20)
      .flatMap((v) => v.split(','))
      .map((s) => s.trim()),
  )
  const addons = est.addons.filter((a) => asked.has(a.id)).map((a) => a.id)
  const urgencyId = q.get('urgency') ?? ''
  const urgency = est.prices.urgencies.some((u) => u.id === urgencyId) ? urgencyId : ''
  const fields: EstimatorFields = { websiteType, pages, addons, urgency }

  const pageCount = Number(pages)
  const pagesOk = /^\d+$/.test(pages) && pageCount >= MIN_PAGES && pageCount <= MAX_PAGES
  const typeError = websiteType ? undefined : CHOOSE_TYPE_MESSAGE
  const pagesError = pagesOk ? undefined : PAGES_MESSAGE
  if (typeError || pagesError) return { fields, calculated: null, typeError, pagesError }
  const input = fieldsToInput(fields, est)
  return { fields, calculated: { input, result: est.estimate(input) } }
}
