/**
 * Canned chat assistant (spec sections 2, 4 and 9): a greeting, five
 * questions with fixed answers, two suggestions at a time, suggestions while
 * the counter is under 3 and a proposal button from counter 2.
 */

// The answers quote the one price list (docs/decisions/036), not figures of their own.
import { QUOTED, QUOTED_DELIVERY } from '~/content/pricing.ts'

export interface ChatQuestion {
  id: string
  question: string
  answer: string
}

export interface ChatMessage {
  type: 'bot' | 'user'
  text: string
}

export interface ChatState {
  messages: ChatMessage[]
  /** Number of questions the visitor has chosen so far. */
  counter: number
}

/** Suggestions offered at a time. */
export const SUGGESTIONS_SHOWN = 2

/** Suggestions are offered while the counter is below this. */
export const MAX_SUGGESTION_ROUNDS = 3

/** The 'Get Free Proposal' button appears once the counter reaches this. */
export const PROPOSAL_BUTTON_AT = 2

export const CHAT_GREETING =
  "Hi there! 👋 I'm the virtual assistant. Ask me about pricing, hosting or delivery times, or pick a question below."

export const CHAT_QUESTIONS: readonly ChatQuestion[] = [
  {
    id: 'website-cost',
    question: 'How much does a website cost?',
    answer:
      `Websites start from ${QUOTED.websitesFrom}, and e-commerce stores start from ${QUOTED.ecommerceFrom}. Every plan includes free hosting and a free domain for the first year.`,
  },
  {
    id: 'delivery-time',
    question: 'How long does it take to build my website?',
    answer: `Most websites are delivered in ${QUOTED.websiteDelivery}. Complex e-commerce projects take ${QUOTED.storeDelivery}. A custom web app's delivery is ${QUOTED_DELIVERY}.`,
  },
  {
    id: 'hosting-domain',
    question: 'What happens after the free first year?',
    answer:
      `Hosting and your domain are free for the first year. After that, hosting is ${QUOTED.hostingPerMonth}/month and domain renewal is ${QUOTED.domainPerYear}/year.`,
  },
  {
    id: 'ecommerce',
    question: 'Can you build an online store?',
    answer:
      `Yes! E-commerce stores start from ${QUOTED.ecommerceFrom} with product management, secure payments and order tracking, delivered in ${QUOTED.storeDelivery}.`,
  },
  {
    id: 'get-started',
    question: 'How do I get started?',
    answer:
      `Request a free proposal and we will reply within 24 hours. Websites start from ${QUOTED.websitesFrom} and are typically live in ${QUOTED.websiteDelivery}.`,
  },
]

/** Fresh conversation: a single bot greeting and a zero counter. */
export function initialChatState(): ChatState {
  return { messages: [{ type: 'bot', text: CHAT_GREETING }], counter: 0 }
}

function askedIds(state: ChatState): Set<string> {
  const askedTexts = new Set(state.messages.filter((m) => m.type === 'user').map((m) => m.text))
  return new Set(CHAT_QUESTIONS.filter((q) => askedTexts.has(q.question)).map((q) => q.id))
}

/** Whether suggestions are still offered (counter under MAX_SUGGESTION_ROUNDS). */
export function showSuggestions(state: ChatState): boolean {
  return state.counter < MAX_SUGGESTION_ROUNDS
}

/** Whether the 'Get Free Proposal' button is shown (counter at PROPOSAL_BUTTON_AT or more). */
export function showProposalButton(state: ChatState): boolean {
  return state.counter >= PROPOSAL_BUTTON_AT
}

/** The questions to offer now: the first SUGGESTIONS_SHOWN not yet asked, in order; none once suggestions stop. */
export function suggestionsFor(state: ChatState): ChatQuestion[] {
  if (!showSuggestions(state)) return []
  const asked = askedIds(state)
  return CHAT_QUESTIONS.filter((q) => !asked.has(q.id)).slice(0, SUGGESTIONS_SHOWN)
}

/**
 * Records a chosen question: appends the user's question and the canned
 * answer and advances the counter. Ids not currently offered are ignored
 * (returns the same state) so stale clicks cannot skip the flow.
 */
export function askQuestion(state: ChatState, id: string): ChatState {
  const q = suggestionsFor(state).find((s) => s.id === id)
  if (!q) return state
  return {
    messages: [...state.messages, { type: 'user', text: q.question }, { type: 'bot', text: q.answer }],
    counter: state.counter + 1,
  }
}

/** The conversation after the questions asked, in order (ids not offered at their turn are skipped, as in the panel). */
export function replayChat(ids: readonly string[]): ChatState {
  let state = initialChatState()
  for (const id of ids.slice(0, CHAT_QUESTIONS.length)) state = askQuestion(state, id)
  return state
}

/** The ids of the questions asked so far, in the order they were asked (the chat page's hidden fields). */
export function askedQuestionIds(state: ChatState): string[] {
  return state.messages.flatMap((m) => (m.type === 'user' ? CHAT_QUESTIONS.filter((q) => q.question === m.text).map((q) => q.id) : []))
}
