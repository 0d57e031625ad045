import { Bot, Send, X } from 'lucide'
import { reportToolUse } from '~/components/site/page-view-beacon.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useNavigate, useRouteLoaderData } from 'react-router'
import { officesOf } from '~/content/site.ts'
import { showProposalButton } from '~/lib/chat.ts'
import { askTyped, chatIndex } from './chat-answers.ts'
import { askQuestion, initialChatState, suggestionsFor } from './chat-script.ts'
import type { SiteData } from '~/lib/site-data.ts'
import { ChatAskForm } from './chat-ask.tsx'
import { ChatMessages, SUGGESTION_CLASS } from './chat-messages.tsx'

type Props = {
  id: string
  open: boolean
  /** returnFocus: give focus back to the launcher (Escape, close button). */
  onClose: (returnFocus: boolean) => void
}

/**
 * The chat assistant (spec sections 2, 4 and 9; issue 35 section 4): suggested questions and a
 * text box answered from the site's content. Loaded lazily by ChatLauncher, so the answers are
 * fetched only when the chat first opens.
 */
export default function ChatPanel({ id, open, onClose }: Props) {
  const [state, setState] = useState(initialChatState)
  const navigate = useNavigate()
  const titleId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  const logRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const root = useRouteLoaderData<SiteData>('root')
  const offices = useMemo(() => (root ? officesOf(root.site) : []), [root])
  const suggestions = suggestionsFor(state)

  // Focus moves into the panel when it opens, and to the next suggestion after each answer (the
  // clicked button disappears), so keyboard users never lose their place.
  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
  }, [open, state.counter])
  useEffect(() => {
    if (open) reportToolUse('chat')
  }, [open])

  // Modal while open (WCAG 2.4.11, 2.4.3). The panel covers most of a phone's screen and a 24 rem
  // column of a wide one, so a page control focused behind it would be hidden. A keyboard user
  // expects what a chat on a phone does: Tab goes round the panel and its button, Escape closes
  // it from wherever focus is, and the page waits (dimmed; a click on it closes the chat). The
  // rest of the page is made inert; the launcher's <aside> stays live, so its button still closes.
  useEffect(() => {
    const aside = panelRef.current?.parentElement
    if (!open || !aside) return
    const madeInert: Element[] = []
    for (let n: Element = aside; n.parentElement && n !== document.body; n = n.parentElement) {
      for (const sibling of n.parentElement.children) {
        if (sibling === n || sibling.hasAttribute('inert')) continue
        sibling.setAttribute('inert', '')
        madeInert.push(sibling)
      }
    }
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault()
        onClose(true)
        return
      }
      if (e.key !== 'Tab') return
      // Past the last stop the browser would leave the page (focus on <body>): go round instead.
      const stops = [...aside.querySelectorAll<HTMLElement>('button, input, [href], [tabindex="0"]')].filter(
        (el) => el.getClientRects().length > 0,
      )
      const last = e.shiftKey ? stops[0] : stops.at(-1)
      if (document.activeElement === last || !aside.contains(document.activeElement)) {
        e.preventDefault()
        ;(e.shiftKey ? stops.at(-1) : stops[0])?.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      for (const el of madeInert) el.removeAttribute('inert')
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open, onClose])

  useEffect(() => {
    const log = logRef.current
    if (log) log.scrollTop = log.scrollHeight
  }, [state.messages.length])

  return (
    <>
      {/* The page dimmed behind the modal panel (below it and the launcher, both later at z-50). */}
      {open && <div aria-hidden="true" onClick={() => onClose(true)} className="fixed inset-0 z-50 bg-ink-900/30" />}
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        hidden={!open}
        // Never taller than the room above the launcher (bottom-20 = 5 rem, plus 1 rem at the top), so
        // at 320×256 it still starts on screen (WCAG 1.4.10). The header with Close stays put; on a
        // short screen the conversation and the suggestions below it scroll together (`short:`).
        className="fixed inset-x-2 bottom-[calc(var(--notice-space,0px)+5rem)] z-50 flex max-h-[min(75vh,calc(100dvh-6rem-var(--notice-space,0px)))] flex-col overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-2xl sm:inset-x-auto sm:right-4 sm:w-96"
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
          {/* A polite live region: each answer is read out once it is added, without interrupting. */}
          <div
            ref={logRef}
            role="log"
            aria-label="Conversation"
            aria-live="polite"
            tabIndex={0}
            className="min-h-0 flex-1 overflow-y-auto p-4 short:flex-none short:overflow-visible"
          >
            <ChatMessages messages={state.messages} onLink={() => onClose(false)} />
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
            <ChatAskForm
              inputRef={inputRef}
              onSubmit={(e) => {
                // Answered here: the text box keeps focus, empty for the next question.
                e.preventDefault()
                const input = inputRef.current
                if (!input) return
                const question = input.value
                input.value = ''
                input.focus()
                setState((s) => askTyped(s, question, chatIndex(offices)))
              }}
            />
          </div>
        </div>
      </div>
    </>
  )
}
