import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { openDatabase, type DatabaseHandle, type Db } from '~/db/db.server.ts'
import { upsertSettingValues } from '~/models/settings.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { acquireImportLock, IMPORT_HEARTBEAT_MS, IMPORT_LOCK_STALE_MS, ImportLockLostError } from '~/services/import-lock.server.ts'
import { IMPORT_JOB_KEY, readImportJob } from '~/services/site-import/job.server.ts'
import { importSite, ImportRunningError, type ImportOptions, type ImportReport } from '~/services/site-import/import-site.server.ts'
import { createImageStore, databaseImageStore, type ImageStore } from '~/services/image-store.server.ts'
import { storeImage } from '~/services/uploads.server.ts'
import { dialects } from '../helpers/app.ts'
import { oldSite, wxrServedFrom } from '../system/old-site.ts'
import { freshDatabase, rejection } from './db.ts'

const FIXTURES = path.join(import.meta.dirname, '../fixtures/wordpress')
const OPTIONS: ImportOptions = { fileName: 'export.xml', imagesDir: path.join(FIXTURES, 'uploads') }
/** "Nov 28, 2026, 9:05 AM PST": when the running import started, in the agency's time. */
const RUNNING =
  /^An import is already running, started at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M P[SD]T\. Wait for it to finish, then try again\.$/

/** Which of the promises settles first (its index), fulfilled or not. */
const firstSettled = (runs: Promise<unknown>[]) =>
  Promise.race(
    runs.map((run, i) =>
      run.then(
        () => i,
        () => i,
      ),
    ),
  )

async function uploads(db: Db) {
  return db.selectFrom('uploads').select(['name', 'variantOf']).execute()
}
const postCount = async (db: Db) => (await db.selectFrom('blogPosts').select('id').execute()).length

/** Every stored image is one a post shows, or a smaller copy of one: nothing is left over. */
async function expectNoOrphanImages(db: Db) {
  const posts = await db.selectFrom('blogPosts').select(['content', 'image']).execute()
  const shown = new Set(posts.flatMap((p) => [...`${p.content} ${p.image}`.matchAll(/\/uploads\/([a-f0-9]{32}\.webp)/g)].map((m) => m[1])))
  for (const row of await uploads(db)) expect(shown, row.name).toContain(row.variantOf ?? row.name)
}

