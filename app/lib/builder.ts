/**
 * Configuration model of the demo website builder (/demo-builder, spec sections 2, 3, 5 and 9):
 * pure functions over a BuilderConfig. Client-only: nothing here is sent to a server except the
 * plain-text summary the visitor may carry into a proposal. The choices themselves are in
 * app/content/builder-options.ts (BUILDER_OPTIONS, given to `builderFor`; the page binds it once in
 * app/components/builder/builder-model.ts); saved designs are parsed by app/lib/builder-config.ts.
 */

import type { BuilderOption, BuilderOptions, BuilderService, BuilderTemplate, IndustryId, SliderName } from '~/content/builder-options.ts'
import type { BuilderFeatures } from './builder-features.ts'

export interface SocialLinks {
  facebook: string
  instagram: string
  twitter: string
  linkedin: string
  youtube: string
  tiktok: string
}

export type { BuilderFeatures }

export interface BuilderCustomizations {
  headerStyle: string
  footerStyle: string
  buttonStyle: string
  fontFamily: string
  spacing: number
  borderRadius: number
  animationStyle: string
  layoutDensity: string
  navigationStyle: string
  ctaPlacement: string
}

export interface AdvancedFeatures {
  customDomain: boolean
  sslCertificate: boolean
  backupService: boolean
  securityScan: boolean
  performanceOptimization: boolean
  cdnDelivery: boolean
  databaseIntegration: boolean
  apiIntegration: boolean
  thirdPartyIntegrations: boolean
}

export interface ContentSections {
  hero: boolean
  about: boolean
  services: boolean
  contact: boolean
  portfolio: boolean
  testimonials: boolean
  blog: boolean
  faq: boolean
  team: boolean
  pricing: boolean
}

export interface BuilderConfig {
  businessName: string
  tagline: string
  description: string
  colorScheme: string
  layout: string
  /** An IndustryId, or '' when none is chosen yet. */
  industry: string
  logo: string
  phone: string
  email: string
  address: string
  /** Service ids in the order the visitor selected them. */
  selectedServices: string[]
  /** A template id belonging to `industry`, or ''. */
  selectedTemplate: string
  socialLinks: SocialLinks
  features: BuilderFeatures
  /** Page count; defaults to 4 (home, about, services, contact). */
  pages: number
  customizations: BuilderCustomizations
  advancedFeatures: AdvancedFeatures
  contentSections: ContentSections
}

export const BUILDER_STORAGE_KEY = 'demo-builder-config'

/** The live preview shows at most this many selected services (spec section 9). */
export const PREVIEW_SERVICE_LIMIT = 4

/**
 * Builds a fresh default configuration. Advanced features default to
 * customDomain and sslCertificate on (the agency includes a free domain and
 * SSL), everything else off.
 */
export function createDefaultConfig(): BuilderConfig {
  return {
    businessName: '',
    tagline: '',
    description: '',
    colorScheme: 'blue',
    layout: 'modern',
    industry: '',
    logo: '',
    phone: '',
    email: '',
    address: '',
    selectedServices: [],
    selectedTemplate: '',
    socialLinks: { facebook: '', instagram: '', twitter: '', linkedin: '', youtube: '', tiktok: '' },
    features: {
      chatbot: false,
      analytics: false,
      seo: false,
      mobileApp: false,
      ecommerce: false,
      booking: false,
      newsletter: false,
      multiLanguage: false,
      darkMode: false,
      liveChat: false,
      aiAssistant: false,
      paymentGateway: false,
      membershipPortal: false,
      eventManagement: false,
      inventoryManagement: false,
      crm: false,
    },
    pages: 4,
    customizations: {
      headerStyle: 'classic',
      footerStyle: 'minimal',
      buttonStyle: 'rounded',
      fontFamily: 'inter',
      spacing: 16,
      borderRadius: 8,
      animationStyle: 'smooth',
      layoutDensity: 'comfortable',
      navigationStyle: 'horizontal',
      ctaPlacement: 'center',
    },
    advancedFeatures: {
      customDomain: true,
      sslCertificate: true,
      backupService: false,
      securityScan: false,
      performanceOptimization: false,
      cdnDelivery: false,
      databaseIntegration: false,
      apiIntegration: false,
      thirdPartyIntegrations: false,
    },
    contentSections: {
      hero: true,
      about: true,
      services: true,
      contact: true,
      portfolio: false,
      testimonials: false,
      blog: false,
      faq: false,
      team: false,
      pricing: false,
    },
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v)
    Object.freeze(value)
  }
  return value
}

/** Default configuration (deep-frozen so shared state cannot be mutated by accident; use createDefaultConfig for a mutable copy). */
export const DEFAULT_BUILDER_CONFIG: BuilderConfig = deepFreeze(createDefaultConfig())

function labelOf(list: readonly BuilderOption[], id: string): string | undefined {
  return list.find((o) => o.id === id)?.label
}

