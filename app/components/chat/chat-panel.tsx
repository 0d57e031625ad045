import { Bot, Send, X } from 'lucide'
import { buttonClass } from '~/components/ui/button.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { useEffect, useId, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { askQuestion, initialChatState, showProposalButton, suggestionsFor } from '~/lib/chat.ts'
import { ChatMessages, SUGGESTION_CLASS } from './chat-messages.tsx'

type Props = {
  id: string
  open: boolean
  /** returnFocus: give focus back to the launcher (Escape, close button). */
  onClose: (returnFocus: boolean) => void
}

/** The canned chat assistant (spec sections 2, 4 and 9). Loaded lazily by ChatLauncher. */
export default function ChatPanel({ id, open, onClose }: Props) {
  const [state, setState] = useState(initialChatState)
  const navigate = useNavigate()
  const titleId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  const logRef = useRef<HTMLDivElement>(null)
  const suggestions = suggestionsFor(state)

  // Focus moves into the panel when it opens, and to the next suggestion after each answer (the
  // clicked button disappears), so keyboard users never lose their place.
  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
  }, [open, state.counter])

  useEffect(() => {
    const log = logRef.current
    if (log) log.scrollTop = log.scrollHeight
  }, [state.messages.length])

  return (
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation()
          onClose(true)
        }
      }}
      // Never taller than the room above the launcher (bottom-20 = 5 rem, plus 1 rem at the top), so
      // at 320×256 it still starts on screen (WCAG 1.4.10). The header with Close stays put; on a
      // short screen the conversation and the suggestions below it scroll together (`short:`).
      className="fixed inset-x-2 bottom-20 z-50 flex max-h-[min(75vh,calc(100dvh-6rem))] flex-col overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-2xl sm:inset-x-auto sm:right-4 sm:w-96"
    >
      <div className="focus-ring-inverse flex shrink-0 items-center justify-between gap-3 bg-primary-700 px-4 py-3 text-white">
        <div className="flex items-center gap-2">
          <Icon node={Bot} aria-hidden="true" className="size-5" />
          <h2 id={titleId} className="font-semibold">
            Chat Assistant
          </h2>
        </div>
        <button type="button" onClick={() => onClose(true)} aria-label="Close chat" className="rounded p-1 hover:bg-white/15">
          <Icon node={X} aria-hidden="true" className="size-5" />
        </button>
      </div>

      <div data-testid="chat-body" className="flex min-h-0 flex-1 flex-col short:overflow-y-auto">
        <div ref={logRef} role="log" aria-label="Conversation" tabIndex={0} className="min-h-0 flex-1 overflow-y-auto p-4 short:flex-none short:overflow-visible">
          <ChatMessages messages={state.messages} />
        </div>

        <div className="shrink-0 space-y-2 border-t border-ink-200 p-4">
          {suggestions.length > 0 && (
            <div role="group" aria-label="Suggested questions" className="flex flex-col gap-2">
              {suggestions.map((q, i) => (
                <button
                  key={q.id}
                  type="button"
                  data-autofocus={i === 0 ? '' : undefined}
                  onClick={() => setState((s) => askQuestion(s, q.id))}
                  className={SUGGESTION_CLASS}
                >
                  {q.question}
                </button>
              ))}
            </div>
          )}
          {showProposalButton(state) && (
            <button
              type="button"
              data-autofocus={suggestions.length === 0 ? '' : undefined}
              onClick={() => {
                onClose(false)
                navigate('/proposal')
              }}
              className={buttonClass({ className: 'w-full' })}
            >
              <Icon node={Send} aria-hidden="true" className="size-4" />
              Get Free Proposal
            </button>
          )}
        </div>
      </div>
    </div>
  )
}
