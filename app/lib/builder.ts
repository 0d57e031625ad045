/**
 * Configuration model of the demo website builder (/demo-builder, spec
 * sections 2, 3, 5 and 9). Client-only: nothing here is sent to a server
 * except the plain-text summary the visitor may carry into a proposal.
 */

export interface SocialLinks {
  facebook: string
  instagram: string
  twitter: string
  linkedin: string
  youtube: string
  tiktok: string
}

export interface BuilderFeatures {
  chatbot: boolean
  analytics: boolean
  seo: boolean
  mobileApp: boolean
  ecommerce: boolean
  booking: boolean
  newsletter: boolean
  multiLanguage: boolean
  darkMode: boolean
  liveChat: boolean
  aiAssistant: boolean
  paymentGateway: boolean
  membershipPortal: boolean
  eventManagement: boolean
  inventoryManagement: boolean
  crm: boolean
}

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

export interface BuilderOption {
  id: string
  label: string
}

export interface ColorScheme extends BuilderOption {
  primary: string
  secondary: string
  background: string
  text: string
}

export interface LayoutOption extends BuilderOption {
  description: string
}

export interface FontOption extends BuilderOption {
  /** CSS font-family value; falls back to system/generic families only. */
  stack: string
}

export interface BuilderTemplate {
  id: string
  name: string
  preview: string
  style: string
  featured?: boolean
}

export interface BuilderService {
  id: string
  name: string
  popular: boolean
}

export interface ServiceGroup {
  name: string
  services: BuilderService[]
}

export interface FeatureToggle {
  id: keyof BuilderFeatures
  label: string
}

export interface SliderRange {
  min: number
  max: number
  step: number
}

export type SliderName = 'spacing' | 'borderRadius' | 'pages'

export const BUILDER_STORAGE_KEY = 'demo-builder-config'

/** The live preview shows at most this many selected services (spec section 9). */
export const PREVIEW_SERVICE_LIMIT = 4

export const SLIDERS: Readonly<Record<SliderName, SliderRange>> = {
  spacing: { min: 8, max: 32, step: 4 },
  borderRadius: { min: 0, max: 24, step: 2 },
  pages: { min: 1, max: 20, step: 1 },
}

// Every scheme keeps text/background at WCAG AA (>= 4.5:1) and primary/background
// at >= 3:1 (non-text contrast), which tests/unit/builder.test.ts checks.
export const COLOR_SCHEMES: readonly ColorScheme[] = [
  { id: 'blue', label: 'Ocean Blue', primary: '#2563eb', secondary: '#1e40af', background: '#ffffff', text: '#1f2937' },
  { id: 'green', label: 'Forest Green', primary: '#15803d', secondary: '#166534', background: '#f0fdf4', text: '#14532d' },
  { id: 'purple', label: 'Royal Purple', primary: '#7c3aed', secondary: '#5b21b6', background: '#faf5ff', text: '#2e1065' },
  { id: 'orange', label: 'Sunset Orange', primary: '#c2410c', secondary: '#9a3412', background: '#fff7ed', text: '#431407' },
  { id: 'red', label: 'Bold Red', primary: '#dc2626', secondary: '#991b1b', background: '#fef2f2', text: '#450a0a' },
  { id: 'teal', label: 'Calm Teal', primary: '#0f766e', secondary: '#115e59', background: '#f0fdfa', text: '#134e4a' },
  { id: 'dark', label: 'Midnight Dark', primary: '#60a5fa', secondary: '#a78bfa', background: '#0f172a', text: '#f1f5f9' },
  { id: 'minimal', label: 'Clean Minimal', primary: '#111827', secondary: '#4b5563', background: '#ffffff', text: '#111827' },
]

export const LAYOUTS: readonly LayoutOption[] = [
  { id: 'modern', label: 'Modern', description: 'Clean lines, generous white space and bold headings' },
  { id: 'classic', label: 'Classic', description: 'Traditional structure with a familiar, trustworthy feel' },
  { id: 'creative', label: 'Creative', description: 'Asymmetric sections and playful visual accents' },
  { id: 'luxury', label: 'Luxury', description: 'Elegant typography and refined, premium styling' },
]

