/**
 * Per-page metadata. Titles omit the site name; append TITLE_SUFFIX when rendering.
 * Descriptions are kept between 120 and 160 characters for search result snippets.
 */

import { DELIVERY_DAYS, QUOTED } from './pricing.ts'
import { CLIENTS_PROSE } from './site.ts'

export { TITLE_SUFFIX } from './site-name.ts'

export type PageKey =
  'home' | 'services' | 'portfolio' | 'blog' | 'about' | 'contact' | 'pricing' | 'demoBuilder' | 'faq' | 'proposal' | 'privacy' | 'terms'

export type PageMeta = {
  title: string
  description: string
  keywords: string[]
}

export const PAGE_META: Record<PageKey, PageMeta> = {
  home: {
    title: `Small Business Websites Delivered in ${DELIVERY_DAYS.website.standard[1]} Days`,
    description: `Professional, mobile-friendly websites for small businesses from ${QUOTED.websitesFrom}. Delivered in ${QUOTED.websiteDelivery} with free hosting and a free domain for the first year.`,
    keywords: [
      'small business website',
      'web design agency',
      `website in ${QUOTED.websiteDelivery}`,
      'affordable web design',
      'San Francisco web studio',
    ],
  },
  services: {
    title: 'Web Design, E-commerce & SEO Services',
    description:
      'Custom websites, online stores, SEO, admin panels, online marketing and maintenance for small businesses. Fixed prices, fast delivery and round-the-clock monitoring.',
    keywords: ['web design services', 'e-commerce development', 'SEO services', 'CMS admin panel', 'website maintenance'],
  },
  portfolio: {
    title: 'Our Portfolio',
    description:
      'Browse websites and online stores we have built for restaurants, shops, schools and local businesses. See the designs, features and technologies behind them.',
    keywords: ['web design portfolio', 'website examples', 'e-commerce projects', 'restaurant websites', 'small business sites'],
  },
  blog: {
    title: 'Our Blog',
    description:
      'Practical advice on web design, SEO, site speed, security, mobile design and AI tools, written for small business owners who want more from their website.',
    keywords: ['web design blog', 'small business SEO tips', 'website performance', 'website security', 'AI for small business'],
  },
  about: {
    title: 'About Us',
    description: `Founded in 2020, Launchpad Web Studio has ${CLIENTS_PROSE} for US businesses. Meet our team in San Francisco and our development center in Gwalior.`,
    keywords: ['about Launchpad Web Studio', 'web agency team', 'San Francisco web design', 'Gwalior developers', 'remote web team'],
  },
  contact: {
    title: 'Contact Us',
    description:
      'Talk to Launchpad Web Studio about your next website. Call, email or visit our San Francisco office; we reply within one business day.',
    keywords: ['contact web designer', 'web agency San Francisco', 'website quote', 'hire web developer', 'web design consultation'],
  },
  pricing: {
    title: 'Pricing Plans',
    description: `Transparent website pricing: Starter ${QUOTED.starter}, Business ${QUOTED.business}, Premium ${QUOTED.premium}. Free hosting and domain for year one, optional add-ons and an instant cost estimator.`,
    keywords: ['website pricing', 'web design cost', 'affordable website packages', 'website cost estimator', 'e-commerce website price'],
  },
  demoBuilder: {
    title: 'Website Builder Demo',
    description:
      'Try our interactive website builder demo. Pick an industry, template, colours and features, then preview your site on desktop, tablet and mobile screens.',
    keywords: ['website builder demo', 'website preview', 'website templates', 'design your website', 'website mockup tool'],
  },
  faq: {
    title: 'Frequently Asked Questions',
    description: `Answers about delivery times, pricing, free hosting and domains, support plans, SEO and our ${QUOTED.moneyBack} money-back guarantee. Search every question in one place.`,
    keywords: ['web design FAQ', 'website questions', 'hosting and domain cost', 'website support plans', 'money-back guarantee'],
  },
  proposal: {
    title: 'Get Your Free Proposal',
    description:
      'Tell us about your business and receive a free, no-obligation website proposal with a fixed price and launch date within 24 hours. No hidden fees, ever.',
    keywords: ['free website proposal', 'website quote', 'web design estimate', 'hire web designer', 'small business website cost'],
  },
  privacy: {
    title: 'Privacy Policy',
    description:
      'How Launchpad Web Studio handles your data: what we store when you request a proposal, cookie-free page counts, Do Not Track and GPC, and your rights.',
    keywords: ['privacy policy', 'data protection', 'Do Not Track', 'Global Privacy Control', 'cookie-free analytics'],
  },
  terms: {
    title: 'Terms of Service',
    description:
      'The terms that apply when you use our website or hire Launchpad Web Studio: proposals, payments, hosting, support, our money-back guarantee and liability.',
    keywords: ['terms of service', 'website terms', 'web design agreement', 'money-back guarantee terms', 'hosting terms'],
  },
}
