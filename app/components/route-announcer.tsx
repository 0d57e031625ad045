import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'

/**
 * Moves focus to the top of the page's content: its main heading, else <main> itself (made
 * focusable with tabindex=-1 if needed), without scrolling (the router or the browser decides
 * where the page is scrolled). Returns false when the page has no <main>.
 */
export function focusPageStart(): boolean {
  const main = document.querySelector('main')
  const target = main?.querySelector<HTMLElement>('h1') ?? main
  if (!target) return false
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
  target.focus({ preventScroll: true })
  return true
}

/**
 * Client-side navigation is silent for a screen reader and leaves focus on a link that may no
 * longer exist. After a navigation to another path (never on the first load, whose page the
 * browser announces itself) this says the new page's title in a polite live region and moves focus
 * to the main heading, so reading and Tab continue from the new content, as after a full page load.
 *
 * Only a change of path counts: search and hash changes (filters, sorting, #anchors) stay on the
 * same page, where the visitor is in the middle of something and focus must stay put. Nor does it
 * take focus from an element the new page focused on purpose (inside <main>, not the one focused
 * before the navigation).
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation()
  const [message, setMessage] = useState('')
  const shownPath = useRef(pathname)
  const focusedBefore = useRef<Element | null>(null)

  // Read during render, before React commits the new page and the old focused element goes away.
  if (typeof document !== 'undefined' && pathname !== shownPath.current) focusedBefore.current = document.activeElement

  useEffect(() => {
    if (pathname === shownPath.current) return
    shownPath.current = pathname
    const active = document.activeElement
    const main = document.querySelector('main')
    const placedByPage = active !== null && active !== document.body && active !== focusedBefore.current && main?.contains(active)
    if (!placedByPage) focusPageStart()
    focusedBefore.current = null
    // The same text twice in a row would not be spoken again: clear, then say the title once the
    // new page's <title> is in the document.
    setMessage('')
    const frame = window.requestAnimationFrame(() => {
      const heading = document.querySelector('main h1')?.textContent?.trim()
      setMessage(document.title || heading || pathname)
    })
    return () => window.cancelAnimationFrame(frame)
  }, [pathname])

  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {message}
    </div>
  )
}
