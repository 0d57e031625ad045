import { randomBytes } from 'node:crypto'
import type { Transaction } from 'kysely'
import type { Db } from '~/db/db.server.ts'
import type { Database } from '~/db/schema.ts'
import { formatZonedDateTimeNamed } from '~/lib/agency-time.ts'
import * as model from '~/models/import-lock.server.ts'
import type { ImageStore } from './image-store.server.ts'
import { agencyZone } from './clock.server.ts'

/**
 * One site import at a time, on every instance and in `npm run import` (docs/decisions/051): the
 * lock is a row in the database. A live import moves its heartbeat every IMPORT_HEARTBEAT_MS; a
 * lock whose heartbeat has not moved for IMPORT_LOCK_STALE_MS belongs to an import that died
 * (its process killed, its machine gone) and the next import takes it over. The images an import
 * stores are noted beside the lock, so a failed or dead import's images are removed.
 */
const LOCK = 'site-import'
export const IMPORT_HEARTBEAT_MS = 10_000
export const IMPORT_LOCK_STALE_MS = 60_000

/** Another import holds the lock: the back office answers 409, `npm run import` refuses. */
export class ImportRunningError extends Error {
  /** `zone`: the agency's (the shell and the back office read the same words), named in the text. */
  constructor(
    readonly startedAt: string,
    zone: string,
  ) {
    super(`An import is already running, started at ${formatZonedDateTimeNamed(startedAt, zone)}. Wait for it to finish, then try again.`)
  }
}

/** This import stopped moving for so long that another one took the lock: nothing of it is saved. */
export class ImportLockLostError extends Error {
  constructor() {
    super('The import stopped moving for a minute and another import took over: nothing of it was saved.')
  }
}

export type ImportLock = {
  readonly holder: string
  readonly startedAt: string
  /** Throws ImportLockLostError once another import has taken the lock over. */
  check(): void
  /** Notes an image (its original's name) before it is stored, so a failure removes it. */
  noteUpload(name: string): Promise<void>
  /**
   * Inside the transaction that writes the import: the lock and its notes go with the commit (so
   * a crash after it removes nothing that is used), or ImportLockLostError rolls it back.
   */
  commit(trx: Transaction<Database>): Promise<void>
  /** Frees the lock after a failure (or when there was nothing to do), removing the images it noted first. */
  release(): Promise<void>
}

/**
 * Takes the import lock, or throws ImportRunningError naming when the running import started. A
 * stale lock is taken over; images left by imports that died are removed once the lock is ours.
 */
export async function acquireImportLock(db: Db, images: ImageStore, label: string, now: () => number = Date.now): Promise<ImportLock> {
  const holder = randomBytes(12).toString('hex')
  for (let attempt = 0; attempt < 3; attempt++) {
    const at = new Date(now()).toISOString()
    if (await model.insertImportLock(db, { name: LOCK, holder, label, startedAt: at, heartbeatAt: at })) {
      try {
        await removeLeftovers(db, images, holder)
      } catch (err) {
        await model.deleteImportLock(db, LOCK, holder).catch(() => undefined)
        throw err
      }
      return held(db, images, holder, at)
    }
    const current = await model.findImportLock(db, LOCK)
    if (!current) continue // freed between the two statements
    if (now() - Date.parse(current.heartbeatAt) <= IMPORT_LOCK_STALE_MS)
      throw new ImportRunningError(current.startedAt, await agencyZone(db))
    // Deleted only if its heartbeat is still the one read: of two finding it stale, one takes it.
    await model.deleteImportLock(db, LOCK, current.holder, current.heartbeatAt)
  }
  const current = await model.findImportLock(db, LOCK)
  throw new ImportRunningError(current?.startedAt ?? new Date(now()).toISOString(), await agencyZone(db))
}

/** Who holds the lock now (a live import), if anyone. */
export async function runningImportHolder(db: Db, now = Date.now()): Promise<string | null> {
  const current = await model.findImportLock(db, LOCK)
  return current && now - Date.parse(current.heartbeatAt) <= IMPORT_LOCK_STALE_MS ? current.holder : null
}

/**
 * The images noted by imports that no longer hold the lock (they failed and could not clean up,
 * or died): nothing refers to them, since their posts never committed.
 */
async function removeLeftovers(db: Db, images: ImageStore, holder: string): Promise<void> {
  const names = await model.findImportUploadsExcept(db, holder)
  if (!names.length) return
  await images.remove(names)
  await model.deleteImportUploadsExcept(db, holder)
}

function held(db: Db, images: ImageStore, holder: string, startedAt: string): ImportLock {
  let lost = false
  const noted = new Set<string>()
  const beat = async () => {
    if (!(await model.touchImportLock(db, LOCK, holder, new Date().toISOString()))) lost = true
  }
  // A failed beat (the database away for a moment) is tried again at the next one.
  const timer = setInterval(() => void beat().catch(() => undefined), IMPORT_HEARTBEAT_MS)
  timer.unref()
  const check = () => {
    if (lost) throw new ImportLockLostError()
  }
  return {
    holder,
    startedAt,
    check,
    async noteUpload(name) {
      check()
      if (noted.has(name)) return
      await model.insertImportUpload(db, holder, name)
      noted.add(name)
    },
    async commit(trx) {
      clearInterval(timer)
      await model.deleteImportUploads(trx, holder)
      if (!(await model.deleteImportLock(trx, LOCK, holder))) throw new ImportLockLostError()
    },
    async release() {
      clearInterval(timer)
      const names = await model.findImportUploads(db, holder)
      if (names.length) await images.remove(names)
      await model.deleteImportUploads(db, holder)
      await model.deleteImportLock(db, LOCK, holder)
    },
  }
}
