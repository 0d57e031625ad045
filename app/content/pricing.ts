/**
 * Pricing page content: plans, add-ons and pricing questions. Prices are whole US dollars.
 */

import type { Faq } from './faq'

export type PlanId = 'starter' | 'business' | 'premium'

export type Plan = {
  id: PlanId
  name: string
  price: number
  description: string
  features: string[]
  mostPopular?: boolean
  cta: 'Get Started'
}

export const PLANS: Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    price: 299,
    description: 'A clean, professional presence for new and small businesses.',
    features: [
      'Up to 5 pages',
      'Mobile-friendly responsive design',
      'Contact form',
      'Basic on-page SEO',
      'Free hosting & domain for 1 year',
      '30 days support',
    ],
    cta: 'Get Started',
  },
  {
    id: 'business',
    name: 'Business',
    price: 599,
    description: 'Everything a growing business needs to win customers online.',
    features: [
      'Up to 10 pages',
      'Custom design matched to your brand',
      'Admin panel to edit content',
      'Blog and portfolio sections',
      'Google Business Profile setup',
      'Free hosting & domain for 1 year',
      '90 days support',
    ],
    mostPopular: true,
    cta: 'Get Started',
  },
  {
    id: 'premium',
    name: 'Premium',
    price: 999,
    description: 'A fully featured site for businesses ready to scale.',
    features: [
      'Unlimited pages',
      'Premium custom design and animations',
      'Admin panel with multiple users',
      'Advanced SEO setup and analytics',
      'Priority development queue',
      'Free hosting & domain for 1 year',
      '6 months support',
    ],
    cta: 'Get Started',
  },
]

/**
 * The one price list: the /pricing cards, the cost estimator, the server's re-pricing of an
 * estimate and the PDF all read these figures (docs/decisions/023-one-price-list.md says which of
 * the spec's contradicting figures won). Whole US dollars.
 */

export type WebsiteTypeId = 'static' | 'business' | 'ecommerce' | 'custom'

export type WebsiteType = {
  id: WebsiteTypeId
  label: string
  /** The price of the site with INCLUDED_PAGES pages. */
  base: number
}

export const WEBSITE_TYPES: readonly WebsiteType[] = [
  { id: 'static', label: 'Static Website', base: 299 },
  { id: 'business', label: 'Business Website', base: 599 },
  { id: 'ecommerce', label: 'E-commerce Store', base: 999 },
  { id: 'custom', label: 'Custom Web App', base: 1499 },
]

/** Pages covered by a website type's base price. */
export const INCLUDED_PAGES = 3

/** Price of each page beyond INCLUDED_PAGES. */
export const EXTRA_PAGE_PRICE = 50

export type AddonId = 'ai-chat' | 'cms' | 'seo' | 'analytics' | 'social' | 'booking' | 'payment' | 'maintenance'

export type PricingAddon = {
  id: AddonId
  name: string
  price: number
  /** Set for a recurring price ('per month'); those are not part of a one-time estimate. */
  unit?: string
  description: string
}

export const PRICING_ADDONS: readonly PricingAddon[] = [
  {
    id: 'ai-chat',
    name: 'AI Chat Assistant',
    price: 200,
    description: 'A friendly assistant that answers common questions and collects leads day and night.',
  },
  {
    id: 'cms',
    name: 'Content Management',
    price: 150,
    description: 'An admin panel to edit pages, posts and images yourself, without calling us.',
  },
  {
    id: 'seo',
    name: 'SEO Optimization',
    price: 100,
    description: 'Keyword research, local listings and structured data so nearby customers find you.',
  },
  {
    id: 'analytics',
    name: 'Analytics Setup',
    price: 75,
    description: 'See which pages bring visitors and enquiries, with a simple monthly summary.',
  },
  {
    id: 'social',
    name: 'Social Media Integration',
    price: 50,
    description: 'Share buttons, your latest posts on the site and links to every profile.',
  },
  {
    id: 'booking',
    name: 'Booking System',
    price: 300,
    description: 'Let customers book appointments or tables online, with reminders and calendar sync.',
  },
  {
    id: 'payment',
    name: 'Payment Gateway',
    price: 250,
    description: 'Take card payments and deposits securely on your site.',
  },
  {
    id: 'maintenance',
    name: 'Monthly Maintenance',
    price: 25,
    unit: 'per month',
    description: 'Updates, backups, uptime monitoring and small content edits after your free support ends.',
  },
]

