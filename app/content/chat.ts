/** What the chat assistant says by itself (spec sections 2, 4 and 9): its greeting and the five suggested questions. */
// The answers quote the one price list (docs/decisions/036), not figures of their own.
import type { ChatQuestion } from '~/lib/chat.ts'
import { QUOTED, QUOTED_DELIVERY } from './pricing.ts'

export const CHAT_GREETING =
  "Hi there! 👋 I'm the virtual assistant. Ask me about pricing, hosting or delivery times, or pick a question below."

export const CHAT_QUESTIONS: readonly ChatQuestion[] = [
  {
    id: 'website-cost',
    question: 'How much does a website cost?',
    answer: `Websites start from ${QUOTED.websitesFrom}, and e-commerce stores start from ${QUOTED.ecommerceFrom}. Every plan includes free hosting and a free domain for the first year.`,
  },
  {
    id: 'delivery-time',
    question: 'How long does it take to build my website?',
    answer: `Most websites are delivered in ${QUOTED.websiteDelivery}. Complex e-commerce projects take ${QUOTED.storeDelivery}. A custom web app's delivery is ${QUOTED_DELIVERY}.`,
  },
  {
    id: 'hosting-domain',
    question: 'What happens after the free first year?',
    answer: `Hosting and your domain are free for the first year. After that, hosting is ${QUOTED.hostingPerMonth}/month and domain renewal is ${QUOTED.domainPerYear}/year.`,
  },
  {
    id: 'ecommerce',
    question: 'Can you build an online store?',
    answer: `Yes! E-commerce stores start from ${QUOTED.ecommerceFrom} with product management, secure payments and order tracking, delivered in ${QUOTED.storeDelivery}.`,
  },
  {
    id: 'get-started',
    question: 'How do I get started?',
    answer: `Request a free proposal and we will reply within 24 hours. Websites start from ${QUOTED.websitesFrom} and are typically live in ${QUOTED.websiteDelivery}.`,
  },
]
