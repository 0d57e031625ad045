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
    const rows = await db
      .selectFrom('uploads')
      .select('name')
      .where('name', 'in', names.slice(i, i + 500))
      .execute()
    for (const r of rows) found.add(r.name)
  }
  return found
}

export type UploadSize = Pick<UploadRow, 'name' | 'contentType' | 'width' | 'height' | 'variantOf'>

/** These originals and all their variants, without bytes: what a page needs for srcset and width/height. */
export async function findUploadSizes(db: Db, names: string[]): Promise<UploadSize[]> {
  const out: UploadSize[] = []
  for (let i = 0; i < names.length; i += 500) {
    const chunk = names.slice(i, i + 500)
    out.push(
      ...(await db
        .selectFrom('uploads')
        .select(['name', 'contentType', 'width', 'height', 'variantOf'])
        .where((eb) => eb.or([eb('name', 'in', chunk), eb('variantOf', 'in', chunk)]))
        .execute()),
    )
  }
  return out
}

/** Originals stored before variants existed (no size yet), oldest first. */
export async function findUnsizedOriginals(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('uploads')
    .select('name')
    .where('variantOf', 'is', null)
    .where('width', 'is', null)
    .orderBy('createdAt')
    .orderBy('name')
    .limit(limit)
    .execute()
  return rows.map((r) => r.name)
}

/** Records an original's size once its variants exist (0 × 0: unreadable, never tried again). */
export async function setUploadSize(db: Db, name: string, width: number, height: number): Promise<void> {
  await db.updateTable('uploads').set({ width, height }).where('name', '=', name).execute()
}

/** Deletes these originals and their variants (images nothing refers to: an import that failed). */
export async function deleteUploads(db: Db, names: string[]): Promise<void> {
  for (let i = 0; i < names.length; i += 500) {
    const chunk = names.slice(i, i + 500)
    await db
      .deleteFrom('uploads')
      .where((eb) => eb.or([eb('name', 'in', chunk), eb('variantOf', 'in', chunk)]))
      .execute()
  }
}
