/**
 * The activity log's words and rules, shared by the page, the CSV and the service
 * (docs/decisions/044): the kinds of change, the kinds of item, the filter read from a URL and the
 * retention setting.
 */
import { DateTime } from 'luxon'
import { z } from './zod.ts'
import { localStamp, zoneColumnName } from './agency-time.ts'
import { neutralizeFormula, toCsv } from './csv.ts'

/** Every kind of change the services record, with what the page and the CSV call it. */
export const ACTIVITY_ACTIONS = {
  'post.create': 'Post created',
  'post.update': 'Post edited',
  'post.publish': 'Post published',
  'post.schedule': 'Post scheduled',
  'post.publish-due': 'Scheduled post went live',
  'post.restore': 'Post revision restored',
  'post.delete': 'Post deleted',
  'project.create': 'Project created',
  'project.update': 'Project edited',
  'project.delete': 'Project deleted',
  'settings.update': 'Settings changed',
  'booking-hours.update': 'Booking hours changed',
  'activity-retention.update': 'Activity retention changed',
  'proposal.status': 'Proposal status changed',
  'proposal.note': 'Proposal note added',
  'proposal.reply': 'Proposal reply put in the outbox',
  'proposal.delete': 'Proposal deleted',
  'proposals.export': 'Proposals exported (CSV)',
  'message.read': 'Message marked read',
  'message.unread': 'Message marked unread',
  'message.delete': 'Message deleted',
  'message.status': 'Message status changed',
  'message.reply': 'Message answered (reply put in the outbox)',
  'call.cancel': 'Call cancelled',
  'call.move': 'Call moved',
  'upload.create': 'Image uploaded',
  'sign-in': 'Signed in',
  'sign-in.failed': 'Sign-in failed',
  'password.change': 'Password changed',
  'password.reset': 'Sign-in reset from the shell',
  'password.reset-link': 'Password reset link made',
  'password.reset-by-link': 'Password reset by mailed link',
  'passkey.add': 'Passkey added',
  'passkey.rename': 'Passkey renamed',
  'passkey.remove': 'Passkey removed',
  'two-step.on': 'Two-step sign-in turned on',
  'two-step.off': 'Two-step sign-in turned off',
  'recovery-codes.new': 'New recovery codes made',
  'session.end': 'Session ended',
  'sessions.end-others': 'Other sessions ended',
  'site.import': 'Site imported',
  'site.export': 'Site exported',
  'person.invite': 'Person invited',
  'person.invitation-revoke': 'Invitation revoked',
  'person.invitation-link': 'Invitation link made again',
  'person.join': 'Invitation accepted',
  'person.role': 'Role changed',
  'person.suspend': 'Person suspended',
  'person.restore': 'Person restored',
  'person.remove': 'Person removed',
  'person.create': 'Person created from the shell',
  'person.profile': 'Profile changed',
  'person.email': 'Notice email changed',
  'people.second-factor': 'Second factor for everyone changed',
  'token.create': 'API token created',
  'token.revoke': 'API token revoked',
  'proposal.assign': 'Proposal assigned',
  'proposal-document.save': 'Proposal document saved',
  'proposal-document.send': 'Proposal document sent',
  'proposal-document.view': 'Proposal document first viewed',
  'proposal-document.accept': 'Proposal document accepted',
  'proposal-document.decline': 'Proposal document declined',
  'proposal-document.question': 'Question asked about a proposal document',
  'proposal.from-message': 'Proposal request made from a message',
} as const satisfies Record<string, string>

export type ActivityAction = keyof typeof ACTIVITY_ACTIONS

export const ACTIVITY_ITEM_TYPES = {
  post: 'Blog post',
  project: 'Portfolio project',
  settings: 'Settings',
  proposal: 'Proposal',
  message: 'Message',
  call: 'Call',
  upload: 'Image',
  account: 'Account',
  site: 'Whole site',
  person: 'Person',
  token: 'API token',
} as const satisfies Record<string, string>

export type ActivityItemType = keyof typeof ACTIVITY_ITEM_TYPES

export const actionLabel = (action: string): string => (ACTIVITY_ACTIONS as Record<string, string>)[action] ?? action
export const itemTypeLabel = (type: string): string => (ACTIVITY_ITEM_TYPES as Record<string, string>)[type] ?? type

