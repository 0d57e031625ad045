import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { resetPostgres } from '../helpers/app.ts'
import { ADMIN, startServer, tempDir, type RunningServer } from './server.ts'

/** Uploaded images live in the database: every instance serves them and backups include them. */

function run(cmd: string, args: string[], env: Record<string, string> = {}): Promise<{ status: number; out: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { env: { ...process.env, ...env } }, (err, stdout, stderr) =>
      resolve({ status: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    )
  })
}

/** The PostgreSQL client tools matching the local server (15), else whatever is on PATH. */
const pgTool = (name: string) => (fs.existsSync(`/usr/lib/postgresql/15/bin/${name}`) ? `/usr/lib/postgresql/15/bin/${name}` : name)

function pgUrl(): string {
  const url = process.env.TEST_PG_URL
  if (!url) throw new Error('TEST_PG_URL is not set: run the tests with `npm test`')
  return url
}

/** Signs in on `s`, uploads a fresh picture through POST /api/uploads and returns its URL. */
async function upload(s: RunningServer, colour: string): Promise<string> {
  const admin = await s.client().login(ADMIN.username, ADMIN.password)
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer()
  const res = await fetch(`${s.url}/api/uploads`, {
    method: 'POST',
    headers: {
      'content-type': 'image/png',
      'x-csrf-token': admin.csrf!,
      cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: new Uint8Array(png),
  })
  expect(res.status).toBe(201)
  const body = (await res.json()) as { url: string; width: number; height: number }
  expect(body).toMatchObject({ url: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.webp$/), width: 900, height: 600 })
  return body.url
}

async function fetchImage(s: RunningServer, url: string): Promise<{ status: number; bytes: Buffer; etag: string | null }> {
  const res = await fetch(s.url + url)
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), etag: res.headers.get('etag') }
}

async function pgQuery(sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: pgUrl() })
  await client.connect()
  try {
    return await client.query(sql)
  } finally {
    await client.end()
  }
}

const running: RunningServer[] = []
async function start(env: Record<string, string>) {
  const s = await startServer(env)
  running.push(s)
  return s
}
async function stop(s: RunningServer) {
  running.splice(running.indexOf(s), 1)
  expect(await s.stop()).toBe(0)
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()))
})

describe('uploads on PostgreSQL', () => {
  it('an image uploaded through one instance is served byte for byte by another', async () => {
    await resetPostgres(pgUrl())
    const env = { DATABASE_URL: pgUrl() }
    // Separate data folders: nothing is shared but the database.
    const a = await start({ ...env, DATA_DIR: tempDir() })
    const b = await start({ ...env, DATA_DIR: tempDir() })
    const url = await upload(a, '#228833')
    const onA = await fetchImage(a, url)
    const onB = await fetchImage(b, url)
    expect(onA.status).toBe(200)
    expect(onB.status).toBe(200)
    expect(onB.bytes.equals(onA.bytes)).toBe(true)
    expect((await sharp(onB.bytes).metadata()).format).toBe('webp')
    expect(onB.etag).toBe(onA.etag)
    const revalidated = await fetch(b.url + url, { headers: { 'if-none-match': onA.etag! } })
    expect(revalidated.status).toBe(304)
  })

  it('pg_dump and pg_restore (the README way) bring the images back', async () => {
    await resetPostgres(pgUrl())
    const env = { DATABASE_URL: pgUrl(), DATA_DIR: tempDir() }
    let s = await start(env)
    const url = await upload(s, '#884422')
    const before = await fetchImage(s, url)
    expect(before.status).toBe(200)

    // Dumped while the site runs.
    const dump = path.join(tempDir(), 'site.dump')
    const dumped = await run(pgTool('pg_dump'), ['--format=custom', `--file=${dump}`, pgUrl()])
    expect(dumped.status, dumped.out).toBe(0)
    await stop(s)

    await pgQuery('drop table uploads')
    const restored = await run(pgTool('pg_restore'), ['--clean', '--if-exists', `--dbname=${pgUrl()}`, dump])
    expect(restored.status, restored.out).toBe(0)
    // The picture and its smaller widths and AVIF copies (docs/decisions/022).
    expect((await pgQuery('select count(*)::int as n from uploads where variant_of is null')).rows[0].n).toBe(1)
    expect((await pgQuery('select count(*)::int as n from uploads where variant_of is not null')).rows[0].n).toBeGreaterThan(1)

    s = await start(env)
    const after = await fetchImage(s, url)
    expect(after.status).toBe(200)
    expect(after.bytes.equals(before.bytes)).toBe(true)
    expect(after.etag).toBe(before.etag)
  })
})

