/**
 * The typed questions' answers (app/lib/chat-answer.ts) bound to the studio's topics and hand-over
 * (app/content/chat-topics.ts). Loaded with the chat panel, never by the home page.
 */
import { CHAT_HANDOVER, chatTopics } from '~/content/chat-topics.ts'
import { chatAnswers } from '~/lib/chat-answer.ts'
import { askQuestion, initialChatState } from './chat-script.ts'

export const { askTyped, replayEntries, chatIndex } = chatAnswers({
  script: { initialChatState, askQuestion },
  topicsOf: chatTopics,
  handover: CHAT_HANDOVER,
})
