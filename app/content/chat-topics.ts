/**
 * What the chat can answer when a visitor types (issue 35 section 4): one topic per thing the
 * site says, each answer quoted from app/content (the FAQ, the price list, the services) or the
 * saved contact details, never a figure of its own. `words` are the everyday words a visitor may
 * use for the topic that its answer does not already contain; they are vocabulary, not questions
 * (docs/decisions/065 says how the matcher was kept honest).
 */

import { FAQS, type Faq } from './faq.ts'
import {
  PLANS,
  PRICING_ADDONS,
  PRICING_FAQS,
  QUOTED,
  QUOTED_DELIVERY,
  URGENCY_OPTIONS,
  WEBSITE_TYPES,
  dollars,
  surchargeText,
  type AddonId,
} from './pricing.ts'
import { SERVICES } from './services.ts'
import { SUPPORT_HOURS, type Office } from './site.ts'

export interface ChatLink {
  href: string
  label: string
}

export interface ChatTopic {
  id: string
  /** What the topic is, as a visitor would ask it; also the label of a link to it among related answers. */
  title: string
  answer: string
  /** Everyday words for the topic (searched with the title and answer). */
  words: string
  /** Where the site says more. */
  link: ChatLink
}

const PRICING: ChatLink = { href: '/pricing', label: 'See our prices' }
const SERVICES_LINK: ChatLink = { href: '/services', label: 'See our services' }
const FAQ_LINK: ChatLink = { href: '/faq', label: 'Read the FAQ' }
const CONTACT: ChatLink = { href: '/contact', label: 'Contact us' }
const BOOK: ChatLink = { href: '/book', label: 'Book a free call' }
const PROPOSAL: ChatLink = { href: '/proposal', label: 'Get Free Proposal' }

/** The hand-over when nothing the site says matches: a person, by call or by proposal. */
export const CHAT_HANDOVER = {
  text: "I don't have an answer to that on this site. A person can help: book a free call, or tell us about your project and get a free proposal within 24 hours.",
  links: [BOOK, PROPOSAL],
} as const

function faq(list: readonly Faq[], question: string): string {
  const f = list.find((x) => x.question === question)
  if (!f) throw new Error(`chat topic: no FAQ "${question}"`)
  return f.answer
}

function service(id: string): string {
  const s = SERVICES.find((x) => x.id === id)
  if (!s) throw new Error(`chat topic: no service "${id}"`)
  return s.description
}

function addon(id: AddonId): { name: string; text: string } {
  const a = PRICING_ADDONS.find((x) => x.id === id)
  if (!a) throw new Error(`chat topic: no add-on "${id}"`)
  return { name: a.name, text: `${a.name}: ${dollars(a.price)}${a.unit ? ` ${a.unit}` : ''}. ${a.description}` }
}

const custom = WEBSITE_TYPES.find((t) => t.id === 'custom')!

