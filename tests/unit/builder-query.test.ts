import { describe, expect, it } from 'vitest'
import { readBuilderQuery } from '~/lib/builder-form.ts'
import { BUILDER } from '~/components/builder/builder-model.ts'
import { CONFIG_PARSER } from '~/components/builder/stored-config.ts'
import { builderHref, encodeCompactDesign, proposalHref } from '~/lib/builder-query.ts'
import { DEFAULT_BUILDER_CONFIG, createDefaultConfig, type BuilderConfig } from '~/lib/builder.ts'
import { chooseTemplate, setIndustry, summarizeConfig, toggleService } from '~/components/builder/builder-model.ts'
import { isCacheableQuery } from '~/lib/public-paths.ts'
import { DESIGN_PARAM, decodeDesign, encodeDesign } from '~/lib/proposal-source.ts'

/** What the builder's GET form sends: the design as drawn, the open tab, and `fields`. */
function sent(config: BuilderConfig, panel: string, fields: [string, string][] = []) {
  const q = new URLSearchParams({
    [DESIGN_PARAM]: encodeCompactDesign(config),
    panel,
  })
  for (const [k, v] of fields) q.append(k, v)
  return readBuilderQuery(q, BUILDER, CONFIG_PARSER)
}

const restaurant = () => setIndustry({ ...createDefaultConfig(), businessName: 'Harbor Cafe' }, 'restaurant')