describe('uploads on SQLite', () => {
  it('npm run backup includes the images and npm run restore brings them back', async () => {
    const dir = tempDir()
    const dbFile = path.join(dir, 'site.db')
    const env = { DATABASE_URL: dbFile, DATA_DIR: dir }
    let s = await start(env)
    const url = await upload(s, '#3344aa')
    const before = await fetchImage(s, url)
    expect(before.status).toBe(200)
    // Nothing on disk besides the database.
    expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(false)

    const backupFile = path.join(tempDir(), 'snapshot.db')
    const backup = await run('node', ['scripts/backup.js', backupFile], env)
    expect(backup.status, backup.out).toBe(0)
    expect(backup.out).toContain('Backup written to')
    await stop(s)

    // Lose the image: its row is deleted with the site stopped.
    const db = new Database(dbFile)
    expect(db.prepare('delete from uploads where name = ?').run(url.slice('/uploads/'.length)).changes).toBe(1)
    db.close()
    s = await start(env)
    expect((await fetchImage(s, url)).status).toBe(404)
    await stop(s)

    const restore = await run('node', ['scripts/restore.js', backupFile], env)
    expect(restore.status, restore.out).toBe(0)
    s = await start(env)
    const after = await fetchImage(s, url)
    expect(after.status).toBe(200)
    expect(after.bytes.equals(before.bytes)).toBe(true)
    expect(after.etag).toBe(before.etag)
  })
})

describe('images stored before responsive images', () => {
  it('get their smaller widths and AVIF copies after start, and the pages then offer them', async () => {
    const dir = tempDir()
    const dbFile = path.join(dir, 'site.db')
    const env = { DATABASE_URL: dbFile, DATA_DIR: dir }
    let s = await start(env)
    const url = await upload(s, '#557799')
    const admin = await s.client().login(ADMIN.username, ADMIN.password)
    const created = await admin.post('/api/portfolio', {
      title: 'Legacy picture project',
      description: 'A project whose picture predates variants.',
      category: 'Business',
      image: url,
      imageAlt: 'The legacy project home page',
    })
    expect(created.status).toBe(201)
    await stop(s)

    // As an older version left it: the picture alone, without its size or any copies.
    const name = url.slice('/uploads/'.length)
    const db = new Database(dbFile)
    db.prepare('delete from uploads where variant_of is not null').run()
    db.prepare('update uploads set width = null, height = null where name = ?').run(name)
    db.close()

    s = await start(env)
    const base = url.replace(/\.webp$/, '')
    // Made in the background after start; the cached page is dropped once they exist.
    let html = ''
    for (let i = 0; i < 120 && !html.includes(`${base}-480.avif`); i++) {
      if (i) await new Promise((r) => setTimeout(r, 500))
      html = await (await fetch(`${s.url}/portfolio`)).text()
    }
    expect(html).toContain(`${base}-480.avif 480w`)
    expect(html).toContain(`${base}-480.webp 480w, ${url} 900w`)
    expect(html).toMatch(new RegExp(`<img[^>]*alt="The legacy project home page"[^>]*width="900"[^>]*height="600"`))
    const avif = await fetch(`${s.url}${base}-900.avif`)
    expect(avif.status).toBe(200)
    expect(avif.headers.get('content-type')).toBe('image/avif')
    expect(avif.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })
})
