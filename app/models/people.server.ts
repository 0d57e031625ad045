import type { ExpressionBuilder } from 'kysely'
import type { Db } from '~/db/db.server.ts'
import type { AdminUserRow, ApiTokenRow, Database, InvitationRow } from '~/db/schema.ts'
import { nowIso } from './search.server.ts'

/** A person as the back office lists them: never the password hash or the sealed secret. */
export type PersonRow = Pick<AdminUserRow, 'id' | 'username' | 'role' | 'displayName' | 'email' | 'picture' | 'status' | 'createdAt'> & {
  twoStep: boolean
}

const PERSON_COLUMNS = ['id', 'username', 'role', 'displayName', 'email', 'picture', 'status', 'createdAt', 'totpSecret'] as const

const toPerson = ({ totpSecret, ...row }: Pick<AdminUserRow, (typeof PERSON_COLUMNS)[number]>): PersonRow => ({
  ...row,
  twoStep: totpSecret !== null,
})

/** Everyone but the removed, oldest first (the first is the original owner). */
export async function findPeople(db: Db): Promise<PersonRow[]> {
  const rows = await db.selectFrom('adminUsers').select(PERSON_COLUMNS).where('status', '!=', 'removed').orderBy('id').execute()
  return rows.map(toPerson)
}

export async function findPerson(db: Db, id: number): Promise<PersonRow | undefined> {
  const row = await db.selectFrom('adminUsers').select(PERSON_COLUMNS).where('id', '=', id).executeTakeFirst()
  return row && toPerson(row)
}

/** Names by id, for showing who wrote a post or has a lead. */
export async function findNames(db: Db, ids: number[]): Promise<Map<number, Pick<AdminUserRow, 'username' | 'displayName' | 'picture'>>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('adminUsers').select(['id', 'username', 'displayName', 'picture']).where('id', 'in', ids).execute()
  return new Map(rows.map((r) => [r.id, r]))
}

/** Whether a username is taken (any letter case; removed people keep theirs). */
export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('adminUsers')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst()
  return row !== undefined
}

/** Whether someone not removed (other than `exceptId`) has this email address. */
export async function emailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom('adminUsers')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('status', '!=', 'removed')
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId)
  const row = await q.executeTakeFirst()
  return row !== undefined
}

/** Where a person's security notices go: their own email, or for someone with none, the active owners' emails. */
export async function findNoticeAddresses(db: Db, id: number): Promise<string[]> {
  const own = await db.selectFrom('adminUsers').select('email').where('id', '=', id).executeTakeFirst()
  if (own?.email) return [own.email]
  const owners = await db
    .selectFrom('adminUsers')
    .select('email')
    .where('role', '=', 'owner')
    .where('status', '=', 'active')
    .where('email', 'is not', null)
    .orderBy('id')
    .execute()
  return owners.flatMap((o) => (o.email ? [o.email] : []))
}

/**
 * The active person a "forgot your password" form names, by username or email address (any
 * letter case); undefined for nobody, or a suspended or removed person.
 */
export async function findActivePersonByAccount(
  db: Db,
  account: string,
): Promise<Pick<AdminUserRow, 'id' | 'username' | 'email'> | undefined> {
  const wanted = account.toLowerCase()
  return db
    .selectFrom('adminUsers')
    .select(['id', 'username', 'email'])
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb(eb.fn('lower', ['username']), '=', wanted), eb(eb.fn('lower', ['email']), '=', wanted)]))
    .orderBy('id')
    .executeTakeFirst()
}

