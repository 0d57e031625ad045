import { CalendarClock, Clock, FileText, FolderKanban, LayoutDashboard, LogOut, Mail, Menu, Settings, ShieldCheck, Inbox, ScrollText, UserRound, Users, X } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '~/components/ui/dialog.tsx'
import { useEffect, useState } from 'react'
import { Form, NavLink } from 'react-router'
import { CsrfField } from '~/components/csrf-field.tsx'
import { useHydrated } from './use-hydrated.ts'

const LINKS = [
  { to: 'dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: 'proposals', label: 'Proposals', icon: Inbox },
  { to: 'messages', label: 'Messages', icon: Mail },
  { to: 'calls', label: 'Calls', icon: CalendarClock },
  { to: 'blogs', label: 'Blog Posts', icon: FileText },
  { to: 'portfolio', label: 'Portfolio', icon: FolderKanban },
  // `end`: Settings is not also marked current on its Security page below it.
  { to: 'settings', label: 'Settings', icon: Settings, end: true },
  { to: 'settings/people', label: 'People', icon: Users },
  { to: 'settings/activity', label: 'Activity log', icon: ScrollText },
  { to: 'settings/security', label: 'Security', icon: ShieldCheck },
  { to: 'settings/profile', label: 'Profile', icon: UserRound },
  { to: 'settings/booking', label: 'Booking hours', icon: Clock },
]

/**
 * The links the person's role may open (`links`, from app/lib/permissions.ts menuFor), and
 * Logout: a plain POST form to the logout route, so it works without JavaScript too.
 */
function NavItems({ adminPath, links, onNavigate }: { adminPath: string; links: readonly string[]; onNavigate?: () => void }) {
  return (
    <>
      <ul className="space-y-1">
        {LINKS.filter((l) => links.includes(l.to)).map(({ to, label, icon, end }) => (
          <li key={to}>
            <NavLink
              to={`/${adminPath}/${to}`}
              end={end}
              onClick={onNavigate}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-primary-700 text-white' : 'text-ink-200 hover:bg-ink-800 hover:text-white'}`
              }
            >
              <Icon node={icon} aria-hidden="true" className="size-4" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
      <Form method="post" action={`/${adminPath}/logout`} replace className="mt-6">
        <CsrfField />
        <button type="submit" className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-ink-200 hover:bg-ink-800 hover:text-white">
          <Icon node={LogOut} aria-hidden="true" className="size-4" />
          Logout
        </button>
      </Form>
    </>
  )
}

/**
 * Sidebar on wide screens; a slide-out drawer (modal dialog) below the lg breakpoint. Before the
 * page is hydrated (or without JavaScript) the drawer is a plain <details> disclosure, so a phone
 * can still navigate and sign out.
 */
export function AdminSidebar({ adminPath, username, links }: { adminPath: string; username: string; links: readonly string[] }) {
  const [open, setOpen] = useState(false)
  const hydrated = useHydrated()
  useEffect(() => {
    // Lets end-to-end tests tell when the page has become interactive (as on the public pages).
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <>
      <header className="sticky top-0 z-40 flex items-center justify-between border-b border-ink-800 bg-ink-900 px-4 py-3 text-white lg:hidden">
        <span className="font-semibold">Admin Panel</span>
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
                <NavItems adminPath={adminPath} links={links} onNavigate={() => setOpen(false)} />
              </nav>
            </DialogContent>
          </Dialog>
        ) : (
          <details>
            <summary className="block cursor-pointer list-none rounded-md p-2 text-white hover:bg-ink-800 [&::-webkit-details-marker]:hidden" aria-label="Open admin menu">
              <Icon node={Menu} aria-hidden="true" className="size-5" />
            </summary>
            <nav aria-label="Admin" className="fixed top-14 left-0 z-50 max-h-[calc(100vh-3.5rem)] w-72 max-w-[85vw] overflow-y-auto bg-ink-900 p-4 text-white shadow-xl">
              <NavItems adminPath={adminPath} links={links} />
            </nav>
          </details>
        )}
      </header>
      <aside className="hidden w-64 shrink-0 flex-col bg-ink-900 p-4 text-white lg:flex">
        <p className="mb-1 px-3 text-lg font-semibold">Admin Panel</p>
        <p className="mb-6 px-3 text-xs text-ink-300">Signed in as {username}</p>
        <nav aria-label="Admin">
          <NavItems adminPath={adminPath} links={links} />
        </nav>
      </aside>
    </>
  )
}
