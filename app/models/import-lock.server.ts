import type { Transaction } from 'kysely'
import type { Db } from '~/db/db.server.ts'
import type { Database, ImportLockTable } from '~/db/schema.ts'

type Conn = Db | Transaction<Database>
export type ImportLockRow = ImportLockTable

/** Takes the lock unless a row holds it: one statement, so of two at once exactly one gets it. */
export async function insertImportLock(db: Conn, row: ImportLockRow): Promise<boolean> {
  const result = await db
    .insertInto('importLock')
    .values(row)
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0
}

export async function findImportLock(db: Conn, name: string): Promise<ImportLockRow | undefined> {
  return db.selectFrom('importLock').selectAll().where('name', '=', name).executeTakeFirst()
}

/** Moves the heartbeat; false when `holder` no longer holds the lock. */
export async function touchImportLock(db: Conn, name: string, holder: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('importLock')
    .set({ heartbeatAt: at })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * Deletes the lock if `holder` holds it (and, for a takeover, if its heartbeat is still the one
 * read, so two that find it stale cannot both take it). True when this call deleted it.
 */
export async function deleteImportLock(db: Conn, name: string, holder: string, heartbeatAt?: string): Promise<boolean> {
  let query = db.deleteFrom('importLock').where('name', '=', name).where('holder', '=', holder)
  if (heartbeatAt) query = query.where('heartbeatAt', '=', heartbeatAt)
  return Number((await query.executeTakeFirst()).numDeletedRows) > 0
}

/** Notes an image an import is about to store. */
export async function insertImportUpload(db: Conn, holder: string, name: string): Promise<void> {
  await db
    .insertInto('importLockUploads')
    .values({ name, holder })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
}

export async function findImportUploads(db: Conn, holder: string): Promise<string[]> {
  return (await db.selectFrom('importLockUploads').select('name').where('holder', '=', holder).execute()).map((r) => r.name)
}

export async function deleteImportUploads(db: Conn, holder: string): Promise<void> {
  await db.deleteFrom('importLockUploads').where('holder', '=', holder).execute()
}

/** Images noted by imports other than `holder`: left by imports that failed or died. */
export async function findImportUploadsExcept(db: Conn, holder: string): Promise<string[]> {
  return (await db.selectFrom('importLockUploads').select('name').where('holder', '<>', holder).execute()).map((r) => r.name)
}

export async function deleteImportUploadsExcept(db: Conn, holder: string): Promise<void> {
  await db.deleteFrom('importLockUploads').where('holder', '<>', holder).execute()
}