export const INDUSTRIES = [
  { id: 'restaurant', label: 'Restaurant & Food' },
  { id: 'retail', label: 'Retail & E-commerce' },
  { id: 'healthcare', label: 'Healthcare' },
  { id: 'technology', label: 'Technology' },
  { id: 'professional', label: 'Professional Services' },
  { id: 'fitness', label: 'Fitness & Wellness' },
  { id: 'education', label: 'Education' },
  { id: 'real-estate', label: 'Real Estate' },
  { id: 'automotive', label: 'Automotive' },
  { id: 'beauty', label: 'Beauty & Spa' },
  { id: 'travel', label: 'Travel & Tourism' },
  { id: 'finance', label: 'Finance' },
] as const satisfies readonly BuilderOption[]

export type IndustryId = (typeof INDUSTRIES)[number]['id']

/** Templates exist only for these four industries (spec section 3). */
export const TEMPLATES: Readonly<Partial<Record<IndustryId, readonly BuilderTemplate[]>>> = {
  restaurant: [
    { id: 'elegant-bistro', name: 'Elegant Bistro', preview: 'Warm tones, full-width food photography and an online menu', style: 'elegant', featured: true },
    { id: 'fine-dining', name: 'Fine Dining', preview: 'Dark, refined look with reservations front and centre', style: 'luxury', featured: true },
    { id: 'casual-eatery', name: 'Casual Eatery', preview: 'Bright and friendly with ordering and daily specials', style: 'casual' },
    { id: 'cafe-corner', name: 'Cafe Corner', preview: 'Cosy coffee-shop layout with opening hours and a gallery', style: 'cozy' },
  ],
  retail: [
    { id: 'modern-boutique', name: 'Modern Boutique', preview: 'Product-first grid with large imagery and quick view', style: 'modern' },
    { id: 'urban-store', name: 'Urban Store', preview: 'Bold typography and lookbook-style collections', style: 'bold' },
    { id: 'minimal-shop', name: 'Minimal Shop', preview: 'Sparse layout that lets a few products shine', style: 'minimal' },
    { id: 'marketplace', name: 'Marketplace', preview: 'Category navigation and search for large catalogues', style: 'functional' },
  ],
  healthcare: [
    { id: 'medical-clinic', name: 'Medical Clinic', preview: 'Calm palette, services list and appointment booking', style: 'clean' },
    { id: 'dental-care', name: 'Dental Care', preview: 'Friendly visuals, treatments and patient reviews', style: 'friendly' },
    { id: 'wellness-center', name: 'Wellness Center', preview: 'Soft colours, class schedule and practitioner profiles', style: 'soft' },
    { id: 'family-practice', name: 'Family Practice', preview: 'Trust-building layout with doctors and insurance info', style: 'professional' },
  ],
  technology: [
    { id: 'saas-startup', name: 'SaaS Startup', preview: 'Hero with product screenshot, features and pricing table', style: 'modern' },
    { id: 'tech-agency', name: 'Tech Agency', preview: 'Case studies, team and a strong call to action', style: 'bold' },
    { id: 'software-product', name: 'Software Product', preview: 'Feature tours, documentation links and changelog', style: 'technical' },
    { id: 'it-services', name: 'IT Services', preview: 'Service tiers, support plans and client logos', style: 'corporate' },
  ],
}

export const SERVICE_GROUPS: readonly ServiceGroup[] = [
  {
    name: 'Web Development',
    services: [
      { id: 'custom-website', name: 'Custom Website', popular: true },
      { id: 'ecommerce-store', name: 'E-commerce Store', popular: true },
      { id: 'landing-page', name: 'Landing Page', popular: false },
      { id: 'web-app', name: 'Web Application', popular: false },
    ],
  },
  {
    name: 'Digital Marketing',
    services: [
      { id: 'seo-optimization', name: 'SEO Optimization', popular: true },
      { id: 'social-media', name: 'Social Media Marketing', popular: false },
      { id: 'google-ads', name: 'Google Ads Management', popular: false },
      { id: 'email-marketing', name: 'Email Marketing', popular: false },
    ],
  },
  {
    name: 'Design Services',
    services: [
      { id: 'logo-design', name: 'Logo Design', popular: true },
      { id: 'ui-ux-design', name: 'UI/UX Design', popular: false },
      { id: 'brand-identity', name: 'Brand Identity', popular: false },
      { id: 'graphic-design', name: 'Graphic Design', popular: false },
    ],
  },
  {
    name: 'Restaurant Services',
    services: [
      { id: 'online-ordering', name: 'Online Ordering', popular: true },
      { id: 'table-reservations', name: 'Table Reservations', popular: true },
      { id: 'digital-menu', name: 'Digital Menu', popular: false },
      { id: 'delivery-integration', name: 'Delivery Integration', popular: false },
    ],
  },
  {
    name: 'Hotel & Booking',
    services: [
      { id: 'booking-engine', name: 'Booking Engine', popular: true },
      { id: 'room-management', name: 'Room Management', popular: false },
      { id: 'event-booking', name: 'Event Booking', popular: false },
      { id: 'payment-processing', name: 'Payment Processing', popular: false },
    ],
  },
  {
    name: 'Maintenance',
    services: [
      { id: 'website-maintenance', name: 'Website Maintenance', popular: true },
      { id: 'security-updates', name: 'Security Updates', popular: false },
      { id: 'daily-backups', name: 'Daily Backups', popular: false },
      { id: 'performance-monitoring', name: 'Performance Monitoring', popular: false },
    ],
  },
]