describe('the builder in its address', () => {
  it('an address without the builder state is the default page: no design, Basic, desktop', () => {
    expect(readBuilderQuery(new URLSearchParams(), BUILDER, CONFIG_PARSER)).toEqual({
      config: null,
      tab: 'basic',
      device: 'desktop',
      convert: false,
      view: null,
    })
    expect(readBuilderQuery(new URLSearchParams('industry=retail&cb=1'), BUILDER, CONFIG_PARSER).config).toBeNull()
    // The page cache serves those from its copy, and renders the others.
    expect(isCacheableQuery('/demo-builder', 'cb=1')).toBe(true)
    expect(isCacheableQuery('/demo-builder', new URL(`http://x${builderHref(restaurant(), 'templates', 'mobile')}`).search.slice(1))).toBe(
      false,
    )
    expect(isCacheableQuery('/demo-builder', 'tab=services')).toBe(false)
  })

  it('builderHref gives back the same design, tab and device, and keeps the address short', () => {
    const c = chooseTemplate(restaurant(), 'fine-dining')
    const url = new URL(`http://x${builderHref(c, 'templates', 'tablet')}`)
    expect(readBuilderQuery(url.searchParams, BUILDER, CONFIG_PARSER)).toEqual({
      config: c,
      tab: 'templates',
      device: 'tablet',
      convert: false,
      view: null,
    })
    expect(decodeDesign(encodeCompactDesign(DEFAULT_BUILDER_CONFIG))).toEqual({})
    expect(builderHref(createDefaultConfig(), 'basic', 'desktop')).toBe('/demo-builder?tab=basic&design=e30')
    // Only what differs from the defaults: a third of the whole design or less.
    expect(url.searchParams.get(DESIGN_PARAM)!.length).toBeLessThan(encodeDesign(c).length / 3)
  })

  it('a tab button opens that tab and keeps the fields typed on the open one', () => {
    const r = sent(createDefaultConfig(), 'basic', [
      ['businessName', 'Sunrise Bakery'],
      ['industry', 'restaurant'],
      ['tab', 'templates'],
    ])
    expect(r.tab).toBe('templates')
    expect(r.config).toMatchObject({
      businessName: 'Sunrise Bakery',
      industry: 'restaurant',
    })
    // Enter in a field (the form's default button has no name) stays on the open tab.
    expect(sent(createDefaultConfig(), 'customize', [['facebook', 'https://fb.example']])).toMatchObject({
      tab: 'customize',
      config: { socialLinks: { facebook: 'https://fb.example' } },
    })
  })

  it('a template button chooses the template, as the click does in the browser; pressed again it drops it', () => {
    const r = sent(restaurant(), 'templates', [['template', 'fine-dining']])
    expect(r.config).toEqual(chooseTemplate(restaurant(), 'fine-dining'))
    expect(r.config?.colorScheme).toBe('dark')
    expect(sent(r.config!, 'templates', [['template', 'fine-dining']]).config?.selectedTemplate).toBe('')
    // A template of another industry is ignored.
    expect(sent(restaurant(), 'templates', [['template', 'saas-startup']]).config).toEqual(restaurant())
  })

  it('a service button toggles that service once, in selection order', () => {
    const one = sent(createDefaultConfig(), 'services', [['service', 'landing-page']]).config!
    const two = sent(one, 'services', [['service', 'custom-website']]).config!
    expect(two.selectedServices).toEqual(['landing-page', 'custom-website'])
    expect(sent(two, 'services', [['service', 'landing-page']]).config?.selectedServices).toEqual(['custom-website'])
    expect(sent(two, 'services', [['service', 'no-such-service']]).config).toEqual(two)
  })

  it('choice buttons set their option; unknown options fall back to the default', () => {
    const r = sent(createDefaultConfig(), 'design', [['colorScheme', 'green']]).config!
    expect(r.colorScheme).toBe('green')
    expect(sent(createDefaultConfig(), 'design', [['fontFamily', 'lora']]).config?.customizations.fontFamily).toBe('lora')
    expect(sent({ ...createDefaultConfig(), colorScheme: 'teal' }, 'design', [['colorScheme', '<script>']]).config?.colorScheme).toBe(
      'blue',
    )
  })

  it('boxes count on their own tab only: unticked there is off, elsewhere the design keeps them', () => {
    const start = {
      ...createDefaultConfig(),
      features: {
        ...DEFAULT_BUILDER_CONFIG.features,
        chatbot: true,
        aiAssistant: true,
      },
    }
    const r = sent(start, 'features', [
      ['feature', 'seo'],
      ['section', 'hero'],
      ['section', 'faq'],
      ['advanced', 'cdnDelivery'],
      ['pages', '7'],
    ]).config!
    expect(r.features).toMatchObject({
      seo: true,
      chatbot: false,
      aiAssistant: true,
    })
    expect(r.contentSections).toEqual({
      ...DEFAULT_BUILDER_CONFIG.contentSections,
      faq: true,
      about: false,
      services: false,
      contact: false,
    })
    expect(r.advancedFeatures).toEqual({
      ...DEFAULT_BUILDER_CONFIG.advancedFeatures,
      customDomain: false,
      sslCertificate: false,
      cdnDelivery: true,
    })
    expect(r.pages).toBe(7)
    // The same boxes sent from another tab (a crafted address) change nothing.
    expect(sent(start, 'design', [['feature', 'seo']]).config).toEqual(start)
  })

  it('sliders are clamped and snapped, text is cut to length', () => {
    const r = sent(createDefaultConfig(), 'customize', [
      ['spacing', '15'],
      ['borderRadius', '99'],
      ['businessName', 'x'.repeat(5000)],
    ]).config!
    expect(r.customizations.spacing).toBe(16)
    expect(r.customizations.borderRadius).toBe(24)
    expect(r.businessName).toHaveLength(500)
    expect(sent(createDefaultConfig(), 'features', [['pages', 'lots']]).config?.pages).toBe(4)
  })

  it('a new industry drops a template that is not its own', () => {
    const c = chooseTemplate(restaurant(), 'fine-dining')
    expect(sent(c, 'basic', [['industry', 'fitness']]).config).toMatchObject({
      industry: 'fitness',
      selectedTemplate: '',
    })
    expect(sent(c, 'basic', [['industry', 'moon-base']]).config).toMatchObject({
      industry: '',
      selectedTemplate: '',
    })
  })

  it('Reset gives the defaults; a broken design gives the defaults plus the fields', () => {
    expect(sent(restaurant(), 'basic', [['reset', '1']]).config).toEqual(createDefaultConfig())
    const q = new URLSearchParams({
      [DESIGN_PARAM]: 'not base64 json!',
      panel: 'basic',
      businessName: 'Kiln',
    })
    expect(readBuilderQuery(q, BUILDER, CONFIG_PARSER).config).toEqual({
      ...createDefaultConfig(),
      businessName: 'Kiln',
    })
  })

  it('Convert carries the design as sent, fields included, to the proposal form', () => {
    const r = sent(toggleService(restaurant(), 'online-ordering'), 'basic', [
      ['businessName', 'Typed Before The Script'],
      ['convert', '1'],
    ])
    expect(r.convert).toBe(true)
    const to = new URL(`http://x${proposalHref(r.config!, BUILDER)}`)
    expect(to.pathname).toBe('/proposal')
    expect(to.searchParams.get('from')).toBe('builder')
    expect(to.searchParams.get('summary')).toBe(summarizeConfig(r.config!))
    expect(to.searchParams.get('summary')).toMatch(/Business name: Typed Before The Script\n/)
    expect(decodeDesign(to.searchParams.get(DESIGN_PARAM))).toEqual(r.config)
  })

  it('unknown tabs and devices fall back; the pressed tab wins over the open one', () => {
    expect(readBuilderQuery(new URLSearchParams('tab=admin&device=watch'), BUILDER, CONFIG_PARSER)).toMatchObject({
      tab: 'basic',
      device: 'desktop',
    })
    expect(readBuilderQuery(new URLSearchParams('panel=design&tab=features'), BUILDER, CONFIG_PARSER)).toMatchObject({ tab: 'features' })
    expect(readBuilderQuery(new URLSearchParams('panel=design'), BUILDER, CONFIG_PARSER)).toMatchObject({ tab: 'design' })
    expect(readBuilderQuery(new URLSearchParams('panel=design&view=full'), BUILDER, CONFIG_PARSER)).toMatchObject({ view: 'full' })
    // The width shown rides along; a width button pressed comes after it in the form.
    expect(readBuilderQuery(new URLSearchParams('device=tablet&view=full'), BUILDER, CONFIG_PARSER)).toMatchObject({
      device: 'tablet',
      view: 'full',
    })
    expect(readBuilderQuery(new URLSearchParams('device=tablet&device=mobile'), BUILDER, CONFIG_PARSER)).toMatchObject({ device: 'mobile' })
    expect(readBuilderQuery(new URLSearchParams('view=everything'), BUILDER, CONFIG_PARSER)).toMatchObject({ view: null })
  })
})
