import { execFile } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ADMIN, BUILD_DIR, startServer, tempDir, type RunningServer } from './server.ts'

/** The worker processes of a cluster's primary. */
function workerPids(primary: number): number[] {
  return fs.readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
}

/** Waits for the server's JSON log line with this message (bounded by the test's time limit) and parses it. */
async function logLine(s: RunningServer, msg: string): Promise<Record<string, unknown>> {
  for (;;) {
    // Whole lines only: the last piece may still be arriving.
    const line = s
      .output()
      .split('\n')
      .slice(0, -1)
      .find((l) => l.includes(`"msg":"${msg}"`))
    if (line) return JSON.parse(line) as Record<string, unknown>
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('npm start on an empty data folder', () => {
  let s: RunningServer | undefined
  afterAll(async () => {
    await s?.stop()
  })

  it('serves the site and the four samples, and keeps what was written across a restart', async () => {
    const dataDir = tempDir('fresh-')
    // Only DATA_DIR: the database file is created at its default place inside it.
    const env = { DATA_DIR: dataDir }
    s = await startServer(env, undefined, 'scripts/start.js')
    const home = await fetch(`${s.url}/`)
    expect(home.status).toBe(200)
    expect(await home.text()).toContain('<html')
    const items = (await (await fetch(`${s.url}/api/portfolio`)).json()) as unknown[]
    expect(items).toHaveLength(4)

    const admin = await s.client().login(ADMIN.username, ADMIN.password)
    const post = (await (
      await admin.post('/api/blogs', {
        title: 'Survives Restarts',
        subheading: 's',
        excerpt: 'e',
        content: '<p>c</p>',
        category: 'SEO',
        status: 'published',
      })
    ).json()) as { id: number }
    expect(
      (
        await s.client().post('/api/proposals', {
          name: 'Kept Forever',
          email: 'k@example.com',
          businessType: 'other',
          budget: '5000+',
          requirements: 'r',
        })
      ).status,
    ).toBe(201)

    // Graceful stop: SIGTERM finishes in-flight work and exits 0.
    expect(await s.stop()).toBe(0)
    expect(s.output()).not.toContain(ADMIN.password)
    s = await startServer(env, undefined, 'scripts/start.js')
    expect((await fetch(`${s.url}/api/blogs/${post.id}`)).status).toBe(200)
    const again = await s.client().login(ADMIN.username, ADMIN.password)
    const proposals = (await (await again.get('/api/proposals')).json()) as { name: string }[]
    expect(proposals.map((p) => p.name)).toContain('Kept Forever')
    expect(((await (await fetch(`${s.url}/api/portfolio`)).json()) as unknown[]).length).toBe(4)
  })

  it('prints a generated admin password once, on the first start only', async () => {
    const dir = tempDir('pw-')
    const first = await startServer({ DATA_DIR: dir, ADMIN_PASSWORD: '' })
    await first.stop()
    const printed = /created with password: (\S+)/.exec(first.output())
    expect(printed).not.toBeNull()
    const second = await startServer({ DATA_DIR: dir, ADMIN_PASSWORD: '' })
    try {
      expect(second.output()).not.toContain('created with password')
      await second.client().login('admin', printed![1])
    } finally {
      await second.stop()
    }
  })

  it('runs several worker processes with WEB_CONCURRENCY and stops them all on SIGTERM', async () => {
    const dir = tempDir('cluster-')
    const cl = await startServer({ DATA_DIR: dir, WEB_CONCURRENCY: '2' })
    try {
      for (let i = 0; i < 6; i++) expect((await fetch(`${cl.url}/`)).status).toBe(200)
      expect(((await (await fetch(`${cl.url}/api/portfolio`)).json()) as unknown[]).length).toBe(4)
      // Seeded once, not once per worker.
      const admin = await cl.client().login(ADMIN.username, ADMIN.password)
      expect(((await (await admin.get('/api/portfolio')).json()) as unknown[]).length).toBe(4)

      // A worker that dies is replaced, and the primary's JSON log line names both processes.
      const worker = workerPids(cl.proc.pid!)[0]!
      process.kill(worker, 'SIGKILL')
      const line = await logLine(cl, 'worker died; starting another')
      expect(line).toMatchObject({ pid: cl.proc.pid, workerPid: worker, signal: 'SIGKILL' })
      expect((await fetch(`${cl.url}/`)).status).toBe(200)
    } finally {
      expect(await cl.stop()).toBe(0)
    }
  })

  it('uses one worker per core by default in production, and a change made through one worker reaches the others at once', async () => {
    const cores = os.availableParallelism()
    const cl = await startServer({ DATA_DIR: tempDir('cores-'), WEB_CONCURRENCY: undefined, LOG_LEVEL: 'info' })
    try {
      if (cores > 1) expect(cl.output()).toContain(`"workers":${cores}`)
      else expect(cl.output()).not.toContain('"workers"')
      // A new connection per request: the primary hands connections to the workers in turn.
      const page = (path: string) =>
        new Promise<string>((resolve, reject) => {
          http
            .get(`${cl.url}${path}`, { agent: false }, (res) => {
              let body = ''
              res
                .setEncoding('utf8')
                .on('data', (d: string) => (body += d))
                .on('end', () => resolve(body))
            })
            .on('error', reject)
        })
      // Every worker holds the home page in its cache.
      for (let i = 0; i < 4 * cores; i++) expect(await page('/')).toContain('</html>')
      const admin = await cl.client().login(ADMIN.username, ADMIN.password)
      const items = (await (await admin.get('/api/portfolio')).json()) as { id: number }[]
      expect((await admin.put(`/api/portfolio/${items[0]!.id}`, { title: 'Renamed Everywhere' })).status).toBe(200)
      // Right away (well inside the 1 s database poll), whichever worker answers.
      const pages = await Promise.all(Array.from({ length: 4 * cores }, () => page('/')))
      for (const html of pages) expect(html).toContain('Renamed Everywhere')
    } finally {
      expect(await cl.stop()).toBe(0)
    }
  })

  it('stops at start with one line naming a bad variable', async () => {
    const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['server.js'],
        { env: { PATH: process.env.PATH, NODE_ENV: 'production', BUILD_DIR, PORT: 'eighty', DATA_DIR: path.join(tempDir(), 'x') } },
        (err, _o, stderr) => resolve({ code: (err as { code?: number } | null)?.code ?? 0, stderr }),
      )
    })
    expect(result.code).toBe(1)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toMatch(/^Invalid configuration: PORT /)
  })
})
