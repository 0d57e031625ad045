import { createHash, randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from 'pino'
import pLimit from 'p-limit'
import type { OutputInfo, Sharp, SharpOptions } from 'sharp'
import type { Db } from '~/db/db.server.ts'
import type { PictureInfo } from '~/lib/picture.ts'
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
import { recordActivity } from './activity-log.server.ts'
import { requirePermission, type Admin } from './actor.server.ts'
import { DomainValidationError } from './errors.server.ts'

/** Largest accepted upload (before resizing). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
/** Pictures are resized to at most this width for the site (never enlarged). */
export const MAX_IMAGE_WIDTH = 1600
/**
 * Largest picture accepted, in pixels: a 26-megapixel camera's 6240 × 4160. A small file can
 * hold a huge picture (a 128 KB PNG of 6300 × 6300 decodes to 160 MB), so the header is read
 * and checked before a pixel is decoded.
 */
export const MAX_INPUT_PIXELS = 26_000_000
export const TOO_MANY_PIXELS_MESSAGE =
  'The picture is too large: at most 26 megapixels (for example 6240 × 4160). Resize it and upload it again.'

let sharpModule: Promise<typeof import('sharp')> | undefined
/**
 * sharp (libvips), loaded on the first picture to read: about 20 MB of a process's resident memory
 * that serving pages never needs (docs/decisions/073).
 */
function loadSharp(): Promise<typeof import('sharp')> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // libvips keeps recent operations and their pixels in a cache, and works on several threads per
    // image: for a site that resizes a picture now and then, both only hold memory after the work.
    sharp.cache(false)
    sharp.concurrency(1)
    return sharp
  })
  return sharpModule
}
const sharp = async (input: Buffer, options?: SharpOptions): Promise<Sharp> => (await loadSharp())(input, options)
/** One picture decoded at a time in this process: parallel uploads wait rather than add up. */
const imageWork = pLimit(1)

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
 * Stored image names: 32 random hex digits, for a variant its width, and the format
 * (`<hex>.webp` is the original a post refers to, `<hex>-480.avif` one of its variants).
 * Anything else is never looked up.
 */
export const UPLOAD_NAME = /^[a-f0-9]{32}(-[1-9][0-9]{0,3})?\.(webp|avif)$/
/** The original of an upload, the name stored in posts and projects (and the only form older versions wrote). */
export const ORIGINAL_NAME = /^[a-f0-9]{32}\.webp$/
const ORIGINAL_URL = /^\/uploads\/([a-f0-9]{32})\.webp$/

/**
 * Smaller copies made of every upload (never wider than the original, which is the largest
 * size, at most MAX_IMAGE_WIDTH). With `sizes` a phone picks the smallest one that is sharp on its
 * screen: 1280 for a full-width card on a 390 px wide phone at 3x (docs/decisions/022).
 */
export const VARIANT_WIDTHS = [480, 960, 1280] as const

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

/** Whether this build of sharp (libvips with libheif and an AV1 encoder) can write AVIF. */
export async function canMakeAvif(): Promise<boolean> {
  return Boolean((await loadSharp()).format.heif?.output?.buffer)
}

type Variant = { suffix: string; bytes: Buffer; contentType: string; width: number; height: number }

/**
 * The smaller WebP copies (VARIANT_WIDTHS below the original's width: never enlarged) and AVIF
 * copies of every width including the original's, from `source` (already rotated). A failing
 * AVIF encoder leaves AVIF out rather than refusing the picture: WebP is always there.
 */
async function encodeVariants(source: Sharp, fullWidth: number): Promise<Variant[]> {
  const widths = VARIANT_WIDTHS.filter((w) => w < fullWidth)
  const out: Variant[] = []
  for (const width of widths) {
    const { data, info } = await source.clone().resize({ width }).webp({ quality: 82 }).toBuffer({ resolveWithObject: true })
    out.push({ suffix: `-${width}.webp`, bytes: data, contentType: 'image/webp', width: info.width, height: info.height })
  }
  if (!(await canMakeAvif())) return out
  const avif: Variant[] = []
  try {
    for (const width of [...widths, fullWidth]) {
      // effort 2 of 9: about as small as the default at a fraction of the time on a busy server.
      const { data, info } = await source
        .clone()
        .resize({ width, withoutEnlargement: true })
        .avif({ quality: 50, effort: 2 })
        .toBuffer({ resolveWithObject: true })
      avif.push({ suffix: `-${info.width}.avif`, bytes: data, contentType: 'image/avif', width: info.width, height: info.height })
    }
  } catch {
    return out
  }
  return [...out, ...avif]
}

/**
 * Stores the variants of `base`, skipping any already stored (another instance may be making the
 * same ones at the same moment: the name is the key, so the second insert fails harmlessly).
 */
