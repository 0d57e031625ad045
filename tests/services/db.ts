import { afterAll, beforeAll, expect } from 'vitest'
import { migrateToLatest, openDatabase, type DatabaseHandle, type Db } from '~/db/db.server.ts'
import { seedIfEmpty } from '~/db/seed.server.ts'
import { ensureAdmin, getSession, login } from '~/services/auth.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { ADMIN_PASSWORD, ADMIN_USERNAME, resetPostgres } from '../helpers/app.ts'

/**
 * A freshly migrated database for service tests: a new SQLite file (the `dialects()` thunk makes a
 * new temp path per call), or the PostgreSQL test database emptied first. Close the previous
 * handle on PostgreSQL before asking for a new one.
 */
export async function freshDatabase(url: string, opts: { seed?: boolean } = {}): Promise<DatabaseHandle> {
  const handle = await emptyDatabase(url)
  await migrateToLatest(handle.db)
  if (opts.seed) await seedIfEmpty(handle.db)
  return handle
}

/** The same database with no tables at all, not even migrated: as a site before its first start. */
export async function emptyDatabase(url: string): Promise<DatabaseHandle> {
  if (url.startsWith('postgres')) await resetPostgres(url)
  return openDatabase(url)
}

/**
 * Creates the first admin and signs in for real, returning the acting admin the services take.
 * NOTE: costs two scrypt runs (about a second on a busy machine), so do it once per suite.
 */
export async function signInAdmin(db: Db): Promise<Admin> {
  await ensureAdmin(db, ADMIN_USERNAME, ADMIN_PASSWORD)
  const { token } = await login(db, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ip: '192.0.2.250' })
  const session = await getSession(db, token)
  if (!session.admin) throw new Error('the admin session did not resolve')
  return session.admin
}

/**
 * For one describe block: a fresh seeded database and the signed-in admin, handed to `ready`
 * before the tests run; the database is closed after them.
 */
export function seededDatabaseWithAdmin(url: () => string, ready: (h: DatabaseHandle, admin: Admin) => void) {
  let h: DatabaseHandle | undefined
  beforeAll(async () => {
    h = await freshDatabase(url(), { seed: true })
    ready(h, await signInAdmin(h.db))
  })
  afterAll(async () => {
    await h?.close()
  })
}

/** Awaits a promise that must reject with `type`, and returns the error for further checks. */
export async function rejection<E extends Error>(promise: Promise<unknown>, type: new (...args: any[]) => E): Promise<E> {
  let error: unknown
  try {
    await promise
  } catch (err) {
    error = err
  }
  expect(error, `expected a ${type.name}`).toBeInstanceOf(type)
  return error as E
}
