import type { Transaction } from 'kysely'
import type { Db } from '~/db/db.server.ts'
import type { Database } from '~/db/schema.ts'

/** Settings are a key/value table holding JSON values, so a new setting needs no migration. */
export async function findSettingValues(db: Db): Promise<Record<string, unknown>> {
  const rows = await db.selectFrom('settings').selectAll().execute()
  return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]))
}

/** Call inside a transaction when several keys must change together. */
export async function upsertSettingValues(db: Db | Transaction<Database>, values: Record<string, unknown>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    await db
      .insertInto('settings')
      .values({ key, value: JSON.stringify(value) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
      .execute()
  }
}
