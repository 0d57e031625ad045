/**
 * Chat assistant (spec sections 2, 4 and 9): a greeting, five suggested
 * questions with fixed answers, two suggestions at a time, suggestions while
 * the counter is under 3 and a proposal button from counter 2; and a text box
 * whose questions are answered from the site's own content (issue 35 section 4:
 * app/content/chat-topics.ts, ./chat-match.ts), which leave the counter alone. The greeting and
 * the questions are app/content/chat.ts, given to `chatScript` (bound once in
 * app/components/chat/chat-script.ts).
 */

// Types only: the typed questions' answers are ./chat-answer.ts, which the panel fetches when it opens.
import type { ChatLink } from '~/content/chat-topics.ts'
import { CHAT_ASK_PARAM, CHAT_QUESTION_PARAM } from './chat-links.ts'

/** Longest typed question read; the rest is dropped. */
export const MAX_QUESTION_LENGTH = 300

export interface ChatQuestion {
  id: string
  question: string
  answer: string
}

export interface ChatMessage {
  type: 'bot' | 'user'
  text: string
  /** A typed question (not one of the suggestions). */
  typed?: boolean
  /** Pages of the site an answer points to (a typed question's answer). */
  links?: readonly ChatLink[]
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

/** Whether suggestions are still offered (counter under MAX_SUGGESTION_ROUNDS). */
export function showSuggestions(state: ChatState): boolean {
  return state.counter < MAX_SUGGESTION_ROUNDS
}

/** Whether the 'Get Free Proposal' button is shown (counter at PROPOSAL_BUTTON_AT or more). */
export function showProposalButton(state: ChatState): boolean {
  return state.counter >= PROPOSAL_BUTTON_AT
}

/** One step of a conversation: a suggestion chosen (its id) or a question typed (its text). */
export type ChatEntry = { pick: string } | { ask: string }

/** The turns a conversation keeps (the chat page carries them in its form): the latest ones. */
export const MAX_CHAT_ENTRIES = 12

/** What the chat says by itself: its greeting and the suggested questions with their answers. */
export type ChatScript = { greeting: string; questions: readonly ChatQuestion[] }

/**
 * The conversation's steps for a script (app/content/chat.ts gives the studio's; bound once in
 * app/components/chat/chat-script.ts).
 */
export function chatScript({ greeting, questions }: ChatScript) {
  /** Fresh conversation: a single bot greeting and a zero counter. */
  function initialChatState(): ChatState {
    return { messages: [{ type: 'bot', text: greeting }], counter: 0 }
  }

  function askedIds(state: ChatState): Set<string> {
    const askedTexts = new Set(state.messages.filter((m) => m.type === 'user' && !m.typed).map((m) => m.text))
    return new Set(questions.filter((q) => askedTexts.has(q.question)).map((q) => q.id))
  }

  /** The questions to offer now: the first SUGGESTIONS_SHOWN not yet asked, in order; none once suggestions stop. */
  function suggestionsFor(state: ChatState): ChatQuestion[] {
    if (!showSuggestions(state)) return []
    const asked = askedIds(state)
    return questions.filter((q) => !asked.has(q.id)).slice(0, SUGGESTIONS_SHOWN)
  }

  /**
   * Records a chosen question: appends the user's question and the canned
   * answer and advances the counter. Ids not currently offered are ignored
   * (returns the same state) so stale clicks cannot skip the flow.
   */
  function askQuestion(state: ChatState, id: string): ChatState {
    const q = suggestionsFor(state).find((s) => s.id === id)
    if (!q) return state
    return {
      messages: [...state.messages, { type: 'user', text: q.question }, { type: 'bot', text: q.answer }],
      counter: state.counter + 1,
    }
  }

  /** The conversation after the suggestions chosen, in order (ids not offered at their turn are skipped, as in the panel). */
  function replayChat(ids: readonly string[]): ChatState {
    let state = initialChatState()
    for (const id of ids.slice(-MAX_CHAT_ENTRIES)) state = askQuestion(state, id)
    return state
  }

  /** The steps a conversation was made of, in order (the chat page's hidden fields). */
  function chatEntries(state: ChatState): ChatEntry[] {
    return state.messages.flatMap((m): ChatEntry[] => {
      if (m.type !== 'user') return []
      if (m.typed) return [{ ask: m.text }]
      return questions.filter((q) => q.question === m.text).map((q) => ({ pick: q.id }))
    })
  }

  /** The ids of the suggestions chosen so far, in the order they were chosen. */
  function askedQuestionIds(state: ChatState): string[] {
    return chatEntries(state).flatMap((e) => ('pick' in e ? [e.pick] : []))
  }

  return { initialChatState, suggestionsFor, askQuestion, replayChat, chatEntries, askedQuestionIds }
}

/** The chat's steps bound to its script. */
export type BoundChatScript = ReturnType<typeof chatScript>

/** The chat page's steps from its query, in order (other parameters ignored; the latest kept). */
export function entriesFromQuery(params: URLSearchParams): ChatEntry[] {
  const entries: ChatEntry[] = []
  for (const [key, value] of params) {
    if (key === CHAT_QUESTION_PARAM) entries.push({ pick: value.slice(0, 40) })
    else if (key === CHAT_ASK_PARAM && value.trim()) entries.push({ ask: value.slice(0, MAX_QUESTION_LENGTH) })
  }
  return entries.slice(-MAX_CHAT_ENTRIES)
}
