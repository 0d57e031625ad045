/**
 * Option catalogue of the demo website builder (/demo-builder, spec sections 2, 3, 5 and 9): the
 * choices each tab offers, their labels and colours, as typed data. The logic that combines them
 * is in app/lib/builder.ts; the parser of saved designs in app/lib/builder-config.ts.
 */

import type { BuilderFeatures } from '~/lib/builder-features.ts'

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

/** How a template arranges the top of the page (see SitePreview). */
export type HeroLayout = 'centered' | 'split' | 'banner' | 'grid'

/**
 * What choosing a template does to the design, as its description says: a palette (one of the
 * colour schemes), typography (layout's heading style and a font), the header, buttons and call
 * to action, and the arrangement of the hero. Choosing a template writes these into the ordinary
 * options, so every one stays customizable and a saved design keeps its shape.
 */
export interface TemplateLook {
  colorScheme: string
  layout: string
  fontFamily: string
  headerStyle: string
  buttonStyle: string
  ctaPlacement: string
  layoutDensity: string
  borderRadius: number
  hero: HeroLayout
  /** Label of the hero's call-to-action button. */
  cta: string
  /** Content sections the description promises, switched on (never off) when chosen. */
  sections?: readonly ('portfolio' | 'testimonials' | 'blog' | 'faq' | 'team' | 'pricing')[]
}

export interface BuilderTemplate {
  id: string
  name: string
  preview: string
  style: string
  featured?: boolean
  look: TemplateLook
}

