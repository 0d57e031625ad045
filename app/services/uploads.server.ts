import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
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

/**
 * Checks, resizes and re-encodes an uploaded picture as WebP under `<dataDir>/uploads` with a
 * random name, and returns its public URL. Re-encoding also drops metadata (EXIF, GPS).
 */
export async function storeImage(dataDir: string, bytes: Buffer): Promise<{ url: string; width: number; height: number }> {
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
  const dir = path.join(dataDir, 'uploads')
  await mkdir(dir, { recursive: true })
  const name = `${randomBytes(16).toString('hex')}.webp`
  await writeFile(path.join(dir, name), out.data, { flag: 'wx' })
  return { url: `/uploads/${name}`, width: out.info.width, height: out.info.height }
}
