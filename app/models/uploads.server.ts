import type { Db } from '~/db/db.server.ts'
import type { NewUploadRow, UploadRow } from '~/db/schema.ts'

/** Adds one image; a name that already exists is an error (names are never reused or replaced). */
export async function insertUpload(db: Db, row: NewUploadRow): Promise<void> {
  await db.insertInto('uploads').values(row).execute()
}

/**
 * One image with its bytes. better-sqlite3 (BLOB) and pg (bytea) both hand back a Node Buffer;
 * anything else a driver might return (a plain Uint8Array) is wrapped without copying.
 */
export async function findUpload(db: Db, name: string): Promise<UploadRow | undefined> {
  const row = await db.selectFrom('uploads').selectAll().where('name', '=', name).executeTakeFirst()
  if (!row) return undefined
  const bytes = row.bytes as Uint8Array
  return { ...row, bytes: Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }
}

/** Which of these names are stored (no bytes read). */
export async function existingUploadNames(db: Db, names: string[]): Promise<Set<string>> {
  const found = new Set<string>()
  for (let i = 0; i < names.length; i += 500) {
    const rows = await db.selectFrom('uploads').select('name').where('name', 'in', names.slice(i, i + 500)).execute()
    for (const r of rows) found.add(r.name)
  }
  return found
}
