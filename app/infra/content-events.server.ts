import type { Db } from '~/db/db.server.ts'
import { bumpContentVersion } from './content-version.server.ts'

/** Told the new content version, synchronously, right after a change visitors can see. */
export type ContentChangeListener = (version: string) => void

// Keyed by the Kysely instance: each app (and each test app) opens its own handle, so listeners
// hear only the writes made through their own database, and a closed handle takes them with it.
const listeners = new WeakMap<Db, Set<ContentChangeListener>>()

/**
 * Subscribes to the changes announced through `db` in this process (other processes see them
 * through the content version they poll). Returns the unsubscribe function.
 */
export function onContentChange(db: Db, listener: ContentChangeListener): () => void {
  let set = listeners.get(db)
  if (!set) listeners.set(db, (set = new Set()))
  set.add(listener)
  return () => void set.delete(listener)
}

/**
 * Called by a service after it committed a change visitors can see (posts, projects, settings):
 * bumps the content version in the database, so every instance drops its cached pages within its
 * poll, then tells this process's listeners at once, before the service returns (docs/decisions/016).
 * NOTE: pass the root handle the listeners registered with, never a transaction: the change must
 * be committed first, and a transaction is a different object.
 */
export async function announceContentChange(db: Db): Promise<void> {
  const version = await bumpContentVersion(db)
  for (const listener of listeners.get(db) ?? []) listener(version)
}
