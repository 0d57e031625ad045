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

export type PricingAddon = {
  name: string
  price: number
  unit?: string
  description: string
}

export const PRICING_ADDONS: PricingAddon[] = [
  {
    name: 'AI Chat Assistant',
    price: 200,
    description: 'A friendly assistant that answers common questions and collects leads day and night.',
  },
  {
    name: 'Advanced SEO Package',
    price: 150,
    description: 'Keyword research, local listings, structured data and a content plan for your market.',
  },
  {
    name: 'E-commerce Integration',
    price: 300,
    description: 'Add a product catalogue, cart and secure checkout to any plan.',
  },
  {
    name: 'Booking System',
    price: 250,
    description: 'Let customers book appointments or tables online, with reminders and calendar sync.',
  },
  {
    name: 'Monthly Maintenance',
    price: 25,
    unit: 'per month',
    description: 'Updates, backups, uptime monitoring and small content edits after your free support ends.',
  },
]

export type PricingFaq = Faq & { category: 'Pricing' }

export const PRICING_FAQS: PricingFaq[] = [
  {
    question: 'What happens after the free first year of hosting and domain?',
    answer:
      'Hosting continues at $10 per month and includes SSL, backups and 99.9% uptime. We remind you well before anything renews, and you are free to move the site elsewhere if you prefer.',
    category: 'Pricing',
  },
  {
    question: 'How much does it cost to renew my domain?',
    answer:
      'Domain renewal is $15 per year from the second year. The domain is registered in your name, so it always belongs to you.',
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
      'Every plan includes free support after launch: 30 days on Starter, 90 days on Business and 6 months on Premium. After that, maintenance plans start at $25 per month, or you can ask for help as a one-off job.',
    category: 'Pricing',
  },
  {
    question: 'How and when do I pay?',
    answer:
      'We ask for 50% when you accept the proposal and the remaining 50% at launch, once you are happy with the site. We accept cards and bank transfers, and every invoice shows the fixed price agreed up front.',
    category: 'Pricing',
  },
]
