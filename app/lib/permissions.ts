/**
 * Who may do what in the back office (issue 23, docs/decisions/043): one table, role to
 * permissions, that the page guard (app/http/admin-guard.server.ts), the API (app/api/) and the
 * services consult. The menu shows only what a role may use; the server refuses the rest with 403.
 * tests/system/permission-matrix.test.ts walks every admin page, action and API call for every role.
 */
export const ROLES = ['owner', 'administrator', 'editor', 'author', 'sales'] as const
export type Role = (typeof ROLES)[number]

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  administrator: 'Administrator',
  editor: 'Editor',
  author: 'Author',
  sales: 'Sales',
}

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Everything, including people, settings and security for the site.',
  administrator: 'Everything except people and ownership.',
  editor: 'Blog and portfolio (all posts, publishing), and messages.',
  author: 'Their own blog posts, as drafts: an editor publishes them.',
  sales: 'Proposals (the lead desk and the proposals sent to clients), calls and messages. No settings.',
}

export const PERMISSIONS = [
  /** The dashboard: leads, posts and traffic figures. */
  'dashboard',
  /** Proposals (the lead desk), their export, and discovery calls. */
  'leads',
  /** Writing, previewing and sending a lead's proposal document (issue 38). */
  'proposals.write',
  /** Contact messages. */
  'messages',
  /** Writing blog posts: one's own, as drafts. */
  'posts.write',
  /** Everyone's posts: editing, deleting, statistics. */
  'posts.all',
  /** Publishing and scheduling posts. */
  'posts.publish',
  'portfolio',
  /** Uploading pictures (for posts and projects). */
  'uploads',
  /** Site settings, booking hours. */
  'settings',
  /** Settings > Import and export. */
  'import-export',
  /** Inviting, changing, suspending and removing people; requiring a second factor for everyone. */
  'people',
  /** The activity log (who changed what): the owner's. */
  'activity',
  /** The outbox (every mail, its state and the mail server's answer), its Retry, and the test mail (issue 36). */
  'mail',
] as const
export type Permission = (typeof PERMISSIONS)[number]

const EDITORIAL: Permission[] = ['messages', 'posts.write', 'posts.all', 'posts.publish', 'portfolio', 'uploads']

/** The table. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  administrator: PERMISSIONS.filter((p) => p !== 'people' && p !== 'activity'),
  editor: EDITORIAL,
  author: ['posts.write', 'uploads'],
  sales: ['leads', 'proposals.write', 'messages'],
}

export const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v)

export function can(role: string, permission: Permission): boolean {
  return isRole(role) && ROLE_PERMISSIONS[role].includes(permission)
}

/** Any signed-in person (their own account: password, passkeys, two-step sign-in, API tokens). */
export const SIGNED_IN = 'signed-in'
/** No session needed (the login page, logout, accepting an invitation, a forgotten password and its reset link). */
export const PUBLIC = 'public'
export type PageRule = Permission | typeof SIGNED_IN | typeof PUBLIC

/**
 * Every back-office address (as in app/routes.ts, below `/{ADMIN_PATH}/`) and what it needs, for
 * its page, its `.data` answer and its action alike. The guard finds the rule from the address, so
 * no route decides access by itself; an address missing here is refused (and fails the matrix test).
 */
export const ADMIN_PAGES: Record<string, PageRule> = {
  '': SIGNED_IN,
  login: PUBLIC,
  logout: PUBLIC,
  'invite/:token': PUBLIC,
  forgot: PUBLIC,
  'reset/:token': PUBLIC,
  passkey: SIGNED_IN,
  dashboard: 'dashboard',
  proposals: 'leads',
  'proposals/:id': 'leads',
  'proposals/:id/document': 'proposals.write',
  'proposals/:id/document/preview': 'proposals.write',
  calls: 'leads',
  messages: 'messages',
  'messages/:id': 'messages',
  blogs: 'posts.write',
  'blogs/new': 'posts.write',
  'blogs/edit/:id': 'posts.write',
  portfolio: 'portfolio',
  'portfolio/new': 'portfolio',
  'portfolio/edit/:id': 'portfolio',
  settings: 'settings',
  'settings/booking': 'settings',
  'settings/import-export': 'import-export',
  'settings/import-export/archive': 'import-export',
  'settings/security': SIGNED_IN,
  'settings/profile': SIGNED_IN,
  'settings/people': 'people',
  'settings/activity': 'activity',
  'settings/activity/export': 'activity',
  'settings/outbox': 'mail',
}

/**
 * The menu, in order and in its groups (issue 36 §5; app/lib/admin-nav.ts names the groups): each
 * link shows only to a role its page's rule allows. The sidebar draws these links in this order.
 */
