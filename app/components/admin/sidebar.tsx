import {
  CalendarClock,
  ChevronDown,
  Clock,
  FileText,
  FolderKanban,
  FolderSync,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  Settings,
  ShieldCheck,
  Inbox,
  ScrollText,
  MailClock,
  UserRound,
  Users,
  X,
} from 'lucide'
import { Icon, type IconNode } from '~/components/ui/icon.tsx'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '~/components/ui/dialog.tsx'
import { useEffect, useState, type MouseEvent } from 'react'
import { Form, Link, NavLink, matchPath, useLocation } from 'react-router'
import { CsrfField } from '~/components/csrf-field.tsx'
import { LogoMark } from '~/components/site/logo.tsx'
import { useSite } from '~/components/site/use-site.ts'
import { closedNavGroups, navCookie, NAV_GROUP_LABELS, NAV_GROUPS, type NavGroup } from '~/lib/admin-nav.ts'
import { ADMIN_MENU } from '~/lib/permissions.ts'
import { useHydrated } from './use-hydrated.ts'

/** Each menu link's icon (the links, their words, order and groups are app/lib/permissions.ts ADMIN_MENU). */
const ICONS: Record<string, IconNode> = {
  dashboard: LayoutDashboard,
  proposals: Inbox,
  messages: Mail,
  calls: CalendarClock,
  blogs: FileText,
  portfolio: FolderKanban,
  settings: Settings,
  'settings/people': Users,
  'settings/booking': Clock,
  'settings/security': ShieldCheck,
  'settings/profile': UserRound,
  'settings/import-export': FolderSync,
  'settings/activity': ScrollText,
  'settings/outbox': MailClock,
}

/** Remembers a folded or opened group for the next page (a cookie the server reads; see admin-nav.ts). */
function rememberGroup(group: NavGroup, open: boolean) {
  const closed = closedNavGroups(document.cookie).filter((g) => g !== group)
  document.cookie = navCookie(open ? closed : [...closed, group])
}

/**
 * The links the person's role may open (`links`, from app/lib/permissions.ts menuFor), in their
 * groups, and Logout: a plain POST form to the logout route, so it works without JavaScript too.
 * Each group is a <details> disclosure: it folds with a click, Enter or Space, with or without
 * JavaScript, and a screen reader hears it as a button that is expanded or collapsed. The group of
 * the page shown is always drawn open.
 */
/** What a menu item's figure counts, said to screen readers after the number. */
const COUNT_WORDS: Record<string, string> = { proposals: 'unread', messages: 'unread', calls: 'new' }

