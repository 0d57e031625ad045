import type { Transaction } from 'kysely'
import type { Db } from '~/db/db.server.ts'
import type { Database } from '~/db/schema.ts'
import { nowIso } from './search.server.ts'

/** The tables whose rows stop counting at `expiresAt` (ISO text) and are pruned after it. */
type Expiring = 'sessions' | 'authChallenges' | 'rateLimits'

/** Housekeeping: deletes the rows of `table` whose `expiresAt` is `now` or earlier. */
export async function deleteExpiredRows(db: Db | Transaction<Database>, table: Expiring, now = nowIso()): Promise<void> {
  await db.deleteFrom(table).where('expiresAt', '<=', now).execute()
}