/** The builder's steps for a set of choices (app/content/builder-options.ts gives the studio's). */
export function builderFor(options: BuilderOptions) {
  const servicesById: ReadonlyMap<string, BuilderService> = new Map(
    options.serviceGroups.flatMap((g) => g.services.map((s) => [s.id, s] as const)),
  )

  /**
   * Selects a service when not selected and deselects it otherwise (clicking
   * a service card toggles it). Unknown ids are ignored. Returns a new config.
   */
  function toggleService(config: BuilderConfig, id: string): BuilderConfig {
    if (config.selectedServices.includes(id)) {
      return { ...config, selectedServices: config.selectedServices.filter((s) => s !== id) }
    }
    if (!servicesById.has(id)) return config
    return { ...config, selectedServices: [...config.selectedServices, id] }
  }

  /** Names of the selected services for the live preview: selection order, at most PREVIEW_SERVICE_LIMIT. */
  function previewServices(config: BuilderConfig): string[] {
    return config.selectedServices
      .map((id) => servicesById.get(id)?.name)
      .filter((name): name is string => typeof name === 'string')
      .slice(0, PREVIEW_SERVICE_LIMIT)
  }

  function isIndustryId(value: string): value is IndustryId {
    return options.industries.some((i) => i.id === value)
  }

  /** Templates offered for an industry; empty for '' or industries without templates so the tab can show its prompt. */
  function templatesFor(industry: string): readonly BuilderTemplate[] {
    return isIndustryId(industry) ? (options.templates[industry] ?? []) : []
  }

  /**
   * Changes the industry and clears the chosen template when it does not
   * belong to the new industry, so the preview never shows a stale template.
   * Unknown industry ids are treated as '' (none).
   */
  function setIndustry(config: BuilderConfig, industry: string): BuilderConfig {
    const next = isIndustryId(industry) ? industry : ''
    const keepTemplate = templatesFor(next).some((t) => t.id === config.selectedTemplate)
    return { ...config, industry: next, selectedTemplate: keepTemplate ? config.selectedTemplate : '' }
  }

  /**
   * Chooses a template (or, given the chosen one again, deselects it). Choosing applies the
   * template's look to the ordinary design options (colour scheme, layout, font, header, buttons,
   * call to action, density, radius) and switches on the sections it promises, so the preview
   * changes as the description says and everything stays customizable afterwards. Deselecting
   * keeps the design as it is. Ids not offered for the industry are ignored.
   */
  function chooseTemplate(config: BuilderConfig, id: string): BuilderConfig {
    if (config.selectedTemplate === id) return { ...config, selectedTemplate: '' }
    const template = templatesFor(config.industry).find((t) => t.id === id)
    if (!template) return config
    const { look } = template
    const contentSections = { ...config.contentSections }
    for (const section of look.sections ?? []) contentSections[section] = true
    return {
      ...config,
      selectedTemplate: id,
      colorScheme: look.colorScheme,
      layout: look.layout,
      contentSections,
      customizations: {
        ...config.customizations,
        fontFamily: look.fontFamily,
        headerStyle: look.headerStyle,
        buttonStyle: look.buttonStyle,
        ctaPlacement: look.ctaPlacement,
        layoutDensity: look.layoutDensity,
        borderRadius: clampSlider('borderRadius', look.borderRadius),
      },
    }
  }

  /** Clamps a slider value to its range and snaps it to the step grid (spec section 5), e.g. spacing 15 -> 16. */
  function clampSlider(name: SliderName, value: number): number {
    const { min, max, step } = options.sliders[name]
    if (Number.isNaN(value)) return min
    const clamped = Math.min(max, Math.max(min, value))
    const snapped = min + Math.round((clamped - min) / step) * step
    return Math.min(max, snapped)
  }

  /**
   * Plain-text, multi-line summary of the design, carried into the proposal
   * request so the agency sees what the visitor built in the demo.
   */
  function summarizeConfig(config: BuilderConfig): string {
    const notSet = 'Not selected'
    const template = templatesFor(config.industry).find((t) => t.id === config.selectedTemplate)
    const services = config.selectedServices
      .map((id) => servicesById.get(id)?.name)
      .filter((name): name is string => typeof name === 'string')
    const features = (Object.keys(options.featureLabels) as (keyof BuilderFeatures)[])
      .filter((key) => config.features[key] === true)
      .map((key) => options.featureLabels[key])

    return [
      `Business name: ${config.businessName.replace(/\s+/g, ' ').trim() || 'Not provided'}`,
      `Industry: ${labelOf(options.industries, config.industry) ?? notSet}`,
      `Template: ${template?.name ?? notSet}`,
      `Layout: ${labelOf(options.layouts, config.layout) ?? notSet}`,
      `Colour scheme: ${labelOf(options.colorSchemes, config.colorScheme) ?? notSet}`,
      `Services: ${services.length ? services.join(', ') : 'None'}`,
      `Features: ${features.length ? features.join(', ') : 'None'}`,
      `Pages: ${config.pages}`,
    ].join('\n')
  }

  return { options, toggleService, previewServices, templatesFor, setIndustry, chooseTemplate, clampSlider, summarizeConfig }
}

/** The builder's steps bound to its choices. */
export type Builder = ReturnType<typeof builderFor>

/**
 * Letters for the preview's logo badge: the first letters of the first two words ("Sunrise
 * Bakery" -> "SB", "Your Business Name" -> "YB"), or the first two letters of a single word
 * ("Kiln" -> "KI"). Words are runs of letters or digits, so "Kiln & Co." -> "KC".
 */
export function initialsOf(text: string): string {
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? []
  if (words.length === 0) return ''
  const letters = words.length === 1 ? [...words[0]].slice(0, 2) : words.slice(0, 2).map((w) => [...w][0])
  return letters.join('').toLocaleUpperCase()
}