function NavItems({
  adminPath,
  links,
  closed,
  counts = {},
  onNavigate,
}: {
  adminPath: string
  links: readonly string[]
  closed: readonly NavGroup[]
  counts?: MenuCounts
  onNavigate?: () => void
}) {
  const { pathname } = useLocation()
  const shown = ADMIN_MENU.filter((l) => links.includes(l.to))
  return (
    <>
      <ul className="space-y-2">
        {NAV_GROUPS.map((group) => {
          const items = shown.filter((l) => l.group === group)
          if (items.length === 0) return null
          const current = items.some((l) => matchPath({ path: `/${adminPath}/${l.to}`, end: false }, pathname))
          return (
            <li key={group}>
              <details open={current || !closed.includes(group)} className="group" data-nav-group={group}>
                {/* The person's click (or Enter, Space) is remembered, not the `toggle` event: that one also fires
                    when the drawer draws an open group, which would forget a fold. */}
                <summary
                  onClick={(e: MouseEvent<HTMLElement>) =>
                    rememberGroup(group, !(e.currentTarget.parentElement as HTMLDetailsElement).open)
                  }
                  className="flex cursor-pointer list-none items-center justify-between rounded-md px-3 py-1.5 text-xs font-semibold tracking-wide text-ink-300 uppercase hover:bg-ink-800 hover:text-white [&::-webkit-details-marker]:hidden"
                >
                  {NAV_GROUP_LABELS[group]}
                  <Icon node={ChevronDown} aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
                </summary>
                <ul className="mt-1 space-y-1">
                  {items.map(({ to, label }) => (
                    <li key={to}>
                      <NavLink
                        to={`/${adminPath}/${to}`}
                        // `end`: General is not also marked current on the settings pages below it.
                        end={to === 'settings'}
                        onClick={onNavigate}
                        className={({ isActive }) =>
                          `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-primary-700 text-white' : 'text-ink-200 hover:bg-ink-800 hover:text-white'}`
                        }
                      >
                        <Icon node={ICONS[to] ?? Settings} aria-hidden="true" className="size-4" />
                        {label}
                        {counts[to] ? (
                          <span
                            className="ml-auto rounded-full bg-primary-100 px-2 py-0.5 text-xs font-semibold text-primary-900"
                            data-testid={`menu-count-${to}`}
                          >
                            {counts[to]}
                            <span className="sr-only"> {COUNT_WORDS[to]}</span>
                          </span>
                        ) : null}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          )
        })}
      </ul>
      <Form method="post" action={`/${adminPath}/logout`} replace className="mt-6">
        <CsrfField />
        <button
          type="submit"
          className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-ink-200 hover:bg-ink-800 hover:text-white"
        >
          <Icon node={LogOut} aria-hidden="true" className="size-4" />
          Logout
        </button>
      </Form>
    </>
  )
}

/** The site's logo and name, naming the back office; a link to the person's first page. */
function Brand({ adminPath, className }: { adminPath: string; className?: string }) {
  const { siteName } = useSite().site
  return (
    <Link to={`/${adminPath}`} className={`flex min-w-0 items-center gap-2 rounded-md text-white ${className ?? ''}`}>
      <LogoMark className="size-8 shrink-0" />
      <span className="min-w-0">
        <span className="block truncate font-semibold" data-testid="admin-brand">
          {siteName}
        </span>
        <span className="block text-xs font-normal text-ink-300">Back office</span>
      </span>
    </Link>
  )
}

/**
 * Sidebar on wide screens; a slide-out drawer (modal dialog) below the lg breakpoint. Before the
 * page is hydrated (or without JavaScript) the drawer is a plain <details> disclosure, so a phone
 * can still navigate and sign out. `closedGroups`: the groups the person folded (a cookie).
 */
/** The figures beside menu items (unread leads, new calls), by the item's address. */
export type MenuCounts = Partial<Record<string, number>>

export function AdminSidebar({
  adminPath,
  username,
  links,
  counts,
  closedGroups = [],
}: {
  adminPath: string
  username: string
  links: readonly string[]
  counts?: MenuCounts
  closedGroups?: readonly NavGroup[]
}) {
  const [open, setOpen] = useState(false)
  const hydrated = useHydrated()
  useEffect(() => {
    // Lets end-to-end tests tell when the page has become interactive (as on the public pages).
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <>
      <header className="sticky top-0 z-40 flex items-center justify-between gap-3 border-b border-ink-800 bg-ink-900 px-4 py-2 text-white lg:hidden">
        <Brand adminPath={adminPath} />
        {hydrated ? (
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogTrigger className="rounded-md p-2 text-white hover:bg-ink-800" aria-label="Open admin menu">
              <Icon node={Menu} aria-hidden="true" className="size-5" />
            </DialogTrigger>
            <DialogContent layout="drawer">
              <div className="mb-6 flex items-center justify-between">
                <DialogTitle className="font-semibold">Admin menu</DialogTitle>
                <DialogClose className="rounded-md p-2 hover:bg-ink-800" aria-label="Close admin menu">
                  <Icon node={X} aria-hidden="true" className="size-5" />
                </DialogClose>
              </div>
              <DialogDescription className="sr-only">Signed in as {username}</DialogDescription>
              <nav aria-label="Admin">
                <NavItems adminPath={adminPath} links={links} closed={closedGroups} counts={counts} onNavigate={() => setOpen(false)} />
              </nav>
            </DialogContent>
          </Dialog>
        ) : (
          <details>
            <summary
              className="block cursor-pointer list-none rounded-md p-2 text-white hover:bg-ink-800 [&::-webkit-details-marker]:hidden"
              aria-label="Open admin menu"
            >
              <Icon node={Menu} aria-hidden="true" className="size-5" />
            </summary>
            <nav
              aria-label="Admin"
              className="fixed top-14 left-0 z-50 max-h-[calc(100vh-3.5rem)] w-72 max-w-[85vw] overflow-y-auto bg-ink-900 p-4 text-white shadow-xl"
            >
              <NavItems adminPath={adminPath} links={links} closed={closedGroups} counts={counts} />
            </nav>
          </details>
        )}
      </header>
      <aside className="hidden w-64 shrink-0 flex-col bg-ink-900 p-4 text-white lg:flex">
        <Brand adminPath={adminPath} className="mb-2 px-3 py-1" />
        <p className="mb-6 px-3 text-xs text-ink-300">Signed in as {username}</p>
        <nav aria-label="Admin">
          <NavItems adminPath={adminPath} links={links} closed={closedGroups} counts={counts} />
        </nav>
      </aside>
    </>
  )
}