async function putVariants(store: ImageStore, base: string, variants: Variant[]): Promise<void> {
  const present = await store.existing(variants.map((v) => base + v.suffix))
  for (const v of variants) {
    const name = base + v.suffix
    if (present.has(name)) continue
    try {
      await store.put(name, v.bytes, v.contentType, { width: v.width, height: v.height, variantOf: `${base}.webp` })
    } catch (err) {
      if (!(await store.existing([name])).has(name)) throw err
    }
  }
}

/**
 * Checks, resizes and re-encodes an uploaded picture as WebP, stores it under a random name and
 * returns its public URL; its smaller widths and AVIF copies are stored beside it (variants, see
 * VARIANT_WIDTHS), before it, so an original with a size always has its variants.
 * Re-encoding also drops metadata (EXIF, GPS).
 */
export async function storeImage(store: ImageStore, bytes: Buffer): Promise<{ url: string; width: number; height: number }> {
  if (!sniffImage(bytes)) throw new DomainValidationError({ file: 'Upload a JPEG, PNG or WebP image.' })
  const header = await sharp(bytes)
    .then((s) => s.metadata())
    .catch(() => undefined)
  if (!header?.width || !header.height)
    throw new DomainValidationError({ file: 'The image could not be read. Upload a valid JPEG, PNG or WebP file.' })
  if (header.width * header.height > MAX_INPUT_PIXELS) throw new DomainValidationError({ file: TOO_MANY_PIXELS_MESSAGE })
  return imageWork(() => encodeAndStore(store, bytes))
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

async function encodeAndStore(store: ImageStore, bytes: Buffer): Promise<{ url: string; width: number; height: number }> {
  const source = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })).rotate()
  let out: { data: Buffer; info: OutputInfo }
  try {
    out = await source
      .clone()
      .resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw new DomainValidationError({ file: 'The image could not be read. Upload a valid JPEG, PNG or WebP file.' })
  }
  const base = randomBytes(16).toString('hex')
  await putVariants(store, base, await encodeVariants(source, out.info.width))
  await store.put(`${base}.webp`, out.data, 'image/webp', { width: out.info.width, height: out.info.height })
  return { url: `/uploads/${base}.webp`, width: out.info.width, height: out.info.height }
}

/**
 * Makes the variants of uploads stored before variants existed (or imported from disk), one at
 * a time, oldest first, until none is left or `stopped()` says the server is closing. Runs in the
 * background after start: until an image has its variants, pages show its original as before.
 * Every instance may run it; the names are keys, so two doing the same image store it once.
 * A picture that cannot be read is logged and marked 0 × 0, so it is not tried at every start.
 * Returns how many originals got their variants.
 */
export async function makeMissingVariants(store: ImageStore, logger: Logger, stopped: () => boolean = () => false): Promise<number> {
  let made = 0
  const failed = new Set<string>()
  while (!stopped()) {
    const names = (await store.unsized(failed.size + 20)).filter((n) => !failed.has(n))
    if (!names.length) break
    for (const name of names) {
      if (stopped()) break
      try {
        const image = await store.get(name)
        if (!image) continue
        const source = await sharp(image.bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        const { width, height } = await source.metadata()
        if (!width || !height) throw new Error('no size')
        await putVariants(store, name.replace(/\.webp$/, ''), await imageWork(() => encodeVariants(source, width)))
        await store.setSize(name, width, height)
        made++
      } catch (err) {
        failed.add(name)
        logger.warn({ file: name, err: (err as Error).message }, 'could not make the smaller copies of an uploaded image')
        await store.setSize(name, 0, 0).catch(() => {})
      }
    }
  }
  if (made) logger.info({ images: made }, 'smaller widths and AVIF copies made for uploaded images')
  return made
}

/**
 * The PictureInfo of each image URL that is an upload with its variants made, keyed by URL.
 * Other URLs (files in public/, https URLs, uploads not processed yet) are absent: pages show
 * them as a plain <img>.
 */
export async function pictureInfo(store: ImageStore, urls: readonly string[]): Promise<Record<string, PictureInfo>> {
  const names = [...new Set(urls.map((u) => ORIGINAL_URL.exec(u)?.[1]).filter((b): b is string => Boolean(b)))].map((b) => `${b}.webp`)
  if (!names.length) return {}
  const rows = await store.sizes(names)
  const out: Record<string, PictureInfo> = {}
  for (const row of rows) {
    if (row.variantOf || !row.width || !row.height) continue
    out[`/uploads/${row.name}`] = { width: row.width, height: row.height, webp: [], avif: [] }
  }
  for (const row of rows) {
    const info = row.variantOf && out[`/uploads/${row.variantOf}`]
    if (!info || !row.width) continue
    if (row.contentType === 'image/avif') info.avif.push(row.width)
    else if (row.width < info.width) info.webp.push(row.width)
  }
  for (const info of Object.values(out)) {
    info.webp.sort((a, b) => a - b)
    info.avif.sort((a, b) => a - b)
  }
  return out
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
