/**
 * Service cards and the comparison table shown on /services.
 */

import { QUOTED } from './pricing.ts'
import { SUPPORT_HOURS } from './site.ts'

export type ServiceIcon = 'Code' | 'ShoppingCart' | 'Search' | 'LayoutDashboard' | 'Megaphone' | 'Wrench'

export type Service = {
  id: string
  title: string
  description: string
  features: string[]
  /** Name of a Lucide icon. */
  icon: ServiceIcon
}

export const SERVICES: Service[] = [
  {
    id: 'custom-websites',
    title: 'Custom Websites',
    description: `A site designed around your business, not a recycled theme. Fast, accessible and mobile-first, delivered in ${QUOTED.websiteDelivery} from ${QUOTED.websitesFrom}.`,
    features: [
      'Unique design matched to your brand',
      'Responsive layouts for phones, tablets and desktops',
      'Contact and enquiry forms that reach your inbox',
      'Free domain and hosting for the first year',
      `Delivered in ${QUOTED.websiteDelivery}`,
    ],
    icon: 'Code',
  },
  {
    id: 'e-commerce',
    title: 'E-commerce',
    description: `An online store that is easy to run and pleasant to shop. Secure checkout, stock tracking and order emails, from ${QUOTED.ecommerceFrom} in ${QUOTED.storeDelivery}.`,
    features: [
      'Product catalogue with categories and search',
      'Secure card and wallet payments',
      'Inventory, shipping and tax settings',
      'Order notifications for you and your customers',
      'Sales reports you can actually read',
    ],
    icon: 'ShoppingCart',
  },
  {
    id: 'seo',
    title: 'SEO',
    description:
      'Help the right people find you. We fix the technical basics, tune your pages for local searches and show you what is working.',
    features: [
      'Keyword research for your market and area',
      'Page titles, descriptions and structured data',
      'Google Business Profile setup and tidy-up',
      'Speed and Core Web Vitals improvements',
      'Monthly ranking and traffic summary',
    ],
    icon: 'Search',
  },
  {
    id: 'admin-panel',
    title: 'Admin Panel / CMS',
    description: 'Change prices, post news and swap photos yourself, without touching code or waiting on a developer.',
    features: [
      'Simple editor for pages, posts and images',
      'Blog and portfolio management',
      'Enquiry and proposal inbox',
      'Secure login with role-based access',
      'Short video walkthrough at handover',
    ],
    icon: 'LayoutDashboard',
  },
  {
    id: 'online-marketing',
    title: 'Online Marketing',
    description: 'Turn visitors into customers with focused campaigns, clear landing pages and honest reporting on what your budget buys.',
    features: [
      'Google and social ad campaign setup',
      'Landing pages built for a single goal',
      'Email newsletter templates and sign-up forms',
      'Conversion tracking without invasive cookies',
      'Plain-language monthly results report',
    ],
    icon: 'Megaphone',
  },
  {
    id: 'maintenance-support',
    title: 'Maintenance & Support',
    description: `We keep your site updated, backed up and online. Free support after launch (${QUOTED.supportByPlan}), then plans from ${QUOTED.maintenanceFrom} a month.`,
    features: [
      'Security updates',
      SUPPORT_HOURS.monitoring,
      'Daily backups with one-click restore',
      'Small content edits on request',
      'Help desk by email, phone and chat in office hours',
      '99.9% hosting uptime',
    ],
    icon: 'Wrench',
  },
]

export type ComparisonRow = {
  feature: string
  us: string
  typical: string
}

export const COMPARISON: ComparisonRow[] = [
  { feature: 'Delivery time', us: `${QUOTED.websiteDelivery} (online stores ${QUOTED.storeDelivery})`, typical: '3-4 weeks' },
  { feature: 'Free domain + hosting', us: 'Yes', typical: 'No' },
  { feature: 'AI chat assistant', us: 'Yes', typical: 'No' },
  { feature: 'Admin panel', us: 'Yes', typical: 'No' },
  { feature: 'Instant PDF proposal', us: 'Yes', typical: 'No' },
  { feature: 'Transparent pricing', us: 'Yes', typical: 'No' },
]
