/**
 * Site-wide marketing content: company details, offices, home page sections and headline numbers.
 * Plain typed data; safe to import from both server and browser code.
 */

import { DELIVERY_DAYS, QUOTED } from './pricing.ts'

/** The last day of a plan site's schedule: launch day. */
const LAUNCH_DAY = DELIVERY_DAYS.website.standard[1]

export type Company = {
  name: string
  legalName: string
  tagline: string
  foundedYear: number
}

/**
 * The agency's name and story. Contact details (email, phones, addresses, hours) are not here:
 * they are settings the admin edits (ContactDetails), read by every page from the root loader.
 */
export const COMPANY: Company = {
  name: 'Launchpad Web Studio',
  legalName: 'Launchpad Web Studio LLC',
  tagline: `Professional websites for small businesses, live in ${QUOTED.websiteDelivery}`,
  foundedYear: 2020,
}

/** The settings' site description until the admin saves another (footer, feeds, Organization JSON-LD). */
export const DEFAULT_SITE_DESCRIPTION = `Custom websites for small businesses, delivered in ${QUOTED.websiteDelivery}, with free hosting and domain for the first year.`

/**
 * How to reach the agency: one set, stored in the settings and edited in the admin. The San
 * Francisco headquarters is `address`/`contactPhone`/`hours`; the Gwalior development center has
 * its own address, phone and hours.
 */
export type ContactDetails = {
  contactEmail: string
  contactPhone: string
  address: string
  hours: string
  gwaliorAddress: string
  gwaliorPhone: string
  gwaliorHours: string
}

/**
 * The settings' defaults until the admin saves others (kept here, not in a .server file, so the
 * settings service and its browser-side form agree). The Harrison Street address is the one the
 * office card, /about, the privacy policy and the map already used (docs/decisions/023-one-price-list.md).
 */
export const DEFAULT_CONTACT: ContactDetails = {
  contactEmail: 'hello@launchpad-web.example',
  contactPhone: '+1 (415) 555-0134',
  address: '548 Harrison Street, Suite 310, San Francisco, CA 94105, USA',
  hours: 'Mon-Fri, 9:00 AM - 6:00 PM (Pacific Time)',
  gwaliorAddress: '2nd Floor, Shinde Ki Chhawni Road, Lashkar, Gwalior, Madhya Pradesh 474009, India',
  gwaliorPhone: '+91 751 555 0187',
  gwaliorHours: 'Mon-Sat, 10:00 AM - 7:00 PM (India Standard Time)',
}

export type OfficeId = 'san-francisco' | 'gwalior'

export type Office = {
  id: OfficeId
  city: string
  country: string
  label: 'Headquarters' | 'Development Center'
  address: string
  phone: string
  hours: string
  /** Passed to https://www.google.com/maps?q=...&output=embed (URL-encode before use): the address itself, so the map follows an edit. */
  mapQuery: string
}

/** Both offices with the saved contact details; an office without an address is left out. */
export function officesOf(c: ContactDetails): Office[] {
  const offices: Office[] = [
    {
      id: 'san-francisco',
      city: 'San Francisco',
      country: 'United States',
      label: 'Headquarters',
      address: c.address,
      phone: c.contactPhone,
      hours: c.hours,
      mapQuery: c.address,
    },
    {
      id: 'gwalior',
      city: 'Gwalior',
      country: 'India',
      label: 'Development Center',
      address: c.gwaliorAddress,
      phone: c.gwaliorPhone,
      hours: c.gwaliorHours,
      mapQuery: c.gwaliorAddress,
    },
  ]
  return offices.filter((o) => o.address.trim() !== '')
}

export type SocialName = 'Facebook' | 'Instagram' | 'X' | 'LinkedIn' | 'YouTube'

export type SocialLink = {
  name: SocialName
  href: string
}