export const FONTS: readonly FontOption[] = [
  { id: 'inter', label: 'Inter', stack: "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', sans-serif" },
  { id: 'roboto', label: 'Roboto', stack: "Roboto, system-ui, -apple-system, 'Segoe UI', sans-serif" },
  { id: 'poppins', label: 'Poppins', stack: "Poppins, system-ui, -apple-system, 'Segoe UI', sans-serif" },
  { id: 'playfair', label: 'Playfair Display', stack: "'Playfair Display', Georgia, 'Times New Roman', serif" },
  { id: 'montserrat', label: 'Montserrat', stack: "Montserrat, system-ui, -apple-system, 'Segoe UI', sans-serif" },
  { id: 'lora', label: 'Lora', stack: "Lora, Georgia, 'Times New Roman', serif" },
]

export const HEADER_STYLES: readonly BuilderOption[] = [
  { id: 'classic', label: 'Classic' },
  { id: 'minimal', label: 'Minimal' },
  { id: 'centered', label: 'Centered' },
  { id: 'sidebar', label: 'Sidebar' },
]

export const FOOTER_STYLES: readonly BuilderOption[] = [
  { id: 'minimal', label: 'Minimal' },
  { id: 'detailed', label: 'Detailed' },
  { id: 'centered', label: 'Centered' },
]

export const NAVIGATION_STYLES: readonly BuilderOption[] = [
  { id: 'horizontal', label: 'Horizontal' },
  { id: 'dropdown', label: 'Dropdown' },
  { id: 'hamburger', label: 'Hamburger' },
  { id: 'sidebar', label: 'Sidebar' },
]

export const BUTTON_STYLES: readonly BuilderOption[] = [
  { id: 'rounded', label: 'Rounded' },
  { id: 'square', label: 'Square' },
  { id: 'pill', label: 'Pill' },
  { id: 'gradient', label: 'Gradient' },
  { id: 'outline', label: 'Outline' },
  { id: 'shadow', label: 'Shadow' },
]

export const ANIMATION_STYLES: readonly BuilderOption[] = [
  { id: 'none', label: 'None' },
  { id: 'smooth', label: 'Smooth' },
  { id: 'bouncy', label: 'Bouncy' },
]

export const LAYOUT_DENSITIES: readonly BuilderOption[] = [
  { id: 'compact', label: 'Compact' },
  { id: 'comfortable', label: 'Comfortable' },
  { id: 'spacious', label: 'Spacious' },
]

export const CTA_PLACEMENTS: readonly BuilderOption[] = [
  { id: 'left', label: 'Left' },
  { id: 'center', label: 'Center' },
  { id: 'right', label: 'Right' },
]

/** Labels for all 16 feature flags (used by the summary). */
export const FEATURE_LABELS: Readonly<Record<keyof BuilderFeatures, string>> = {
  chatbot: 'AI Chatbot',
  analytics: 'Analytics',
  seo: 'SEO Tools',
  mobileApp: 'Mobile App',
  ecommerce: 'E-commerce',
  booking: 'Online Booking',
  newsletter: 'Newsletter',
  multiLanguage: 'Multi-language',
  darkMode: 'Dark Mode',
  liveChat: 'Live Chat',
  aiAssistant: 'AI Assistant',
  paymentGateway: 'Payment Gateway',
  membershipPortal: 'Membership Portal',
  eventManagement: 'Event Management',
  inventoryManagement: 'Inventory Management',
  crm: 'CRM',
}

const TOGGLE_IDS: readonly (keyof BuilderFeatures)[] = [
  'chatbot', 'analytics', 'seo', 'mobileApp', 'ecommerce',
  'booking', 'newsletter', 'multiLanguage', 'darkMode', 'liveChat',
]

