import { Bot, Send, X } from 'lucide'
import { Link } from 'react-router'
import type { Route } from './+types/chat'
import { useMemo } from 'react'
import { ChatAskForm } from '~/components/chat/chat-ask.tsx'
import { ChatMessages, SUGGESTION_CLASS } from '~/components/chat/chat-messages.tsx'
import { PublicPage } from '~/components/site/page-header.tsx'
import { useOffices } from '~/components/site/use-site.ts'
import { buttonClass } from '~/components/ui/button.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { entriesFromQuery, showProposalButton, type ChatEntry } from '~/lib/chat.ts'
import { chatIndex, replayEntries } from '~/components/chat/chat-answers.ts'
import { chatEntries, suggestionsFor } from '~/components/chat/chat-script.ts'
import { CHAT_ASK_PARAM, CHAT_BACK_PARAM, CHAT_PATH, CHAT_QUESTION_PARAM, chatBackPath } from '~/lib/chat-links.ts'
import { seoMeta } from '~/components/site/page-meta.ts'
import { siteFromMatches } from '~/lib/seo.ts'

const hasConversation = (search: string) => [...new URLSearchParams(search).keys()].some((key) => key !== CHAT_BACK_PARAM)

/** Where a question's answer lands: the latest answer, so a phone shows it, not the page's top. */
const ANSWER_ID = 'chat-answer'

export function meta({ matches, location }: Route.MetaArgs) {
  return seoMeta(
    { title: 'Chat Assistant', description: 'Quick answers about our prices, hosting and delivery times.', keywords: [] },
    // The greeting and the suggested questions (with or without the page to go back to) are a page
    // like /contact, indexed under /chat; a conversation carried in the address (?q=…) is one
    // visitor's, endless in number: not indexed.
    { ...siteFromMatches(matches), path: location.pathname, noindex: hasConversation(location.search) },
  )
}

/**
 * The chat assistant as a page (issue 22): where the chat launcher leads before the page's script
 * has run, and without JavaScript. Each suggested question is a submit button of a GET form, and
 * the text box (issue 35 section 4) a GET form too; both carry the steps of the conversation before
 * them, in order, so the server replays it: the panel's answers (app/lib/chat.ts), the typed
 * questions answered from the site's content with the saved offices' hours. Nothing is stored, so
 * nothing here changes state.
 */
export function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams
  return { entries: entriesFromQuery(q), back: chatBackPath(q.get(CHAT_BACK_PARAM)) }
}

/** The conversation so far as hidden fields, in order: the new step is read last. */
function History({ entries, back }: { entries: readonly ChatEntry[]; back: string }) {
  return (
    <>
      {entries.map((e, i) =>
        'pick' in e ? (
          <input key={i} type="hidden" name={CHAT_QUESTION_PARAM} value={e.pick} />
        ) : (
          <input key={i} type="hidden" name={CHAT_ASK_PARAM} value={e.ask} />
        ),
      )}
      {back !== '/' && <input type="hidden" name={CHAT_BACK_PARAM} value={back} />}
    </>
  )
}

export default function ChatPage({ loaderData }: Route.ComponentProps) {
  const { back } = loaderData
  const offices = useOffices()
  const state = useMemo(() => replayEntries(loaderData.entries, chatIndex(offices)), [loaderData.entries, offices])
  const { messages } = state
  // The steps replayed (a suggestion not offered at its turn is dropped), carried by the next form.
  const entries = chatEntries(state)
  const suggestions = suggestionsFor(state)
  return (
    <PublicPage
      eyebrow="Chat"
      title="Chat Assistant"
      intro="Ask about our prices, hosting or delivery times: pick a question or type your own below."
    >
      <div className="mx-auto max-w-2xl px-4 pb-16 sm:px-6">
        <div className="overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-sm">
          <div className="flex items-center gap-2 bg-primary-700 px-4 py-3 text-white">
            <Icon node={Bot} aria-hidden="true" className="size-5" />
            <h2 className="font-semibold">Conversation</h2>
          </div>
          <div role="log" aria-label="Conversation" aria-live="polite" className="p-4">
            <ChatMessages messages={messages} lastAnswerId={ANSWER_ID} />
          </div>
          <div className="space-y-2 border-t border-ink-200 p-4">
            {suggestions.length > 0 && (
              // The hidden fields come first: the chosen question (the submit button) is read last.
              <form method="get" action={`${CHAT_PATH}#${ANSWER_ID}`}>
                <History entries={entries} back={back} />
                <div role="group" aria-label="Suggested questions" className="flex flex-col gap-2">
                  {suggestions.map((q) => (
                    <button key={q.id} type="submit" name={CHAT_QUESTION_PARAM} value={q.id} className={SUGGESTION_CLASS}>
                      {q.question}
                    </button>
                  ))}
                </div>
              </form>
            )}
            {showProposalButton(state) && (
              <Link to="/proposal" className={buttonClass({ className: 'w-full' })}>
                <Icon node={Send} aria-hidden="true" className="size-4" />
                Get Free Proposal
              </Link>
            )}
            <ChatAskForm action={`${CHAT_PATH}#${ANSWER_ID}`}>
              <History entries={entries} back={back} />
            </ChatAskForm>
          </div>
        </div>
        <p className="mt-6 text-center">
          <Link to={back} className={buttonClass({ variant: 'secondary' })}>
            <Icon node={X} aria-hidden="true" className="size-4" />
            Close chat
          </Link>
        </p>
      </div>
    </PublicPage>
  )
}
