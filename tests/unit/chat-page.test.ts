import { describe, expect, it } from 'vitest'
import { askQuestion, askedQuestionIds, initialChatState, replayChat, suggestionsFor } from '~/components/chat/chat-script'
import { CHAT_GREETING, CHAT_QUESTIONS } from '~/content/chat'
import { showProposalButton } from '~/lib/chat'
import { chatBackPath, chatPageHref } from '~/lib/chat-links'

describe('the chat page answered by the server (issue 22)', () => {
  it('replays the questions asked, in order, to the same conversation the panel has', () => {
    let panel = initialChatState()
    for (const id of ['website-cost', 'delivery-time', 'hosting-domain']) panel = askQuestion(panel, id)
    const page = replayChat(['website-cost', 'delivery-time', 'hosting-domain'])
    expect(page).toEqual(panel)
    expect(page.messages[0]).toEqual({ type: 'bot', text: CHAT_GREETING })
    expect(page.messages[2].text).toBe(CHAT_QUESTIONS[0].answer)
    expect(showProposalButton(page)).toBe(true)
    expect(suggestionsFor(page)).toEqual([])
    expect(askedQuestionIds(page)).toEqual(['website-cost', 'delivery-time', 'hosting-domain'])
  })

  it('starts with the greeting alone, and skips questions not offered at their turn (as the panel does)', () => {
    expect(replayChat([])).toEqual(initialChatState())
    // 'get-started' is not among the first two suggestions; unknown ids and repeats are ignored.
    const s = replayChat(['get-started', 'nope', 'website-cost', 'website-cost'])
    expect(askedQuestionIds(s)).toEqual(['website-cost'])
    expect(s.counter).toBe(1)
  })

  it('reads at most as many questions as there are', () => {
    const ids = Array.from({ length: 1000 }, () => 'website-cost')
    expect(replayChat(ids).counter).toBe(1)
  })

  it('returns only to a page of this site', () => {
    for (const ok of ['/services', '/blog/hello-world', '/pricing', '/no-such-page']) expect(chatBackPath(ok), ok).toBe(ok)
    for (const bad of [
      null,
      '',
      'services',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/a b',
      '/chat',
      `/${'a'.repeat(300)}`,
      '/x?y=1',
    ]) {
      expect(chatBackPath(bad), String(bad)).toBe('/')
    }
  })

  it('links the launcher to the chat page with the way back', () => {
    expect(chatPageHref('/services')).toBe('/chat?back=%2Fservices')
    expect(chatPageHref('/')).toBe('/chat')
    expect(chatPageHref('//evil.example')).toBe('/chat')
  })
})
