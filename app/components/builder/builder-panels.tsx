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
  type BuilderOption,
} from '~/content/builder-options.ts'
import {
  PREVIEW_SERVICE_LIMIT,
  type AdvancedFeatures,
  type BuilderConfig,
  type BuilderCustomizations,
  type ContentSections,
  type SocialLinks,
} from '~/lib/builder.ts'
import { F } from '~/lib/builder-query.ts'
import { clampSlider, setIndustry, toggleService } from './builder-model.ts'
import { CheckList, ChoiceGroup, PanelSection, RangeField, SelectField, TextField } from './controls.tsx'

export type Update = (fn: (c: BuilderConfig) => BuilderConfig) => void
export type PanelProps = { config: BuilderConfig; update: Update }

const setField =
  <K extends keyof BuilderConfig>(update: Update, key: K) =>
  (value: BuilderConfig[K]) =>
    update((c) => ({ ...c, [key]: value }))

const setCustom =
  <K extends keyof BuilderCustomizations>(update: Update, key: K) =>
  (value: BuilderCustomizations[K]) =>
    update((c) => ({ ...c, customizations: { ...c.customizations, [key]: value } }))

export function BasicPanel({ config, update }: PanelProps) {
  return (
    <div className="space-y-6">
      <PanelSection title="Business details" description="This is what your visitors read first.">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Business Name"
            name="businessName"
            required
            value={config.businessName}
            onChange={setField(update, 'businessName')}
            autoComplete="organization"
          />
          <TextField
            label="Tagline"
            name="tagline"
            value={config.tagline}
            onChange={setField(update, 'tagline')}
            placeholder="e.g. Fresh bread every morning"
          />
          <div className="sm:col-span-2">
            <TextField
              label="Description"
              name="description"
              multiline
              value={config.description}
              onChange={setField(update, 'description')}
            />
          </div>
          <SelectField
            label="Industry"
            name="industry"
            value={config.industry}
            placeholder="Select an industry"
            options={INDUSTRIES}
            onChange={(v) => update((c) => setIndustry(c, v))}
          />
          <TextField label="Logo (text or initials)" name="logo" value={config.logo} onChange={setField(update, 'logo')} />
        </div>
      </PanelSection>
      <PanelSection title="Contact information">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Phone" name="phone" type="tel" value={config.phone} onChange={setField(update, 'phone')} autoComplete="tel" />
          <TextField
            label="Email"
            name="email"
            type="email"
            value={config.email}
            onChange={setField(update, 'email')}
            autoComplete="email"
          />
          <div className="sm:col-span-2">
            <TextField
              label="Address"
              name="address"
              value={config.address}
              onChange={setField(update, 'address')}
              autoComplete="street-address"
            />
          </div>
        </div>
      </PanelSection>
    </div>
  )
}

export function ServicesPanel({ config, update }: PanelProps) {
  const count = config.selectedServices.length
  return (
    <div className="space-y-6">
      <p className="rounded-md bg-ink-100 px-3 py-2 text-sm text-ink-800" aria-live="polite">
        {count} selected. The preview shows up to {PREVIEW_SERVICE_LIMIT} services.
      </p>
      {SERVICE_GROUPS.map((group) => (
        <PanelSection key={group.name} title={group.name}>
          <div className="grid gap-2 sm:grid-cols-2">
            {group.services.map((s) => {
              const selected = config.selectedServices.includes(s.id)
              return (
                <button
                  key={s.id}
                  type="submit"
                  name={F.service}
                  value={s.id}
                  aria-pressed={selected}
                  onClick={() => update((c) => toggleService(c, s.id))}
                  className={`flex items-center justify-between gap-2 rounded-lg border px-3 py-2 text-left text-sm ${
                    selected
                      ? 'border-primary-700 bg-primary-50 text-primary-950 ring-1 ring-primary-700'
                      : 'border-ink-300 bg-white text-ink-800 hover:border-ink-400'
                  }`}
                >
                  <span className="font-medium">{s.name}</span>
                  {s.popular && (
                    <span className="rounded-full bg-warning-100 px-2 py-0.5 text-xs font-semibold text-warning-900">Popular</span>
                  )}
                </button>
              )
            })}
          </div>
        </PanelSection>
      ))}
    </div>
  )
}

/** A style the visitor picks from a list: one of `customizations`, shown as a group of buttons. */
type StyleChoice = {
  label: string
  key: Exclude<keyof BuilderCustomizations, 'spacing' | 'borderRadius'>
  options: readonly BuilderOption[]
  columns?: string
}

/** The styles of the Design tab after the colours and layout, in the order they are shown. */
const DESIGN_STYLES: StyleChoice[] = [
  { label: 'Font Family', key: 'fontFamily', options: FONTS },
  { label: 'Header Style', key: 'headerStyle', options: HEADER_STYLES, columns: 'grid-cols-2 sm:grid-cols-4 xl:grid-cols-2' },
  { label: 'Navigation Style', key: 'navigationStyle', options: NAVIGATION_STYLES, columns: 'grid-cols-2 sm:grid-cols-4 xl:grid-cols-2' },
  { label: 'Button Style', key: 'buttonStyle', options: BUTTON_STYLES },
]

/** The styles of the Customize tab, below spacing and corners. */
const FINISH_STYLES: StyleChoice[] = [
  { label: 'Footer Style', key: 'footerStyle', options: FOOTER_STYLES },
  { label: 'Animation Style', key: 'animationStyle', options: ANIMATION_STYLES },
  { label: 'Layout Density', key: 'layoutDensity', options: LAYOUT_DENSITIES },
  { label: 'Call-to-Action Placement', key: 'ctaPlacement', options: CTA_PLACEMENTS },
]

