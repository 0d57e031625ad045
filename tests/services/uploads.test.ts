import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '~/db/db.server.ts'
import { DomainValidationError } from '~/services/errors.server.ts'
import { MAX_IMAGE_WIDTH, UPLOAD_NAME, createImageStore, databaseImageStore, storeImage, type ImageStore } from '~/services/uploads.server.ts'
import { dialects } from '../helpers/app.ts'
import { freshDatabase, rejection } from './db.ts'

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 51, g: 102, b: 204 } } })
    .png()
    .toBuffer()

const nameOf = (url: string) => url.replace(/^\/uploads\//, '')

/**
 * The database store, with what storeImage hands to `put` written down on the way through (the
 * ImageStore interface is the documented seam for other stores; the real one does the work).
 */
function recordingStore(store: ImageStore) {
  const puts = new Map<string, { bytes: Buffer; contentType: string }>()
  const recording: ImageStore = {
    ...store,
    put(name, bytes, contentType) {
      puts.set(name, { bytes: Buffer.from(bytes), contentType })
      return store.put(name, bytes, contentType)
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
    for (const bytes of [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), Buffer.from('%PDF-1.7\n'), Buffer.alloc(0)]) {
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
})
