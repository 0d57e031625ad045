/** The chat's steps (app/lib/chat.ts) bound to the studio's greeting and suggested questions (app/content/chat.ts). */
import { CHAT_GREETING, CHAT_QUESTIONS } from '~/content/chat.ts'
import { chatScript } from '~/lib/chat.ts'

export const { initialChatState, suggestionsFor, askQuestion, replayChat, chatEntries, askedQuestionIds } = chatScript({
  greeting: CHAT_GREETING,
  questions: CHAT_QUESTIONS,
})
