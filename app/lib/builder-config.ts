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
import type { BuilderOption, SliderName } from '~/content/builder-options.ts'
import { DEFAULT_BUILDER_CONFIG, createDefaultConfig, type Builder, type BuilderConfig } from './builder.ts'

const D = DEFAULT_BUILDER_CONFIG

const idsOf = (list: readonly BuilderOption[]): string[] => list.map((o) => o.id)

/** One of the option ids of `list`; anything else becomes `fallback`. */
const choice = (ids: readonly string[], fallback: string) => z.enum(ids as [string, ...string[]]).catch(fallback)

/** Free text typed by the visitor; a non-string becomes `fallback`. */
const text = (fallback: string) => z.string().catch(fallback)

/** A slider value, clamped and snapped to its range; a non-number (or NaN/Infinity) becomes `fallback`. */
const slider = (clamp: Builder['clampSlider'], name: SliderName, fallback: number) =>
  z
    .number()
    .transform((v) => clamp(name, v))
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

const C = D.customizations

/**
 * The parsers of saved designs for the builder's choices (bound once: the page's in
 * app/components/builder/stored-config.ts, loaded only when there is a saved design to read).
 */
export function builderConfigParser({ options, clampSlider, templatesFor }: Builder) {
  const serviceIds = options.serviceGroups.flatMap((g) => g.services.map((s) => s.id))

  /** Known service ids in the order saved, without duplicates; unknown entries are dropped. */
  const SelectedServicesSchema = z
    .array(
      z
        .enum(serviceIds as [string, ...string[]])
        .nullable()
        .catch(null),
    )
    .transform((list) => [...new Set(list.filter((id): id is string => id !== null))])
    .catch(() => [])

  const CustomizationsSchema = z
    .object({
      headerStyle: choice(idsOf(options.headerStyles), C.headerStyle),
      footerStyle: choice(idsOf(options.footerStyles), C.footerStyle),
      buttonStyle: choice(idsOf(options.buttonStyles), C.buttonStyle),
      fontFamily: choice(idsOf(options.fonts), C.fontFamily),
      spacing: slider(clampSlider, 'spacing', C.spacing),
      borderRadius: slider(clampSlider, 'borderRadius', C.borderRadius),
      animationStyle: choice(idsOf(options.animationStyles), C.animationStyle),
      layoutDensity: choice(idsOf(options.layoutDensities), C.layoutDensity),
      navigationStyle: choice(idsOf(options.navigationStyles), C.navigationStyle),
      ctaPlacement: choice(idsOf(options.ctaPlacements), C.ctaPlacement),
    })
    .catch(() => ({ ...C }))

  /**
   * A saved builder configuration. Fails only when the value is not an object; inside it, each
   * field that is missing or invalid takes its default. The template is kept only when it belongs
   * to the industry.
   */
  const BuilderConfigSchema = z
    .object({
      businessName: text(D.businessName),
      tagline: text(D.tagline),
      description: text(D.description),
      colorScheme: choice(idsOf(options.colorSchemes), D.colorScheme),
      layout: choice(idsOf(options.layouts), D.layout),
      industry: choice(['', ...idsOf(options.industries)], D.industry),
      logo: text(D.logo),
      phone: text(D.phone),
      email: text(D.email),
      address: text(D.address),
      selectedServices: SelectedServicesSchema,
      selectedTemplate: text(''),
      socialLinks: texts(D.socialLinks),
      features: flags(D.features),
      pages: slider(clampSlider, 'pages', D.pages),
      customizations: CustomizationsSchema,
      advancedFeatures: flags(D.advancedFeatures),
      contentSections: flags(D.contentSections),
    })
    .transform((c) => ({
      ...c,
      selectedTemplate: templatesFor(c.industry).some((t) => t.id === c.selectedTemplate) ? c.selectedTemplate : '',
    }))

  /** A saved configuration (already decoded from JSON) as a valid BuilderConfig; the defaults for anything that is not an object. */
  function parseBuilderConfig(value: unknown): BuilderConfig {
    const result = BuilderConfigSchema.safeParse(value)
    if (!result.success) return createDefaultConfig()
    const config: BuilderConfig = result.data
    return config
  }

  /** The JSON text saved under BUILDER_STORAGE_KEY as a BuilderConfig; the defaults for null or bad JSON. */
  function parseStoredConfig(json: string | null): BuilderConfig {
    if (json == null) return createDefaultConfig()
    let value: unknown
    try {
      value = JSON.parse(json)
    } catch {
      return createDefaultConfig()
    }
    return parseBuilderConfig(value)
  }

  return { BuilderConfigSchema, parseBuilderConfig, parseStoredConfig }
}

/** The parsers of saved designs bound to the builder's choices. */
export type BuilderConfigParser = ReturnType<typeof builderConfigParser>
