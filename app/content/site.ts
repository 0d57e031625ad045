/**
 * Site-wide marketing content: company details, offices, home page sections and headline numbers.
 * Plain typed data; safe to import from both server and browser code.
 */

import { QUOTED } from './pricing.ts'

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
  tagline: 'Professional websites for small businesses, live in 7 days',
  foundedYear: 2020,
}

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

export type Hero = {
  title: string
  subtitle: string
  primaryCta: Cta
  secondaryCta: Cta
}

export const HERO: Hero = {
  title: 'Your business online in 7 days, not 7 weeks',
  subtitle:
    `We design, build and host fast, mobile-friendly websites for small businesses. Fixed prices from ${QUOTED.websitesFrom}, a free domain and hosting for the first year, and real people to help you whenever you need it.`,
  primaryCta: { label: 'Get Free Proposal', href: '/proposal' },
  secondaryCta: { label: 'View Our Work', href: '/portfolio' },
}

export const BADGES: string[] = [
  '7-day delivery',
  'Free hosting & domain for year one',
  '30-day money-back guarantee',
  '24/7 support',
  'Proposal within 24 hours',
]

export type OfflineSection = {
  title: string
  body: string
  points: string[]
}

export const OFFLINE_SECTION: OfflineSection = {
  title: 'Is your business still offline?',
  body:
    'Most customers look you up on their phone before they call, visit or buy. If they find nothing, or an outdated page that takes forever to load, they quietly pick a competitor instead. A clear, quick website turns those searches into enquiries, even while you sleep.',
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
    duration: 'Days 4-6',
  },
  {
    title: 'Launch & Support',
    description:
      'We connect your free domain, switch on hosting and SSL, walk you through the admin panel and stay on call with 30 days of free support.',
    duration: 'Day 7',
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

export const STATS: Stat[] = [
  { value: '100+', label: 'Websites delivered' },
  { value: '50+', label: 'Businesses served' },
  { value: '99%', label: 'Client satisfaction' },
  { value: '+150%', label: 'Average increase in conversions' },
  { value: '24/7', label: 'Support available' },
  { value: '99.9%', label: 'Hosting uptime' },
]
