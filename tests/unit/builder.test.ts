import { describe, expect, it } from 'vitest'
import {
  ANIMATION_STYLES,
  BUTTON_STYLES,
  COLOR_SCHEMES,
  CTA_PLACEMENTS,
  FEATURE_TOGGLES,
  FONTS,
  FOOTER_STYLES,
  HEADER_STYLES,
  INDUSTRIES,
  LAYOUTS,
  LAYOUT_DENSITIES,
  NAVIGATION_STYLES,
  SERVICE_GROUPS,
  SLIDERS,
  TEMPLATES,
} from '~/content/builder-options.ts'
import { animationClass, contrastRatio, textOnPrimary } from '~/components/builder/preview-style.ts'
import { parseStoredConfig } from '~/components/builder/stored-config.ts'
import {
  BUILDER_STORAGE_KEY,
  DEFAULT_BUILDER_CONFIG,
  PREVIEW_SERVICE_LIMIT,
  createDefaultConfig,
  initialsOf,
  type BuilderConfig,
} from '~/lib/builder.ts'
import {
  chooseTemplate,
  clampSlider,
  previewServices,
  setIndustry,
  summarizeConfig,
  templatesFor,
  toggleService,
} from '~/components/builder/builder-model.ts'

const ids = (list: readonly { id: string }[]) => list.map((o) => o.id)

/** WCAG relative luminance / contrast ratio, to check the palette is readable. */
function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16)
  const channel = (c: number) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

describe('defaults', () => {
  it('match the spec defaults', () => {
    const d = DEFAULT_BUILDER_CONFIG
    expect(d.colorScheme).toBe('blue')
    expect(d.layout).toBe('modern')
    expect(d.industry).toBe('')
    expect(d.selectedTemplate).toBe('')
    expect(d.selectedServices).toEqual([])
    expect(d.pages).toBe(4)
    expect(d.customizations).toEqual({
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
    })
    expect(d.socialLinks).toEqual({ facebook: '', instagram: '', twitter: '', linkedin: '', youtube: '', tiktok: '' })
  })

  it('has 16 features, all off', () => {
    const entries = Object.entries(DEFAULT_BUILDER_CONFIG.features)
    expect(entries).toHaveLength(16)
    expect(entries.every(([, on]) => on === false)).toBe(true)
  })

  it('turns on custom domain and SSL only among advanced features', () => {
    const on = Object.entries(DEFAULT_BUILDER_CONFIG.advancedFeatures)
      .filter(([, v]) => v)
      .map(([k]) => k)
    expect(Object.keys(DEFAULT_BUILDER_CONFIG.advancedFeatures)).toHaveLength(9)
    expect(on).toEqual(['customDomain', 'sslCertificate'])
  })

  it('turns on hero, about, services and contact sections only', () => {
    const on = Object.entries(DEFAULT_BUILDER_CONFIG.contentSections)
      .filter(([, v]) => v)
      .map(([k]) => k)
    expect(on).toEqual(['hero', 'about', 'services', 'contact'])
    expect(Object.keys(DEFAULT_BUILDER_CONFIG.contentSections)).toHaveLength(10)
  })

  it('is frozen, while createDefaultConfig returns an independent copy', () => {
    expect(Object.isFrozen(DEFAULT_BUILDER_CONFIG.customizations)).toBe(true)
    const a = createDefaultConfig()
    a.features.chatbot = true
    expect(createDefaultConfig().features.chatbot).toBe(false)
    expect(a).not.toBe(createDefaultConfig())
  })

  it('uses the agreed storage key and preview limit', () => {
    expect(BUILDER_STORAGE_KEY).toBe('demo-builder-config')
    expect(PREVIEW_SERVICE_LIMIT).toBe(4)
  })
})

