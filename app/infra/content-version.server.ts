import type { Db } from '~/db/db.server.ts'
import { findSettingValues, upsertSettingValues } from '~/models/settings.server.ts'

const KEY = 'contentVersion'

/**
 * A number that changes whenever anything visitors see changes (posts, projects, settings).
 * Cached public pages carry the version they were rendered at; every instance compares it with
 * the database's, so an admin change on one instance shows on all of them.
 */
export async function readContentVersion(db: Db): Promise<string> {
  return String((await findSettingValues(db))[KEY] ?? '0')
}

/** Stamped with the time plus randomness so two instances bumping at once never collide. */
export async function bumpContentVersion(db: Db): Promise<string> {
  const version = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
  await upsertSettingValues(db, { [KEY]: version })
  return version
}
