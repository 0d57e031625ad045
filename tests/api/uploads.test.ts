import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

  it('stores a JPEG, PNG or WebP resized to at most 1600 px as WebP under the data folder, served with long caching', async () => {
    const admin = await t.client().login()
    for (const [format, type] of [['jpeg', 'image/jpeg'], ['png', 'image/png'], ['webp', 'image/webp']] as const) {
      const img = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#336699' } })[format]().toBuffer()
      const res = await send(admin, img, type)
      expect(res.status).toBe(201)
      const { url: fileUrl, width, height } = (await res.json()) as { url: string; width: number; height: number }
      expect(fileUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/)
      expect([width, height]).toEqual([1600, 800])
      const file = path.join(t.ctx.config.dataDir, fileUrl)
      expect((await sharp(fs.readFileSync(file)).metadata()).format).toBe('webp')
      const served = await fetch(t.baseUrl + fileUrl)
      expect(served.status).toBe(200)
      expect(served.headers.get('cache-control')).toContain('max-age=31536000')
      expect(served.headers.get('content-type')).toBe('image/webp')
    }
    // Small pictures are not enlarged.
    const small = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#ffffff' } }).png().toBuffer()
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
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer()
    expect((await send(admin, png, 'text/plain')).status).toBe(400)
  })

  it('refuses visitors, missing CSRF tokens and files over 5 MB, storing nothing', async () => {
    const dir = path.join(t.ctx.config.dataDir, 'uploads')
    const stored = () => (fs.existsSync(dir) ? fs.readdirSync(dir).length : 0)
    const before = stored()
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer()
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
    expect(stored()).toBe(before)
  })
})
