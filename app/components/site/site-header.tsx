import { Menu, X } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { useEffect, useRef, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { RenderedOnce } from '~/components/rendered-once.tsx'
import { LogoMark } from './logo.tsx'

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/services', label: 'Services' },
  { to: '/portfolio', label: 'Portfolio' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/blog', label: 'Blog' },
  { to: '/about', label: 'About' },
  { to: '/demo-builder', label: 'Demo Builder' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact' },
] as const

/** The two ways to hire us, side by side in the bar, the drawer and every page's closing call to action. */
export const HIRE_LINKS = {
  proposal: { to: '/proposal', label: 'Get Free Proposal' },
  book: { to: '/book', label: 'Book a call' },
} as const

/**
 * The link NavLink marks as the current page (same rule: case-insensitive, `/` only exactly,
 * the others also for the paths below them); the header's markup depends on nothing else.
 */
export function activeNavLink(pathname: string): string | null {
  const path = pathname.toLowerCase()
  return NAV_LINKS.find(({ to }) => path === to || (to !== '/' && path.startsWith(to) && path.charAt(to.length) === '/'))?.to ?? null
}

const linkClass =
  'rounded-md px-2.5 py-2 text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900 aria-[current=page]:bg-primary-50 aria-[current=page]:font-semibold aria-[current=page]:text-primary-800'

const ctaClass =
  'items-center justify-center rounded-lg bg-primary-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-primary-800'
const bookClass =
  'items-center justify-center rounded-lg border border-primary-700 bg-white px-4 py-2 text-sm font-semibold text-primary-800 hover:bg-primary-50'

/**
 * Whether the browser opens and closes the drawer itself from the buttons' `command` (Chromium
 * from 135, Firefox from 144); other browsers get the same from the script once it runs.
 */
const nativeCommands = () => 'command' in HTMLButtonElement.prototype

/**
 * Top navigation. From the xl breakpoint the nine links sit in the bar (below it they would not
 * fit beside the two buttons); below it a menu button opens
 * a side drawer built on the native <dialog> (focus trap, Escape and inert page for free, no
 * library). The current route is marked with aria-current and highlighted.
 *
 * The menu works before the page's script runs, or without it (issue 22): the buttons carry
 * invoker commands (`command="show-modal"`, `command="close"`), the drawer closes on a click
 * outside it (`closedby="any"`) and holds its links from the start. The script adds what older
 * browsers lack and keeps `aria-expanded` in step.
 */
export function SiteHeader({ siteName }: { siteName: string }) {
  const drawer = useRef<HTMLDialogElement>(null)
  const [open, setOpen] = useState(false)
  const { pathname } = useLocation()

  // Another page closes the drawer; hydrating does not (the visitor may have opened it already).
  const shownPath = useRef(pathname)
  useEffect(() => {
    if (shownPath.current === pathname) return
    shownPath.current = pathname
    drawer.current?.close()
  }, [pathname])

  // Opened before the script ran, or by the browser's own command: follow the dialog itself.
  useEffect(() => {
    const dialog = drawer.current
    if (!dialog) return
    const follow = () => setOpen(dialog.open)
    follow()
    dialog.addEventListener('toggle', follow)
    return () => dialog.removeEventListener('toggle', follow)
  }, [])

  function closeDrawer() {
    drawer.current?.close()
  }

  function openDrawer() {
    if (nativeCommands()) return
    drawer.current?.showModal()
    setOpen(true)
  }

  return (
    <RenderedOnce
      as="header"
      renderKey={`${activeNavLink(pathname)}\n${siteName}`}
      className="sticky top-0 z-40 border-b border-ink-200 bg-white/95 backdrop-blur"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 font-bold text-ink-900">
          <LogoMark />
          <span className="text-lg">{siteName}</span>
        </Link>
        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-0.5">
            {NAV_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === '/'} className={linkClass}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <Link to={HIRE_LINKS.book.to} className={`${bookClass} hidden sm:inline-flex`}>
            {HIRE_LINKS.book.label}
          </Link>
          <Link to={HIRE_LINKS.proposal.to} className={`${ctaClass} hidden sm:inline-flex`}>
            {HIRE_LINKS.proposal.label}
          </Link>
          <button
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-ink-700 hover:bg-ink-100 xl:hidden"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls="site-drawer"
            commandfor="site-drawer"
            command="show-modal"
            onClick={openDrawer}
          >
            <Icon node={Menu} aria-hidden="true" className="h-6 w-6" />
          </button>
        </div>
      </div>

      <dialog
        id="site-drawer"
        ref={drawer}
        aria-label="Site menu"
        closedby="any"
        onClose={() => setOpen(false)}
        onClick={(e) => {
          // A click on the backdrop lands on the <dialog> itself, outside the panel.
          if (e.target === e.currentTarget) e.currentTarget.close()
        }}
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-dvh w-80 max-w-[85vw] bg-white p-0 shadow-2xl backdrop:bg-ink-900/50"
      >
        <div className="flex h-full flex-col overflow-y-auto p-4">
          <div className="flex items-center justify-between">
            <span className="font-bold">{siteName}</span>
            <button
              type="button"
              className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-ink-700 hover:bg-ink-100"
              aria-label="Close menu"
              commandfor="site-drawer"
              command="close"
              onClick={() => nativeCommands() || closeDrawer()}
            >
              <Icon node={X} aria-hidden="true" className="h-6 w-6" />
            </button>
          </div>
          {/* In the page from the start, so the drawer works before the script runs. */}
          <nav aria-label="Mobile" className="mt-4">
            <ul className="flex flex-col gap-1">
              {NAV_LINKS.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end={l.to === '/'} className={`${linkClass} block text-base`} onClick={closeDrawer}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Link to={HIRE_LINKS.proposal.to} className={`${ctaClass} mt-6 flex py-3 text-base`} onClick={closeDrawer}>
            {HIRE_LINKS.proposal.label}
          </Link>
          <Link to={HIRE_LINKS.book.to} className={`${bookClass} mt-3 flex py-3 text-base`} onClick={closeDrawer}>
            {HIRE_LINKS.book.label}
          </Link>
        </div>
      </dialog>
    </RenderedOnce>
  )
}