/** The 10 feature toggles the Features tab shows (spec section 3). */
export const FEATURE_TOGGLES: readonly FeatureToggle[] = TOGGLE_IDS.map((id) => ({ id, label: FEATURE_LABELS[id] }))

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

const SERVICES_BY_ID: ReadonlyMap<string, BuilderService> = new Map(
  SERVICE_GROUPS.flatMap((g) => g.services.map((s) => [s.id, s] as const)),
)

/** Looks a service up by id across all groups. */
export function findService(id: string): BuilderService | undefined {
  return SERVICES_BY_ID.get(id)
}

/**
 * Selects a service when not selected and deselects it otherwise (clicking
 * a service card toggles it). Unknown ids are ignored. Returns a new config.
 */
export function toggleService(config: BuilderConfig, id: string): BuilderConfig {
  if (config.selectedServices.includes(id)) {
    return { ...config, selectedServices: config.selectedServices.filter((s) => s !== id) }
  }
  if (!SERVICES_BY_ID.has(id)) return config
  return { ...config, selectedServices: [...config.selectedServices, id] }
}

/** Names of the selected services for the live preview: selection order, at most PREVIEW_SERVICE_LIMIT. */
export function previewServices(config: BuilderConfig): string[] {
  return config.selectedServices
    .map((id) => SERVICES_BY_ID.get(id)?.name)
    .filter((name): name is string => typeof name === 'string')
    .slice(0, PREVIEW_SERVICE_LIMIT)
}

function isIndustryId(value: string): value is IndustryId {
  return INDUSTRIES.some((i) => i.id === value)
}

/** Templates offered for an industry; empty for '' or industries without templates so the tab can show its prompt. */
export function templatesFor(industry: string): readonly BuilderTemplate[] {
  return isIndustryId(industry) ? (TEMPLATES[industry] ?? []) : []
}

/**
 * Changes the industry and clears the chosen template when it does not
 * belong to the new industry, so the preview never shows a stale template.
 * Unknown industry ids are treated as '' (none).
 */
export function setIndustry(config: BuilderConfig, industry: string): BuilderConfig {
  const next = isIndustryId(industry) ? industry : ''
  const keepTemplate = templatesFor(next).some((t) => t.id === config.selectedTemplate)
  return { ...config, industry: next, selectedTemplate: keepTemplate ? config.selectedTemplate : '' }
}

/** Clamps a slider value to its range and snaps it to the step grid (spec section 5), e.g. spacing 15 -> 16. */
export function clampSlider(name: SliderName, value: number): number {
  const { min, max, step } = SLIDERS[name]
  if (Number.isNaN(value)) return min
  const clamped = Math.min(max, Math.max(min, value))
  const snapped = min + Math.round((clamped - min) / step) * step
  return Math.min(max, snapped)
}

type Plain = Record<string, unknown>

function isPlainObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function pickString(source: Plain, key: string, fallback: string, allowed?: readonly string[]): string {
  const v = source[key]
  if (typeof v !== 'string') return fallback
  if (allowed && !allowed.includes(v)) return fallback
  return v
}

function mergeBooleans<T extends object>(defaults: T, source: unknown): T {
  const out = { ...defaults }
  if (!isPlainObject(source)) return out
  for (const key of Object.keys(defaults) as (keyof T & string)[]) {
    const v = source[key]
    if (typeof v === 'boolean') (out as Record<string, unknown>)[key] = v
  }
  return out
}

function mergeStrings<T extends object>(defaults: T, source: unknown): T {
  const out = { ...defaults }
  if (!isPlainObject(source)) return out
  for (const key of Object.keys(defaults) as (keyof T & string)[]) {
    const v = source[key]
    if (typeof v === 'string') (out as Record<string, unknown>)[key] = v
  }
  return out
}

const ids = (list: readonly BuilderOption[]): string[] => list.map((o) => o.id)

/**
 * Restores a configuration saved in localStorage. Merges the stored JSON
 * onto the defaults field by field, ignoring unknown keys, wrong types and
 * option ids that no longer exist, so an old or tampered value can never
 * break the builder. Bad or missing JSON yields the defaults.
 */
