/**
 * The demo builder's state in its address (issue 22): `/demo-builder?tab=…&design=…`. Every
 * control of the builder is part of one GET form, so it works as plain HTML before (or without)
 * the page's script: a click submits the form, the route's loader reads the state back
 * (app/lib/builder-form.ts) and renders the chosen tab and the preview with those choices. Once
 * hydrated, the controls update the page at once and the address is kept in step with
 * history.replaceState.
 *
 * Pure and free of zod: the builder imports it in the browser.
 */

import { DEFAULT_BUILDER_CONFIG, type Builder, type BuilderConfig } from './builder.ts'
import { DESIGN_PARAM, encodeDesign } from './proposal-source.ts'

export const BUILDER_TABS = [
  { id: 'basic', label: 'Basic' },
  { id: 'services', label: 'Services' },
  { id: 'templates', label: 'Templates' },
  { id: 'design', label: 'Design' },
  { id: 'features', label: 'Features' },
  { id: 'customize', label: 'Customize' },
] as const
export type BuilderTab = (typeof BUILDER_TABS)[number]['id']

export const isBuilderTab = (v: unknown): v is BuilderTab => BUILDER_TABS.some((t) => t.id === v)

export const DEVICES = ['desktop', 'tablet', 'mobile'] as const
export type Device = (typeof DEVICES)[number]
export const isDevice = (v: unknown): v is Device => (DEVICES as readonly unknown[]).includes(v)

/**
 * The names of the builder form's fields. `design` carries the whole design as it was when the
 * page was drawn, `panel` the tab whose fields the form holds (only the open tab is rendered, so an
 * unticked box of another tab is not "off"); the others are one control each.
 */
export const F = {
  design: DESIGN_PARAM,
  panel: 'panel',
  tab: 'tab',
  device: 'device',
  /** Toggles one service (a button per service). */
  service: 'service',
  /** Chooses (or, chosen again, drops) one template. */
  template: 'template',
  feature: 'feature',
  section: 'section',
  advanced: 'advanced',
  reset: 'reset',
  convert: 'convert',
  /** `full`: the full-screen preview ('Generate Advanced Preview'). */
  view: 'view',
} as const

/** Fields that each set one text or choice of the design, by the name of the design's own key. */
export const TEXT_FIELDS = ['businessName', 'tagline', 'description', 'logo', 'phone', 'email', 'address'] as const
export const CHOICE_FIELDS = ['colorScheme', 'layout'] as const
export const CUSTOM_CHOICE_FIELDS = [
  'fontFamily',
  'headerStyle',
  'navigationStyle',
  'buttonStyle',
  'footerStyle',
  'animationStyle',
  'layoutDensity',
  'ctaPlacement',
] as const
export const CUSTOM_RANGE_FIELDS = ['spacing', 'borderRadius'] as const
export const SOCIAL_FIELDS = ['facebook', 'instagram', 'twitter', 'linkedin', 'youtube', 'tiktok'] as const

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

/** What differs from `base`: nested objects key by key, lists and values whole. */
function difference(value: Json, base: Json): Json | undefined {
  if (value && base && typeof value === 'object' && typeof base === 'object' && !Array.isArray(value) && !Array.isArray(base)) {
    const out: { [key: string]: Json } = {}
    for (const [key, v] of Object.entries(value)) {
      const d = difference(v, base[key] ?? null)
      if (d !== undefined) out[key] = d
    }
    return Object.keys(out).length ? out : undefined
  }
  return JSON.stringify(value) === JSON.stringify(base) ? undefined : value
}

/**
 * A design for the address: only what differs from the defaults (the parser fills in the rest,
 * field by field), so the address stays short. The defaults are `e30` (`{}`).
 */
export function encodeCompactDesign(config: BuilderConfig): string {
  const diff = difference(config as unknown as Json, DEFAULT_BUILDER_CONFIG as unknown as Json)
  return encodeDesign(diff ?? {})
}

/** The address of the builder showing `config` on `tab`, at the `device` width. */
export function builderHref(config: BuilderConfig, tab: BuilderTab, device: Device): string {
  const q = new URLSearchParams({ [F.tab]: tab })
  if (device !== 'desktop') q.set(F.device, device)
  q.set(F.design, encodeCompactDesign(config))
  return `/demo-builder?${q.toString()}`
}

/** 'Convert to Real Website': the proposal form with the design summarised (by the builder's choices) and attached (ADR 007). */
export function proposalHref(config: BuilderConfig, { summarizeConfig }: Pick<Builder, 'summarizeConfig'>): string {
  return `/proposal?${new URLSearchParams({ from: 'builder', summary: summarizeConfig(config), [DESIGN_PARAM]: encodeDesign(config) }).toString()}`
}