export async function countActiveOwners(db: Db): Promise<number> {
  const row = await db
    .selectFrom('adminUsers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('role', '=', 'owner')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function updatePerson(
  db: Db,
  id: number,
  set: Partial<Pick<AdminUserRow, 'role' | 'status' | 'displayName' | 'picture' | 'email' | 'timeZone'>>,
): Promise<void> {
  await db
    .updateTable('adminUsers')
    .set({ ...set, updatedAt: nowIso() })
    .where('id', '=', id)
    .execute()
}

/** The zone a person chose for their screens; null when they read the agency's. */
export async function findPersonTimeZone(db: Db, id: number): Promise<string | null> {
  const row = await db.selectFrom('adminUsers').select('timeZone').where('id', '=', id).executeTakeFirst()
  return row?.timeZone ?? null
}

/** How many rows of `table` are the person's. */
async function countOfPerson(db: Db, table: 'passkeys' | 'apiTokens', userId: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export const countPasskeys = (db: Db, userId: number) => countOfPerson(db, 'passkeys', userId)

export async function hasTotp(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('adminUsers').select('totpSecret').where('id', '=', userId).executeTakeFirst()
  return Boolean(row?.totpSecret)
}

// --- invitations ----------------------------------------------------------------------------

export async function insertInvitation(db: Db, inv: Omit<InvitationRow, 'id' | 'usedAt' | 'revokedAt'>): Promise<number> {
  const row = await db.insertInto('invitations').values(inv).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/** An invitation still good at `now`: not used, not revoked and not expired. */
const isOpenInvitation = (now: string) => (eb: ExpressionBuilder<Database, 'invitations'>) =>
  eb.and([eb('usedAt', 'is', null), eb('revokedAt', 'is', null), eb('expiresAt', '>', now)])

/** Invitations not used, not revoked and not expired, newest first. */
export async function findOpenInvitations(db: Db, now = nowIso()): Promise<InvitationRow[]> {
  return db.selectFrom('invitations').selectAll().where(isOpenInvitation(now)).orderBy('id', 'desc').execute()
}

export async function findInvitationByHash(db: Db, tokenHash: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('invitations').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst()
}

/** Uses an open invitation, in one statement: of two acceptances at once, one wins. */
export async function claimInvitation(db: Db, tokenHash: string, now = nowIso()): Promise<boolean> {
  const r = await db
    .updateTable('invitations')
    .set({ usedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where(isOpenInvitation(now))
    .executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

/** Gives an open invitation a new link (its token's hash): the old link stops working. False when it is not open. */
export async function replaceInvitationToken(db: Db, id: number, tokenHash: string, now = nowIso()): Promise<InvitationRow | undefined> {
  const r = await db.updateTable('invitations').set({ tokenHash }).where('id', '=', id).where(isOpenInvitation(now)).executeTakeFirst()
  if (Number(r.numUpdatedRows) === 0) return undefined
  return db.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function revokeInvitation(db: Db, id: number, now = nowIso()): Promise<boolean> {
  const r = await db
    .updateTable('invitations')
    .set({ revokedAt: now })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

// --- API tokens -----------------------------------------------------------------------------

export async function insertApiToken(
  db: Db,
  t: { userId: number; name: string; tokenHash: string; createdAt: string; expiresAt: string },
): Promise<number> {
  const row = await db.insertInto('apiTokens').values(t).returning('id').executeTakeFirstOrThrow()
  return row.id
}

export async function findApiTokens(db: Db, userId: number): Promise<Omit<ApiTokenRow, 'tokenHash'>[]> {
  return db
    .selectFrom('apiTokens')
    .select(['id', 'userId', 'name', 'createdAt', 'lastUsedAt', 'expiresAt'])
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .execute()
}

export async function deleteApiToken(db: Db, userId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom('apiTokens').where('userId', '=', userId).where('id', '=', id).executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

/** Deletes every token of the person; how many there were. */
export async function deleteApiTokens(db: Db, userId: number): Promise<number> {
  const r = await db.deleteFrom('apiTokens').where('userId', '=', userId).executeTakeFirst()
  return Number(r.numDeletedRows)
}

export const countApiTokens = (db: Db, userId: number) => countOfPerson(db, 'apiTokens', userId)

/** The token's person, only while they are active; with the token's expiry for the caller to check. */
export async function findApiTokenPerson(
  db: Db,
  tokenHash: string,
): Promise<
  | (Pick<AdminUserRow, 'username' | 'role' | 'displayName' | 'mustChangePassword'> & {
      userId: number
      tokenId: number
      lastUsedAt: string | null
      expiresAt: string | null
    })
  | undefined
> {
  return db
    .selectFrom('apiTokens')
    .innerJoin('adminUsers', 'adminUsers.id', 'apiTokens.userId')
    .select([
      'apiTokens.id as tokenId',
      'apiTokens.userId',
      'apiTokens.lastUsedAt',
      'apiTokens.expiresAt',
      'adminUsers.username',
      'adminUsers.role',
      'adminUsers.displayName',
      'adminUsers.mustChangePassword',
    ])
    .where('apiTokens.tokenHash', '=', tokenHash)
    .where('adminUsers.status', '=', 'active')
    .executeTakeFirst()
}

export async function touchApiToken(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('apiTokens').set({ lastUsedAt: at }).where('id', '=', id).execute()
}