type LookBase = Pick<TemplateLook, 'colorScheme' | 'layout' | 'fontFamily' | 'hero' | 'cta'>
/** A look with the common defaults filled in (classic header, rounded buttons, centred, comfortable). */
const look = (base: LookBase, rest: Partial<TemplateLook> = {}): TemplateLook => ({
  headerStyle: 'classic',
  buttonStyle: 'rounded',
  ctaPlacement: base.hero === 'split' ? 'left' : 'center',
  layoutDensity: 'comfortable',
  borderRadius: 8,
  ...base,
  ...rest,
})

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
    {
      id: 'elegant-bistro',
      name: 'Elegant Bistro',
      preview: 'Warm tones, full-width food photography and an online menu',
      style: 'elegant',
      featured: true,
      look: look({ colorScheme: 'red', layout: 'classic', fontFamily: 'lora', hero: 'banner', cta: 'View the Menu' }, { borderRadius: 4 }),
    },
    {
      id: 'fine-dining',
      name: 'Fine Dining',
      preview: 'Dark, refined look with reservations front and centre',
      style: 'luxury',
      featured: true,
      look: look(
        { colorScheme: 'dark', layout: 'luxury', fontFamily: 'playfair', hero: 'centered', cta: 'Reserve a Table' },
        { headerStyle: 'minimal', buttonStyle: 'outline', layoutDensity: 'spacious', borderRadius: 0 },
      ),
    },
    {
      id: 'casual-eatery',
      name: 'Casual Eatery',
      preview: 'Bright and friendly with ordering and daily specials',
      style: 'casual',
      look: look(
        { colorScheme: 'orange', layout: 'creative', fontFamily: 'poppins', hero: 'split', cta: 'Order Online' },
        { buttonStyle: 'pill', borderRadius: 16 },
      ),
    },
    {
      id: 'cafe-corner',
      name: 'Cafe Corner',
      preview: 'Cosy coffee-shop layout with opening hours and a gallery',
      style: 'cozy',
      look: look(
        { colorScheme: 'green', layout: 'classic', fontFamily: 'lora', hero: 'split', cta: 'See Opening Hours' },
        { borderRadius: 16, sections: ['portfolio'] },
      ),
    },
  ],
  retail: [
    {
      id: 'modern-boutique',
      name: 'Modern Boutique',
      preview: 'Product-first grid with large imagery and quick view',
      style: 'modern',
      look: look(
        { colorScheme: 'minimal', layout: 'modern', fontFamily: 'montserrat', hero: 'grid', cta: 'Shop the Collection' },
        { buttonStyle: 'square', borderRadius: 0 },
      ),
    },
    {
      id: 'urban-store',
      name: 'Urban Store',
      preview: 'Bold typography and lookbook-style collections',
      style: 'bold',
      look: look(
        { colorScheme: 'purple', layout: 'creative', fontFamily: 'montserrat', hero: 'banner', cta: 'Explore the Lookbook' },
        { buttonStyle: 'square', headerStyle: 'minimal', borderRadius: 0 },
      ),
    },
    {
      id: 'minimal-shop',
      name: 'Minimal Shop',
      preview: 'Sparse layout that lets a few products shine',
      style: 'minimal',
      look: look(
        { colorScheme: 'minimal', layout: 'modern', fontFamily: 'inter', hero: 'centered', cta: 'Shop Now' },
        { headerStyle: 'minimal', buttonStyle: 'outline', layoutDensity: 'spacious', borderRadius: 0 },
      ),
    },
    {
      id: 'marketplace',
      name: 'Marketplace',
      preview: 'Category navigation and search for large catalogues',
      style: 'functional',
      look: look(
        { colorScheme: 'blue', layout: 'classic', fontFamily: 'roboto', hero: 'grid', cta: 'Browse Categories' },
        { layoutDensity: 'compact', borderRadius: 6 },
      ),
    },
  ],
  healthcare: [
    {
      id: 'medical-clinic',
      name: 'Medical Clinic',
      preview: 'Calm palette, services list and appointment booking',
      style: 'clean',
      look: look(
        { colorScheme: 'teal', layout: 'classic', fontFamily: 'roboto', hero: 'split', cta: 'Book an Appointment' },
        { borderRadius: 8 },
      ),
    },
    {
      id: 'dental-care',
      name: 'Dental Care',
      preview: 'Friendly visuals, treatments and patient reviews',
      style: 'friendly',
      look: look(
        { colorScheme: 'blue', layout: 'modern', fontFamily: 'poppins', hero: 'split', cta: 'Book a Check-up' },
        { buttonStyle: 'pill', borderRadius: 16, sections: ['testimonials'] },
      ),
    },
    {
      id: 'wellness-center',
      name: 'Wellness Center',
      preview: 'Soft colours, class schedule and practitioner profiles',
      style: 'soft',
      look: look(
        { colorScheme: 'purple', layout: 'modern', fontFamily: 'lora', hero: 'centered', cta: 'See the Schedule' },
        { buttonStyle: 'pill', layoutDensity: 'spacious', borderRadius: 20, sections: ['team'] },
      ),
    },
    {
      id: 'family-practice',
      name: 'Family Practice',
      preview: 'Trust-building layout with doctors and insurance info',
      style: 'professional',
      look: look(
        { colorScheme: 'green', layout: 'classic', fontFamily: 'roboto', hero: 'split', cta: 'Meet Our Doctors' },
        { sections: ['team', 'faq'] },
      ),
    },
  ],
  technology: [
    {
      id: 'saas-startup',
      name: 'SaaS Startup',
      preview: 'Hero with product screenshot, features and pricing table',
      style: 'modern',
      look: look(
        { colorScheme: 'purple', layout: 'modern', fontFamily: 'inter', hero: 'split', cta: 'Start Free Trial' },
        { buttonStyle: 'gradient', borderRadius: 12, sections: ['pricing'] },
      ),
    },
    {
      id: 'tech-agency',
      name: 'Tech Agency',
      preview: 'Case studies, team and a strong call to action',
      style: 'bold',
      look: look(
        { colorScheme: 'dark', layout: 'creative', fontFamily: 'montserrat', hero: 'banner', cta: 'Start a Project' },
        { buttonStyle: 'gradient', borderRadius: 4, sections: ['portfolio', 'team'] },
      ),
    },
    {
      id: 'software-product',
      name: 'Software Product',
      preview: 'Feature tours, documentation links and changelog',
      style: 'technical',
      look: look(
        { colorScheme: 'minimal', layout: 'modern', fontFamily: 'inter', hero: 'split', cta: 'Read the Docs' },
        { buttonStyle: 'square', headerStyle: 'minimal', borderRadius: 4, sections: ['blog'] },
      ),
    },
    {
      id: 'it-services',
      name: 'IT Services',
      preview: 'Service tiers, support plans and client logos',
      style: 'corporate',
      look: look(
        { colorScheme: 'blue', layout: 'classic', fontFamily: 'roboto', hero: 'grid', cta: 'Compare Plans' },
        { buttonStyle: 'shadow', borderRadius: 6, sections: ['pricing'] },
      ),
    },
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
]

/** The 10 feature toggles the Features tab shows (spec section 3). */
export const FEATURE_TOGGLES: readonly FeatureToggle[] = TOGGLE_IDS.map((id) => ({ id, label: FEATURE_LABELS[id] }))

/**
 * The builder's choices as one value, for the logic that reads designs against them
 * (app/lib/builder.ts, builder-config.ts, builder-form.ts): app/lib takes it as an argument.
 */
export const BUILDER_OPTIONS = {
  sliders: SLIDERS,
  colorSchemes: COLOR_SCHEMES,
  layouts: LAYOUTS,
  industries: INDUSTRIES,
  templates: TEMPLATES,
  serviceGroups: SERVICE_GROUPS,
  fonts: FONTS,
  headerStyles: HEADER_STYLES,
  footerStyles: FOOTER_STYLES,
  navigationStyles: NAVIGATION_STYLES,
  buttonStyles: BUTTON_STYLES,
  animationStyles: ANIMATION_STYLES,
  layoutDensities: LAYOUT_DENSITIES,
  ctaPlacements: CTA_PLACEMENTS,
  featureLabels: FEATURE_LABELS,
  featureToggles: FEATURE_TOGGLES,
}
export type BuilderOptions = typeof BUILDER_OPTIONS
