import type { Transaction } from 'kysely'
import type { Database } from '~/db/schema.ts'

type Trx = Transaction<Database>

/**
 * Takes `key` for a new submission unless a row for it was written at or after `windowStart`.
 * One statement, so two posts of the same form race on the key's row: PostgreSQL makes the
 * second wait for the first's commit and then sees its fresh row. True when this call took it.
 */
export async function claimKey(trx: Trx, key: string, kind: string, now: string, windowStart: string): Promise<boolean> {
  const result = await trx
    .insertInto('submissionKeys')
    .values({ key, kind, itemId: null, createdAt: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ createdAt: now, itemId: null }).where('submissionKeys.createdAt', '<', windowStart))
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0
}

/** Takes `key` whatever its age (the submission it named is gone). */
export async function renewKey(trx: Trx, key: string, now: string): Promise<void> {
  await trx.updateTable('submissionKeys').set({ createdAt: now, itemId: null }).where('key', '=', key).execute()
}

export async function setKeyItem(trx: Trx, key: string, itemId: number): Promise<void> {
  await trx.updateTable('submissionKeys').set({ itemId }).where('key', '=', key).execute()
}

export async function findKeyItem(trx: Trx, key: string): Promise<number | null> {
  const row = await trx.selectFrom('submissionKeys').select('itemId').where('key', '=', key).executeTakeFirst()
  return row?.itemId ?? null
}

/** Rows older than the window name nothing any more. */
export async function deleteKeysBefore(trx: Trx, windowStart: string): Promise<void> {
  await trx.deleteFrom('submissionKeys').where('createdAt', '<', windowStart).execute()
}
