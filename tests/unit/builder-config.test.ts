import { describe, expect, it } from 'vitest'
import { BuilderConfigSchema, parseBuilderConfig, parseStoredConfig } from '~/components/builder/stored-config.ts'
import { DEFAULT_BUILDER_CONFIG, createDefaultConfig, type BuilderConfig } from '~/lib/builder.ts'
import { chooseTemplate, setIndustry, toggleService } from '~/components/builder/builder-model.ts'

function designed(): BuilderConfig {
  let c = setIndustry(createDefaultConfig(), 'technology')
  c = {
    ...c,
    businessName: 'Nimbus Labs',
    tagline: 'Cloud, simply',
    colorScheme: 'dark',
    layout: 'creative',
    selectedTemplate: 'saas-startup',
    pages: 12,
  }
  c = toggleService(toggleService(c, 'web-app'), 'ui-ux-design')
  c.features = { ...c.features, chatbot: true, darkMode: true }
  c.customizations = { ...c.customizations, fontFamily: 'montserrat', spacing: 24, borderRadius: 0, ctaPlacement: 'left' }
  c.advancedFeatures = { ...c.advancedFeatures, cdnDelivery: true, customDomain: false }
  c.contentSections = { ...c.contentSections, pricing: true, hero: false }
  c.socialLinks = { ...c.socialLinks, linkedin: 'https://linkedin.com/company/nimbus' }
  return c
}

describe('parseBuilderConfig: valid designs', () => {
  it('keeps every field of a complete, valid design', () => {
    const c = designed()
    expect(parseBuilderConfig(structuredClone(c))).toEqual(c)
    expect(parseStoredConfig(JSON.stringify(c))).toEqual(c)
  })

  it('accepts the defaults as they are, and returns a new object', () => {
    const parsed = parseBuilderConfig(DEFAULT_BUILDER_CONFIG)
    expect(parsed).toEqual(DEFAULT_BUILDER_CONFIG)
    expect(parsed).not.toBe(DEFAULT_BUILDER_CONFIG)
    expect(Object.isFrozen(parsed.customizations)).toBe(false)
  })
})

describe('parseBuilderConfig: partial designs', () => {
  it('fills what is missing from the defaults', () => {
    expect(parseBuilderConfig({})).toEqual(DEFAULT_BUILDER_CONFIG)
    const c = parseBuilderConfig({ businessName: 'Kiln & Co', features: { newsletter: true }, customizations: { buttonStyle: 'pill' } })
    expect(c).toEqual({
      ...createDefaultConfig(),
      businessName: 'Kiln & Co',
      features: { ...DEFAULT_BUILDER_CONFIG.features, newsletter: true },
      customizations: { ...DEFAULT_BUILDER_CONFIG.customizations, buttonStyle: 'pill' },
    })
  })

  it('resets only the bad fields of a group', () => {
    const c = parseBuilderConfig({
      customizations: { fontFamily: 'comic-sans', spacing: 20, layoutDensity: 'spacious' },
      socialLinks: { youtube: 7, tiktok: '@kiln' },
    })
    expect(c.customizations).toMatchObject({ fontFamily: 'inter', spacing: 20, layoutDensity: 'spacious' })
    expect(c.socialLinks).toEqual({ ...DEFAULT_BUILDER_CONFIG.socialLinks, tiktok: '@kiln' })
  })

  it('keeps a template only with its own industry', () => {
    expect(parseBuilderConfig({ industry: 'retail', selectedTemplate: 'urban-store' })).toMatchObject({
      industry: 'retail',
      selectedTemplate: 'urban-store',
    })
    expect(parseBuilderConfig({ industry: 'retail', selectedTemplate: 'fine-dining' }).selectedTemplate).toBe('')
    expect(parseBuilderConfig({ selectedTemplate: 'urban-store' }).selectedTemplate).toBe('')
    expect(parseBuilderConfig({ industry: 'moon-base', selectedTemplate: 'urban-store' })).toMatchObject({
      industry: '',
      selectedTemplate: '',
    })
  })
})

