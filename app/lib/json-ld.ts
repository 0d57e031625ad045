/**
 * schema.org structured data for the public pages (rendered as JSON-LD). Pure functions of the
 * content, the saved settings and SITE_URL, so they can be tested without a browser.
 */
import type { ContactDetails, Office } from '~/content/site.ts'
import type { Faq } from '~/content/faq.ts'
import type { Plan } from '~/content/pricing.ts'
import { absoluteUrl } from './seo.ts'

type Json = Record<string, unknown>

export type OrganizationInput = {
  siteUrl: string
  siteName: string
  siteDescription?: string
} & ContactDetails

/** What the content says of the agency itself (app/content/site.ts): its offices are those of the saved contact details. */
export type AgencyFacts = {
  legalName: string
  foundedYear: number
  offices: readonly Office[]
  socialLinks: readonly { href: string }[]
}

/**
 * The agency with both offices (San Francisco headquarters and the Gwalior development center),
 * from the saved contact details. No coordinates: they would not follow an edited address.
 */
export function organizationJsonLd(s: OrganizationInput, agency: AgencyFacts): Json {
  const offices = agency.offices.map((o) => ({
    '@type': 'Place',
    name: `${s.siteName} ${o.label}, ${o.city}`,
    ...(o.phone && { telephone: o.phone }),
    ...(o.hours && { description: `Opening hours: ${o.hours}` }),
    address: { '@type': 'PostalAddress', streetAddress: o.address, addressLocality: o.city, addressCountry: o.country },
  }))
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': absoluteUrl(s.siteUrl, '/#organization'),
    name: s.siteName,
    legalName: agency.legalName,
    url: absoluteUrl(s.siteUrl, '/'),
    logo: absoluteUrl(s.siteUrl, '/favicon.svg'),
    image: absoluteUrl(s.siteUrl, '/images/og-default.png'),
    ...(s.siteDescription && { description: s.siteDescription }),
    email: s.contactEmail,
    ...(s.contactPhone && { telephone: s.contactPhone }),
    foundingDate: String(agency.foundedYear),
    address: offices.map((o) => o.address),
    location: offices,
    sameAs: agency.socialLinks.map((l) => l.href),
  }
}

export type PostForJsonLd = {
  id: number
  slug: string
  title: string
  subheading?: string | null
  excerpt: string
  category: string
  author: string
  image: string
  date: string
  updatedAt?: string
}

/** One blog post. */
export function blogPostingJsonLd(siteUrl: string, siteName: string, post: PostForJsonLd): Json {
  const url = absoluteUrl(siteUrl, `/blog/${post.slug}`)
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    ...(post.subheading && { alternativeHeadline: post.subheading }),
    description: post.excerpt,
    articleSection: post.category,
    ...(post.image && { image: absoluteUrl(siteUrl, post.image) }),
    datePublished: post.date,
    dateModified: post.updatedAt ?? post.date,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', '@id': absoluteUrl(siteUrl, '/#organization'), name: siteName },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
  }
}

/** A list of questions with their answers (/faq). */
export function faqPageJsonLd(faqs: readonly Faq[]): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((f) => ({
      '@type': 'Question',
      name: f.question,
      acceptedAnswer: { '@type': 'Answer', text: f.answer },
    })),
  }
}

/** The three plans as offers of the website service (/pricing). */
export function plansJsonLd(siteUrl: string, siteName: string, plans: readonly Plan[]): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: 'Small business website design and development',
    serviceType: 'Web design',
    provider: { '@type': 'Organization', '@id': absoluteUrl(siteUrl, '/#organization'), name: siteName },
    areaServed: 'US',
    offers: plans.map((p) => ({
      '@type': 'Offer',
      name: `${p.name} plan`,
      description: p.description,
      price: p.price.toFixed(2),
      priceCurrency: 'USD',
      url: absoluteUrl(siteUrl, '/pricing'),
      availability: 'https://schema.org/InStock',
    })),
  }
}

export { serializeJsonLd } from './json-ld-serialize.ts'

export type CaseForJsonLd = {
  slug: string
  title: string
  description: string
  category: string
  image: string
  createdAt: string
  updatedAt: string
  quote: string
  quoteAuthor: string
  quoteRole: string
}

/**
 * A project's case page (issue 35 §5): the work as a CreativeWork made by the agency, with the
 * client's words as its Review (a named Person; the role as jobTitle) when there are some.
 */
export function caseStudyJsonLd(siteUrl: string, siteName: string, item: CaseForJsonLd): Json {
  const url = absoluteUrl(siteUrl, `/portfolio/${item.slug}`)
  return {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    name: item.title,
    description: item.description,
    genre: item.category,
    ...(item.image && { image: absoluteUrl(siteUrl, item.image) }),
    dateCreated: item.createdAt.slice(0, 10),
    dateModified: item.updatedAt.slice(0, 10),
    creator: { '@type': 'Organization', '@id': absoluteUrl(siteUrl, '/#organization'), name: siteName },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    ...(item.quote &&
      item.quoteAuthor && {
        review: {
          '@type': 'Review',
          reviewBody: item.quote,
          author: { '@type': 'Person', name: item.quoteAuthor, ...(item.quoteRole && { jobTitle: item.quoteRole }) },
        },
      }),
  }
}
