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
  const row = await db.selectFrom('adminUsers').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function insertAdmin(db: Db, username: string, passwordHash: string): Promise<void> {
  const now = nowIso()
  await db.insertInto('adminUsers').values({ username, passwordHash, createdAt: now, updatedAt: now }).execute()
}

export async function updateAdminPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('adminUsers').set({ passwordHash, updatedAt: nowIso() }).where('id', '=', id).execute()
}

export async function insertSession(db: Db, s: { tokenHash: string; userId: number; createdAt: string; expiresAt: string }): Promise<void> {
  await db.insertInto('sessions').values(s).execute()
}

export async function findSessionWithUser(db: Db, tokenHash: string): Promise<(SessionRow & { username: string }) | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('adminUsers', 'adminUsers.id', 'sessions.userId')
    .selectAll('sessions')
    .select('adminUsers.username')
    .where('sessions.tokenHash', '=', tokenHash)
    .executeTakeFirst()
}

export async function deleteSessionByHash(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute()
}

export async function deleteOtherSessions(db: Db, userId: number, keepTokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('userId', '=', userId).where('tokenHash', '!=', keepTokenHash).execute()
}

export async function deleteExpiredSessions(db: Db, now = nowIso()): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<=', now).execute()
}
