import type { ForbiddenAnswer } from './forbidden-answer.ts'
import { ROLE_LABELS, isRole, type PageRule, type Permission } from './permissions.ts'

/** What each permission is called where a refusal names it. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  dashboard: 'the dashboard',
  leads: 'proposals and calls',
  'proposals.write': 'writing and sending proposals to clients',
  messages: 'messages',
  'posts.write': 'blog posts',
  'posts.all': "other people's blog posts",
  'posts.publish': 'publishing blog posts',
  portfolio: 'the portfolio',
  uploads: 'uploading pictures',
  settings: 'site settings',
  'import-export': 'import and export',
  people: 'people',
  activity: 'the activity log',
  mail: 'the outbox',
}

export function forbiddenMessage(role: string, need: PageRule | undefined): string {
  const who = isRole(role) ? ROLE_LABELS[role] : 'your'
  const what = need && need in PERMISSION_LABELS ? PERMISSION_LABELS[need as Permission] : 'this page'
  return `Your role (${who}) does not include ${what}. Ask the site's owner if you need it.`
}

export function forbiddenAnswer(role: string, need: PageRule | undefined, base: string): ForbiddenAnswer {
  return { forbidden: true, message: forbiddenMessage(role, need), home: `/${base}` }
}
