import type { Db } from '~/db/db.server.ts'

/**
 * Rate limits and login throttling count rows in the database, not process memory,
 * so every instance behind a load balancer sees the same counts.
 */
export async function countRateEvents(db: Db, bucket: string, key: string, sinceIso: string): Promise<number> {
  const row = await db
    .selectFrom('rateEvents')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .where('createdAt', '>', sinceIso)
    .executeTakeFirstOrThrow()
  return Number(row.n)
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
