import type { Transaction } from 'kysely'
import type { Db } from '~/db/db.server.ts'
import type { ActivityLogTable, Database } from '~/db/schema.ts'
import type { ActivityEntry } from '~/lib/activity.ts'

export type ActivityWhere = { person?: string; action?: string; itemType?: string; since?: string; before?: string }

export async function insertActivity(db: Db | Transaction<Database>, entry: Omit<ActivityLogTable, 'id'>): Promise<void> {
  await db.insertInto('activityLog').values(entry).execute()
}

function filtered(db: Db, where: ActivityWhere) {
  let q = db.selectFrom('activityLog')
  if (where.person) q = q.where('personName', '=', where.person)
  if (where.action) q = q.where('action', '=', where.action)
  if (where.itemType) q = q.where('itemType', '=', where.itemType)
  if (where.since) q = q.where('at', '>=', where.since)
  if (where.before) q = q.where('at', '<', where.before)
  return q
}

/** Newest first; `limit` omitted means every matching entry (the CSV). */
export function findActivity(db: Db, where: ActivityWhere, page?: { limit: number; offset: number }): Promise<ActivityEntry[]> {
  let q = filtered(db, where).selectAll().orderBy('at', 'desc').orderBy('id', 'desc')
  if (page) q = q.limit(page.limit).offset(page.offset)
  return q.execute()
}

export async function countActivity(db: Db, where: ActivityWhere): Promise<number> {
  const row = await filtered(db, where)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** The names that appear in the log, for the person filter (a removed person's entries included). */
export async function findActivityPeople(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('activityLog').select('personName').distinct().orderBy('personName').execute()
  return rows.map((r) => r.personName)
}

/** Deletes the entries older than `cutoff`; returns how many went. */
export async function deleteActivityBefore(db: Db, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('activityLog').where('at', '<', cutoff).executeTakeFirst()
  return Number(result.numDeletedRows)
}
