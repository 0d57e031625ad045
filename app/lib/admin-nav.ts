/**
 * The back office's menu groups (issue 36 §5) and which of them a person has folded. The choice is
 * kept in a cookie that only the browser writes (it opens nothing and grants nothing), so the
 * server draws the menu as it was left and nothing jumps after the page loads.
 */
export const NAV_GROUPS = ['insights', 'leads', 'content', 'settings'] as const
export type NavGroup = (typeof NAV_GROUPS)[number]

export const NAV_GROUP_LABELS: Record<NavGroup, string> = {
  leads: 'Leads',
  content: 'Content',
  insights: 'Insights',
  settings: 'Settings',
}

export const NAV_COOKIE = 'admin_nav_closed'

const isGroup = (v: string): v is NavGroup => (NAV_GROUPS as readonly string[]).includes(v)

/** The folded groups named by the cookie (in a Cookie header or `document.cookie`); anything else is ignored. */
export function closedNavGroups(cookieHeader: string | null | undefined): NavGroup[] {
  const pair = (cookieHeader ?? '')
    .split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${NAV_COOKIE}=`))
  if (!pair) return []
  const value = decodeURIComponent(pair.slice(NAV_COOKIE.length + 1))
  return NAV_GROUPS.filter((g) => value.split('.').filter(isGroup).includes(g))
}

/** The cookie that keeps these groups folded for a year (`document.cookie = ...`). */
export function navCookie(closed: readonly NavGroup[]): string {
  const value = NAV_GROUPS.filter((g) => closed.includes(g)).join('.')
  return `${NAV_COOKIE}=${value}; Path=/; Max-Age=${value ? 31_536_000 : 0}; SameSite=Lax`
}