describe('option lists', () => {
  it('match the spec ids', () => {
    expect(ids(COLOR_SCHEMES)).toEqual(['blue', 'green', 'purple', 'orange', 'red', 'teal', 'dark', 'minimal'])
    expect(ids(LAYOUTS)).toEqual(['modern', 'classic', 'creative', 'luxury'])
    expect(ids(INDUSTRIES)).toEqual([
      'restaurant',
      'retail',
      'healthcare',
      'technology',
      'professional',
      'fitness',
      'education',
      'real-estate',
      'automotive',
      'beauty',
      'travel',
      'finance',
    ])
    expect(ids(FONTS)).toEqual(['inter', 'roboto', 'poppins', 'playfair', 'montserrat', 'lora'])
    expect(ids(HEADER_STYLES)).toEqual(['classic', 'minimal', 'centered', 'sidebar'])
    expect(ids(FOOTER_STYLES)).toEqual(['minimal', 'detailed', 'centered'])
    expect(ids(NAVIGATION_STYLES)).toEqual(['horizontal', 'dropdown', 'hamburger', 'sidebar'])
    expect(ids(BUTTON_STYLES)).toEqual(['rounded', 'square', 'pill', 'gradient', 'outline', 'shadow'])
    expect(ids(ANIMATION_STYLES)).toEqual(['none', 'smooth', 'bouncy'])
    expect(ids(LAYOUT_DENSITIES)).toEqual(['compact', 'comfortable', 'spacious'])
    expect(ids(CTA_PLACEMENTS)).toEqual(['left', 'center', 'right'])
    expect(ids(FEATURE_TOGGLES)).toEqual([
      'chatbot',
      'analytics',
      'seo',
      'mobileApp',
      'ecommerce',
      'booking',
      'newsletter',
      'multiLanguage',
      'darkMode',
      'liveChat',
    ])
  })

  it('colour schemes have readable text and visible primary colours', () => {
    for (const s of COLOR_SCHEMES) {
      for (const hex of [s.primary, s.secondary, s.background, s.text]) expect(hex).toMatch(/^#[0-9a-f]{6}$/i)
      expect(contrast(s.text, s.background), `${s.id} text`).toBeGreaterThanOrEqual(4.5)
      expect(contrast(s.primary, s.background), `${s.id} primary`).toBeGreaterThanOrEqual(3)
    }
  })

  it("every scheme's buttons are readable: filled, gradient and outline (AA, 4.5:1)", () => {
    for (const s of COLOR_SCHEMES) {
      const onFill = textOnPrimary(s)
      expect(contrastRatio(onFill, s.primary), `${s.id} filled`).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(onFill, s.secondary), `${s.id} gradient end`).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(s.text, s.background), `${s.id} outline`).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('animates only the movement of buttons, never their colours', () => {
    for (const animationStyle of ['smooth', 'bouncy'] as const) {
      const cls = animationClass({
        ...DEFAULT_BUILDER_CONFIG,
        customizations: { ...DEFAULT_BUILDER_CONFIG.customizations, animationStyle },
      })
      expect(cls).toContain('transition-transform')
      expect(cls.split(' ')).not.toContain('motion-safe:transition')
    }
  })

  it('font stacks end in a generic family', () => {
    for (const f of FONTS) expect(f.stack).toMatch(/, (sans-serif|serif)$/)
  })

  it('has six service groups of four services with unique ids', () => {
    expect(SERVICE_GROUPS.map((g) => g.name)).toEqual([
      'Web Development',
      'Digital Marketing',
      'Design Services',
      'Restaurant Services',
      'Hotel & Booking',
      'Maintenance',
    ])
    for (const g of SERVICE_GROUPS) expect(g.services).toHaveLength(4)
    const all = SERVICE_GROUPS.flatMap((g) => g.services.map((s) => s.id))
    expect(new Set(all).size).toBe(24)
  })

  it('has template ids unique across industries', () => {
    const all = Object.values(TEMPLATES).flatMap((list) => (list ?? []).map((t) => t.id))
    expect(all).toHaveLength(16)
    expect(new Set(all).size).toBe(16)
  })

  it('defines the slider ranges', () => {
    expect(SLIDERS).toEqual({
      spacing: { min: 8, max: 32, step: 4 },
      borderRadius: { min: 0, max: 24, step: 2 },
      pages: { min: 1, max: 20, step: 1 },
    })
  })
})

describe('toggleService', () => {
  it('adds then removes a service without mutating the input', () => {
    const start = createDefaultConfig()
    const added = toggleService(start, 'logo-design')
    expect(added.selectedServices).toEqual(['logo-design'])
    expect(start.selectedServices).toEqual([])
    const removed = toggleService(added, 'logo-design')
    expect(removed.selectedServices).toEqual([])
    expect(added.selectedServices).toEqual(['logo-design'])
  })

  it('keeps selection order and removes from the middle', () => {
    let c = createDefaultConfig()
    for (const id of ['seo-optimization', 'custom-website', 'online-ordering']) c = toggleService(c, id)
    c = toggleService(c, 'custom-website')
    expect(c.selectedServices).toEqual(['seo-optimization', 'online-ordering'])
  })

  it('ignores unknown service ids', () => {
    const c = createDefaultConfig()
    expect(toggleService(c, 'time-travel').selectedServices).toEqual([])
  })
})

describe('previewServices', () => {
  it('shows service names in selection order, at most 4', () => {
    let c: BuilderConfig = createDefaultConfig()
    for (const id of ['daily-backups', 'custom-website', 'logo-design', 'booking-engine', 'google-ads', 'digital-menu']) {
      c = toggleService(c, id)
    }
    expect(c.selectedServices).toHaveLength(6)
    expect(previewServices(c)).toEqual(['Daily Backups', 'Custom Website', 'Logo Design', 'Booking Engine'])
  })

  it('is empty with no selection', () => {
    expect(previewServices(DEFAULT_BUILDER_CONFIG)).toEqual([])
  })
})

describe('templatesFor', () => {
  it('restaurant has 4 templates, Elegant Bistro and Fine Dining featured', () => {
    const list = templatesFor('restaurant')
    expect(list).toHaveLength(4)
    expect(list.filter((t) => t.featured).map((t) => t.name)).toEqual(['Elegant Bistro', 'Fine Dining'])
  })

  it.each(['retail', 'healthcare', 'technology'])('%s has 4 templates', (industry) => {
    expect(templatesFor(industry)).toHaveLength(4)
  })

  it('fitness, an unknown industry and "" have none', () => {
    expect(templatesFor('fitness')).toEqual([])
    expect(templatesFor('space-mining')).toEqual([])
    expect(templatesFor('')).toEqual([])
  })
})

describe('setIndustry', () => {
  it('clears a template that does not belong to the new industry', () => {
    const c = { ...setIndustry(createDefaultConfig(), 'restaurant'), selectedTemplate: 'fine-dining' }
    const next = setIndustry(c, 'retail')
    expect(next.industry).toBe('retail')
    expect(next.selectedTemplate).toBe('')
    expect(c.selectedTemplate).toBe('fine-dining')
  })

  it('keeps the template when the industry is unchanged', () => {
    const c = { ...setIndustry(createDefaultConfig(), 'restaurant'), selectedTemplate: 'elegant-bistro' }
    expect(setIndustry(c, 'restaurant').selectedTemplate).toBe('elegant-bistro')
  })

  it('clears the template for an industry without templates, and maps unknown ids to ""', () => {
    const c = { ...setIndustry(createDefaultConfig(), 'technology'), selectedTemplate: 'saas-startup' }
    expect(setIndustry(c, 'fitness')).toMatchObject({ industry: 'fitness', selectedTemplate: '' })
    expect(setIndustry(c, 'bogus')).toMatchObject({ industry: '', selectedTemplate: '' })
  })
})

describe('clampSlider', () => {
  it('clamps to the range', () => {
    expect(clampSlider('spacing', 2)).toBe(8)
    expect(clampSlider('spacing', 99)).toBe(32)
    expect(clampSlider('borderRadius', -5)).toBe(0)
    expect(clampSlider('borderRadius', 30)).toBe(24)
    expect(clampSlider('pages', 0)).toBe(1)
    expect(clampSlider('pages', 21)).toBe(20)
  })

  it('snaps to the step', () => {
    expect(clampSlider('spacing', 15)).toBe(16)
    expect(clampSlider('spacing', 13)).toBe(12)
    expect(clampSlider('spacing', 10)).toBe(12)
    expect(clampSlider('borderRadius', 7)).toBe(8)
    expect(clampSlider('borderRadius', 6.9)).toBe(6)
    expect(clampSlider('pages', 4.4)).toBe(4)
  })

  it('keeps valid values and handles non-finite input', () => {
    expect(clampSlider('spacing', 24)).toBe(24)
    expect(clampSlider('spacing', Number.NaN)).toBe(8)
    expect(clampSlider('pages', Number.POSITIVE_INFINITY)).toBe(20)
    expect(clampSlider('pages', Number.NEGATIVE_INFINITY)).toBe(1)
  })
})

describe('parseStoredConfig', () => {
  it('returns defaults for null, bad JSON and non-objects', () => {
    for (const json of [null, '', '{not json', 'null', '[]', '42', '"text"']) {
      expect(parseStoredConfig(json)).toEqual(DEFAULT_BUILDER_CONFIG)
    }
  })

  it('merges partial JSON onto the defaults', () => {
    const c = parseStoredConfig(
      JSON.stringify({
        businessName: 'Rosa Pizzeria',
        colorScheme: 'red',
        industry: 'restaurant',
        selectedTemplate: 'cafe-corner',
        features: { booking: true },
        customizations: { fontFamily: 'lora' },
        socialLinks: { instagram: 'https://instagram.com/rosa' },
      }),
    )
    expect(c.businessName).toBe('Rosa Pizzeria')
    expect(c.colorScheme).toBe('red')
    expect(c.industry).toBe('restaurant')
    expect(c.selectedTemplate).toBe('cafe-corner')
    expect(c.features.booking).toBe(true)
    expect(c.features.chatbot).toBe(false)
    expect(c.customizations.fontFamily).toBe('lora')
    expect(c.customizations.headerStyle).toBe('classic')
    expect(c.socialLinks.instagram).toBe('https://instagram.com/rosa')
    expect(c.socialLinks.facebook).toBe('')
    expect(c.layout).toBe('modern')
    expect(c.pages).toBe(4)
  })

  it('ignores unknown keys, wrong types and unknown option ids', () => {
    const c = parseStoredConfig(
      JSON.stringify({
        hacker: true,
        businessName: 42,
        colorScheme: 'neon',
        layout: null,
        pages: '7',
        selectedServices: ['logo-design', 5, 'nope', 'logo-design', 'seo-optimization'],
        features: { chatbot: 'yes', crm: true, teleport: true },
        customizations: { spacing: 'wide', borderRadius: 13, buttonStyle: 'blob' },
        contentSections: 'all',
        industry: 'restaurant',
        selectedTemplate: 'saas-startup',
      }),
    )
    expect(c).not.toHaveProperty('hacker')
    expect(c.businessName).toBe('')
    expect(c.colorScheme).toBe('blue')
    expect(c.layout).toBe('modern')
    expect(c.pages).toBe(4)
    expect(c.selectedServices).toEqual(['logo-design', 'seo-optimization'])
    expect(c.features.chatbot).toBe(false)
    expect(c.features.crm).toBe(true)
    expect(c.features).not.toHaveProperty('teleport')
    expect(c.customizations.spacing).toBe(16)
    expect(c.customizations.borderRadius).toBe(14)
    expect(c.customizations.buttonStyle).toBe('rounded')
    expect(c.contentSections).toEqual(DEFAULT_BUILDER_CONFIG.contentSections)
    expect(c.selectedTemplate).toBe('')
  })

  it('clamps stored slider values', () => {
    const c = parseStoredConfig(JSON.stringify({ pages: 50, customizations: { spacing: 3 } }))
    expect(c.pages).toBe(20)
    expect(c.customizations.spacing).toBe(8)
  })

  it('round-trips a full configuration', () => {
    let c = setIndustry(createDefaultConfig(), 'healthcare')
    c = toggleService({ ...c, businessName: 'Bright Smiles', selectedTemplate: 'dental-care', pages: 7 }, 'booking-engine')
    expect(parseStoredConfig(JSON.stringify(c))).toEqual(c)
  })
})

describe('summarizeConfig', () => {
  it('summarises a configured site', () => {
    let c = setIndustry(createDefaultConfig(), 'restaurant')
    c = { ...c, businessName: 'Rosa Pizzeria', selectedTemplate: 'elegant-bistro', layout: 'luxury', colorScheme: 'red', pages: 6 }
    c = toggleService(toggleService(c, 'online-ordering'), 'table-reservations')
    c = { ...c, features: { ...c.features, booking: true, newsletter: true, crm: true } }
    expect(summarizeConfig(c)).toBe(
      [
        'Business name: Rosa Pizzeria',
        'Industry: Restaurant & Food',
        'Template: Elegant Bistro',
        'Layout: Luxury',
        'Colour scheme: Bold Red',
        'Services: Online Ordering, Table Reservations',
        'Features: Online Booking, Newsletter, CRM',
        'Pages: 6',
      ].join('\n'),
    )
  })

  it('summarises the defaults with placeholders', () => {
    expect(summarizeConfig(DEFAULT_BUILDER_CONFIG).split('\n')).toEqual([
      'Business name: Not provided',
      'Industry: Not selected',
      'Template: Not selected',
      'Layout: Modern',
      'Colour scheme: Ocean Blue',
      'Services: None',
      'Features: None',
      'Pages: 4',
    ])
  })

  it('keeps a multi-line business name on one line', () => {
    const c = { ...createDefaultConfig(), businessName: '  Acme\nCorp  ' }
    expect(summarizeConfig(c).split('\n')[0]).toBe('Business name: Acme Corp')
  })
})

describe('initialsOf', () => {
  it.each([
    ['Your Business', 'YB'],
    ['Your Business Name', 'YB'],
    ['Sunrise Bakery', 'SB'],
    ['sunrise bakery & café', 'SB'],
    ['Kiln & Co.', 'KC'],
    ['Kiln', 'KI'],
    ['  émile  ', 'ÉM'],
    ['X', 'X'],
    ['3 Sisters Deli', '3S'],
    ['', ''],
    ['& - !', ''],
  ])('%j -> %j', (text, initials) => {
    expect(initialsOf(text)).toBe(initials)
  })
})

describe('chooseTemplate', () => {
  const restaurant = () => setIndustry(createDefaultConfig(), 'restaurant')

  it('gives Fine Dining its dark palette, serif headings and centred, refined layout', () => {
    const c = chooseTemplate(restaurant(), 'fine-dining')
    expect(c.selectedTemplate).toBe('fine-dining')
    expect(c.colorScheme).toBe('dark')
    expect(c.layout).toBe('luxury')
    expect(c.customizations).toMatchObject({
      fontFamily: 'playfair',
      headerStyle: 'minimal',
      ctaPlacement: 'center',
      buttonStyle: 'outline',
    })
    expect(FONTS.find((f) => f.id === c.customizations.fontFamily)?.stack).toMatch(/serif$/)
    expect(FONTS.find((f) => f.id === c.customizations.fontFamily)?.stack).not.toMatch(/sans-serif$/)
  })

  it('every template look uses existing option ids, so a saved design keeps its shape', () => {
    for (const list of Object.values(TEMPLATES)) {
      for (const t of list ?? []) {
        expect(ids(COLOR_SCHEMES), t.id).toContain(t.look.colorScheme)
        expect(ids(LAYOUTS), t.id).toContain(t.look.layout)
        expect(ids(FONTS), t.id).toContain(t.look.fontFamily)
        expect(ids(HEADER_STYLES), t.id).toContain(t.look.headerStyle)
        expect(ids(BUTTON_STYLES), t.id).toContain(t.look.buttonStyle)
        expect(ids(CTA_PLACEMENTS), t.id).toContain(t.look.ctaPlacement)
        expect(ids(LAYOUT_DENSITIES), t.id).toContain(t.look.layoutDensity)
        expect(clampSlider('borderRadius', t.look.borderRadius), t.id).toBe(t.look.borderRadius)
      }
    }
  })

  it('templates of one industry look different from each other', () => {
    for (const list of Object.values(TEMPLATES)) {
      const looks = (list ?? []).map((t) => JSON.stringify([t.look.colorScheme, t.look.fontFamily, t.look.layout, t.look.hero]))
      expect(new Set(looks).size).toBe(looks.length)
    }
  })

  it('switches on the sections a template promises and never switches any off', () => {
    const c = chooseTemplate(setIndustry(createDefaultConfig(), 'technology'), 'saas-startup')
    expect(c.contentSections.pricing).toBe(true)
    expect(c.contentSections.hero && c.contentSections.about && c.contentSections.services && c.contentSections.contact).toBe(true)
  })

  it('deselects the chosen template and keeps the design; ignores templates of other industries', () => {
    const chosen = chooseTemplate(restaurant(), 'fine-dining')
    const cleared = chooseTemplate(chosen, 'fine-dining')
    expect(cleared).toEqual({ ...chosen, selectedTemplate: '' })
    const r = restaurant()
    expect(chooseTemplate(r, 'saas-startup')).toBe(r)
    expect(chooseTemplate(createDefaultConfig(), 'fine-dining').selectedTemplate).toBe('')
  })

  it('does not change the input and keeps the saved-design shape', () => {
    const r = restaurant()
    const before = structuredClone(r)
    const c = chooseTemplate(r, 'elegant-bistro')
    expect(r).toEqual(before)
    expect(Object.keys(c).sort()).toEqual(Object.keys(r).sort())
    expect(Object.keys(c.customizations).sort()).toEqual(Object.keys(r.customizations).sort())
    expect(parseStoredConfig(JSON.stringify(c))).toEqual(c)
  })
})
