import type { Db } from '~/db/db.server.ts'
import {
  ACTIVITY_PAGE_SIZE,
  DEFAULT_ACTIVITY_RETENTION_DAYS,
  activityRange,
  type ActivityAction,
  type ActivityEntry,
  type ActivityFilter,
  type ActivityItemType,
} from '~/lib/activity.ts'
import * as model from '~/models/activity-log.server.ts'
import { findSettingValues, upsertSettingValues } from '~/models/settings.server.ts'
import { actingContext } from '~/infra/acting-context.server.ts'
import { requirePermission, type Admin } from './actor.server.ts'
import { readerZone } from './clock.server.ts'

/**
 * The activity log (issue 23, docs/decisions/044): the services that change data call
 * recordActivity once the change is made, inside its transaction when it has one, so an entry
 * exists exactly when the change does. Who, from which address and device come from the acting
 * context (acting-context.server.ts) the request or the shell command entered.
 */

export type ActivityRecord = {
  action: ActivityAction
  itemType: ActivityItemType
  itemId?: string | number | null
  /** The item's title or name at the time. */
  itemLabel?: string
  /** What changed, in words. NEVER a password, token or code. */
  detail?: string
  /** Who, when the acting context cannot know yet (signing in: no session resolved it). */
  person?: { id: number | null; name: string }
}

const MAX_TEXT = 500
const clip = (s: string | null | undefined, max = MAX_TEXT) => (s ?? '').slice(0, max)

/** Pass the change's transaction when it has one: the entry commits or rolls back with it. */
export async function recordActivity(db: Db, entry: ActivityRecord, now = new Date()): Promise<void> {
  const acting = actingContext()
  const person =
    entry.person ??
    (acting.personName !== null
      ? { id: acting.personId, name: acting.personName }
      : { id: null, name: acting.device === 'System' ? 'System' : 'Not signed in' })
  await model.insertActivity(db, {
    at: now.toISOString(),
    personId: person.id,
    personName: clip(person.name, 200),
    action: entry.action,
    itemType: entry.itemType,
    itemId: entry.itemId === undefined || entry.itemId === null ? null : String(entry.itemId),
    itemLabel: clip(entry.itemLabel),
    detail: clip(entry.detail, 2000),
    ip: acting.ip,
    device: clip(acting.device, 200),
  })
}

/**
 * A change to a person's own account (signing in, the password, sign-in factors, sessions),
 * logged against that account: `recordActivity` with itemType 'account'.
 */
export function recordAccountActivity(
  db: Db,
  account: { id: number; username: string },
  action: ActivityAction,
  more: Pick<ActivityRecord, 'detail' | 'person'> = {},
): Promise<void> {
  return recordActivity(db, { action, itemType: 'account', itemId: account.id, itemLabel: account.username, ...more })
}

/** "title, content and status" from the fields a change touched. */
export function changedFields(names: readonly string[]): string {
  const words = names.map((n) => n.replace(/([A-Z])/g, ' $1').toLowerCase())
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

export type ActivityPage = {
  entries: ActivityEntry[]
  total: number
  page: number
  pages: number
  people: string[]
}

/** One page of the log, newest first, filtered. */
export async function listActivity(db: Db, admin: Admin, filter: ActivityFilter & { page?: number } = {}): Promise<ActivityPage> {
  requirePermission(admin, 'activity')
  const where = whereOf(filter, (await readerZone(db, admin)).id)
  const [total, people] = await Promise.all([model.countActivity(db, where), model.findActivityPeople(db)])
  const pages = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE))
  const page = Math.min(Math.max(1, filter.page ?? 1), pages)
  const entries = await model.findActivity(db, where, { limit: ACTIVITY_PAGE_SIZE, offset: (page - 1) * ACTIVITY_PAGE_SIZE })
  return { entries, total, page, pages, people }
}

/** Every entry the filter matches, for the CSV (its days in the reader's zone, as on the page). */
export async function exportActivity(db: Db, admin: Admin, filter: ActivityFilter = {}): Promise<ActivityEntry[]> {
  requirePermission(admin, 'activity')
  return model.findActivity(db, whereOf(filter, (await readerZone(db, admin)).id))
}

function whereOf(filter: ActivityFilter, zone: string): model.ActivityWhere {
  return { person: filter.person, action: filter.action, itemType: filter.itemType, ...activityRange(filter, zone) }
}

// --- retention ----------------------------------------------------------------------------------

/** A key of the settings table of its own: it is not one of the site's settings (the public site never reads it). */
const RETENTION_KEY = 'activityRetentionDays'
const DAY_MS = 86_400_000

export async function getActivityRetention(db: Db): Promise<number> {
  const value = (await findSettingValues(db))[RETENTION_KEY]
  return Number.isInteger(value) && (value as number) >= 1 ? (value as number) : DEFAULT_ACTIVITY_RETENTION_DAYS
}

/** Saves how many days to keep (checked by ActivityRetentionSchema first), records it, and prunes at once. */
export async function setActivityRetention(db: Db, admin: Admin, days: number, now = new Date()): Promise<void> {
  requirePermission(admin, 'activity')
  const before = await getActivityRetention(db)
  await db.transaction().execute(async (trx) => {
    await upsertSettingValues(trx, { [RETENTION_KEY]: days })
    if (before !== days)
      await recordActivity(
        trx,
        {
          action: 'activity-retention.update',
          itemType: 'settings',
          itemLabel: 'Activity log',
          detail: `Keep activity for ${days} days (was ${before}).`,
        },
        now,
      )
  })
  await pruneActivity(db, now)
}

/**
 * Deletes the entries older than the retention: exactly `days` days before `now` is kept, a
 * millisecond more is not. Run by the hourly housekeeping of every instance (server/boot.ts) and
 * right after the retention changes; returns how many entries went.
 */
export async function pruneActivity(db: Db, now = new Date()): Promise<number> {
  const days = await getActivityRetention(db)
  return model.deleteActivityBefore(db, new Date(now.getTime() - days * DAY_MS).toISOString())
}
