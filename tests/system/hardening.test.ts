import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, startServer, tempDir, type RunningServer } from './server.ts'

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string }

/** One request exactly as written: the path is sent as-is (no `..` resolution, as curl --path-as-is). */
function raw(url: string, method: string, rawPath: string, headers: Record<string, string | number> = {}, body?: string): Promise<Answer> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, method, path: rawPath, headers, agent: false }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (d) => (text += d))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

/**
 * Streams `total` bytes of a url-encoded form (with a Content-Length, or chunked without one) on
 * a raw socket and resolves with the status line's code as soon as the server answers, and whether
 * the whole body had been handed to the socket by then (the writes wait while the server reads
 * nothing, so a refusal before reading comes with most of the body unsent); the server may close
 * the socket mid-upload, which is the point.
 */
function bigPost(url: string, pathname: string, total: number, withLength: boolean): Promise<{ status: number; wholeBodySent: boolean }> {
  const { hostname, port } = new URL(url)
  const chunk = Buffer.alloc(1024 * 1024, 'a')
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname)
    let sent = 0
    let answer = ''
    let done = false
    socket.on('data', (d) => {
      answer += d.toString('latin1')
      const m = /^HTTP\/1\.1 (\d{3})/.exec(answer)
      if (m && !done) {
        done = true
        resolve({ status: Number(m[1]), wholeBodySent: sent >= total })
        socket.destroy()
      }
    })
    socket.on('error', (err) => setTimeout(() => (done ? undefined : reject(err)), 1000))
    socket.on('close', () => setTimeout(() => (done ? undefined : reject(new Error('closed without an answer'))), 1000))
    const head = [
      `POST ${pathname} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      'Content-Type: application/x-www-form-urlencoded',
      `Origin: ${url}`,
    ]
    head.push(withLength ? `Content-Length: ${total}` : 'Transfer-Encoding: chunked')
    socket.write(`${head.join('\r\n')}\r\n\r\n`)
    const pump = () => {
      while (sent < total && !socket.destroyed) {
        sent += chunk.length
        if (!withLength) socket.write(`${chunk.length.toString(16)}\r\n`)
        let ok = socket.write(chunk)
        if (!withLength) ok = socket.write('\r\n')
        if (!ok) return socket.once('drain', pump)
      }
    }
    pump()
  })
}

describe('hardening of the production server', () => {
  let s: RunningServer
  beforeAll(async () => {
    const dir = tempDir()
    // MALLOC_ARENA_MAX as deploy/ sets it: libvips's threads otherwise each keep a malloc arena.
    s = await startServer({ DATABASE_URL: path.join(dir, 'site.db'), DATA_DIR: dir, MALLOC_ARENA_MAX: '2' })
    // Warm up, so the peak below is the steady state plus whatever the big posts cost.
    for (const p of ['/', '/proposal', '/blog', '/api/blogs']) await (await fetch(`${s.url}${p}`)).text()
  })
  afterAll(async () => {
    await s?.stop()
  })

  // What these refusals save in memory is measured by `npm run bench:memory` (docs/BENCHMARKS.md).
  it('refuses a 100 MB form post with 413 before reading it', async () => {
    const early = (status: number) => ({ status, wholeBodySent: false })
    const MB100 = 100 * 1024 * 1024
    expect(await bigPost(s.url, '/proposal', MB100, true)).toEqual(early(413))
    const four = await Promise.all(Array.from({ length: 4 }, () => bigPost(s.url, '/proposal', MB100, true)))
    expect(four).toEqual([early(413), early(413), early(413), early(413)])
    expect(await bigPost(s.url, '/api/proposals', MB100, true)).toEqual(early(413))
    expect(await bigPost(s.url, '/admin/login', MB100, true)).toEqual(early(413))
    // Without a length, page routes refuse at once; /api counts while it streams.
    expect(await bigPost(s.url, '/proposal', MB100, false)).toEqual(early(411))
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200)
  })

  it('answers an empty or non-form body on POST /proposal with 400 or 415, not a 500', async () => {
    const empty = await raw(s.url, 'POST', '/proposal', { 'content-length': 0, origin: s.url })
    expect([400, 415]).toContain(empty.status)
    const emptyForm = await raw(s.url, 'POST', '/proposal', {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': 0,
      origin: s.url,
    })
    expect(emptyForm.status).toBe(400)
    const json = JSON.stringify({ name: 'x' })
    const notForm = await raw(
      s.url,
      'POST',
      '/proposal',
      { 'content-type': 'application/json', 'content-length': json.length, origin: s.url },
      json,
    )
    expect(notForm.status).toBe(415)
    expect(s.output()).not.toMatch(/unhandled error|TypeError/)
  })

  it('checks maintenance mode on the resolved path: /admin/../blog/1 is not a way around it', async () => {
    const admin = await s.client().login(ADMIN.username, ADMIN.password)
    expect((await admin.put('/api/settings', { maintenanceMode: true })).status).toBe(200)
    try {
      expect((await raw(s.url, 'GET', '/blog/1')).status).toBe(503)
      for (const sneaky of ['/admin/../blog/1', '/admin/%2e%2e/blog/1', '/admin/%2E%2E/blog/1', '/api/../blog/1', '/assets/./../blog/1']) {
        const res = await raw(s.url, 'GET', sneaky)
        expect(res.status, sneaky).toBe(301)
        expect(res.headers.location, sneaky).toBe('/blog/1')
        expect(res.body).not.toContain('<article')
      }
      expect((await raw(s.url, 'POST', '/admin/../proposal', { 'content-length': 0 })).status).toBe(400)
      // A resolved path that would read as another host is refused, not redirected.
      expect((await raw(s.url, 'GET', '/.//evil.example')).status).toBe(400)
    } finally {
      expect((await admin.put('/api/settings', { maintenanceMode: false })).status).toBe(200)
    }
  })

  it('keys the page cache on the path: a query string cannot make it render afresh', async () => {
    await (await fetch(`${s.url}/about`)).text()
    const etag = (await fetch(`${s.url}/about`)).headers.get('etag')
    expect(etag).toBeTruthy()
    // A fresh render has a fresh nonce, hence another body and another ETag: the same ETag
    // means the same stored copy.
    for (let i = 0; i < 20; i++) expect((await fetch(`${s.url}/about?cb=${i}`)).headers.get('etag')).toBe(etag)
  })

  it('marks every back-office page and its data no-store', async () => {
    for (const p of ['/admin/login', '/admin/dashboard', '/admin/dashboard.data', '/admin/proposals.data']) {
      const res = await fetch(`${s.url}${p}`, { redirect: 'manual' })
      expect(res.headers.get('cache-control'), p).toBe('no-store')
    }
    const admin = await s.client().login(ADMIN.username, ADMIN.password)
    for (const p of ['/admin/dashboard', '/admin/proposals.data']) {
      const res = await admin.get(p)
      expect(res.status, p).toBe(200)
      expect(res.headers.get('cache-control'), p).toBe('no-store')
    }
  })

  it('decides no-store from the route that matched: an encoded /%61dmin/ is the back office too', async () => {
    const admin = await s.client().login(ADMIN.username, ADMIN.password)
    for (const p of ['/%61dmin/dashboard', '/%61dmin/proposals.data', '/admin/%70roposals']) {
      const res = await admin.get(p)
      expect(res.status, p).toBe(200)
      expect(res.headers.get('cache-control'), p).toBe('no-store')
    }
  })

  it('signs in and ignores a redirect target with a line break or other characters a Location cannot carry', async () => {
    for (const target of ['/admin/proposals\r\nSet-Cookie: x=1', '/admin/proposals\u2028', '/admin/\\evil.example', '/admin/blogs\u00e9']) {
      const client = s.client()
      await client.session()
      const form = new URLSearchParams({ _csrf: client.csrf!, username: ADMIN.username, password: ADMIN.password, redirectTo: target })
      const res = await client.post('/admin/login', form.toString(), { 'content-type': 'application/x-www-form-urlencoded' })
      expect(res.status, JSON.stringify(target)).toBe(303)
      expect(res.headers.get('location')).toBe('/admin/dashboard')
    }
  })

  it('refuses a picture of more than 26 megapixels before decoding it, and takes four big photos at once', async () => {
    const admin = await s.client().login(ADMIN.username, ADMIN.password)
    await admin.session()
    const upload = (bytes: Buffer) =>
      fetch(`${s.url}/api/uploads`, {
        method: 'POST',
        headers: {
          'content-type': 'image/png',
          'x-csrf-token': admin.csrf!,
          cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
        body: new Uint8Array(bytes),
      })
    // 128 KB on the wire, 160 MB once decoded.
    const huge = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer()
    expect(huge.length).toBeLessThan(200_000)
    const refused = await upload(huge)
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { fields: { file: string } }).fields.file).toMatch(/at most 26 megapixels/)
    // Four 24-megapixel photos at once are all stored (decoded one after another; the memory
    // that saves is measured by `npm run bench:memory`).
    const photo = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#aa3333' } })
      .png()
      .toBuffer()
    const answers = await Promise.all(Array.from({ length: 4 }, () => upload(photo)))
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201])
  })

  // Last: it uses up this address's sign-in allowance.
  it('checks a burst of 30 parallel sign-ins before hashing, and stays responsive meanwhile', async () => {
    const c = s.client()
    await c.session()
    const wrong = Array.from({ length: 30 }, (_, i) => c.post('/api/auth/login', { username: 'admin', password: `burst-${i}` }))
    const healthMs: number[] = []
    const fileMs: number[] = []
    // A static file is read through the same thread pool the password hashes run on.
    for (let i = 0; i < 5; i++) {
      let t0 = performance.now()
      expect((await fetch(`${s.url}/healthz`)).status).toBe(200)
      healthMs.push(performance.now() - t0)
      t0 = performance.now()
      expect((await fetch(`${s.url}/favicon.svg`)).status).toBe(200)
      fileMs.push(performance.now() - t0)
    }
    const answers = await Promise.all(wrong)
    console.log(
      `during the burst: /healthz ${healthMs.map(Math.round).join(', ')} ms; /favicon.svg ${fileMs.map(Math.round).join(', ')} ms`,
    )
    expect(answers.filter((r) => r.status === 401).length).toBe(5)
    expect(answers.filter((r) => r.status === 429).length).toBe(25)
    // Both answered while the burst was hashing (checked above); how fast is a figure for
    // `npm run bench`, not a pass mark on a shared, loaded machine.
  })
})
