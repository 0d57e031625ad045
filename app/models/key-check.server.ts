import type { Db } from '~/db/db.server.ts'

/**
 * The sign-in key's check value is a row of the key/value `settings` table (no migration; the
 * settings service reads only the keys of its schema, so it never shows or changes this one).
 * NOTE: scripts/sign-in-key.js and scripts/restore.js read and delete the same row by this name.
 */
const CHECK_KEY = 'signInKeyCheck'

export async function findKeyCheck(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', CHECK_KEY).executeTakeFirst()
  return row ? (JSON.parse(row.value) as string) : undefined
}

/** Writes the check value unless one is there already (two instances starting at once: the first wins). */
export async function insertKeyCheckIfAbsent(db: Db, check: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: CHECK_KEY, value: JSON.stringify(check) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
}

export async function deleteKeyCheck(db: Db): Promise<boolean> {
  const r = await db.deleteFrom('settings').where('key', '=', CHECK_KEY).executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

/** One sealed authenticator secret in use, if any (what a key must open to be the right one). */
export async function findSealedSecret(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('adminUsers').select('totpSecret').where('totpSecret', 'is not', null).limit(1).executeTakeFirst()
  return row?.totpSecret ?? undefined
}
