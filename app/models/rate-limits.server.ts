import { sql, type Transaction } from 'kysely'
import type { Db } from '~/db/db.server.ts'
import type { Database } from '~/db/schema.ts'

type Executor = Db | Transaction<Database>

/**
 * Counts one event for `key` and returns the count in its window, in one statement. The insert
 * or update takes the row's lock (PostgreSQL) or the write lock (SQLite), so thirty requests at
 * once, on any number of instances, get thirty different counts: there is no gap between
 * checking and counting for a burst to slip through.
 *
 * A window opens at the first event and lasts `windowMs`; the next event after it opens a new one.
 */
export async function countEvent(
  db: Executor,
  key: string,
  windowMs: number,
  now: number,
): Promise<{ count: number; windowStart: string }> {
  const nowIso = new Date(now).toISOString()
  const since = new Date(now - windowMs).toISOString()
  const expires = new Date(now + windowMs).toISOString()
  const row = await db
    .insertInto('rateLimits')
    .values({ key, windowStart: nowIso, expiresAt: expires, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        // SET expressions all read the row as it was before this statement, on both engines.
        count: sql`case when rate_limits.window_start > ${since} then rate_limits.count + 1 else 1 end`,
        windowStart: sql`case when rate_limits.window_start > ${since} then rate_limits.window_start else ${nowIso} end`,
        expiresAt: sql`case when rate_limits.window_start > ${since} then rate_limits.expires_at else ${expires} end`,
      }),
    )
    .returning(['count', 'windowStart'])
    .executeTakeFirstOrThrow()
  return { count: Number(row.count), windowStart: row.windowStart }
}

/** Takes back one event (an attempt that turned out not to count). */
export async function uncountEvent(db: Executor, key: string): Promise<void> {
  await db
    .updateTable('rateLimits')
    .set({ count: sql`count - 1` })
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute()
}

/** The live count of a key, 0 when its window has passed. */
export async function readCount(db: Executor, key: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('rateLimits')
    .select('count')
    .where('key', '=', key)
    .where('expiresAt', '>', new Date(now).toISOString())
    .executeTakeFirst()
  return row ? Number(row.count) : 0
}

export async function deleteKey(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('rateLimits').where('key', '=', key).execute()
}
