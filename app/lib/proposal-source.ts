/**
 * Where a proposal request started and how to get back there. The cost estimator and the demo
 * builder put their state into the /proposal link; the form carries it in two hidden fields
 * (`source`, `sourceData`); the service checks it and stores it; the lead desk shows it and
 * links back to the estimator or the builder with the same state, which they read on load.
 *
 * Pure and free of zod: the estimator and the builder import it in the browser.
 */

import type { EstimateInput } from './estimator.ts'

export const PROPOSAL_SOURCES = ['estimator', 'builder'] as const
export type ProposalSource = (typeof PROPOSAL_SOURCES)[number]

export const isProposalSource = (v: unknown): v is ProposalSource => (PROPOSAL_SOURCES as readonly unknown[]).includes(v)

/** The URL parameter that carries a builder design (base64url of its JSON). */
export const DESIGN_PARAM = 'design'

/** The estimator's choices as URL parameters, the names GET /api/estimate/pdf already uses. */
export function estimateQuery(input: EstimateInput): URLSearchParams {
  const q = new URLSearchParams({
    type: input.websiteType,
    pages: String(input.pages),
  })
  if (input.addons.length) q.set('addons', input.addons.join(','))
  if (input.urgency) q.set('urgency', input.urgency)
  return q
}

/**
 * The estimator's choices read back from URL parameters, or null when there are none. Ids are
 * not checked here: the estimator (and the service, with `estimate()`) refuse unknown ones.
 */
export function estimateFromQuery(q: URLSearchParams): EstimateInput | null {
  const type = q.get('type')
  const pages = Number(q.get('pages'))
  if (!type || !Number.isInteger(pages)) return null
  const addons = (q.get('addons') ?? '').split(',').filter(Boolean)
  return {
    websiteType: type,
    pages,
    addons,
    urgency: q.get('urgency') || null,
  }
}

/** UTF-8 text as base64url (no padding), in the browser and on the server alike. */
export function toBase64Url(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The inverse of toBase64Url; null for anything that is not valid base64url UTF-8. */
export function fromBase64Url(encoded: string): string | null {
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'))
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
  } catch {
    return null
  }
}

/** A builder design for a URL parameter. */
export const encodeDesign = (config: unknown): string => toBase64Url(JSON.stringify(config))

/** A design parameter decoded to JSON (not yet checked: parse it with parseBuilderConfig), or undefined. */
export function decodeDesign(encoded: string | null | undefined): unknown {
  if (!encoded) return undefined
  const json = fromBase64Url(encoded)
  if (json == null) return undefined
  try {
    return JSON.parse(json) as unknown
  } catch {
    return undefined
  }
}

/** The hidden fields the proposal form carries, read from the /proposal link; null for the plain form. */
export function sourceFromUrl(url: URL): { source: ProposalSource; sourceData: string } | null {
  const from = url.searchParams.get('from')
  if (from === 'estimator') {
    const input = estimateFromQuery(url.searchParams)
    return input ? { source: from, sourceData: estimateQuery(input).toString() } : null
  }
  if (from === 'builder') {
    const design = url.searchParams.get(DESIGN_PARAM)
    return design ? { source: from, sourceData: design } : null
  }
  return null
}

/** The link that reopens the estimator or the builder as the visitor left it (stored JSON in, address out). */
export function reopenHref(source: ProposalSource, data: unknown): string {
  if (source === 'estimator') return `/pricing?${estimateQuery(data as EstimateInput).toString()}#estimator-title`
  return `/demo-builder?${new URLSearchParams({ [DESIGN_PARAM]: encodeDesign(data) }).toString()}`
}
