import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { Db } from '~/db/db.server.ts'
import { findSettingValues, upsertSettingValues } from '~/models/settings.server.ts'
import { requirePermission, type Admin } from '~/services/actor.server.ts'
import { exportSite } from '~/services/site-export/export-site.server.ts'
import { parseExport } from '~/services/site-import/parse.server.ts'
import { acquireImportLock, IMPORT_LOCK_STALE_MS, runningImportHolder } from '~/services/import-lock.server.ts'
import { importSite, type ImportReport } from '~/services/site-import/import-site.server.ts'
import { requireSudo } from '~/services/sudo.server.ts'
import type { ImageStore } from '~/services/image-store.server.ts'

/**
 * The back office's import runs in the background and keeps its progress in the database (the
 * settings row below), so the page shows it after a reload, on any instance.
 */
export const IMPORT_JOB_KEY = 'siteImportJob'
export type ImportJob = {
  state: 'running' | 'done' | 'failed'
  file: string
  /** The import lock's holder (docs/decisions/051): while it holds the lock, the job runs. */
  holder?: string
  done: number
  total: number
  what: string
  startedAt: string
  updatedAt: string
  report?: ImportReport
  error?: string
}

export async function readImportJob(db: Db, admin: Admin, now = Date.now()): Promise<ImportJob | null> {
  requirePermission(admin, 'import-export')
  const job = (await findSettingValues(db))[IMPORT_JOB_KEY] as ImportJob | undefined
  if (!job) return null
  // Its process died: the lock went stale (or was taken over) while the job still said running.
  // (Its row is written just after the lock is freed, hence the grace of one stale period.)
  if (
    job.state === 'running' &&
    now - Date.parse(job.updatedAt) > IMPORT_LOCK_STALE_MS &&
    (await runningImportHolder(db, now)) !== job.holder
  ) {
    return { ...job, state: 'failed', error: 'The import stopped (the server restarted): nothing of it was saved. Start it again.' }
  }
  return job
}

/** An export file to import: its bytes, its name, and the hosts its images may be fetched from. */
export type ImportUpload = { file: Buffer; fileName: string; allowHosts: string[] }

/** The dry run: what would be imported, skipped and why; writes nothing. */
export async function previewImport(db: Db, images: ImageStore, admin: Admin, upload: ImportUpload): Promise<ImportReport> {
  requirePermission(admin, 'import-export')
  const { file, fileName, allowHosts } = upload
  return importSite(db, images, file, { dryRun: true, allowHosts, fileName })
}

/**
 * Starts an import in the background (sudo mode: it writes many posts at once). A bad file is
 * refused here, at once; so is a second import while one runs, here or on any instance or in
 * the shell (ImportRunningError: the lock is taken before the answer).
 */
export async function startImport(
  db: Db,
  images: ImageStore,
  admin: Admin,
  upload: ImportUpload,
  logger: { warn: (o: object, m: string) => void },
): Promise<void> {
  await requireSudo(db, admin)
  const { file, fileName, allowHosts } = upload
  parseExport(file, fileName)
  const lock = await acquireImportLock(db, images, fileName)
  const started = lock.startedAt
  let job: ImportJob = {
    state: 'running',
    file: fileName,
    holder: lock.holder,
    done: 0,
    total: 0,
    what: 'Reading the file',
    startedAt: started,
    updatedAt: started,
  }
  const save = (patch: Partial<ImportJob>) => {
    job = { ...job, ...patch, updatedAt: new Date().toISOString() }
    return upsertSettingValues(db, { [IMPORT_JOB_KEY]: job })
  }
  try {
    await save({})
  } catch (err) {
    await lock.release().catch(() => undefined)
    throw err
  }
  let saving = Promise.resolve()
  void importSite(db, images, file, {
    lock,
    allowHosts,
    fileName,
    onProgress: (done, total, what) => {
      saving = saving.then(() => save({ done, total, what })).catch(() => undefined)
    },
  })
    .then(async (report) => {
      await saving
      await save({ state: 'done', done: job.total, what: 'Done', report })
    })
    .catch(async (err: Error) => {
      // importSite frees it on its failures; this covers one before it held it (the file read again).
      await lock.release().catch(() => undefined)
      await saving
      logger.warn({ err: err.message }, 'site import failed')
      await save({ state: 'failed', error: err.message }).catch(() => undefined)
    })
}

/**
 * Everything the site holds (docs/EXPORT.md) as one .tar.gz stream (sudo mode: it holds every
 * lead). Written to a temp folder first, removed once the stream ends.
 */
export async function exportArchive(db: Db, admin: Admin, siteUrl: string): Promise<ReadableStream<Uint8Array>> {
  await requireSudo(db, admin)
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'site-export-'))
  const out = path.join(dir, 'site-export')
  try {
    await exportSite(db, out, siteUrl)
  } catch (err) {
    await fs.rm(dir, { recursive: true, force: true })
    throw err
  }
  const tar = spawn('tar', ['-czf', '-', '-C', dir, 'site-export'], { stdio: ['ignore', 'pipe', 'ignore'] })
  tar.on('close', () => void fs.rm(dir, { recursive: true, force: true }))
  return Readable.toWeb(tar.stdout) as ReadableStream<Uint8Array>
}
