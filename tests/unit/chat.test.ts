import { describe, expect, it } from 'vitest'
import { askQuestion, initialChatState, suggestionsFor } from '~/components/chat/chat-script'
import { CHAT_GREETING, CHAT_QUESTIONS } from '~/content/chat'
import {
  MAX_SUGGESTION_ROUNDS,
  PROPOSAL_BUTTON_AT,
  SUGGESTIONS_SHOWN,
  showProposalButton,
  showSuggestions,
  type ChatState,
} from '~/lib/chat'

const ask = (state: ChatState, index = 0): ChatState => askQuestion(state, suggestionsFor(state)[index].id)

describe('chat constants', () => {
  it('has five canned questions with unique ids', () => {
    expect(CHAT_QUESTIONS).toHaveLength(5)
    expect(new Set(CHAT_QUESTIONS.map((q) => q.id)).size).toBe(5)
    expect(SUGGESTIONS_SHOWN).toBe(2)
    expect(MAX_SUGGESTION_ROUNDS).toBe(3)
    expect(PROPOSAL_BUTTON_AT).toBe(2)
  })

  it('answers quote the price list and the delivery times', () => {
    const answers = CHAT_QUESTIONS.map((q) => q.answer).join('\n')
    expect(answers).toContain('$299')
    // The spec says $799; the price list's E-commerce Store base wins (docs/decisions/036).
    expect(answers).toContain('e-commerce stores start from $999')
    expect(answers).not.toContain('$799')
    expect(answers).toContain('$10/month')
    expect(answers).toContain('$15/year')
    expect(answers).toContain('7 days')
    expect(answers).toContain('10-14 days')
  })
})

describe('initialChatState', () => {
  it('starts with one bot greeting and counter 0', () => {
    const s = initialChatState()
    expect(s.messages).toEqual([{ type: 'bot', text: CHAT_GREETING }])
    expect(s.counter).toBe(0)
    expect(showSuggestions(s)).toBe(true)
    expect(showProposalButton(s)).toBe(false)
  })

  it('offers the first two questions', () => {
    expect(suggestionsFor(initialChatState())).toEqual([CHAT_QUESTIONS[0], CHAT_QUESTIONS[1]])
  })
})

describe('askQuestion', () => {
  it('appends the question and its answer and increments the counter', () => {
    const s0 = initialChatState()
    const q = CHAT_QUESTIONS[1]
    const s1 = askQuestion(s0, q.id)
    expect(s1.counter).toBe(1)
    expect(s1.messages).toEqual([
      { type: 'bot', text: CHAT_GREETING },
      { type: 'user', text: q.question },
      { type: 'bot', text: q.answer },
    ])
    expect(s0.messages).toHaveLength(1)
    expect(s0.counter).toBe(0)
  })

  it('replaces an asked question with the next unasked one, in order', () => {
    const s1 = askQuestion(initialChatState(), CHAT_QUESTIONS[0].id)
    expect(suggestionsFor(s1).map((q) => q.id)).toEqual([CHAT_QUESTIONS[1].id, CHAT_QUESTIONS[2].id])
    const s2 = askQuestion(s1, CHAT_QUESTIONS[2].id)
    expect(suggestionsFor(s2).map((q) => q.id)).toEqual([CHAT_QUESTIONS[1].id, CHAT_QUESTIONS[3].id])
  })

  it('ignores questions not currently offered', () => {
    const s0 = initialChatState()
    expect(askQuestion(s0, CHAT_QUESTIONS[4].id)).toBe(s0)
    expect(askQuestion(s0, 'unknown')).toBe(s0)
    const s1 = askQuestion(s0, CHAT_QUESTIONS[0].id)
    expect(askQuestion(s1, CHAT_QUESTIONS[0].id)).toBe(s1)
  })
})

describe('counter rules', () => {
  it('counter 1: suggestions, no proposal button', () => {
    const s = ask(initialChatState())
    expect(s.counter).toBe(1)
    expect(showSuggestions(s)).toBe(true)
    expect(suggestionsFor(s)).toHaveLength(2)
    expect(showProposalButton(s)).toBe(false)
  })

  it('counter 2: suggestions and the proposal button', () => {
    const s = ask(ask(initialChatState()))
    expect(s.counter).toBe(2)
    expect(showSuggestions(s)).toBe(true)
    expect(suggestionsFor(s)).toHaveLength(2)
    expect(showProposalButton(s)).toBe(true)
  })

  it('counter 3: suggestions stop, proposal button stays, further asks are ignored', () => {
    const s3 = ask(ask(ask(initialChatState())))
    expect(s3.counter).toBe(3)
    expect(s3.messages).toHaveLength(7)
    expect(showSuggestions(s3)).toBe(false)
    expect(suggestionsFor(s3)).toEqual([])
    expect(showProposalButton(s3)).toBe(true)
    expect(askQuestion(s3, CHAT_QUESTIONS[3].id)).toBe(s3)
  })

  it('uses the counter rather than message count for the thresholds', () => {
    const s: ChatState = { messages: [{ type: 'bot', text: CHAT_GREETING }], counter: 5 }
    expect(showSuggestions(s)).toBe(false)
    expect(showProposalButton(s)).toBe(true)
  })
})