describe.each(dialects())('site import, one at a time, on %s', (_name, url) => {
  let h: DatabaseHandle
  /** A second instance on the same database. */
  let other: DatabaseHandle
  let wxr: Buffer
  let site: Awaited<ReturnType<typeof oldSite>>
  /** The export with its images on the old site, which the import fetches. */
  let fetched: { file: string; options: ImportOptions }
  beforeAll(async () => {
    wxr = await readFile(path.join(FIXTURES, 'export.xml'))
    site = await oldSite()
    fetched = { file: wxrServedFrom(site.origin), options: { fileName: 'export.xml', allowHosts: [site.host] } }
  })
  beforeEach(async () => {
    await h?.close()
    await other?.close()
    const dbUrl = url() // a new SQLite file each time; PostgreSQL's test database emptied
    h = await freshDatabase(dbUrl)
    other = openDatabase(dbUrl)
  })
  afterAll(async () => {
    await h?.close()
    await other?.close()
    await site.close()
  })

  it('of two imports of one file at once on two instances, exactly one imports; the other is told one is running, and no image is left over', async () => {
    // The old site answers slowly: the import that holds the lock waits for its first image,
    // and the other is answered meanwhile.
    const release = site.hold()
    const runs = [
      importSite(h.db, createImageStore(h.db), fetched.file, fetched.options),
      importSite(other.db, createImageStore(other.db), fetched.file, fetched.options),
    ]
    const loser = await firstSettled(runs)
    release()
    const [won, lost] = await Promise.allSettled([runs[1 - loser]!, runs[loser]!])
    expect(won.status).toBe('fulfilled')
    expect((won as PromiseFulfilledResult<ImportReport>).value).toMatchObject({ imported: 5, images: 2, alreadyImported: 0 })
    expect(lost.status).toBe('rejected')
    const error = (lost as PromiseRejectedResult).reason as Error
    expect(error).toBeInstanceOf(ImportRunningError)
    expect(error.message).toMatch(RUNNING)
    expect(await postCount(h.db)).toBe(5)
    expect((await uploads(h.db)).filter((u) => !u.variantOf)).toHaveLength(2)
    await expectNoOrphanImages(h.db)

    // Once it is done, the same file again adds nothing and is not refused.
    expect(await importSite(other.db, createImageStore(other.db), fetched.file, fetched.options)).toMatchObject({
      imported: 0,
      alreadyImported: 5,
    })
  })

  it('an import that fails after its images were stored leaves no image and no post, and the next import runs', async () => {
    // Failing while the posts are written (inside their transaction).
    const failing: ImportOptions = {
      ...OPTIONS,
      onProgress: (_done, _total, what) => {
        if (what === '"Ten years of websites"') throw new Error('the disk is full')
      },
    }
    await expect(importSite(h.db, createImageStore(h.db), wxr, failing)).rejects.toThrow('the disk is full')
    expect(await uploads(h.db)).toEqual([])
    expect(await postCount(h.db)).toBe(0)

    // Failing in the image step, after the first image was stored (the database refusing the second).
    const store = createImageStore(h.db)
    let originals = 0
    const refusingSecond: ImageStore = {
      ...store,
      async put(name, ...rest) {
        if (/^[a-f0-9]{32}\.webp$/.test(name) && ++originals === 2) throw new Error('connection terminated')
        return store.put(name, ...rest)
      },
    }
    await expect(importSite(h.db, refusingSecond, wxr, OPTIONS)).rejects.toThrow('connection terminated')
    expect(originals).toBe(2)
    expect(await uploads(h.db)).toEqual([])
    expect(await postCount(h.db)).toBe(0)

    expect(await importSite(h.db, createImageStore(h.db), wxr, OPTIONS)).toMatchObject({ imported: 5, images: 2 })
    await expectNoOrphanImages(h.db)
  })

  it('a running import refuses others until it ends; a lock left by an import that died is taken over after a minute, and its images removed', async () => {
    const store = databaseImageStore(h.db)
    const running = await acquireImportLock(h.db, store, 'old.xml')
    await rejection(importSite(other.db, createImageStore(other.db), wxr, OPTIONS), ImportRunningError)
    // A dry run reads only: it is never refused.
    expect(await importSite(other.db, createImageStore(other.db), wxr, { ...OPTIONS, dryRun: true })).toMatchObject({
      dryRun: true,
      posts: expect.any(Array),
    })

    // The import dies after storing an image: its heartbeat stops moving.
    await running.noteUpload(await storedName(store))
    expect(await uploads(h.db)).not.toEqual([])
    const stale = new Date(Date.now() - IMPORT_LOCK_STALE_MS - 1000).toISOString()
    await h.db.updateTable('importLock').set({ heartbeatAt: stale }).execute()

    expect(await importSite(other.db, createImageStore(other.db), wxr, OPTIONS)).toMatchObject({ imported: 5, images: 2 })
    await expectNoOrphanImages(h.db)
    expect(await h.db.selectFrom('importLock').selectAll().execute()).toEqual([])
    expect(await h.db.selectFrom('importLockUploads').selectAll().execute()).toEqual([])
  })

  it('a live import moves its heartbeat every 10 seconds, and learns at the next one that it lost the lock', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const lock = await acquireImportLock(h.db, databaseImageStore(h.db), 'export.xml')
      const heartbeat = async () => (await h.db.selectFrom('importLock').select('heartbeatAt').executeTakeFirst())?.heartbeatAt
      const old = new Date(Date.now() - 2 * IMPORT_LOCK_STALE_MS).toISOString()
      await h.db.updateTable('importLock').set({ heartbeatAt: old }).execute()
      vi.advanceTimersByTime(IMPORT_HEARTBEAT_MS)
      await expect.poll(heartbeat).not.toBe(old)
      await rejection(importSite(other.db, createImageStore(other.db), wxr, OPTIONS), ImportRunningError)

      await h.db.updateTable('importLock').set({ holder: 'another-import' }).execute()
      vi.advanceTimersByTime(IMPORT_HEARTBEAT_MS)
      const lost = () => {
        try {
          lock.check()
          return false
        } catch (err) {
          return err instanceof ImportLockLostError
        }
      }
      await expect.poll(lost).toBe(true)
      await lock.release()
    } finally {
      vi.useRealTimers()
    }
  })

  it('the back office shows an import whose process died as failed once its lock is stale, and one in a long step as running', async () => {
    const lock = await acquireImportLock(h.db, databaseImageStore(h.db), 'export.xml')
    const old = new Date(Date.now() - 2 * IMPORT_LOCK_STALE_MS).toISOString()
    await upsertSettingValues(h.db, {
      [IMPORT_JOB_KEY]: {
        state: 'running',
        file: 'export.xml',
        holder: lock.holder,
        done: 1,
        total: 10,
        what: 'images',
        startedAt: old,
        updatedAt: old,
      },
    })
    const admin = { id: 1, username: 'owner', role: 'owner' } as Admin // one who may see the import
    expect(await readImportJob(h.db, admin)).toMatchObject({ state: 'running' })
    await h.db.updateTable('importLock').set({ heartbeatAt: old }).execute()
    expect(await readImportJob(h.db, admin)).toMatchObject({
      state: 'failed',
      error: 'The import stopped (the server restarted): nothing of it was saved. Start it again.',
    })
    await lock.release()
  })

  it('an import whose lock was taken over while it still ran saves nothing and keeps no image', async () => {
    const release = site.hold()
    const slow = importSite(h.db, createImageStore(h.db), fetched.file, fetched.options)
    await expect.poll(() => site.waiting()).toBe(1)
    // It stops moving for longer than a minute (as a frozen process would): another takes over.
    await h.db
      .updateTable('importLock')
      .set({ heartbeatAt: new Date(Date.now() - IMPORT_LOCK_STALE_MS - 1000).toISOString() })
      .execute()
    expect(await importSite(other.db, createImageStore(other.db), wxr, OPTIONS)).toMatchObject({ imported: 5 })
    release()
    await rejection(slow, ImportLockLostError)
    expect(await postCount(h.db)).toBe(5)
    await expectNoOrphanImages(h.db)
  })
})

/** Stores a small picture as an import would, returning the original's name. */
async function storedName(store: ImageStore): Promise<string> {
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 10, g: 20, b: 30 } } })
    .png()
    .toBuffer()
  return (await storeImage(store, png)).url.replace('/uploads/', '')
}
