/**
 * Pricing page content: plans, add-ons and pricing questions. Prices are whole US dollars.
 */

import type { Faq } from './faq-types.ts'

export type PlanId = 'starter' | 'business' | 'premium'

/**
 * How long a site takes, by kind (issue 35, docs/decisions/061): the sites the plans cover go
 * live in 7 days, online stores in 10-14, custom web apps get a date in their proposal. Rush and
 * Emergency shorten it, at their price (URGENCY_OPTIONS). Calendar days from the discovery call.
 */
export type DeliveryKind = 'website' | 'store' | 'app'

export type UrgencyId = 'standard' | 'rush' | 'emergency'

/** Days from the discovery call to launch: [fastest, slowest] for each urgency; null for a quoted date. */
type DaysByUrgency = Record<UrgencyId, readonly [number, number]>

export const DELIVERY_DAYS: { website: DaysByUrgency; store: DaysByUrgency; app: null } = {
  website: { standard: [7, 7], rush: [5, 5], emergency: [3, 3] },
  store: { standard: [10, 14], rush: [7, 10], emergency: [5, 7] },
  app: null,
}

/** What a custom web app's delivery is called: its date is in its proposal. */
export const QUOTED_DELIVERY = 'quoted in your proposal'

/** '7 days', '10-14 days'. */
export function daysText([from, to]: readonly [number, number]): string {
  return from === to ? `${from} day${from === 1 ? '' : 's'}` : `${from}-${to} days`
}

export type WebsiteTypeId = 'static' | 'business' | 'premium' | 'ecommerce' | 'custom'

export type WebsiteType = {
  id: WebsiteTypeId
  label: string
  /** The plan this type is: its card price is `base`, its pages `includedPages`. */
  plan?: PlanId
  /** The price of the site with `includedPages` pages. */
  base: number
  /** Pages covered by `base`; null when every page is (Premium: unlimited pages). */
  includedPages: number | null
  delivery: DeliveryKind
}

/**
 * The one price list: the /pricing cards, the cost estimator, the server's re-pricing of an
 * estimate and the PDF all read these figures (docs/decisions/023-one-price-list.md says which of
 * the spec's contradicting figures won; 061 why each plan is a type with its own pages). Whole US dollars.
 */
export const WEBSITE_TYPES: readonly WebsiteType[] = [
  { id: 'static', label: 'Static Website', plan: 'starter', base: 299, includedPages: 5, delivery: 'website' },
  { id: 'business', label: 'Business Website', plan: 'business', base: 599, includedPages: 10, delivery: 'website' },
  { id: 'premium', label: 'Premium Website', plan: 'premium', base: 999, includedPages: null, delivery: 'website' },
  { id: 'ecommerce', label: 'E-commerce Store', base: 999, includedPages: 3, delivery: 'store' },
  { id: 'custom', label: 'Custom Web App', base: 1499, includedPages: 3, delivery: 'app' },
]

/** The pages the estimator's page field starts at, and those an e-commerce store or a web app includes. */
export const INCLUDED_PAGES = 3

/** Price of each page beyond a type's included pages. */
export const EXTRA_PAGE_PRICE = 50

export type Plan = {
  id: PlanId
  name: string
  /** The estimator's website type of this plan: its price and pages are that type's. */
  websiteType: WebsiteTypeId
  price: number
  /** 'Up to 5 pages', 'Unlimited pages'. */
  pages: string
  /** Free support after launch, as every page says it: '30 days', '6 months'. */
  support: string
  description: string
  features: string[]
  mostPopular?: boolean
  cta: 'Get Started'
}

type PlanText = Omit<Plan, 'price' | 'pages' | 'features'> & { features: string[] }

const typeOf = (id: WebsiteTypeId) => WEBSITE_TYPES.find((t) => t.id === id) as WebsiteType

/** A plan's card: its price, pages and delivery are its website type's; its support period its own. */
function plan(p: PlanText): Plan {
  const type = typeOf(p.websiteType)
  const days = DELIVERY_DAYS[type.delivery]
  const pages = type.includedPages == null ? 'Unlimited pages' : `Up to ${type.includedPages} pages`
  return {
    ...p,
    price: type.base,
    pages,
    features: [pages, ...p.features, ...(days ? [`Live in ${daysText(days.standard)}`] : []), `${p.support} support`],
  }
}

export const PLANS: Plan[] = [
  plan({
    id: 'starter',
    name: 'Starter',
    websiteType: 'static',
    support: '30 days',
    description: 'A clean, professional presence for new and small businesses.',
    features: ['Mobile-friendly responsive design', 'Contact form', 'Basic on-page SEO', 'Free hosting & domain for 1 year'],
    cta: 'Get Started',
  }),
  plan({
    id: 'business',
    name: 'Business',
    websiteType: 'business',
    support: '90 days',
    description: 'Everything a growing business needs to win customers online.',
    features: [
      'Custom design matched to your brand',
      'Admin panel to edit content',
      'Blog and portfolio sections',
      'Google Business Profile setup',
      'Free hosting & domain for 1 year',
    ],
    mostPopular: true,
    cta: 'Get Started',
  }),
  plan({
    id: 'premium',
    name: 'Premium',
    websiteType: 'premium',
    support: '6 months',
    description: 'A fully featured site for businesses ready to scale.',
    features: [
      'Premium custom design and animations',
      'Admin panel with multiple users',
      'Advanced SEO setup and analytics',
      'Priority development queue',
      'Free hosting & domain for 1 year',
    ],
    cta: 'Get Started',
  }),
]

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

