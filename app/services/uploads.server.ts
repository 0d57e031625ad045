import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from 'pino'
import type { Db } from '~/db/db.server.ts'
import { recordActivity } from './activity-log.server.ts'
import { requirePermission, type Admin } from './actor.server.ts'
import { DomainValidationError } from '~/infra/errors.server.ts'
import { ORIGINAL_NAME, type ImageStore } from './image-store.server.ts'
import { MAX_INPUT_PIXELS, UNREADABLE_PICTURE, encodeAndStore, readPictureSize } from './image-variants.server.ts'

/** Largest accepted upload (before resizing). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
/** What a visitor reads when a picture has more pixels than MAX_INPUT_PIXELS. */
export const TOO_MANY_PIXELS_MESSAGE =
  'The picture is too large: at most 26 megapixels (for example 6240 × 4160). Resize it and upload it again.'

export type ImageKind = 'jpeg' | 'png' | 'webp'

/**
 * Recognises the picture formats we accept from their first bytes. The file name and the
 * Content-Type header are chosen by the sender and prove nothing.
 */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const b = bytes
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg'
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'png'
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to))
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  return null
}

/**
 * Checks, resizes and re-encodes an uploaded picture as WebP, stores it under a random name and
 * returns its public URL; its smaller widths and AVIF copies are stored beside it (variants, see
 * VARIANT_WIDTHS), before it, so an original with a size always has its variants.
 * Re-encoding also drops metadata (EXIF, GPS).
 */
export async function storeImage(store: ImageStore, bytes: Buffer): Promise<{ url: string; width: number; height: number }> {
  if (!sniffImage(bytes)) throw new DomainValidationError({ file: 'Upload a JPEG, PNG or WebP image.' })
  const size = await readPictureSize(bytes)
  if (!size) throw new DomainValidationError({ file: UNREADABLE_PICTURE })
  if (size.width * size.height > MAX_INPUT_PIXELS) throw new DomainValidationError({ file: TOO_MANY_PIXELS_MESSAGE })
  return encodeAndStore(store, bytes)
}

/** A picture the back office uploads: stored (storeImage), and recorded in the activity log. */
export async function uploadImage(
  db: Db,
  store: ImageStore,
  admin: Admin,
  bytes: Buffer,
): Promise<{ url: string; width: number; height: number }> {
  requirePermission(admin, 'uploads')
  const stored = await storeImage(store, bytes)
  await recordActivity(db, {
    action: 'upload.create',
    itemType: 'upload',
    itemId: stored.url,
    itemLabel: stored.url,
    detail: `${stored.width} × ${stored.height} pixels.`,
  })
  return stored
}

/**
 * Older versions wrote uploads as files under `<dataDir>/uploads`. At start, any such file not yet
 * in the store is copied into it (idempotent: names already stored are skipped, so every start
 * after the first imports nothing). The files are left on disk and can be deleted once imported.
 * Returns how many were imported.
 */
export async function importUploadsFromDisk(store: ImageStore, dataDir: string, logger: Logger): Promise<number> {
  const dir = path.join(dataDir, 'uploads')
  let names: string[]
  try {
    names = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile() && ORIGINAL_NAME.test(e.name)).map((e) => e.name)
  } catch {
    return 0 // no uploads folder: nothing from an older version
  }
  if (!names.length) return 0
  const present = await store.existing(names)
  let imported = 0
  for (const name of names) {
    if (present.has(name)) continue
    try {
      const bytes = await readFile(path.join(dir, name))
      if (sniffImage(bytes) !== 'webp') {
        logger.warn({ file: name }, 'not a WebP image; left out of the upload import')
        continue
      }
      await store.put(name, bytes, 'image/webp')
      imported++
    } catch (err) {
      // Another instance starting at the same moment may have stored it first.
      if ((await store.existing([name])).has(name)) continue
      logger.warn({ file: name, err: (err as Error).message }, 'could not import an uploaded image')
    }
  }
  if (imported) logger.info({ imported, from: dir }, 'uploaded images imported from disk into the database; the files can be deleted')
  return imported
}
