import { Link } from 'react-router'
import type { ChatMessage } from '~/lib/chat.ts'

/** The classes of a suggested question, a button in the panel and a submit button on the chat page. */
export const SUGGESTION_CLASS =
  'rounded-lg border border-primary-200 bg-primary-50 px-3 py-2 text-left text-sm text-primary-900 hover:bg-primary-100'

/**
 * The conversation's messages, the same in the panel and on the chat page. `lastAnswerId` names
 * the latest answer, so the chat page's form can land on it. An answer's links (a typed
 * question's) follow it; `onLink` runs when one is followed (the panel closes).
 */
export function ChatMessages({
  messages,
  lastAnswerId,
  onLink,
}: {
  messages: readonly ChatMessage[]
  lastAnswerId?: string
  onLink?: () => void
}) {
  return (
    <ol className="space-y-3">
      {messages.map((m, i) => (
        <li
          key={i}
          id={lastAnswerId && i > 0 && i === messages.length - 1 ? lastAnswerId : undefined}
          className={`scroll-mt-24 ${m.type === 'user' ? 'flex justify-end' : 'flex flex-col items-start gap-1.5'}`}
        >
          <p
            className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm ${m.type === 'user' ? 'rounded-br-sm bg-primary-700 text-white' : 'rounded-bl-sm bg-ink-100 text-ink-900'}`}
          >
            <span className="sr-only">{m.type === 'user' ? 'You: ' : 'Assistant: '}</span>
            {m.text}
          </p>
          {m.links && m.links.length > 0 && (
            <ul className="flex max-w-[85%] flex-col gap-1 text-sm">
              {m.links.map((l) => (
                <li key={l.href}>
                  <Link
                    to={l.href}
                    onClick={onLink}
                    className="font-medium text-primary-700 underline underline-offset-2 hover:text-primary-900"
                  >
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  )
}