export type UrgencyOption = {
  id: UrgencyId
  /** What the visitor chooses, e.g. 'Rush'. */
  name: string
  /** Applied to the whole subtotal. */
  multiplier: number
  /** How much sooner a quoted date (a custom web app) comes: 'about a third sooner'. */
  sooner?: string
}

/** The delivery times are per kind of site (DELIVERY_DAYS); an urgency shortens them at its price. */
export const URGENCY_OPTIONS: readonly UrgencyOption[] = [
  { id: 'standard', name: 'Standard', multiplier: 1 },
  { id: 'rush', name: 'Rush', multiplier: 1.5, sooner: 'about a third sooner' },
  { id: 'emergency', name: 'Emergency', multiplier: 2, sooner: 'in about half the time' },
]

/** '+50%' for a multiplier of 1.5; '' for none. Said once, wherever the urgency is shown. */
export function surchargeText(multiplier: number): string {
  const pct = Math.round((multiplier - 1) * 100)
  return pct > 0 ? `+${pct}%` : ''
}

/**
 * The price list as one value, for the logic that prices from it (app/lib/estimator.ts, the
 * proposal documents of app/lib/proposal-document.ts): app/lib takes it as an argument.
 */
export const PRICE_LIST = {
  websiteTypes: WEBSITE_TYPES,
  plans: PLANS as readonly Plan[],
  addons: PRICING_ADDONS,
  urgencies: URGENCY_OPTIONS,
  includedPages: INCLUDED_PAGES,
  extraPagePrice: EXTRA_PAGE_PRICE,
  deliveryDays: DELIVERY_DAYS,
  quotedDelivery: QUOTED_DELIVERY,
  daysText,
  surchargeText,
}
export type PriceList = typeof PRICE_LIST

/** Hosting after the free first year, per month. */
export const HOSTING_PER_MONTH = 10

/** Domain renewal from the second year, per year. */
export const DOMAIN_RENEWAL_PER_YEAR = 15

/** Days after launch within which a client may ask for the money back. */
export const MONEY_BACK_DAYS = 30

// Made once: toLocaleString('en-US') builds a new Intl.NumberFormat at every call.
const WHOLE_NUMBER = new Intl.NumberFormat('en-US')

/** A whole-dollar price as text quotes it: '$1,499'. */
export function dollars(n: number): string {
  return `$${WHOLE_NUMBER.format(n)}`
}

const planPrice = Object.fromEntries(PLANS.map((p) => [p.id, p.price])) as Record<PlanId, number>
const typeBase = Object.fromEntries(WEBSITE_TYPES.map((t) => [t.id, t.base])) as Record<WebsiteTypeId, number>
const addonPrice = Object.fromEntries(PRICING_ADDONS.map((a) => [a.id, a.price])) as Record<AddonId, number>

/**
 * The prices, delivery times and support periods the site's prose quotes (chat answers, services,
 * FAQ, home, terms, page descriptions, the PDF), each read from the list above so no text can
 * disagree with it. The spec's "e-commerce from $799" loses to the E-commerce Store base (issue
 * 27; docs/decisions/036); delivery and support follow issue 35 (docs/decisions/061).
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
  /** The sites the plans cover: '7 days'. */
  websiteDelivery: daysText(DELIVERY_DAYS.website.standard),
  /** Online stores: '10-14 days'. */
  storeDelivery: daysText(DELIVERY_DAYS.store.standard),
  /** '30 days on Starter, 90 days on Business and 6 months on Premium'. */
  supportByPlan: listText(PLANS.map((p) => `${p.support} on ${p.name}`)),
  /** The money-back guarantee: '30-day'. */
  moneyBack: `${MONEY_BACK_DAYS}-day`,
} as const

/** 'a, b and c'. */
function listText(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

export type PricingFaq = Faq & { category: 'Pricing' }

export const PRICING_FAQS: PricingFaq[] = [
  {
    question: 'What happens after the free first year of hosting and domain?',
    answer: `Hosting continues at ${QUOTED.hostingPerMonth} per month and includes SSL, backups and 99.9% uptime. We remind you well before anything renews, and you are free to move the site elsewhere if you prefer.`,
    category: 'Pricing',
  },
  {
    question: 'How much does it cost to renew my domain?',
    answer: `Domain renewal is ${QUOTED.domainPerYear} per year from the second year. The domain is registered in your name, so it always belongs to you.`,
    category: 'Pricing',
  },
  {
    question: 'Do you offer a money-back guarantee?',
    answer: `Yes. If the finished website does not match what we agreed in your proposal and we cannot fix it, ask within ${MONEY_BACK_DAYS} days of launch and we refund your payment in full.`,
    category: 'Pricing',
  },
  {
    question: 'What does support cost once the included period ends?',
    answer: `Every plan includes free support after launch: ${QUOTED.supportByPlan}. Online stores and web apps get the period their proposal states. After that, maintenance plans start at ${QUOTED.maintenanceFrom} per month, or you can ask for help as a one-off job.`,
    category: 'Pricing',
  },
  {
    question: 'How and when do I pay?',
    answer:
      'We ask for 50% when you accept the proposal and the remaining 50% at launch, once you are happy with the site. We accept cards and bank transfers, and every invoice shows the fixed price agreed up front.',
    category: 'Pricing',
  },
]
