import type { Db } from '~/db/db.server.ts'
import type { AuthChallengeRow, PasskeyRow } from '~/db/schema.ts'
import { nowIso } from './search.server.ts'

// --- passkeys -------------------------------------------------------------------------------

export async function listPasskeys(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db.selectFrom('passkeys').selectAll().where('userId', '=', userId).orderBy('id').execute()
}

export async function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credentialId', '=', credentialId).executeTakeFirst()
}

export async function insertPasskey(
  db: Db,
  p: { userId: number; credentialId: string; publicKey: string; counter: number; transports: string | null; name: string },
): Promise<void> {
  await db
    .insertInto('passkeys')
    .values({ ...p, createdAt: nowIso() })
    .execute()
}

export async function markPasskeyUsed(db: Db, id: number, counter: number): Promise<void> {
  await db.updateTable('passkeys').set({ counter, lastUsedAt: nowIso() }).where('id', '=', id).execute()
}

export async function renamePasskey(db: Db, userId: number, id: number, name: string): Promise<boolean> {
  const r = await db.updateTable('passkeys').set({ name }).where('userId', '=', userId).where('id', '=', id).executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

export async function deletePasskey(db: Db, userId: number, id: number): Promise<PasskeyRow | undefined> {
  const row = await db.selectFrom('passkeys').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst()
  if (row) await db.deleteFrom('passkeys').where('id', '=', row.id).execute()
  return row
}

// --- recovery codes -------------------------------------------------------------------------

/** Replaces the admin's recovery codes with a new set (hashes only). */
export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recoveryCodes').where('userId', '=', userId).execute()
    const createdAt = nowIso()
    if (codeHashes.length)
      await trx
        .insertInto('recoveryCodes')
        .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt })))
        .execute()
  })
}

/** Uses a recovery code once: marks it used in one statement, so only one request wins it. */
export async function claimRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const r = await db
    .updateTable('recoveryCodes')
    .set({ usedAt: nowIso() })
    .where('userId', '=', userId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recoveryCodes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

// --- challenges -----------------------------------------------------------------------------

export async function insertChallenge(
  db: Db,
  c: { tokenHash: string; kind: string; userId: number | null; data: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('authChallenges')
    .values({ ...c, createdAt: nowIso() })
    .execute()
}

export async function findChallenge(db: Db, tokenHash: string, kind: string, now = nowIso()): Promise<AuthChallengeRow | undefined> {
  return db
    .selectFrom('authChallenges')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('expiresAt', '>', now)
    .executeTakeFirst()
}

/** Takes a challenge for use: deleted in the same statement, so it answers one request only. */
export async function takeChallenge(db: Db, tokenHash: string, kind: string, now = nowIso()): Promise<AuthChallengeRow | undefined> {
  const row = await findChallenge(db, tokenHash, kind, now)
  if (!row) return undefined
  const r = await db.deleteFrom('authChallenges').where('id', '=', row.id).executeTakeFirst()
  return Number(r.numDeletedRows) > 0 ? row : undefined
}

/**
 * Counts one try at a challenge that allows `max` (a waiting code step), in one statement: false
 * when its tries are used up (or it is gone), however many requests race.
 */
export async function countChallengeAttempt(db: Db, tokenHash: string, kind: string, max: number): Promise<boolean> {
  const r = await db
    .updateTable('authChallenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('tokenHash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('attempts', '<', max)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

/** Deletes a challenge whose tries are used up; true when it did. */
export async function deleteSpentChallenge(db: Db, tokenHash: string, kind: string, max: number): Promise<boolean> {
  const r = await db
    .deleteFrom('authChallenges')
    .where('tokenHash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('attempts', '>=', max)
    .executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

export async function deleteUserPasskeys(db: Db, userId: number): Promise<number> {
  const r = await db.deleteFrom('passkeys').where('userId', '=', userId).executeTakeFirst()
  return Number(r.numDeletedRows)
}

export async function deleteChallenge(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('authChallenges').where('tokenHash', '=', tokenHash).execute()
}

export async function deleteUserChallenges(db: Db, userId: number, kind: string): Promise<void> {
  await db.deleteFrom('authChallenges').where('userId', '=', userId).where('kind', '=', kind).execute()
}