export const SOCIAL_LINKS: SocialLink[] = [
  { name: 'Facebook', href: 'https://www.facebook.com/launchpadwebstudio' },
  { name: 'Instagram', href: 'https://www.instagram.com/launchpadwebstudio' },
  { name: 'X', href: 'https://x.com/launchpadweb' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/launchpad-web-studio' },
  { name: 'YouTube', href: 'https://www.youtube.com/@launchpadwebstudio' },
]

export type Cta = {
  label: string
  href: string
}

/**
 * How many clients the site says it has had: one figure, one noun, said the same everywhere
 * (issue 35; the spec's "50+ businesses" and "over 100 businesses" are dropped, docs/CONTENT.md).
 */
export const CLIENT_COUNT = { value: 100, noun: 'websites delivered' } as const

/** 'delivered over 100 websites': the one client count as prose says it (About, its description). */
export const CLIENTS_PROSE = `delivered over ${CLIENT_COUNT.value} websites`

/**
 * When help is there, said as it is (issue 35): machines watch every site around the clock;
 * people answer in each office's hours, which are settings (ContactDetails), shown on /contact.
 */
export const SUPPORT_HOURS = {
  monitoring: 'Site monitoring around the clock',
  people: 'people to help you in office hours in San Francisco and Gwalior',
} as const

export type Hero = {
  title: string
  subtitle: string
  primaryCta: Cta
  secondaryCta: Cta
}

export const HERO: Hero = {
  title: `Your business online in ${QUOTED.websiteDelivery}, not 7 weeks`,
  subtitle: `We design, build and host fast, mobile-friendly websites for small businesses. Fixed prices from ${QUOTED.websitesFrom}, a free domain and hosting for the first year, and real ${SUPPORT_HOURS.people}.`,
  primaryCta: { label: 'Get Free Proposal', href: '/proposal' },
  secondaryCta: { label: 'View Our Work', href: '/portfolio' },
}

export const BADGES: string[] = [
  `Websites in ${QUOTED.websiteDelivery}, stores in ${QUOTED.storeDelivery}`,
  'Free hosting & domain for year one',
  `${QUOTED.moneyBack} money-back guarantee`,
  SUPPORT_HOURS.monitoring,
  'Proposal within 24 hours',
]

/** The home page's process heading. */
export const PROCESS_TITLE = `How we launch your website in ${QUOTED.websiteDelivery}`

export type OfflineSection = {
  title: string
  body: string
  points: string[]
}

export const OFFLINE_SECTION: OfflineSection = {
  title: 'Is your business still offline?',
  body: 'Most customers look you up on their phone before they call, visit or buy. If they find nothing, or an outdated page that takes forever to load, they quietly pick a competitor instead. A clear, quick website turns those searches into enquiries, even while you sleep.',
  points: [
    'Get found on Google when nearby customers search for what you offer',
    'Answer common questions once, instead of on every phone call',
    'Take bookings, orders or enquiries around the clock',
    'Look as credible as much larger competitors from day one',
    'Own your online presence instead of renting it from social platforms',
  ],
}

export type ProcessStepTitle = 'Discovery' | 'Design & Prototyping' | 'Development' | 'Launch & Support'

export type ProcessStep = {
  title: ProcessStepTitle
  description: string
  duration: string
}

export const PROCESS_STEPS: ProcessStep[] = [
  {
    title: 'Discovery',
    description:
      'A short call to learn about your business, customers and goals. You receive a written proposal with a fixed price within 24 hours.',
    duration: 'Day 1',
  },
  {
    title: 'Design & Prototyping',
    description:
      'We sketch the page layout, pick colours and typography that suit your brand, and share a clickable prototype for your feedback.',
    duration: 'Days 2-3',
  },
  {
    title: 'Development',
    description:
      'We build the real site: responsive pages, forms, search-friendly markup and an admin panel so you can edit content yourself.',
    duration: `Days 4-${LAUNCH_DAY - 1}`,
  },
  {
    title: 'Launch & Support',
    description: `We connect your free domain, switch on hosting and SSL, walk you through the admin panel and stay on hand with your plan's free support: ${QUOTED.supportByPlan}.`,
    duration: `Day ${LAUNCH_DAY}`,
  },
]

export type ClientLogo = {
  name: string
  src: string
}

export const CLIENT_LOGOS: ClientLogo[] = [
  { name: 'Harbor Bakehouse', src: '/images/logos/harbor-bakehouse.svg' },
  { name: 'Summit Dental Care', src: '/images/logos/summit-dental.svg' },
  { name: 'Northwind Outfitters', src: '/images/logos/northwind-outfitters.svg' },
  { name: 'Brightpath Tutoring', src: '/images/logos/brightpath-tutoring.svg' },
  { name: 'Cedar & Pine Realty', src: '/images/logos/cedar-pine-realty.svg' },
  { name: 'Copperline Fitness', src: '/images/logos/copperline-fitness.svg' },
]

export type Stat = {
  value: string
  label: string
}

/**
 * The /services figures. No "+150% average increase in conversions": nothing sources it (issue 35).
 */
export const STATS: Stat[] = [
  { value: `${CLIENT_COUNT.value}+`, label: 'Websites delivered' },
  { value: '99%', label: 'Client satisfaction' },
  { value: '24/7', label: 'Site monitoring' },
  { value: '99.9%', label: 'Hosting uptime' },
]

// --- Time zones -----------------------------------------------------------------------------------
// The one place time zones are written out (docs/decisions/070): the agency's zone until the
// settings say otherwise, each office's zone for its booking hours, and the zone the booking page
// shows before it knows the visitor's. Everything else is handed a zone (settings.timeZone, a
// person's own, an office's); eslint refuses a zone literal anywhere but here.

/** The head office's zone (San Francisco): Settings > General's "Agency Time Zone" until saved. */
export const DEFAULT_AGENCY_ZONE = 'America/Los_Angeles'
/** Its name as people say it, for the rare page drawn without the settings. */
export const DEFAULT_AGENCY_ZONE_NAME = 'Pacific Time'

/** Each office's own clock: the booking hours are written in it (booking settings' defaults). */
export const OFFICE_ZONES: { sf: string; gwalior: string } = {
  sf: 'America/Los_Angeles',
  gwalior: 'Asia/Kolkata',
}

/** Without JavaScript (and before the browser's zone is known) the booking page shows San Francisco's times. */
export const DEFAULT_VISITOR_ZONE = OFFICE_ZONES.sf
