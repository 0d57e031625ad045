/**
 * Frequently asked questions for /faq; the home page shows three of them.
 */

import { QUOTED, QUOTED_DELIVERY } from './pricing.ts'

export type { Faq, FaqCategory } from './faq-types.ts'
import type { Faq } from './faq-types.ts'

export const FAQS: Faq[] = [
  {
    question: 'How long does it take to build my website?',
    answer: `Most websites go live within ${QUOTED.websiteDelivery} of the discovery call. Online stores, with their products, payment options and integrations, take ${QUOTED.storeDelivery}, and a custom web app's date is ${QUOTED_DELIVERY}. Rush and Emergency delivery shorten this for a surcharge, and we agree the launch date in your proposal before any work starts.`,
    category: 'Process',
  },
  {
    question: 'How much does a website cost?',
    answer: `Business websites start at ${QUOTED.websitesFrom} and online stores start at ${QUOTED.ecommerceFrom}. Every proposal lists a fixed price, so there are no hourly bills or surprise extras. Our pricing page shows the three standard plans and optional add-ons.`,
    category: 'Pricing',
  },
  {
    question: 'Are hosting and a domain name really free?',
    answer: `Yes. Every plan includes hosting, an SSL certificate and a domain name for the first year at no charge. From the second year, hosting is ${QUOTED.hostingPerMonth} per month and the domain renews at ${QUOTED.domainPerYear} per year. You can also move the site to your own hosting at any time.`,
    category: 'Pricing',
  },
  {
    question: 'Who is Launchpad Web Studio?',
    answer:
      'We are a small web agency founded in 2020, with our headquarters in San Francisco and a development center in Gwalior, India. Working across both time zones lets us design by day in the US and build overnight, which is how we keep delivery times short.',
    category: 'General',
  },
  {
    question: 'What kinds of businesses do you work with?',
    answer:
      'Mostly small and growing businesses: restaurants, shops, clinics, consultants, tutors, gyms, real estate agents and non-profits. If you serve customers and want more of them to find you online, we can probably help.',
    category: 'General',
  },
  {
    question: 'What do I need to provide before you start?',
    answer:
      'Your logo if you have one, a few photos, your contact details and a rough idea of the pages you want. Do not worry if you are missing something; we can write starter copy, suggest stock imagery and design a simple logo.',
    category: 'Process',
  },
  {
    question: 'Can I ask for changes along the way?',
    answer:
      'Yes. You review a clickable prototype during the design stage and the finished site before launch, and we adjust it based on your feedback. Small text and image edits after launch are covered by your free support period.',
    category: 'Process',
  },
  {
    question: 'Can I update the website myself?',
    answer:
      'Yes. Every site comes with an admin panel where you can edit text, swap images, publish blog posts and manage portfolio items. We record a short walkthrough video for you at handover.',
    category: 'Technical',
  },
  {
    question: 'Will my website work on phones?',
    answer:
      'Always. We design for small screens first and test on real phones and tablets before launch. Pages are optimised to load quickly even on slower mobile connections.',
    category: 'Technical',
  },
  {
    question: 'Do you help with Google rankings?',
    answer:
      'Every site ships with clean, search-friendly markup, page titles and descriptions, a sitemap and fast load times. For competitive markets, the Advanced SEO add-on covers keyword research, local listings and ongoing content advice.',
    category: 'Technical',
  },
  {
    question: 'Is my website secure?',
    answer:
      'Sites are served over HTTPS, kept on maintained servers with 99.9% uptime and backed up daily. We apply security updates promptly and never add third-party tracking scripts without your permission.',
    category: 'Technical',
  },
  {
    question: 'What support do I get after launch?',
    answer: `Free support comes with every plan: ${QUOTED.supportByPlan}. After that you can choose a maintenance plan from ${QUOTED.maintenanceFrom} per month that covers updates, backups, monitoring and small edits. Our monitoring watches your site around the clock; people answer email, phone and chat in office hours in San Francisco and Gwalior (the hours are on our contact page).`,
    category: 'Support',
  },
  {
    question: 'What if something breaks in the middle of the night?',
    answer:
      'Our monitoring alerts us automatically when a site goes down, and the team in Gwalior is working while the US sleeps. Most issues are fixed before you even notice them.',
    category: 'Support',
  },
  {
    question: 'What if I am not happy with the result?',
    answer: `We offer a ${QUOTED.moneyBack} money-back guarantee. If the website does not match what we agreed in your proposal and we cannot put it right, we refund your payment in full.`,
    category: 'Support',
  },
  {
    question: 'How do I get started?',
    answer:
      'Fill in the free proposal form with a few details about your business. We reply within 24 hours with a written proposal, a fixed price and a launch date. There is no obligation to go ahead.',
    category: 'General',
  },
]

/** The three questions shown in the home page accordion (same objects as in FAQS). */
export const HOME_FAQS: Faq[] = [FAQS[0], FAQS[1], FAQS[2]]
