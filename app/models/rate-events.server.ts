import type { Db } from '~/db/db.server.ts'

/**
 * Rate limits and login throttling count rows in the database, not process memory,
 * so every instance behind a load balancer sees the same counts.
 */
/** Counts at most `cap` events: enough to decide, and constant time however busy the key is. */
export async function countRateEvents(db: Db, bucket: string, key: string, sinceIso: string, cap: number): Promise<number> {
  const rows = await db
    .selectFrom('rateEvents')
    .select('id')
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .where('createdAt', '>', sinceIso)
    .limit(cap)
    .execute()
  return rows.length
}

export async function insertRateEvent(db: Db, bucket: string, key: string, createdAt: string): Promise<void> {
  await db.insertInto('rateEvents').values({ bucket, key, createdAt }).execute()
}

export async function deleteRateEvents(db: Db, bucket: string, key: string): Promise<void> {
  await db.deleteFrom('rateEvents').where('bucket', '=', bucket).where('key', '=', key).execute()
}

export async function deleteRateEventsBefore(db: Db, beforeIso: string): Promise<void> {
  await db.deleteFrom('rateEvents').where('createdAt', '<', beforeIso).execute()
}
