import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ADMIN, startServer, tempDir, type RunningServer } from './server.ts'

const proposal = (name: string) => ({ name, email: 'backup@example.com', businessType: 'retail', budget: '500-1000', requirements: 'Backup check' })

/** Runs a script without blocking this process, so requests keep flowing meanwhile. */
function npmRun(script: string, args: string[], env: Record<string, string>): Promise<{ status: number; out: string }> {
  return new Promise((resolve) => {
    execFile('node', [`scripts/${script}.js`, ...args], { env: { ...process.env, ...env } }, (err, stdout, stderr) =>
      resolve({ status: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    )
  })
}

async function names(s: RunningServer): Promise<string[]> {
  const admin = await s.client().login(ADMIN.username, ADMIN.password)
  return ((await (await admin.get('/api/proposals')).json()) as { name: string }[]).map((p) => p.name)
}

describe('backup and restore (SQLite)', () => {
  let s: RunningServer | undefined
  afterAll(async () => {
    await s?.stop()
  })

  it('backs up while the site runs and restores the earlier state', async () => {
    const dir = tempDir()
    const env = { DATABASE_URL: path.join(dir, 'site.db'), DATA_DIR: dir, PROPOSAL_RATE_LIMIT_PER_HOUR: '1000' }
    s = await startServer(env)
    expect((await s.client().post('/api/proposals', proposal('Before Backup'))).status).toBe(201)

    // Online: writes keep arriving while the backup runs.
    const writer = (async () => {
      for (let i = 0; i < 20; i++) await s!.client().post('/api/proposals', proposal(`During ${i}`))
    })()
    const backupFile = path.join(dir, 'backups', 'snapshot.db')
    const backup = await npmRun('backup', [backupFile], env)
    await writer
    expect(backup.status, backup.out).toBe(0)
    expect(backup.out).toContain('Backup written to')

    expect((await s.client().post('/api/proposals', proposal('After Backup'))).status).toBe(201)
    expect(await names(s)).toContain('After Backup')
    await s.stop()

    const restore = await npmRun('restore', [backupFile], env)
    expect(restore.status, restore.out).toBe(0)
    s = await startServer(env)
    const after = await names(s)
    expect(after).toContain('Before Backup')
    expect(after).not.toContain('After Backup')
  }, 60_000)

  it('refuses to restore a file that is not a database', async () => {
    const dir = tempDir()
    const bogus = path.join(dir, 'not-a-db.db')
    fs.writeFileSync(bogus, 'hello')
    const r = await npmRun('restore', [bogus], { DATABASE_URL: path.join(dir, 'site.db') })
    expect(r.status).not.toBe(0)
  })
})
