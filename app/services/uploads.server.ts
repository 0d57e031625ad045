import { createHash, randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from 'pino'
import sharp from 'sharp'
import type { Db } from '~/db/db.server.ts'
import { existingUploadNames, findUpload, insertUpload } from '~/models/uploads.server.ts'
import { DomainValidationError } from './errors.server.ts'

/** Largest accepted upload (before resizing). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
/** Pictures are resized to at most this width for the site (never enlarged). */
export const MAX_IMAGE_WIDTH = 1600

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

/** Stored image names: 32 random hex digits and the format. Anything else is never looked up. */
export const UPLOAD_NAME = /^[a-f0-9]{32}\.webp$/

export type StoredImage = { bytes: Buffer; contentType: string; etag: string }

/**
 * Where uploaded images live. The default is the database (`uploads` table), so every instance
 * on one database serves every image and a database backup includes them (see
 * docs/decisions/011). An S3-compatible bucket could implement the same three calls later
 * (PutObject, GetObject, HeadObject) without touching the upload or serving code.
 */
export type ImageStore = {
  /** Stores a new image; names are never reused, so an existing name is an error. */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>
  get(name: string): Promise<StoredImage | undefined>
  /** Which of these names are stored (without reading their bytes). */
  existing(names: string[]): Promise<Set<string>>
}

/** A strong ETag from the content: the SHA-256 of the bytes, computed once when stored. */
const etagOf = (sha256: string) => `"${sha256}"`

export function databaseImageStore(db: Db): ImageStore {
  return {
    async put(name, bytes, contentType) {
      const sha256 = createHash('sha256').update(bytes).digest('hex')
      await insertUpload(db, { name, contentType, bytes, size: bytes.length, sha256, createdAt: new Date().toISOString() })
    },
    async get(name) {
      const row = await findUpload(db, name)
      return row && { bytes: row.bytes, contentType: row.contentType, etag: etagOf(row.sha256) }
    },
    existing: (names) => existingUploadNames(db, names),
  }
}

/**
 * A bounded in-memory LRU in front of a store, so a popular image is not read from the database
 * on every request. Images are immutable (a name is never reused), so an entry never goes stale
 * and needs no invalidation, even across instances. At most `maxBytes` of image data is held;
 * one image over an eighth of that is served but not kept, so it cannot flush the rest.
 * Concurrent misses for one name share a single read.
 */
export function cachedImageStore(store: ImageStore, maxBytes = 32 * 1024 * 1024) {
  const entries = new Map<string, StoredImage>()
  const loading = new Map<string, Promise<StoredImage | undefined>>()
  let total = 0

  function remember(name: string, image: StoredImage) {
    if (image.bytes.length > maxBytes / 8 || entries.has(name)) return
    entries.set(name, image)
    total += image.bytes.length
    // Map iteration is insertion order: the first entries are the least recently used.
    for (const [key, old] of entries) {
      if (total <= maxBytes) break
      entries.delete(key)
      total -= old.bytes.length
    }
  }

  const cached: ImageStore & { readonly cachedBytes: number; readonly cachedCount: number } = {
    put: (name, bytes, contentType) => store.put(name, bytes, contentType),
    get(name) {
      const hit = entries.get(name)
      if (hit) {
        entries.delete(name)
        entries.set(name, hit)
        return Promise.resolve(hit)
      }
      let pending = loading.get(name)
      if (!pending) {
        pending = store.get(name).then(
          (image) => {
            loading.delete(name)
            if (image) remember(name, image)
            return image
          },
          (err: unknown) => {
            loading.delete(name)
            throw err
          },
        )
        loading.set(name, pending)
      }
      return pending
    },
    existing: (names) => store.existing(names),
    get cachedBytes() {
      return total
    },
    get cachedCount() {
      return entries.size
    },
  }
  return cached
}

/** The store the app uses: the database with the memory cache in front. */
export function createImageStore(db: Db): ImageStore {
  return cachedImageStore(databaseImageStore(db))
}

/**
 * Checks, resizes and re-encodes an uploaded picture as WebP, stores it under a random name and
 * returns its public URL. Re-encoding also drops metadata (EXIF, GPS).
 */
export async function storeImage(store: ImageStore, bytes: Buffer): Promise<{ url: string; width: number; height: number }> {
  if (!sniffImage(bytes)) throw new DomainValidationError({ file: 'Upload a JPEG, PNG or WebP image.' })
  let out: { data: Buffer; info: sharp.OutputInfo }
  try {
    out = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw new DomainValidationError({ file: 'The image could not be read. Upload a valid JPEG, PNG or WebP file.' })
  }
  const name = `${randomBytes(16).toString('hex')}.webp`
  await store.put(name, out.data, 'image/webp')
  return { url: `/uploads/${name}`, width: out.info.width, height: out.info.height }
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
    names = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile() && UPLOAD_NAME.test(e.name)).map((e) => e.name)
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
