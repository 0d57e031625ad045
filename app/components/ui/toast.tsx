import { X } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react'

/** The room a notice takes at the bottom: its height and a gap below and above it (app.css `--notice-space`). */
const NOTICE_GAP_PX = 16

export type Toast = { title: string; description?: string; variant?: 'default' | 'destructive' }

const ToastContext = createContext<(t: Toast) => void>(() => {})

/** Spec: at most one notice at a time, shown for 5 seconds; a new one replaces the old. */
export const TOAST_DURATION_MS = 5000

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<(Toast & { id: number }) | null>(null)
  const counter = useRef(0)
  // Where the admin was when the notice appeared: focus goes back there when it is dismissed.
  const previousFocus = useRef<Element | null>(null)
  const box = useRef<HTMLDivElement>(null)
  // The 5 seconds wait while the notice is hovered or has focus (WCAG 2.2.1), and start again when
  // it is left. (A notice that goes away gets no mouseleave or blur: both are reset with it.)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const show = useCallback((t: Toast) => {
    if (typeof document !== 'undefined' && !box.current?.contains(document.activeElement)) previousFocus.current = document.activeElement
    setToast({ ...t, id: ++counter.current })
    setHovered(false)
    setFocused(false)
  }, [])
  /** Closes the notice; if focus was in it, focus returns to where it was (or the page's main area), never to <body>. */
  const dismiss = useCallback(() => {
    const hadFocus = box.current?.contains(document.activeElement) ?? false
    setToast(null)
    setHovered(false)
    setFocused(false)
    if (!hadFocus) return
    const back = previousFocus.current
    if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus()
    else focusMainHeading()
  }, [])
  const paused = hovered || focused
  // The notice's room at the bottom of the screen, kept while it shows (its height changes with the
  // width): the page and what is stuck to its bottom make way for it (app.css, issue 36).
  const shown = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = shown.current
    const root = document.documentElement
    if (!toast || !el) return
    const measure = () => root.style.setProperty('--notice-space', `${Math.ceil(el.getBoundingClientRect().height) + 2 * NOTICE_GAP_PX}px`)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--notice-space')
    }
  }, [toast])
  useEffect(() => {
    if (!toast || paused) return
    const timer = setTimeout(dismiss, TOAST_DURATION_MS)
    return () => clearTimeout(timer)
  }, [toast, dismiss, paused])
  const destructive = toast?.variant === 'destructive'
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        ref={box}
        aria-live="polite"
        aria-atomic="true"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-[100] flex justify-center px-4"
      >
        {toast && (
          <div
            key={toast.id}
            ref={shown}
            role={destructive ? 'alert' : 'status'}
            data-testid="toast"
            onMouseEnter={() => setHovered(true)}
            onMouseLeave={() => setHovered(false)}
            onFocus={() => setFocused(true)}
            onBlur={(e) => setFocused(e.currentTarget.contains(e.relatedTarget))}
            className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${
              destructive ? 'focus-ring-inverse border-danger-700 bg-danger-700 text-white' : 'border-ink-200 bg-white text-ink-900'
            }`}
          >
            <div className="flex-1">
              <p className="font-semibold">{toast.title}</p>
              {toast.description && <p className={`mt-1 text-sm ${destructive ? 'text-white' : 'text-ink-700'}`}>{toast.description}</p>}
            </div>
            <button type="button" onClick={dismiss} aria-label="Dismiss notification" className="rounded p-1 hover:bg-black/10">
              <Icon node={X} aria-hidden="true" className="size-4" />
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  )
}

/** The page's main heading (or <main>), made focusable by script only. */
function focusMainHeading() {
  const target = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main')
  if (!target) return
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
  target.focus()
}

export const useToast = () => useContext(ToastContext)