describe('parseBuilderConfig: hostile input', () => {
  it('gives the defaults for anything that is not an object', () => {
    for (const value of [undefined, null, 0, 'config', true, [], [designed()], new Date(0)]) {
      expect(parseBuilderConfig(value), String(value)).toEqual(DEFAULT_BUILDER_CONFIG)
    }
    expect(BuilderConfigSchema.safeParse(null).success).toBe(false)
    expect(BuilderConfigSchema.safeParse([]).success).toBe(false)
  })

  it('drops unknown and prototype keys without polluting Object.prototype', () => {
    const c = parseStoredConfig(
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"admin":true,"features":{"__proto__":{"polluted":true},"crm":true}}',
    )
    expect(Object.keys(c).sort()).toEqual(Object.keys(DEFAULT_BUILDER_CONFIG).sort())
    expect(Object.keys(c.features)).toEqual(Object.keys(DEFAULT_BUILDER_CONFIG.features))
    expect(c.features.crm).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(c)).toBe(Object.prototype)
  })

  it('ignores wrong types, unknown ids and non-finite numbers', () => {
    const c = parseBuilderConfig({
      businessName: { toString: 'x' },
      colorScheme: ['blue'],
      layout: 'brutalist',
      pages: Number.POSITIVE_INFINITY,
      features: { chatbot: 1, seo: 'true' },
      customizations: { spacing: Number.NaN, borderRadius: '8', headerStyle: null },
      advancedFeatures: 'all',
      contentSections: [true, true],
    })
    expect(c).toEqual(DEFAULT_BUILDER_CONFIG)
  })

  it('clamps sliders and dedupes, filters and keeps the order of services', () => {
    const c = parseBuilderConfig({
      pages: -3,
      customizations: { spacing: 1e9, borderRadius: 9 },
      selectedServices: ['daily-backups', 'daily-backups', { id: 'web-app' }, null, 'rm -rf /', 'web-app'],
    })
    expect(c.pages).toBe(1)
    expect(c.customizations.spacing).toBe(32)
    expect(c.customizations.borderRadius).toBe(10)
    expect(c.selectedServices).toEqual(['daily-backups', 'web-app'])
  })

  it('survives large and deeply nested values', () => {
    let deep: unknown = 'x'
    for (let i = 0; i < 5000; i++) deep = { features: deep }
    expect(parseBuilderConfig({ features: deep, customizations: deep }).features).toEqual(DEFAULT_BUILDER_CONFIG.features)
    const many = parseBuilderConfig({ selectedServices: Array.from({ length: 100_000 }, (_, i) => (i % 2 ? 'seo-optimization' : `s${i}`)) })
    expect(many.selectedServices).toEqual(['seo-optimization'])
  })

  it('gives the defaults for bad JSON', () => {
    for (const json of [null, '', '{', '{"businessName":', 'undefined', 'NaN'])
      expect(parseStoredConfig(json), String(json)).toEqual(DEFAULT_BUILDER_CONFIG)
  })
})

describe('parseBuilderConfig: templates with a look', () => {
  it('keeps a design made from a template as it is, and never re-applies the look on reading', () => {
    const fromTemplate = chooseTemplate(setIndustry(createDefaultConfig(), 'restaurant'), 'fine-dining')
    expect(parseBuilderConfig(structuredClone(fromTemplate))).toEqual(fromTemplate)
    // A design saved before templates changed the look (or changed since): the visitor's own
    // choices win over the template's.
    const older = { ...fromTemplate, colorScheme: 'green', customizations: { ...fromTemplate.customizations, fontFamily: 'roboto' } }
    expect(parseBuilderConfig(JSON.parse(JSON.stringify(older)))).toMatchObject({
      selectedTemplate: 'fine-dining',
      colorScheme: 'green',
      customizations: { fontFamily: 'roboto' },
    })
  })
})
