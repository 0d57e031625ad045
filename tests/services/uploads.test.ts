import { createHash, randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '~/db/db.server.ts'
import { DomainValidationError } from '~/infra/errors.server.ts'
import pino from 'pino'
import { UPLOAD_NAME, createImageStore, databaseImageStore, type ImageStore } from '~/services/image-store.server.ts'
import { canMakeAvif, MAX_IMAGE_WIDTH, makeMissingVariants, pictureInfo } from '~/services/image-variants.server.ts'
import { storeImage } from '~/services/uploads.server.ts'
import { dialects } from '../helpers/app.ts'
import { freshDatabase, rejection } from './db.ts'

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 51, g: 102, b: 204 } } })
    .png()
    .toBuffer()

const nameOf = (url: string) => url.replace(/^\/uploads\//, '')
const randomHex = () => randomBytes(16).toString('hex')

/**
 * The database store, with what storeImage hands to `put` written down on the way through (the
 * ImageStore interface is the documented seam for other stores; the real one does the work).
 */
function recordingStore(store: ImageStore) {
  const puts = new Map<string, { bytes: Buffer; contentType: string }>()
  const recording: ImageStore = {
    ...store,
    put(name, bytes, contentType, meta) {
      puts.set(name, { bytes: Buffer.from(bytes), contentType })
      return store.put(name, bytes, contentType, meta)
    },
  }
  return { store: recording, puts }
}

describe.each(dialects())('uploads service on %s', (_name, url) => {
  let dbUrl: string
  let h: DatabaseHandle
  beforeAll(async () => {
    dbUrl = url()
    h = await freshDatabase(dbUrl)
  })
  afterAll(async () => {
    await h.close()
  })

  it('stores a PNG as WebP under a random name, retrievable byte for byte', async () => {
    const { store, puts } = recordingStore(databaseImageStore(h.db))
    const result = await storeImage(store, await png(40, 30))
    expect(result).toMatchObject({ width: 40, height: 30 })
    expect(result.url).toMatch(/^\/uploads\//)
    const name = nameOf(result.url)
    expect(name).toMatch(UPLOAD_NAME)

    const written = puts.get(name)!
    expect(written.contentType).toBe('image/webp')
    const meta = await sharp(written.bytes).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 30 })

    // Read back through a second connection: it is in the database, not only in this process.
    const other = openDatabase(dbUrl)
    try {
      const stored = await databaseImageStore(other.db).get(name)
      expect(stored).toBeDefined()
      expect(stored!.contentType).toBe('image/webp')
      expect(Buffer.compare(stored!.bytes, written.bytes)).toBe(0)
      expect(stored!.etag).toBe(`"${createHash('sha256').update(written.bytes).digest('hex')}"`)
    } finally {
      await other.close()
    }
    // And through the cached store the app uses.
    expect(Buffer.compare((await createImageStore(h.db).get(name))!.bytes, written.bytes)).toBe(0)
  })

  it('keeps every byte value intact in the store (BLOB and bytea alike)', async () => {
    const store = databaseImageStore(h.db)
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256))
    const name = `${'ab'.repeat(16)}.webp`
    await store.put(name, bytes, 'image/webp')
    const stored = await store.get(name)
    expect(Buffer.compare(stored!.bytes, bytes)).toBe(0)
    expect(await store.existing([name, `${'cd'.repeat(16)}.webp`])).toEqual(new Set([name]))
    expect(await store.get(`${'cd'.repeat(16)}.webp`)).toBeUndefined()
    // Names are never reused: storing the same name again is an error.
    await expect(store.put(name, bytes, 'image/webp')).rejects.toThrow()
  })

  it('gives two uploads of the same picture two names', async () => {
    const store = databaseImageStore(h.db)
    const picture = await png(8, 8)
    const a = await storeImage(store, picture)
    const b = await storeImage(store, picture)
    expect(a.url).not.toBe(b.url)
    expect(await store.existing([nameOf(a.url), nameOf(b.url)])).toEqual(new Set([nameOf(a.url), nameOf(b.url)]))
  })

  it('scales a wide picture down to the site width, keeping its proportions', async () => {
    const result = await storeImage(databaseImageStore(h.db), await png(MAX_IMAGE_WIDTH + 400, 500))
    expect(result.width).toBe(MAX_IMAGE_WIDTH)
    expect(result.height).toBe(Math.round((500 * MAX_IMAGE_WIDTH) / (MAX_IMAGE_WIDTH + 400)))
  })

  it('drops metadata such as EXIF from the stored image', async () => {
    const jpeg = await sharp(await png(16, 16))
      .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'home address' } })
      .jpeg()
      .toBuffer()
    expect((await sharp(jpeg).metadata()).exif).toBeDefined()
    const { store, puts } = recordingStore(databaseImageStore(h.db))
    const result = await storeImage(store, jpeg)
    const written = puts.get(nameOf(result.url))!.bytes
    expect((await sharp(written).metadata()).exif).toBeUndefined()
    expect(written.includes('secret-owner')).toBe(false)
  })

  it('refuses a file that is not an image with DomainValidationError on `file`, storing nothing', async () => {
    const { store, puts } = recordingStore(databaseImageStore(h.db))
    for (const bytes of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(0),
    ]) {
      const err = await rejection(storeImage(store, bytes), DomainValidationError)
      expect(err.fields.file).toMatch(/JPEG, PNG or WebP/)
    }
    expect(puts.size).toBe(0)
  })

  it('refuses a file that only starts like a PNG with DomainValidationError, storing nothing', async () => {
    const { store, puts } = recordingStore(databaseImageStore(h.db))
    const truncated = (await png(64, 64)).subarray(0, 40)
    const err = await rejection(storeImage(store, Buffer.from(truncated)), DomainValidationError)
    expect(Object.keys(err.fields)).toEqual(['file'])
    expect(puts.size).toBe(0)
  })
  /** Every row stored for `url` (the original and its variants) as sharp reads it back. */
  async function storedCopies(store: ImageStore, url: string) {
    const rows = await store.sizes([nameOf(url)])
    return Promise.all(
      rows.map(async (row) => {
        const image = (await store.get(row.name))!
        const meta = await sharp(image.bytes).metadata()
        return { name: row.name, contentType: image.contentType, width: meta.width, height: meta.height, format: meta.format, row }
      }),
    )
  }

  it('stores the picture in smaller widths, in WebP and AVIF, each a row served by name', async () => {
    expect(await canMakeAvif()).toBe(true) // the sharp build the site ships with writes AVIF
    const store = databaseImageStore(h.db)
    const { url } = await storeImage(store, await png(2000, 1000))
    const base = nameOf(url).replace(/\.webp$/, '')
    const copies = await storedCopies(store, url)
    const summary = copies.map((c) => [c.name, c.contentType, c.format, c.width, c.height]).sort()
    expect(summary).toEqual(
      [
        [`${base}.webp`, 'image/webp', 'webp', 1600, 800],
        [`${base}-480.webp`, 'image/webp', 'webp', 480, 240],
        [`${base}-960.webp`, 'image/webp', 'webp', 960, 480],
        [`${base}-1280.webp`, 'image/webp', 'webp', 1280, 640],
        [`${base}-480.avif`, 'image/avif', 'heif', 480, 240],
        [`${base}-960.avif`, 'image/avif', 'heif', 960, 480],
        [`${base}-1280.avif`, 'image/avif', 'heif', 1280, 640],
        [`${base}-1600.avif`, 'image/avif', 'heif', 1600, 800],
      ].sort(),
    )
    for (const c of copies) {
      expect(c.name).toMatch(UPLOAD_NAME)
      // The recorded size is the real one; variants name their original.
      expect([c.row.width, c.row.height]).toEqual([c.width, c.height])
      expect(c.row.variantOf).toBe(c.name === `${base}.webp` ? null : `${base}.webp`)
    }
    // What a page gets to build srcset from.
    expect(await pictureInfo(store, [url])).toEqual({
      [url]: { width: 1600, height: 800, webp: [480, 960, 1280], avif: [480, 960, 1280, 1600] },
    })
  })

  it('never enlarges: a picture narrower than a width gets no copy of that width', async () => {
    const store = databaseImageStore(h.db)
    const medium = await storeImage(store, await png(700, 400))
    const small = await storeImage(store, await png(300, 200))
    const info = await pictureInfo(store, [medium.url, small.url])
    expect(info[medium.url]).toEqual({ width: 700, height: 400, webp: [480], avif: [480, 700] })
    expect(info[small.url]).toEqual({ width: 300, height: 200, webp: [], avif: [300] })
    for (const c of [...(await storedCopies(store, medium.url)), ...(await storedCopies(store, small.url))]) {
      expect(c.width).toBeLessThanOrEqual(c.name.startsWith(nameOf(small.url).slice(0, 32)) ? 300 : 700)
    }
  })

  it('gives pages no picture info for files in public/, https URLs or unknown uploads (a plain <img>)', async () => {
    const store = databaseImageStore(h.db)
    const urls = [
      '',
      '/images/blog/page-speed.svg',
      'https://cdn.example.com/a.webp',
      `/uploads/${'ef'.repeat(16)}.webp`,
      '/uploads/../x.webp',
    ]
    expect(await pictureInfo(store, urls)).toEqual({})
  })

  it('makes the variants of uploads stored before they existed, once, and marks unreadable ones', async () => {
    const store = databaseImageStore(h.db)
    // As an older version stored it: the original only, no size.
    const legacy = `${randomHex()}.webp`
    await store.put(
      legacy,
      await sharp(await png(1000, 500))
        .webp()
        .toBuffer(),
      'image/webp',
    )
    const broken = `${randomHex()}.webp`
    await store.put(broken, Buffer.from('RIFF0000WEBPnot really'), 'image/webp')
    const url = `/uploads/${legacy}`
    expect(await pictureInfo(store, [url])).toEqual({})

    const warnings: string[] = []
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) })
    expect(await makeMissingVariants(store, logger)).toBe(1)
    expect(await pictureInfo(store, [url])).toEqual({ [url]: { width: 1000, height: 500, webp: [480, 960], avif: [480, 960, 1000] } })
    expect(warnings.join('\n')).toContain(broken)
    // Nothing left to do: neither image is tried again.
    expect(await store.unsized(100)).toEqual([])
    expect(await makeMissingVariants(store, pino({ level: 'silent' }))).toBe(0)
    expect(await pictureInfo(store, [`/uploads/${broken}`])).toEqual({})
  })

  it('stops making variants when the server closes', async () => {
    const store = databaseImageStore(h.db)
    const name = `${randomHex()}.webp`
    await store.put(
      name,
      await sharp(await png(600, 300))
        .webp()
        .toBuffer(),
      'image/webp',
    )
    expect(await makeMissingVariants(store, pino({ level: 'silent' }), () => true)).toBe(0)
    expect(await store.unsized(100)).toEqual([name])
    expect(await makeMissingVariants(store, pino({ level: 'silent' }))).toBe(1)
  })
})
