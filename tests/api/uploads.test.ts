import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import http from 'node:http'
import os from 'node:os'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cachedImageStore, type ImageStore, type StoredImage } from '~/services/image-store.server.ts'
import { importUploadsFromDisk } from '~/services/uploads.server.ts'
import { dialects, startTestApp, type TestApp } from '../helpers/app.ts'

describe.each(dialects())('POST /api/uploads on %s', (_name, url) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(url())
  })
  afterAll(async () => {
    await t.stop()
  })

  const send = async (client: ReturnType<TestApp['client']>, body: Buffer, type: string) => {
    await client.session()
    const h: Record<string, string> = { 'content-type': type, 'x-csrf-token': client.csrf! }
    h.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    return fetch(`${t.baseUrl}/api/uploads`, { method: 'POST', headers: h, body: new Uint8Array(body) })
  }

  const storedBytes = async (name: string) => {
    const row = await t.ctx.db.selectFrom('uploads').selectAll().where('name', '=', name).executeTakeFirst()
    return row && { ...row, bytes: Buffer.from(row.bytes) }
  }
  const countStored = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('stores a JPEG, PNG or WebP resized to at most 1600 px as WebP in the database, served with long caching', async () => {
    const admin = await t.client().login()
    for (const [format, type] of [
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['webp', 'image/webp'],
    ] as const) {
      const source = sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#336699' } })
      const img = await source[format]().toBuffer()
      const res = await send(admin, img, type)
      expect(res.status).toBe(201)
      const { url: fileUrl, width, height } = (await res.json()) as { url: string; width: number; height: number }
      expect(fileUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/)
      expect([width, height]).toEqual([1600, 800])
      const row = await storedBytes(fileUrl.slice('/uploads/'.length))
      expect(row).toMatchObject({ contentType: 'image/webp' })
      expect(row!.size).toBe(row!.bytes.length)
      expect((await sharp(row!.bytes).metadata()).format).toBe('webp')
      // Nothing is written to the data folder any more.
      expect(fs.existsSync(path.join(t.ctx.config.dataDir, fileUrl))).toBe(false)
      const served = await fetch(t.baseUrl + fileUrl)
      expect(served.status).toBe(200)
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(served.headers.get('content-type')).toBe('image/webp')
      expect(Buffer.from(await served.arrayBuffer()).equals(row!.bytes)).toBe(true)
    }
    // Small pictures are not enlarged.
    const small = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#ffffff' } })
      .png()
      .toBuffer()
    const res = await send(admin, small, 'image/png')
    expect(((await res.json()) as { width: number }).width).toBe(300)
  })

  it('checks the type from the bytes, not the header', async () => {
    const admin = await t.client().login()
    const html = Buffer.from('<html><script>alert(1)</script></html>')
    const res = await send(admin, html, 'image/png')
    expect(res.status).toBe(400)
    expect(((await res.json()) as { fields: Record<string, string> }).fields.file).toBe('Upload a JPEG, PNG or WebP image.')
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary')
    expect((await send(admin, gif, 'image/jpeg')).status).toBe(400)
    // A real PNG sent as another type: refused (not an accepted Content-Type at all).
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    expect((await send(admin, png, 'text/plain')).status).toBe(400)
  })

  it('refuses visitors, missing CSRF tokens and files over 5 MB, storing nothing', async () => {
    const before = await countStored()
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    expect((await send(t.client(), png, 'image/png')).status).toBe(401)
    const admin = await t.client().login()
    const noToken = await fetch(`${t.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: new Uint8Array(png),
    })
    expect(noToken.status).toBe(403)
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10)])
    expect((await send(admin, big, 'image/png')).status).toBe(413)
    expect(await countStored()).toBe(before)
  })

  it('serves an upload byte for byte with a strong ETag, 304 on If-None-Match, HEAD, and 404 for unknown names', async () => {
    const admin = await t.client().login()
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#aa3300' } })
      .png()
      .toBuffer()
    const { url: fileUrl } = (await (await send(admin, png, 'image/png')).json()) as { url: string }
    const row = (await storedBytes(fileUrl.slice('/uploads/'.length)))!

    // Twice: the first read comes from the database, the second from the memory cache.
    let etag = ''
    for (let i = 0; i < 2; i++) {
      const res = await fetch(t.baseUrl + fileUrl)
      expect(res.status).toBe(200)
      expect(Buffer.from(await res.arrayBuffer()).equals(row.bytes)).toBe(true)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(res.headers.get('content-type')).toBe('image/webp')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('content-length')).toBe(String(row.bytes.length))
      etag = res.headers.get('etag')!
      expect(etag).toMatch(/^"[a-f0-9]{64}"$/) // strong: no W/
      expect(etag).toBe(`"${row.sha256}"`)
    }

    const revalidated = await fetch(t.baseUrl + fileUrl, { headers: { 'if-none-match': etag } })
    expect(revalidated.status).toBe(304)
    expect((await revalidated.arrayBuffer()).byteLength).toBe(0)
    expect(revalidated.headers.get('etag')).toBe(etag)
    expect((await fetch(t.baseUrl + fileUrl, { headers: { 'if-none-match': `"other", ${etag}` } })).status).toBe(304)
    expect((await fetch(t.baseUrl + fileUrl, { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } })).status).toBe(304)
    expect((await fetch(t.baseUrl + fileUrl, { method: 'HEAD', headers: { 'if-none-match': etag } })).status).toBe(304)
    expect((await fetch(t.baseUrl + fileUrl, { headers: { 'if-none-match': '"something-else"' } })).status).toBe(200)

    const head = await fetch(t.baseUrl + fileUrl, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(row.bytes.length))
    expect(head.headers.get('etag')).toBe(etag)
    expect((await head.arrayBuffer()).byteLength).toBe(0)

    const unknown = await fetch(`${t.baseUrl}/uploads/${'0'.repeat(32)}.webp`)
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('cache-control')).toBe('no-store')
    expect((await fetch(`${t.baseUrl}/uploads/${'0'.repeat(32)}.webp`, { method: 'HEAD' })).status).toBe(404)
  })

  it('serves each smaller width and AVIF copy under its own name, with its type, long caching and its ETag', async () => {
    const admin = await t.client().login()
    const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#2266aa' } })
      .png()
      .toBuffer()
    const { url: fileUrl } = (await (await send(admin, png, 'image/png')).json()) as { url: string }
    const base = fileUrl.replace(/\.webp$/, '')
    for (const [suffix, type, width] of [
      ['-480.webp', 'image/webp', 480],
      ['-960.webp', 'image/webp', 960],
      ['-480.avif', 'image/avif', 480],
      ['-960.avif', 'image/avif', 960],
      ['-1000.avif', 'image/avif', 1000],
    ] as const) {
      const res = await fetch(t.baseUrl + base + suffix)
      expect(res.status, suffix).toBe(200)
      expect(res.headers.get('content-type')).toBe(type)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const bytes = Buffer.from(await res.arrayBuffer())
      expect((await sharp(bytes).metadata()).width).toBe(width)
      const etag = res.headers.get('etag')!
      expect(etag).toMatch(/^"[a-f0-9]{64}"$/)
      expect((await fetch(t.baseUrl + base + suffix, { headers: { 'if-none-match': etag } })).status).toBe(304)
    }
    // Never enlarged: no 1280 copy of a 1000 px picture; and only names of the stored form are looked up.
    for (const suffix of [
      '-1280.webp',
      '-1280.avif',
      '-1600.avif',
      '-0480.avif',
      '-480.png',
      '-480.AVIF',
      '-12345.avif',
      '-480-1.avif',
      '.avif',
    ]) {
      const res = await fetch(t.baseUrl + base + suffix)
      expect(res.status, suffix).toBe(404)
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
  })

  it('answers 404, never a file, for paths that try to leave the uploads', async () => {
    // A real file where a traversal would land.
    fs.mkdirSync(path.join(t.ctx.config.dataDir, 'uploads'), { recursive: true })
    fs.writeFileSync(path.join(t.ctx.config.dataDir, 'site.db'), 'SECRET-DATABASE-CONTENTS')
    const paths = [
      '/uploads/../site.db',
      '/uploads/%2e%2e%2fsite.db',
      '/uploads/%2e%2e/site.db',
      '/uploads/..%2fsite.db',
      '/uploads/..%5csite.db',
      '/uploads/%2E%2E%2Fsite.db',
      `/uploads/${'a'.repeat(32)}.webp%00.db`,
      `/uploads/${'a'.repeat(32)}.WEBP`,
      `/uploads/x/../${'a'.repeat(32)}.webp`,
      '/uploads/',
      '/uploads',
    ]
    for (const p of paths) {
      // Raw request line, so the client does not normalise the dots away first. A dot-segment
      // path may be redirected to its normal form first; wherever it ends, it is a 404.
      const { status, body } = await rawGet(t.baseUrl, p)
      expect(status, p).toBe(404)
      expect(body, p).not.toContain('SECRET-DATABASE-CONTENTS')
      expect(body, p).not.toContain('SQLite format 3')
    }
    // And through fetch as a browser would send them.
    for (const p of ['/uploads/../site.db', '/uploads/%2e%2e%2fsite.db']) {
      const res = await fetch(t.baseUrl + p)
      expect(res.status, p).toBe(404)
      expect(await res.text(), p).not.toContain('SECRET-DATABASE-CONTENTS')
    }
  })
})

describe.each(dialects())('uploads left on disk by older versions, on %s', (_name, url) => {
  it('imports images left on disk by older versions at start, once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-legacy-'))
    fs.mkdirSync(path.join(dataDir, 'uploads'))
    const legacy = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#00ff00' } })
      .webp()
      .toBuffer()
    const name = `${'b'.repeat(31)}1.webp`
    fs.writeFileSync(path.join(dataDir, 'uploads', name), legacy)
    fs.writeFileSync(path.join(dataDir, 'uploads', 'notes.txt'), 'not an image')
    fs.writeFileSync(path.join(dataDir, 'uploads', `${'c'.repeat(32)}.webp`), 'not a webp either')
    const other = await startTestApp(url(), { DATA_DIR: dataDir })
    try {
      const res = await fetch(`${other.baseUrl}/uploads/${name}`)
      expect(res.status).toBe(200)
      expect(Buffer.from(await res.arrayBuffer()).equals(legacy)).toBe(true)
      expect(res.headers.get('etag')).toMatch(/^"[a-f0-9]{64}"$/)
      expect((await fetch(`${other.baseUrl}/uploads/${'c'.repeat(32)}.webp`)).status).toBe(404)
      // Idempotent: a second pass finds everything present; the file stays on disk.
      expect(await importUploadsFromDisk(other.ctx.images, dataDir, pino({ level: 'silent' }))).toBe(0)
      expect(fs.existsSync(path.join(dataDir, 'uploads', name))).toBe(true)
      // Tampering with the file afterwards changes nothing that is served.
      fs.writeFileSync(path.join(dataDir, 'uploads', name), 'changed')
      const again = await fetch(`${other.baseUrl}/uploads/${name}`)
      expect(Buffer.from(await again.arrayBuffer()).equals(legacy)).toBe(true)
    } finally {
      await other.stop()
    }
  })
})

/** A GET with the path exactly as given on the request line, following same-host redirects. */
async function rawGet(baseUrl: string, requestPath: string, hops = 3): Promise<{ status: number; body: string }> {
  const u = new URL(baseUrl)
  const res = await new Promise<{ status: number; body: string; location?: string }>((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: requestPath, method: 'GET' }, (r) => {
      const chunks: Buffer[] = []
      r.on('data', (c: Buffer) => chunks.push(c))
      r.on('end', () => resolve({ status: r.statusCode!, body: Buffer.concat(chunks).toString('latin1'), location: r.headers.location }))
    })
    req.on('error', reject)
    req.end()
  })
  if (res.status >= 300 && res.status < 400 && res.location?.startsWith('/') && !res.location.startsWith('//') && hops > 0) {
    const next = await rawGet(baseUrl, res.location, hops - 1)
    return { status: next.status, body: res.body + next.body }
  }
  return res
}

describe('the image cache', () => {
  const image = (n: number, size: number): StoredImage => ({ bytes: Buffer.alloc(size, n), contentType: 'image/webp', etag: `"${n}"` })
  function countingStore(sizes: Record<string, number>) {
    const reads: string[] = []
    const store: ImageStore = {
      put: async () => {},
      get: async (name) => {
        reads.push(name)
        await new Promise((r) => setTimeout(r, 5))
        return name in sizes ? image(Object.keys(sizes).indexOf(name), sizes[name]) : undefined
      },
      existing: async (names) => new Set(names.filter((n) => n in sizes)),
      sizes: async () => [],
      unsized: async () => [],
      setSize: async () => {},
      remove: async () => {},
    }
    return { store, reads }
  }

  it('keeps at most its byte budget, evicting the least recently used, and shares concurrent reads', async () => {
    const names = 'abcdefghi'.split('')
    const { store, reads } = countingStore(Object.fromEntries([...names.map((n) => [n, 100]), ['big', 200]]))
    const cache = cachedImageStore(store, 800) // at most 100 bytes per kept image
    await Promise.all([cache.get('a'), cache.get('a'), cache.get('a')])
    expect(reads).toEqual(['a'])
    for (const n of names.slice(1, 8)) await cache.get(n) // a..h: exactly the budget
    expect([cache.cachedBytes, cache.cachedCount]).toEqual([800, 8])
    await cache.get('a') // a becomes the most recent; b is now the least
    await cache.get('i') // over budget: b goes
    expect([cache.cachedBytes, cache.cachedCount]).toEqual([800, 8])
    reads.length = 0
    for (const n of ['a', 'c', 'i']) expect((await cache.get(n))!.bytes.length).toBe(100)
    expect(reads).toEqual([])
    await cache.get('b')
    expect(reads).toEqual(['b'])
    // Too big to keep: served every time from the store, the cache untouched.
    reads.length = 0
    await cache.get('big')
    await cache.get('big')
    expect(reads).toEqual(['big', 'big'])
    expect(cache.cachedBytes).toBe(800)
    expect(await cache.get('missing')).toBeUndefined()
  })
})