export type UrgencyId = 'standard' | 'rush' | 'emergency'

export type UrgencyOption = {
  id: UrgencyId
  /** What the visitor chooses, e.g. 'Rush'. */
  name: string
  /** The delivery time, e.g. '1 week'. */
  delivery: string
  /** Applied to the whole subtotal. */
  multiplier: number
}

export const URGENCY_OPTIONS: readonly UrgencyOption[] = [
  { id: 'standard', name: 'Standard', delivery: '2-3 weeks', multiplier: 1 },
  { id: 'rush', name: 'Rush', delivery: '1 week', multiplier: 1.5 },
  { id: 'emergency', name: 'Emergency', delivery: '3-5 days', multiplier: 2 },
]

/** '+50%' for a multiplier of 1.5; '' for none. Said once, wherever the urgency is shown. */
export function surchargeText(multiplier: number): string {
  const pct = Math.round((multiplier - 1) * 100)
  return pct > 0 ? `+${pct}%` : ''
}

/** 'Rush: 1 week (+50%)', the one way an urgency is named on screen, in the proposal and on the PDF. */
export function urgencyLabel(u: UrgencyOption): string {
  const extra = surchargeText(u.multiplier)
  return `${u.name}: ${u.delivery}${extra ? ` (${extra})` : ''}`
}

/** Hosting after the free first year, per month. */
export const HOSTING_PER_MONTH = 10

/** Domain renewal from the second year, per year. */
export const DOMAIN_RENEWAL_PER_YEAR = 15

/** A whole-dollar price as text quotes it: '$1,499'. */
export function dollars(n: number): string {
  return `$${n.toLocaleString('en-US')}`
}

const planPrice = Object.fromEntries(PLANS.map((p) => [p.id, p.price])) as Record<PlanId, number>
const typeBase = Object.fromEntries(WEBSITE_TYPES.map((t) => [t.id, t.base])) as Record<WebsiteTypeId, number>
const addonPrice = Object.fromEntries(PRICING_ADDONS.map((a) => [a.id, a.price])) as Record<AddonId, number>

/**
 * The prices the site's prose quotes (chat answers, services, FAQ, home, terms, page
 * descriptions), each read from the list above so no text can disagree with it. The spec's
 * "e-commerce from $799" loses to the E-commerce Store base (issue 27; docs/decisions/036).
 */
export const QUOTED = {
  websitesFrom: dollars(Math.min(...WEBSITE_TYPES.map((t) => t.base))),
  ecommerceFrom: dollars(typeBase.ecommerce),
  hostingPerMonth: dollars(HOSTING_PER_MONTH),
  domainPerYear: dollars(DOMAIN_RENEWAL_PER_YEAR),
  maintenanceFrom: dollars(addonPrice.maintenance),
  starter: dollars(planPrice.starter),
  business: dollars(planPrice.business),
  premium: dollars(planPrice.premium),
} as const

export type PricingFaq = Faq & { category: 'Pricing' }

export const PRICING_FAQS: PricingFaq[] = [
  {
    question: 'What happens after the free first year of hosting and domain?',
    answer:
      `Hosting continues at ${QUOTED.hostingPerMonth} per month and includes SSL, backups and 99.9% uptime. We remind you well before anything renews, and you are free to move the site elsewhere if you prefer.`,
    category: 'Pricing',
  },
  {
    question: 'How much does it cost to renew my domain?',
    answer:
      `Domain renewal is ${QUOTED.domainPerYear} per year from the second year. The domain is registered in your name, so it always belongs to you.`,
    category: 'Pricing',
  },
  {
    question: 'Do you offer a money-back guarantee?',
    answer:
      'Yes. If the finished website does not match what we agreed in your proposal and we cannot fix it, ask within 30 days of launch and we refund your payment in full.',
    category: 'Pricing',
  },
  {
    question: 'What does support cost once the included period ends?',
    answer:
      `Every plan includes free support after launch: 30 days on Starter, 90 days on Business and 6 months on Premium. After that, maintenance plans start at ${QUOTED.maintenanceFrom} per month, or you can ask for help as a one-off job.`,
    category: 'Pricing',
  },
  {
    question: 'How and when do I pay?',
    answer:
      'We ask for 50% when you accept the proposal and the remaining 50% at launch, once you are happy with the site. We accept cards and bank transfers, and every invoice shows the fixed price agreed up front.',
    category: 'Pricing',
  },
]
