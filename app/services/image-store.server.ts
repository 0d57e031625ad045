import { createHash } from 'node:crypto'
import type { Db } from '~/db/db.server.ts'
import {
  deleteUploads,
  existingUploadNames,
  findUnsizedOriginals,
  findUpload,
  findUploadSizes,
  insertUpload,
  setUploadSize,
  type UploadSize,
} from '~/models/uploads.server.ts'

/**
 * Stored image names: 32 random hex digits, for a variant its width, and the format
 * (`<hex>.webp` is the original a post refers to, `<hex>-480.avif` one of its variants).
 * Anything else is never looked up.
 */
export const UPLOAD_NAME = /^[a-f0-9]{32}(-[1-9][0-9]{0,3})?\.(webp|avif)$/
/** The original of an upload, the name stored in posts and projects (and the only form older versions wrote). */
export const ORIGINAL_NAME = /^[a-f0-9]{32}\.webp$/

export type StoredImage = { bytes: Buffer; contentType: string; etag: string }
/** Pixel size of a stored image; for a variant, the name of its original. */
export type ImageMeta = { width: number; height: number; variantOf?: string }

/**
 * Where uploaded images live. The default is the database (`uploads` table), so every instance
 * on one database serves every image and a database backup includes them (see
 * docs/decisions/011). An S3-compatible bucket could implement the same three calls later
 * (PutObject, GetObject, HeadObject) without touching the upload or serving code.
 */
export type ImageStore = {
  /** Stores a new image; names are never reused, so an existing name is an error. */
  put(name: string, bytes: Buffer, contentType: string, meta?: ImageMeta): Promise<void>
  get(name: string): Promise<StoredImage | undefined>
  /** Which of these names are stored (without reading their bytes). */
  existing(names: string[]): Promise<Set<string>>
  /** These originals and their variants: names, types and sizes, no bytes. */
  sizes(names: string[]): Promise<UploadSize[]>
  /** Up to `limit` originals stored without a size: their variants are not made yet. */
  unsized(limit: number): Promise<string[]>
  /** Records an original's size once its variants are stored. */
  setSize(name: string, width: number, height: number): Promise<void>
  /** Removes these originals and their variants: images nothing refers to (an import that failed). */
  remove(names: string[]): Promise<void>
}

/** A strong ETag from the content: the SHA-256 of the bytes, computed once when stored. */
const etagOf = (sha256: string) => `"${sha256}"`

export function databaseImageStore(db: Db): ImageStore {
  return {
    async put(name, bytes, contentType, meta) {
      const sha256 = createHash('sha256').update(bytes).digest('hex')
      await insertUpload(db, {
        name,
        contentType,
        bytes,
        size: bytes.length,
        sha256,
        createdAt: new Date().toISOString(),
        width: meta?.width ?? null,
        height: meta?.height ?? null,
        variantOf: meta?.variantOf ?? null,
      })
    },
    async get(name) {
      const row = await findUpload(db, name)
      return row && { bytes: row.bytes, contentType: row.contentType, etag: etagOf(row.sha256) }
    },
    existing: (names) => existingUploadNames(db, names),
    sizes: (names) => findUploadSizes(db, names),
    unsized: (limit) => findUnsizedOriginals(db, limit),
    setSize: (name, width, height) => setUploadSize(db, name, width, height),
    remove: (names) => deleteUploads(db, names),
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
    put: (name, bytes, contentType, meta) => store.put(name, bytes, contentType, meta),
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
    sizes: (names) => store.sizes(names),
    unsized: (limit) => store.unsized(limit),
    setSize: (name, width, height) => store.setSize(name, width, height),
    remove(names) {
      const bases = new Set(names.map((n) => n.replace(/\.webp$/, '')))
      for (const [key, old] of entries) {
        if (!bases.has(key.replace(/(-\d+)?\.(webp|avif)$/, ''))) continue
        entries.delete(key)
        total -= old.bytes.length
      }
      return store.remove(names)
    },
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
