import { randomBytes } from 'node:crypto'
import type { Logger } from 'pino'
import pLimit from 'p-limit'
import type { OutputInfo, Sharp, SharpOptions } from 'sharp'
import type { PictureInfo } from '~/lib/picture.ts'
import { DomainValidationError } from '~/infra/errors.server.ts'
import type { ImageStore } from './image-store.server.ts'

/** Pictures are resized to at most this width for the site (never enlarged). */
export const MAX_IMAGE_WIDTH = 1600
/**
 * Largest picture accepted, in pixels: a 26-megapixel camera's 6240 × 4160. A small file can
 * hold a huge picture (a 128 KB PNG of 6300 × 6300 decodes to 160 MB), so the header is read
 * and checked before a pixel is decoded.
 */
export const MAX_INPUT_PIXELS = 26_000_000
/** What a visitor reads when their file is not a picture sharp can decode. */
export const UNREADABLE_PICTURE = 'The image could not be read. Upload a valid JPEG, PNG or WebP file.'

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

const ORIGINAL_URL = /^\/uploads\/([a-f0-9]{32})\.webp$/

/**
 * Smaller copies made of every upload (never wider than the original, which is the largest
 * size, at most MAX_IMAGE_WIDTH). With `sizes` a phone picks the smallest one that is sharp on its
 * screen: 1280 for a full-width card on a 390 px wide phone at 3x (docs/decisions/022).
 */
export const VARIANT_WIDTHS = [480, 960, 1280] as const

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

/** The pixel size in a picture's header, read before a pixel is decoded; undefined for a file sharp cannot read. */
export async function readPictureSize(bytes: Buffer): Promise<{ width: number; height: number } | undefined> {
  const header = await sharp(bytes)
    .then((s) => s.metadata())
    .catch(() => undefined)
  return header?.width && header.height ? { width: header.width, height: header.height } : undefined
}

/**
 * Resizes and re-encodes a checked picture as WebP under a random name, its variants stored
 * before it (so an original with a size always has its variants); one picture at a time in this
 * process. Pixels that cannot be decoded are a DomainValidationError.
 */
export function encodeAndStore(store: ImageStore, bytes: Buffer): Promise<{ url: string; width: number; height: number }> {
  return imageWork(() => encodeOriginalAndVariants(store, bytes))
}

async function encodeOriginalAndVariants(store: ImageStore, bytes: Buffer): Promise<{ url: string; width: number; height: number }> {
  const source = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })).rotate()
  let out: { data: Buffer; info: OutputInfo }
  try {
    out = await source
      .clone()
      .resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw new DomainValidationError({ file: UNREADABLE_PICTURE })
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