export function parseStoredConfig(json: string | null): BuilderConfig {
  const d = createDefaultConfig()
  if (json == null) return d
  let raw: unknown
  try {
    raw = JSON.parse(json)
  } catch {
    return d
  }
  if (!isPlainObject(raw)) return d

  const industry = pickString(raw, 'industry', d.industry, ['', ...ids(INDUSTRIES)])
  const selectedTemplate = pickString(raw, 'selectedTemplate', '', ['', ...templatesFor(industry).map((t) => t.id)])

  const selectedServices = Array.isArray(raw.selectedServices)
    ? [...new Set(raw.selectedServices.filter((s): s is string => typeof s === 'string' && SERVICES_BY_ID.has(s)))]
    : d.selectedServices

  const pages = typeof raw.pages === 'number' && Number.isFinite(raw.pages) ? clampSlider('pages', raw.pages) : d.pages

  const c = isPlainObject(raw.customizations) ? raw.customizations : {}
  const dc = d.customizations
  const customizations: BuilderCustomizations = {
    headerStyle: pickString(c, 'headerStyle', dc.headerStyle, ids(HEADER_STYLES)),
    footerStyle: pickString(c, 'footerStyle', dc.footerStyle, ids(FOOTER_STYLES)),
    buttonStyle: pickString(c, 'buttonStyle', dc.buttonStyle, ids(BUTTON_STYLES)),
    fontFamily: pickString(c, 'fontFamily', dc.fontFamily, ids(FONTS)),
    spacing: typeof c.spacing === 'number' && Number.isFinite(c.spacing) ? clampSlider('spacing', c.spacing) : dc.spacing,
    borderRadius:
      typeof c.borderRadius === 'number' && Number.isFinite(c.borderRadius)
        ? clampSlider('borderRadius', c.borderRadius)
        : dc.borderRadius,
    animationStyle: pickString(c, 'animationStyle', dc.animationStyle, ids(ANIMATION_STYLES)),
    layoutDensity: pickString(c, 'layoutDensity', dc.layoutDensity, ids(LAYOUT_DENSITIES)),
    navigationStyle: pickString(c, 'navigationStyle', dc.navigationStyle, ids(NAVIGATION_STYLES)),
    ctaPlacement: pickString(c, 'ctaPlacement', dc.ctaPlacement, ids(CTA_PLACEMENTS)),
  }

  return {
    businessName: pickString(raw, 'businessName', d.businessName),
    tagline: pickString(raw, 'tagline', d.tagline),
    description: pickString(raw, 'description', d.description),
    colorScheme: pickString(raw, 'colorScheme', d.colorScheme, ids(COLOR_SCHEMES)),
    layout: pickString(raw, 'layout', d.layout, ids(LAYOUTS)),
    industry,
    logo: pickString(raw, 'logo', d.logo),
    phone: pickString(raw, 'phone', d.phone),
    email: pickString(raw, 'email', d.email),
    address: pickString(raw, 'address', d.address),
    selectedServices,
    selectedTemplate,
    socialLinks: mergeStrings(d.socialLinks, raw.socialLinks),
    features: mergeBooleans(d.features, raw.features),
    pages,
    customizations,
    advancedFeatures: mergeBooleans(d.advancedFeatures, raw.advancedFeatures),
    contentSections: mergeBooleans(d.contentSections, raw.contentSections),
  }
}

function labelOf(list: readonly BuilderOption[], id: string): string | undefined {
  return list.find((o) => o.id === id)?.label
}

/**
 * Plain-text, multi-line summary of the design, carried into the proposal
 * request so the agency sees what the visitor built in the demo.
 */
export function summarizeConfig(config: BuilderConfig): string {
  const notSet = 'Not selected'
  const template = templatesFor(config.industry).find((t) => t.id === config.selectedTemplate)
  const services = config.selectedServices
    .map((id) => SERVICES_BY_ID.get(id)?.name)
    .filter((name): name is string => typeof name === 'string')
  const features = (Object.keys(FEATURE_LABELS) as (keyof BuilderFeatures)[])
    .filter((key) => config.features[key] === true)
    .map((key) => FEATURE_LABELS[key])

  return [
    `Business name: ${config.businessName.replace(/\s+/g, ' ').trim() || 'Not provided'}`,
    `Industry: ${labelOf(INDUSTRIES, config.industry) ?? notSet}`,
    `Template: ${template?.name ?? notSet}`,
    `Layout: ${labelOf(LAYOUTS, config.layout) ?? notSet}`,
    `Colour scheme: ${labelOf(COLOR_SCHEMES, config.colorScheme) ?? notSet}`,
    `Services: ${services.length ? services.join(', ') : 'None'}`,
    `Features: ${features.length ? features.join(', ') : 'None'}`,
    `Pages: ${config.pages}`,
  ].join('\n')
}
