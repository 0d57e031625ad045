import type { Db } from '~/db/db.server.ts'
import type { AdminUserRow, SessionRow } from '~/db/schema.ts'
import { nowIso } from './search.server.ts'

export async function findAdminByUsername(db: Db, username: string): Promise<AdminUserRow | undefined> {
  return db.selectFrom('adminUsers').selectAll().where('username', '=', username).executeTakeFirst()
}

export async function findAdminById(db: Db, id: number): Promise<AdminUserRow | undefined> {
  return db.selectFrom('adminUsers').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('adminUsers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function insertAdmin(
  db: Db,
  username: string,
  passwordHash: string,
  extra: { role?: string; displayName?: string; email?: string | null; mustChangePassword?: boolean } = {},
): Promise<number> {
  const now = nowIso()
  const row = await db
    .insertInto('adminUsers')
    .values({ username, passwordHash, createdAt: now, updatedAt: now, ...extra, mustChangePassword: extra.mustChangePassword ? 1 : 0 })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** A new password; `mustChange` marks a one-time password the person must replace at sign-in. */
export async function updateAdminPassword(db: Db, id: number, passwordHash: string, mustChange = false): Promise<void> {
  await db
    .updateTable('adminUsers')
    .set({ passwordHash, mustChangePassword: mustChange ? 1 : 0, updatedAt: nowIso() })
    .where('id', '=', id)
    .execute()
}

export async function insertSession(
  db: Db,
  s: { tokenHash: string; userId: number; createdAt: string; expiresAt: string; ip?: string | null; userAgent?: string | null },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ ...s, lastSeenAt: s.createdAt })
    .execute()
}

/** The admin's live sessions, most recently seen first. */
export async function listSessions(db: Db, userId: number, now = nowIso()): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('userId', '=', userId)
    .where('expiresAt', '>', now)
    .orderBy('lastSeenAt', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export async function touchSession(db: Db, tokenHash: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ lastSeenAt: at }).where('tokenHash', '=', tokenHash).execute()
}

/** Ends one of the admin's sessions by its id; false when there was none. */
export async function deleteSessionById(db: Db, userId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom('sessions').where('userId', '=', userId).where('id', '=', id).executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

export async function deleteAllSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('userId', '=', userId).execute()
}

/** Stores (or clears, with null) the encrypted TOTP secret; the replay guard starts afresh. */
export async function setTotpSecret(db: Db, id: number, encryptedSecret: string | null): Promise<void> {
  await db
    .updateTable('adminUsers')
    .set({ totpSecret: encryptedSecret, totpEnabledAt: encryptedSecret ? nowIso() : null, totpLastStep: null, updatedAt: nowIso() })
    .where('id', '=', id)
    .execute()
}

/**
 * Accepts a TOTP time step once: only moves forward, in one statement, so the same code (or an
 * older one) sent twice, even at the same moment, succeeds at most once.
 */
export async function claimTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const r = await db
    .updateTable('adminUsers')
    .set({ totpLastStep: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
    .executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

/** The session's row and its person, only while the person is active (a suspended or removed person's sessions read as none). */
export async function findSessionWithUser(
  db: Db,
  tokenHash: string,
): Promise<(SessionRow & Pick<AdminUserRow, 'username' | 'role' | 'displayName' | 'mustChangePassword'>) | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('adminUsers', 'adminUsers.id', 'sessions.userId')
    .selectAll('sessions')
    .select(['adminUsers.username', 'adminUsers.role', 'adminUsers.displayName', 'adminUsers.mustChangePassword'])
    .where('sessions.tokenHash', '=', tokenHash)
    .where('adminUsers.status', '=', 'active')
    .executeTakeFirst()
}

/** Sudo mode: this session confirmed the password at `at`. */
export async function markSessionSudo(db: Db, tokenHash: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ sudoAt: at }).where('tokenHash', '=', tokenHash).execute()
}

export async function findSessionSudoAt(db: Db, tokenHash: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('sessions').select('sudoAt').where('tokenHash', '=', tokenHash).executeTakeFirst()
  return row?.sudoAt
}

export async function findSessionTokenHashById(db: Db, userId: number, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('sessions').select('tokenHash').where('userId', '=', userId).where('id', '=', id).executeTakeFirst()
  return row?.tokenHash
}

export async function deleteSessionByHash(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute()
}

export async function deleteOtherSessions(db: Db, userId: number, keepTokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('userId', '=', userId).where('tokenHash', '!=', keepTokenHash).execute()
}