export const ADMIN_MENU = [
  { to: 'dashboard', label: 'Dashboard', group: 'insights' },
  // One desk for every kind of lead (issue 36 §1): messages are on it; their own inbox is for the
  // roles that have messages but not the desk (`unlessCan`).
  { to: 'proposals', label: 'Lead desk', group: 'leads' },
  { to: 'messages', label: 'Messages', group: 'leads', unlessCan: 'leads' },
  { to: 'calls', label: 'Calls', group: 'leads' },
  { to: 'blogs', label: 'Blog Posts', group: 'content' },
  { to: 'portfolio', label: 'Portfolio', group: 'content' },
  { to: 'settings', label: 'General', group: 'settings' },
  { to: 'settings/people', label: 'People', group: 'settings' },
  { to: 'settings/booking', label: 'Booking hours', group: 'settings' },
  { to: 'settings/security', label: 'Security', group: 'settings' },
  { to: 'settings/profile', label: 'Profile', group: 'settings' },
  { to: 'settings/import-export', label: 'Import and export', group: 'settings' },
  { to: 'settings/activity', label: 'Activity log', group: 'settings' },
  // More settings pages go here, in the Settings group.
  { to: 'settings/outbox', label: 'Outbox', group: 'settings' },
] as const satisfies readonly { to: string; label: string; group: string; unlessCan?: Permission }[]

export function mayOpen(role: string, rule: PageRule | undefined): boolean {
  if (rule === undefined) return false
  if (rule === PUBLIC || rule === SIGNED_IN) return true
  return can(role, rule)
}

/** The menu links a role sees. */
export function menuFor(role: string): string[] {
  return ADMIN_MENU.filter((l) => mayOpen(role, ADMIN_PAGES[l.to]) && !('unlessCan' in l && can(role, l.unlessCan))).map((l) => l.to)
}

/** Where a person lands after signing in (the first page of the menu they may open). */
export function homeFor(role: string): string {
  return menuFor(role)[0] ?? 'settings/security'
}

/**
 * The rule for a path below the admin base (no leading slash, no `.data`), matching the patterns
 * above segment by segment (`:name` matches one segment). Undefined when none matches.
 */
export function ruleForPath(subPath: string): PageRule | undefined {
  const parts = subPath.split('/').filter(Boolean)
  for (const [pattern, rule] of Object.entries(ADMIN_PAGES)) {
    const want = pattern.split('/').filter(Boolean)
    if (want.length === parts.length && want.every((w, i) => w.startsWith(':') || w === parts[i])) return rule
  }
  return undefined
}

/**
 * Every JSON API call (`METHOD /path` below /api, as the router declares it) and what it needs.
 * PUBLIC calls take no session; the others answer 401 without one and 403 JSON when the role
 * lacks the permission. A public read that a signed-in person may see more of (GET /blogs,
 * /portfolio) names the permission that shows more: without it the person sees the public answer.
 * A call missing here is refused (and fails the matrix test).
 */
export const API_RULES: Record<string, PageRule> = {
  'GET /auth/session': PUBLIC,
  'POST /auth/login': PUBLIC,
  'POST /auth/logout': PUBLIC,
  'POST /auth/sudo': SIGNED_IN,
  'POST /auth/password': SIGNED_IN,
  'GET /portfolio': 'portfolio',
  'GET /portfolio/:id': 'portfolio',
  'POST /portfolio': 'portfolio',
  'PUT /portfolio/:id': 'portfolio',
  'DELETE /portfolio/:id': 'portfolio',
  'GET /blogs': 'posts.write',
  'GET /blogs/:id': 'posts.write',
  'POST /blogs': 'posts.write',
  'PUT /blogs/:id': 'posts.write',
  'DELETE /blogs/:id': 'posts.write',
  'GET /blog/stats': 'posts.all',
  'POST /proposals': PUBLIC,
  'GET /proposals': 'leads',
  'GET /proposals/stats': 'leads',
  'GET /proposals/export.csv': 'leads',
  'GET /proposals/:id': 'leads',
  'PUT /proposals/:id': 'leads',
  'DELETE /proposals/:id': 'leads',
  'GET /settings': 'settings',
  'PUT /settings': 'settings',
  'GET /dashboard': 'dashboard',
  'GET /dashboard/traffic': 'dashboard',
  'GET /dashboard/traffic.csv': 'dashboard',
  'POST /pageviews': PUBLIC,
  'GET /estimate/pdf': PUBLIC,
  'POST /uploads': 'uploads',
}

/**
 * What a person may still open with a one-time password to replace (or a second factor the owner
 * requires still to add): the API calls and the back-office pages (paths below the admin path)
 * that set it up. Anything else is refused (API) or sends them to Settings > Security (pages).
 */
export const BEFORE_SET_UP = {
  api: ['GET /auth/session', 'POST /auth/logout', 'POST /auth/sudo', 'POST /auth/password'],
  pages: ['settings/security', 'passkey'],
} as const

/** Whether `key` (an API call, or a page's path below the admin path) stays open before set-up. */
export const openBeforeSetUp = (where: keyof typeof BEFORE_SET_UP, key: string): boolean =>
  (BEFORE_SET_UP[where] as readonly string[]).includes(key)