/** The topics, with the offices' saved hours and phones (the settings are their one source). */
export function chatTopics(offices: readonly Office[]): ChatTopic[] {
  const hours = offices.length ? offices.map((o) => `${o.city}: ${o.hours}`).join('; ') : 'the hours of each office are on our contact page'
  const phones = offices
    .filter((o) => o.phone.trim())
    .map((o) => `${o.city} ${o.phone}`)
    .join(', ')
  const rush = URGENCY_OPTIONS.filter((u) => u.multiplier > 1)
    .map((u) => `${u.name} (${surchargeText(u.multiplier)})`)
    .join(' and ')
  const chat = addon('ai-chat')
  const booking = addon('booking')
  const payment = addon('payment')
  const analytics = addon('analytics')
  const social = addon('social')

  return [
    {
      id: 'price',
      title: 'How much does a website cost?',
      answer: faq(FAQS, 'How much does a website cost?'),
      words: 'price cost cheap cheapest budget fee charge quote afford dollars',
      link: PRICING,
    },
    {
      id: 'plans',
      title: 'What do the plans include?',
      answer: `${PLANS.map((p) => `${p.name} ${dollars(p.price)}: ${p.pages.toLowerCase()}`).join('; ')}. Free support after launch: ${QUOTED.supportByPlan}. Every plan includes free hosting and a domain for the first year.`,
      words: 'plan plans package packages tier compare difference include includes',
      link: PRICING,
    },
    {
      id: 'delivery',
      title: 'How long does it take to build my website?',
      answer: faq(FAQS, 'How long does it take to build my website?'),
      words: 'time long days weeks deliver delivery turnaround timeline ready finished launch live',
      link: FAQ_LINK,
    },
    {
      id: 'rush',
      title: 'Can you deliver sooner?',
      answer: `Yes: ${rush} delivery shorten the time, at that surcharge on the price. A website normally goes live in ${QUOTED.websiteDelivery} and an online store in ${QUOTED.storeDelivery}; the estimator on our pricing page shows the date for your choice.`,
      words: 'rush urgent emergency faster fast sooner quick quicker hurry express asap deadline',
      link: PRICING,
    },
    {
      id: 'store',
      title: 'Can you build an online store?',
      answer: `${service('e-commerce')} Card payments, stock and orders are included.`,
      words: 'store shop ecommerce online sell selling products orders cart checkout',
      link: SERVICES_LINK,
    },
    {
      id: 'custom-app',
      title: 'Do you build custom web apps?',
      answer: `Yes. A ${custom.label} starts from ${dollars(custom.base)}, and its delivery date is ${QUOTED_DELIVERY}, after a call about what it must do.`,
      words: 'custom app application apps software system platform portal bespoke',
      link: PRICING,
    },
    {
      id: 'hosting',
      title: 'Are hosting and a domain name free?',
      answer: faq(FAQS, 'Are hosting and a domain name really free?'),
      words: 'host hosting hosted server domain url address renew renewal year',
      link: PRICING,
    },
    {
      id: 'support',
      title: 'What support do I get after launch?',
      answer: faq(PRICING_FAQS, 'What does support cost once the included period ends?'),
      words: 'support maintenance maintain help updates after launch monthly',
      link: PRICING,
    },
    {
      id: 'outage',
      title: 'What if something breaks in the middle of the night?',
      answer: `${faq(FAQS, 'What if something breaks in the middle of the night?')} ${SUPPORT_HOURS.monitoring}.`,
      words: 'down broken break crash offline outage night emergency',
      link: FAQ_LINK,
    },
    {
      id: 'hours',
      title: 'When are you open?',
      answer: `${SUPPORT_HOURS.monitoring}; ${SUPPORT_HOURS.people}. ${hours.charAt(0).toUpperCase()}${hours.slice(1)}.`,
      words: 'hours open opening closed when available weekend office time reach',
      link: CONTACT,
    },
    {
      id: 'talk',
      title: 'Can I talk to someone?',
      answer: `Of course. Book a free call at a time that suits you${phones ? `, or phone us: ${phones}` : ''}. You can also send us a message from the contact page.`,
      words: 'talk speak call phone number someone person human people contact email reach meet',
      link: BOOK,
    },
    {
      id: 'industries',
      title: 'What kinds of businesses do you work with?',
      answer: faq(FAQS, 'What kinds of businesses do you work with?'),
      words: 'business businesses industry industries work with kind type',
      link: { href: '/portfolio', label: 'See our work' },
    },
    {
      id: 'about',
      title: 'Who is Launchpad Web Studio?',
      answer: faq(FAQS, 'Who is Launchpad Web Studio?'),
      words: 'who company agency team based located location where about',
      link: { href: '/about', label: 'About us' },
    },
    {
      id: 'portfolio',
      title: 'Can I see your work?',
      answer: 'Our portfolio shows websites we have built for small businesses, with what each one needed and what we made.',
      words: 'portfolio examples example work previous past projects samples clients show',
      link: { href: '/portfolio', label: 'See our work' },
    },
    {
      id: 'provide',
      title: 'What do I need to provide before you start?',
      answer: faq(FAQS, 'What do I need to provide before you start?'),
      words: 'need provide give bring content material before start prepare',
      link: FAQ_LINK,
    },
    {
      id: 'changes',
      title: 'Can I ask for changes along the way?',
      answer: faq(FAQS, 'Can I ask for changes along the way?'),
      words: 'changes change revisions revise edits feedback during',
      link: FAQ_LINK,
    },
    {
      id: 'self-edit',
      title: 'Can I update the website myself?',
      answer: faq(FAQS, 'Can I update the website myself?'),
      words: 'update edit myself admin cms manage content own',
      link: SERVICES_LINK,
    },
    {
      id: 'mobile',
      title: 'Will my website work on phones?',
      answer: faq(FAQS, 'Will my website work on phones?'),
      words: 'mobile phone phones tablet responsive iphone android',
      link: FAQ_LINK,
    },
    {
      id: 'seo',
      title: 'Do you help with Google rankings?',
      answer: `${faq(FAQS, 'Do you help with Google rankings?')} ${addon('seo').text}`,
      words: 'seo google search ranking rankings found find rank',
      link: SERVICES_LINK,
    },
    {
      id: 'security',
      title: 'Is my website secure?',
      answer: faq(FAQS, 'Is my website secure?'),
      words: 'secure security safe ssl https hack hacked backup backups',
      link: FAQ_LINK,
    },
    {
      id: 'money-back',
      title: 'What if I am not happy with the result?',
      answer: faq(PRICING_FAQS, 'Do you offer a money-back guarantee?'),
      words: 'refund money back guarantee happy unhappy satisfied',
      link: PRICING,
    },
    {
      id: 'payment-terms',
      title: 'How and when do I pay?',
      answer: faq(PRICING_FAQS, 'How and when do I pay?'),
      words: 'pay paying payment deposit upfront invoice installments',
      link: PRICING,
    },
    {
      id: 'get-started',
      title: 'How do I get started?',
      answer: faq(FAQS, 'How do I get started?'),
      words: 'start started begin proposal next step hire',
      link: PROPOSAL,
    },
    {
      id: 'marketing',
      title: 'Do you do online marketing?',
      answer: service('online-marketing'),
      words: 'marketing ads advertising campaign campaigns facebook instagram newsletter promote',
      link: SERVICES_LINK,
    },
    {
      id: 'ai-chat',
      title: `Can you add an ${chat.name}?`,
      answer: chat.text,
      words: 'chat chatbot bot assistant ai',
      link: PRICING,
    },
    {
      id: 'booking-system',
      title: `Can you add a ${booking.name}?`,
      answer: booking.text,
      words: 'booking bookings book appointment appointments reservation reservations schedule',
      link: PRICING,
    },
    {
      id: 'payment-gateway',
      title: `Can you add a ${payment.name}?`,
      answer: payment.text,
      words: 'card cards payment payments gateway stripe paypal accept',
      link: PRICING,
    },
    {
      id: 'analytics',
      title: `Can you set up analytics?`,
      answer: analytics.text,
      words: 'analytics statistics stats visitors traffic tracking',
      link: PRICING,
    },
    {
      id: 'social',
      title: `Can you connect my social media?`,
      answer: social.text,
      words: 'social media instagram facebook twitter linkedin share',
      link: PRICING,
    },
  ]
}
