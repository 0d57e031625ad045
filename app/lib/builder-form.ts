/**
 * Reads the demo builder's address back into a design (issue 22). The address is what the
 * builder's GET form sent: the design as the page showed it (`design`), the fields of the open tab
 * (`panel`), and the control that was pressed. Applying them here gives what the same clicks do in
 * the browser, so the first click works before the page's script has run, and without it.
 *
 * Used by the route's loader only: it loads zod (through builder-config.ts), which stays out of the
 * page's bundle.
 */

import type { BuilderConfigParser } from './builder-config.ts'
import { createDefaultConfig, type Builder, type BuilderConfig } from './builder.ts'
import {
  CHOICE_FIELDS,
  CUSTOM_CHOICE_FIELDS,
  CUSTOM_RANGE_FIELDS,
  F,
  SOCIAL_FIELDS,
  TEXT_FIELDS,
  isBuilderTab,
  isDevice,
  type BuilderTab,
  type Device,
} from './builder-query.ts'
import { decodeDesign } from './proposal-source.ts'

/** Longest text kept from one field: the design travels in addresses, which the server caps at 16 KB. */
const MAX_TEXT = 500

export type BuilderRequest = {
  /** The design to show; null when the address carries none (the browser then restores its saved one). */
  config: BuilderConfig | null
  tab: BuilderTab
  device: Device
  /** 'Convert to Real Website' was pressed: the loader sends the visitor on to the proposal form. */
  convert: boolean
  /** 'Generate Advanced Preview' was pressed: the page opens with the full-screen preview. */
  view: 'full' | null
}

/** The design, tab and device that the builder's address asks for, read against the builder's choices. */
export function readBuilderQuery(q: URLSearchParams, builder: Builder, parser: BuilderConfigParser): BuilderRequest {
  const panel = q.get(F.panel)
  const tab = [q.get(F.tab), panel].find(isBuilderTab) ?? 'basic'
  // The form sends the width shown first, then the width button pressed, if any.
  const device = q.getAll(F.device).reverse().find(isDevice) ?? 'desktop'
  const convert = q.has(F.convert)
  const view = q.get(F.view) === 'full' ? 'full' : null
  if (q.has(F.reset)) return { config: createDefaultConfig(), tab, device, convert, view }
  const encoded = q.get(F.design)
  if (encoded === null) return { config: null, tab, device, convert, view }
  const base = parser.parseBuilderConfig(decodeDesign(encoded) ?? {})
  return { config: applyFields(base, q, panel, builder, parser), tab, device, convert, view }
}

const text = (v: string) => v.slice(0, MAX_TEXT)

function applyFields(
  base: BuilderConfig,
  q: URLSearchParams,
  panel: string | null,
  { options, clampSlider, setIndustry, toggleService, chooseTemplate }: Builder,
  { parseBuilderConfig }: BuilderConfigParser,
): BuilderConfig {
  let c: BuilderConfig = structuredClone(base)
  for (const key of TEXT_FIELDS) {
    const v = q.get(key)
    if (v !== null) c[key] = text(v)
  }
  for (const key of SOCIAL_FIELDS) {
    const v = q.get(key)
    if (v !== null) c.socialLinks[key] = text(v)
  }
  for (const key of CHOICE_FIELDS) {
    const v = q.get(key)
    if (v !== null) c[key] = v
  }
  for (const key of CUSTOM_CHOICE_FIELDS) {
    const v = q.get(key)
    if (v !== null) c.customizations[key] = v
  }
  for (const key of CUSTOM_RANGE_FIELDS) {
    const v = Number(q.get(key) ?? NaN)
    if (Number.isFinite(v)) c.customizations[key] = clampSlider(key, v)
  }
  const pages = Number(q.get('pages') ?? NaN)
  if (Number.isFinite(pages)) c.pages = clampSlider('pages', pages)
  // Boxes are sent only when ticked: they count only when their tab was the one in the form.
  if (panel === 'features') {
    const on = (name: string) => new Set(q.getAll(name))
    const features = on(F.feature)
    for (const { id } of options.featureToggles) c.features[id] = features.has(id)
    const sections = on(F.section)
    for (const key of Object.keys(c.contentSections) as (keyof BuilderConfig['contentSections'])[])
      c.contentSections[key] = sections.has(key)
    const advanced = on(F.advanced)
    for (const key of Object.keys(c.advancedFeatures) as (keyof BuilderConfig['advancedFeatures'])[])
      c.advancedFeatures[key] = advanced.has(key)
  }
  const industry = q.get('industry')
  if (industry !== null) c = setIndustry(c, industry)
  // The pressed button last, as its click comes after the edits beside it.
  for (const id of q.getAll(F.service)) c = toggleService(c, id)
  const template = q.get(F.template)
  if (template !== null) c = chooseTemplate(c, template)
  // Unknown choices fall back to their defaults, as in a saved design.
  return parseBuilderConfig(c)
}
