import { MessageCircle, X } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { CHAT_PATH, chatPageHref } from '~/lib/chat-links.ts'

// NOTE: the panel (conversation, answers, navigation) is its own chunk, fetched the first time a
// visitor opens the chat; pages that never use it only pay for this button.
const ChatPanel = lazy(() => import('./chat-panel.tsx'))

export const CHAT_PANEL_ID = 'chat-assistant-panel'

// app/app.css keeps the page's wide content columns clear of this button (see there).
const LAUNCHER_CLASS =
  'fixed right-4 bottom-[calc(var(--notice-space,0px)+1rem)] z-50 inline-flex size-14 items-center justify-center rounded-full bg-primary-700 text-white shadow-lg transition hover:bg-primary-800 print:hidden'

/**
 * Floating chat button shown on every public page; opens and closes the chat assistant.
 *
 * Until the page's script has run (docs/decisions/024), and without JavaScript, it is a link to
 * the chat page (/chat, answered by the server), so a click in that moment does what it says
 * (issue 22). Once hydrated it is the button that opens the panel here; a click React sees on the
 * link meanwhile opens the panel too. Not shown on the chat page itself.
 */
export function ChatLauncher() {
  const { pathname } = useLocation()
  const [hydrated, setHydrated] = useState(false)
  const [open, setOpen] = useState(false)
  // Mounted once opened and then kept (hidden when closed) so the conversation survives a close.
  const [loaded, setLoaded] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const linkRef = useRef<HTMLAnchorElement>(null)
  const linkHadFocus = useRef(false)

  useEffect(() => {
    // The link becomes the button: a keyboard user who had reached it keeps their place.
    linkHadFocus.current = linkRef.current !== null && document.activeElement === linkRef.current
    setHydrated(true)
  }, [])
  useEffect(() => {
    if (hydrated && linkHadFocus.current) buttonRef.current?.focus()
  }, [hydrated])

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }, [])

  const toggle = () => {
    setLoaded(true)
    setOpen((o) => !o)
  }

  if (pathname === CHAT_PATH) return null

  // A landmark of its own: before hydration the launcher is a link, page content that axe (and a
  // screen reader's landmark list) expects inside one.
  return (
    <aside aria-label="Chat assistant">
      {loaded && (
        <Suspense fallback={null}>
          <ChatPanel id={CHAT_PANEL_ID} open={open} onClose={close} />
        </Suspense>
      )}
      {hydrated ? (
        <button
          ref={buttonRef}
          type="button"
          aria-label="Chat assistant"
          aria-expanded={open}
          aria-controls={loaded ? CHAT_PANEL_ID : undefined}
          data-chat-launcher=""
          onClick={toggle}
          className={LAUNCHER_CLASS}
        >
          {open ? (
            <Icon node={X} aria-hidden="true" className="size-6" />
          ) : (
            <Icon node={MessageCircle} aria-hidden="true" className="size-6" />
          )}
        </button>
      ) : (
        <a
          ref={linkRef}
          href={chatPageHref(pathname)}
          aria-label="Chat assistant"
          data-chat-launcher=""
          onClick={(e) => {
            // A click meant for a new tab or window still opens the chat page there.
            if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
            e.preventDefault()
            toggle()
          }}
          className={LAUNCHER_CLASS}
        >
          <Icon node={MessageCircle} aria-hidden="true" className="size-6" />
        </a>
      )}
    </aside>
  )
}
