import { MessageCircle, X } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { Suspense, lazy, useCallback, useRef, useState } from 'react'

// NOTE: the panel (conversation, answers, navigation) is its own chunk, fetched the first time a
// visitor opens the chat; pages that never use it only pay for this button.
const ChatPanel = lazy(() => import('./chat-panel.tsx'))

export const CHAT_PANEL_ID = 'chat-assistant-panel'

/** Floating chat button shown on every public page; opens and closes the chat assistant. */
export function ChatLauncher() {
  const [open, setOpen] = useState(false)
  // Mounted once opened and then kept (hidden when closed) so the conversation survives a close.
  const [loaded, setLoaded] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }, [])

  return (
    <>
      {loaded && (
        <Suspense fallback={null}>
          <ChatPanel id={CHAT_PANEL_ID} open={open} onClose={close} />
        </Suspense>
      )}
      <button
        ref={buttonRef}
        type="button"
        aria-label="Chat assistant"
        aria-expanded={open}
        aria-controls={loaded ? CHAT_PANEL_ID : undefined}
        // app/app.css keeps the page's wide content columns clear of this button (see there).
        data-chat-launcher=""
        onClick={() => {
          setLoaded(true)
          setOpen((o) => !o)
        }}
        className="fixed right-4 bottom-4 z-50 inline-flex size-14 items-center justify-center rounded-full bg-primary-700 text-white shadow-lg transition hover:bg-primary-800 print:hidden"
      >
        {open ? <Icon node={X} aria-hidden="true" className="size-6" /> : <Icon node={MessageCircle} aria-hidden="true" className="size-6" />}
      </button>
    </>
  )
}
