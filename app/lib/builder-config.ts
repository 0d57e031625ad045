/**
 * Parser of demo-builder designs saved in the visitor's browser (localStorage). A saved value may
 * be old, hand-edited or hostile: every field falls back to its default on its own, unknown keys
 * are dropped, option ids that no longer exist are reset and sliders are clamped, so a stored
 * design can never break the builder.
 *
 * NOTE: this module loads zod. The builder imports it lazily (only when there is a saved design
 * to read), so zod stays out of the builder page's first bundle; keep it out of app/lib/builder.ts.
 */

import { z } from '~/lib/zod.ts'
import {
  ANIMATION_STYLES,
  BUTTON_STYLES,
  COLOR_SCHEMES,
  CTA_PLACEMENTS,
  FONTS,
  FOOTER_STYLES,
  HEADER_STYLES,
  INDUSTRIES,
  LAYOUTS,
  LAYOUT_DENSITIES,
  NAVIGATION_STYLES,
  SERVICE_GROUPS,
  type BuilderOption,
  type SliderName,
} from '~/content/builder-options.ts'
import { DEFAULT_BUILDER_CONFIG, clampSlider, createDefaultConfig, templatesFor, type BuilderConfig } from './builder.ts'

const D = DEFAULT_BUILDER_CONFIG

const idsOf = (list: readonly BuilderOption[]): string[] => list.map((o) => o.id)

/** One of the option ids of `list`; anything else becomes `fallback`. */
const choice = (ids: readonly string[], fallback: string) => z.enum(ids as [string, ...string[]]).catch(fallback)

/** Free text typed by the visitor; a non-string becomes `fallback`. */
const text = (fallback: string) => z.string().catch(fallback)

/** A slider value, clamped and snapped to its range; a non-number (or NaN/Infinity) becomes `fallback`. */
const slider = (name: SliderName, fallback: number) =>
  z
    .number()
    .transform((v) => clampSlider(name, v))
    .catch(fallback)

/** On/off flags, each falling back to its own default; a value that is not an object gives all the defaults. */
function flags<T extends { [K in keyof T]: boolean }>(defaults: T): z.ZodType<T> {
  const shape = Object.fromEntries((Object.keys(defaults) as (keyof T & string)[]).map((key) => [key, z.boolean().catch(defaults[key])]))
  // NOTE: the shape has exactly the defaults' keys, so the output is T; zod cannot infer that from a built shape.
  return z.object(shape).catch(() => ({ ...defaults })) as unknown as z.ZodType<T>
}

/** Text fields, each falling back to its own default; a value that is not an object gives all the defaults. */
function texts<T extends { [K in keyof T]: string }>(defaults: T): z.ZodType<T> {
  const shape = Object.fromEntries((Object.keys(defaults) as (keyof T & string)[]).map((key) => [key, text(defaults[key])]))
  return z.object(shape).catch(() => ({ ...defaults })) as unknown as z.ZodType<T>
}

const SERVICE_IDS = SERVICE_GROUPS.flatMap((g) => g.services.map((s) => s.id))

/** Known service ids in the order saved, without duplicates; unknown entries are dropped. */
const SelectedServicesSchema = z
  .array(
    z
      .enum(SERVICE_IDS as [string, ...string[]])
      .nullable()
      .catch(null),
  )
  .transform((list) => [...new Set(list.filter((id): id is string => id !== null))])
  .catch(() => [])

const C = D.customizations
const CustomizationsSchema = z
  .object({
    headerStyle: choice(idsOf(HEADER_STYLES), C.headerStyle),
    footerStyle: choice(idsOf(FOOTER_STYLES), C.footerStyle),
    buttonStyle: choice(idsOf(BUTTON_STYLES), C.buttonStyle),
    fontFamily: choice(idsOf(FONTS), C.fontFamily),
    spacing: slider('spacing', C.spacing),
    borderRadius: slider('borderRadius', C.borderRadius),
    animationStyle: choice(idsOf(ANIMATION_STYLES), C.animationStyle),
    layoutDensity: choice(idsOf(LAYOUT_DENSITIES), C.layoutDensity),
    navigationStyle: choice(idsOf(NAVIGATION_STYLES), C.navigationStyle),
    ctaPlacement: choice(idsOf(CTA_PLACEMENTS), C.ctaPlacement),
  })
  .catch(() => ({ ...C }))

/**
 * A saved builder configuration. Fails only when the value is not an object; inside it, each
 * field that is missing or invalid takes its default. The template is kept only when it belongs
 * to the industry.
 */
export const BuilderConfigSchema = z
  .object({
    businessName: text(D.businessName),
    tagline: text(D.tagline),
    description: text(D.description),
    colorScheme: choice(idsOf(COLOR_SCHEMES), D.colorScheme),
    layout: choice(idsOf(LAYOUTS), D.layout),
    industry: choice(['', ...idsOf(INDUSTRIES)], D.industry),
    logo: text(D.logo),
    phone: text(D.phone),
    email: text(D.email),
    address: text(D.address),
    selectedServices: SelectedServicesSchema,
    selectedTemplate: text(''),
    socialLinks: texts(D.socialLinks),
    features: flags(D.features),
    pages: slider('pages', D.pages),
    customizations: CustomizationsSchema,
    advancedFeatures: flags(D.advancedFeatures),
    contentSections: flags(D.contentSections),
  })
  .transform((c) => ({
    ...c,
    selectedTemplate: templatesFor(c.industry).some((t) => t.id === c.selectedTemplate) ? c.selectedTemplate : '',
  }))

/** A saved configuration (already decoded from JSON) as a valid BuilderConfig; the defaults for anything that is not an object. */
export function parseBuilderConfig(value: unknown): BuilderConfig {
  const result = BuilderConfigSchema.safeParse(value)
  if (!result.success) return createDefaultConfig()
  const config: BuilderConfig = result.data
  return config
}

/** The JSON text saved under BUILDER_STORAGE_KEY as a BuilderConfig; the defaults for null or bad JSON. */
export function parseStoredConfig(json: string | null): BuilderConfig {
  if (json == null) return createDefaultConfig()
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return createDefaultConfig()
  }
  return parseBuilderConfig(value)
}