function StyleChoices({ choices, config, update }: PanelProps & { choices: StyleChoice[] }) {
  return choices.map((c) => (
    <ChoiceGroup
      key={c.key}
      label={c.label}
      name={c.key}
      options={c.options}
      value={config.customizations[c.key]}
      onChange={setCustom(update, c.key)}
      columns={c.columns}
    />
  ))
}

export function DesignPanel({ config, update }: PanelProps) {
  return (
    <div className="space-y-6">
      <ChoiceGroup
        label="Color Scheme"
        name="colorScheme"
        options={COLOR_SCHEMES.map((s) => ({ id: s.id, label: s.label, swatch: [s.primary, s.secondary, s.background] }))}
        value={config.colorScheme}
        onChange={setField(update, 'colorScheme')}
        columns="grid-cols-1 sm:grid-cols-2"
      />
      <ChoiceGroup
        label="Layout"
        name="layout"
        options={LAYOUTS.map((l) => ({ id: l.id, label: l.label, hint: l.description }))}
        value={config.layout}
        onChange={setField(update, 'layout')}
        columns="grid-cols-1 sm:grid-cols-2"
      />
      <StyleChoices choices={DESIGN_STYLES} config={config} update={update} />
    </div>
  )
}

const CONTENT_SECTION_ITEMS: { id: keyof ContentSections; label: string }[] = [
  { id: 'hero', label: 'Hero banner' },
  { id: 'about', label: 'About' },
  { id: 'services', label: 'Services' },
  { id: 'contact', label: 'Contact' },
  { id: 'portfolio', label: 'Portfolio' },
  { id: 'testimonials', label: 'Testimonials' },
  { id: 'blog', label: 'Blog' },
  { id: 'faq', label: 'FAQ' },
  { id: 'team', label: 'Team' },
  { id: 'pricing', label: 'Pricing' },
]

const ADVANCED_ITEMS: { id: keyof AdvancedFeatures; label: string }[] = [
  { id: 'customDomain', label: 'Custom domain' },
  { id: 'sslCertificate', label: 'SSL certificate' },
  { id: 'backupService', label: 'Daily backups' },
  { id: 'securityScan', label: 'Security scanning' },
  { id: 'performanceOptimization', label: 'Performance optimization' },
  { id: 'cdnDelivery', label: 'CDN delivery' },
  { id: 'databaseIntegration', label: 'Database integration' },
  { id: 'apiIntegration', label: 'API integration' },
  { id: 'thirdPartyIntegrations', label: 'Third-party integrations' },
]

export function FeaturesPanel({ config, update }: PanelProps) {
  const { min, max, step } = SLIDERS.pages
  return (
    <div className="space-y-6">
      <CheckList
        label="Features"
        name={F.feature}
        items={FEATURE_TOGGLES}
        values={config.features}
        onToggle={(id, on) => update((c) => ({ ...c, features: { ...c.features, [id]: on } }))}
      />
      <RangeField
        label="Number of Pages"
        name="pages"
        value={config.pages}
        min={min}
        max={max}
        step={step}
        onChange={(v) => update((c) => ({ ...c, pages: clampSlider('pages', v) }))}
      />
      <CheckList
        label="Content Sections"
        name={F.section}
        items={CONTENT_SECTION_ITEMS}
        values={config.contentSections}
        onToggle={(id, on) => update((c) => ({ ...c, contentSections: { ...c.contentSections, [id]: on } }))}
      />
      <CheckList
        label="Advanced Features"
        name={F.advanced}
        items={ADVANCED_ITEMS}
        values={config.advancedFeatures}
        onToggle={(id, on) => update((c) => ({ ...c, advancedFeatures: { ...c.advancedFeatures, [id]: on } }))}
      />
    </div>
  )
}

const SOCIAL_ITEMS: { id: keyof SocialLinks; label: string }[] = [
  { id: 'facebook', label: 'Facebook URL' },
  { id: 'instagram', label: 'Instagram URL' },
  { id: 'twitter', label: 'X (Twitter) URL' },
  { id: 'linkedin', label: 'LinkedIn URL' },
  { id: 'youtube', label: 'YouTube URL' },
  { id: 'tiktok', label: 'TikTok URL' },
]

export function CustomizePanel({ config, update }: PanelProps) {
  const cz = config.customizations
  return (
    <div className="space-y-6">
      <div className="grid gap-6 sm:grid-cols-2">
        <RangeField
          label="Spacing"
          name="spacing"
          unit="px"
          value={cz.spacing}
          {...SLIDERS.spacing}
          onChange={(v) => setCustom(update, 'spacing')(clampSlider('spacing', v))}
        />
        <RangeField
          label="Border Radius"
          name="borderRadius"
          unit="px"
          value={cz.borderRadius}
          {...SLIDERS.borderRadius}
          onChange={(v) => setCustom(update, 'borderRadius')(clampSlider('borderRadius', v))}
        />
      </div>
      <StyleChoices choices={FINISH_STYLES} config={config} update={update} />
      <PanelSection title="Social Links">
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL_ITEMS.map((s) => (
            <TextField
              key={s.id}
              label={s.label}
              name={s.id}
              type="url"
              value={config.socialLinks[s.id]}
              placeholder="https://"
              onChange={(v) => update((c) => ({ ...c, socialLinks: { ...c.socialLinks, [s.id]: v } }))}
            />
          ))}
        </div>
      </PanelSection>
    </div>
  )
}