/** One entry as the page and the CSV read it (the activity_log table's row). */
export type ActivityEntry = {
  id: number
  /** When (ISO UTC). */
  at: string
  /** The acting person; null for the shell, the system, or a sign-in that failed. */
  personId: number | null
  /** Their name then (kept when the person is removed): 'Shell', 'System' without a person. */
  personName: string
  /** What was done: a key of ACTIVITY_ACTIONS. */
  action: string
  /** A key of ACTIVITY_ITEM_TYPES. */
  itemType: string
  itemId: string | null
  /** The item's title or name at the time. */
  itemLabel: string
  /** What changed, in words (never a secret). */
  detail: string
  ip: string | null
  device: string
}

export const ACTIVITY_PAGE_SIZE = 50

/** What the list is filtered by; every field optional. Days are in the agency's zone, both ends included. */
export type ActivityFilter = { person?: string; action?: string; itemType?: string; from?: string; to?: string }

const DAY = /^\d{4}-\d{2}-\d{2}$/
const isDay = (s: string) => DAY.test(s) && DateTime.fromISO(s, { zone: 'utc' }).isValid

/**
 * The filter from the page's address (a plain GET form): unknown kinds and unreadable days are
 * dropped rather than refused, so an old bookmark still opens the page.
 */
export function activityFilterFrom(params: URLSearchParams): ActivityFilter & { page: number } {
  const text = (name: string) => (params.get(name) ?? '').trim().slice(0, 200)
  const filter: ActivityFilter & { page: number } = { page: Math.max(1, Math.min(100_000, Number.parseInt(text('page'), 10) || 1)) }
  if (text('person')) filter.person = text('person')
  if (text('action') in ACTIVITY_ACTIONS) filter.action = text('action')
  if (text('itemType') in ACTIVITY_ITEM_TYPES) filter.itemType = text('itemType')
  if (isDay(text('from'))) filter.from = text('from')
  if (isDay(text('to'))) filter.to = text('to')
  return filter
}

/** The filter as a query string (page and export links keep it). */
export function activityQuery(filter: ActivityFilter & { page?: number }): string {
  const params = new URLSearchParams()
  for (const key of ['person', 'action', 'itemType', 'from', 'to'] as const) if (filter[key]) params.set(key, filter[key])
  if (filter.page && filter.page > 1) params.set('page', String(filter.page))
  const s = params.toString()
  return s ? `?${s}` : ''
}

/** The instants a filter's days cover: from the start of `from` to the end of `to`, in `zone` (the reader's). */
export function activityRange(filter: ActivityFilter, zone: string): { since?: string; before?: string } {
  const start = (day: string) => DateTime.fromISO(day, { zone }).startOf('day')
  return {
    since: filter.from ? (start(filter.from).toUTC().toISO() ?? undefined) : undefined,
    before: filter.to ? (start(filter.to).plus({ days: 1 }).toUTC().toISO() ?? undefined) : undefined,
  }
}

/** How long entries are kept: whole days, 1 to 3650 (ten years); 365 by default. */
export const DEFAULT_ACTIVITY_RETENTION_DAYS = 365
export const ActivityRetentionSchema = z.object({
  retentionDays: z.coerce
    .number({ error: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(1, 'Keep activity for at least 1 day')
    .max(3650, 'Keep activity for at most 3650 days (ten years)'),
})

/** The CSV's columns; the first names the zone its times are in ('When (Pacific Time)'). */
export const activityCsvHeader = (zone: string) => [
  `When (${zoneColumnName(zone)})`,
  'Person',
  'Change',
  'Item type',
  'Item',
  'Item id',
  'Detail',
  'Address',
  'Device',
]

/**
 * The CSV the page's export link downloads: RFC 4180, dates in `zone` (the reader's), named in the header, every cell
 * neutralised against spreadsheet formulas like the proposals export (item titles and failed
 * sign-in names are typed by people, some of them strangers).
 */
export function activityCsv(entries: readonly ActivityEntry[], zone: string): string {
  const rows = entries.map((e) => [
    localStamp(e.at, zone),
    e.personName,
    actionLabel(e.action),
    itemTypeLabel(e.itemType),
    e.itemLabel,
    e.itemId ?? '',
    e.detail,
    e.ip ?? '',
    e.device,
  ])
  return toCsv([activityCsvHeader(zone), ...rows].map((row) => row.map((cell) => neutralizeFormula(String(cell)))))
}
