/**
 * Answers to typed questions (issue 35 section 4), apart from ./chat.ts so the panel fetches them
 * (with the topics and the matcher) only when the chat opens: the home page never loads them.
 */

import type { ChatLink, ChatTopic } from '~/content/chat-topics.ts'
import type { Office } from '~/content/site.ts'
import { MAX_CHAT_ENTRIES, MAX_QUESTION_LENGTH, type BoundChatScript, type ChatEntry, type ChatMessage, type ChatState } from './chat.ts'
import { indexTopics, matchQuestion, type ChatIndex } from './chat-match.ts'

/** What the chat answers from: its script, its topics for the offices' saved details, and the hand-over when nothing matches. */
export type ChatKnowledge = {
  script: Pick<BoundChatScript, 'initialChatState' | 'askQuestion'>
  topicsOf: (offices: readonly Office[]) => ChatTopic[]
  handover: { text: string; links: readonly ChatLink[] }
}

/** The typed questions' answers for the chat's knowledge (app/content; bound once in app/components/chat/chat-answers.ts). */
export function chatAnswers({ script, topicsOf, handover }: ChatKnowledge) {
  /**
   * Answers a typed question: the best matching topic's answer with its link and the runners-up as
   * links, or the hand-over to a call or a proposal when nothing matches. An empty question is
   * ignored. The counter stays: it counts the suggestions chosen.
   */
  function askTyped(state: ChatState, question: string, index: ChatIndex): ChatState {
    const text = question.trim().replace(/\s+/g, ' ').slice(0, MAX_QUESTION_LENGTH)
    if (!text) return state
    const [best, ...more] = matchQuestion(index, text)
    const answer: ChatMessage = best
      ? {
          type: 'bot',
          text: best.topic.answer,
          links: dedupe([best.topic.link, ...more.map((m) => ({ href: m.topic.link.href, label: m.topic.title }))]),
        }
      : { type: 'bot', text: handover.text, links: handover.links }
    return { messages: [...state.messages, { type: 'user', text, typed: true }, answer], counter: state.counter }
  }

  /**
   * The conversation after its steps, in order (suggestions not offered at their turn are skipped,
   * as in the panel). Only the latest MAX_CHAT_ENTRIES steps are read.
   */
  function replayEntries(entries: readonly ChatEntry[], index: ChatIndex): ChatState {
    let state = script.initialChatState()
    for (const e of entries.slice(-MAX_CHAT_ENTRIES))
      state = 'pick' in e ? script.askQuestion(state, e.pick) : askTyped(state, e.ask, index)
    return state
  }

  let cached: { key: string; index: ChatIndex } | undefined

  /** The topics indexed for the offices' saved details (kept while they stay the same). */
  function chatIndex(offices: readonly Office[]): ChatIndex {
    const key = JSON.stringify(offices)
    if (cached?.key !== key) cached = { key, index: indexTopics(topicsOf(offices)) }
    return cached.index
  }

  return { askTyped, replayEntries, chatIndex }
}

function dedupe(links: readonly ChatLink[]): ChatLink[] {
  const seen = new Set<string>()
  return links.filter((l) => !seen.has(l.href) && seen.add(l.href))
}
