import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { getSession, signInWithPassword } from '~/services/auth.server.ts'
import { ADMIN_PASSWORD, ADMIN_USERNAME, dialects } from '../helpers/app.ts'
import { freshDatabase } from '../services/db.ts'
import { adminCreate } from './people-helpers.ts'
import { BUILD_DIR } from './server.ts'

function adminReset(env: Record<string, string>, username: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'node',
      ['scripts/admin-reset.js', '--username', username],
      { env: { ...process.env, BUILD_DIR, ...env } },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
}

/** `npm run admin:create` and `admin:reset --username` for any person (issue 23), as an operator runs them. */
describe.each(dialects())('npm run admin:create on %s', (_name, url) => {
  it('makes a person with a role, their own notice email and a one-time password they must replace; refuses an unknown role, a taken name or no email; admin:reset works for them', async () => {
    const databaseUrl = url()
    const h = await freshDatabase(databaseUrl)
    try {
      const { ensureAdmin } = await import('~/services/auth.server.ts')
      await ensureAdmin(h.db, ADMIN_USERNAME, ADMIN_PASSWORD)
    } finally {
      await h.close()
    }
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'admin-create-')),
      LOG_LEVEL: 'silent',
    }

    const wrongRole = await adminCreate(env, 'pat', 'boss')
    expect(wrongRole.code).toBe(1)
    expect(wrongRole.stderr).toContain('Unknown role "boss": use owner, administrator, editor, author or sales.')
    const taken = await adminCreate(env, ADMIN_USERNAME, 'editor')
    expect(taken.code).toBe(1)
    expect(taken.stderr).toContain(`A person named "${ADMIN_USERNAME}" already exists`)

    // Their own email is asked for (issue 33): where their security notices go.
    const noEmail = await adminCreate(env, 'pat', 'sales', null)
    expect(noEmail.code).toBe(1)
    expect(noEmail.stderr).toContain('--email ADDRESS')
    const badEmail = await adminCreate(env, 'pat', 'sales', 'not-an-address')
    expect(badEmail.code).toBe(1)
    expect(badEmail.stderr).toContain('"not-an-address" is not an email address')

    const made = await adminCreate(env, 'pat', 'sales', 'pat@studio.example')
    expect(made.stderr).toBe('')
    expect(made.code).toBe(0)
    expect(made.stdout).toContain('their security notices go to pat@studio.example')
    // The last line, as admin:reset prints it: `... password ...: VALUE`.
    expect(made.stdout.trim().split('\n').at(-1)).toMatch(/^One-time password \(shown only now\): [A-Za-z0-9_-]{16}$/)

    const fresh = await freshDatabaseKeep(databaseUrl)
    try {
      // Before the reset: the one-time password signs in, and the person must choose their own first.
      const first = await signInWithPassword(fresh.db, { username: 'pat', password: made.password!, ip: '192.0.2.40' })
      expect(first.kind === 'session' && (await getSession(fresh.db, first.token)).admin).toMatchObject({
        role: 'sales',
        mustChangePassword: true,
      })
      // The notice of their creation went to their own address, named with their role.
      const notice = await fresh.db
        .selectFrom('mailOutbox')
        .select(['toAddress', 'subject'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
      expect(notice).toEqual({
        toAddress: 'pat@studio.example',
        subject: 'Security change: pat (sales) was created on the server (npm run admin:create)',
      })
    } finally {
      await fresh.close()
    }

    const reset = await adminReset(env, 'pat')
    expect(reset.code).toBe(0)
    const password = /New password \(shown only now\): (\S+)/.exec(reset.stdout)?.[1]
    expect(password).toBeDefined()

    const after = await freshDatabaseKeep(databaseUrl)
    try {
      await expect(signInWithPassword(after.db, { username: 'pat', password: made.password!, ip: '192.0.2.40' })).rejects.toThrow()
      const signedIn = await signInWithPassword(after.db, { username: 'pat', password: password!, ip: '192.0.2.40' })
      expect(signedIn.kind).toBe('session')
      const pat = (await getSession(after.db, signedIn.token)).admin!
      // The role stays; the reset password is the operator's way back in, as before (not forced to change).
      expect(pat).toMatchObject({ username: 'pat', role: 'sales', mustChangePassword: false })
    } finally {
      await after.close()
    }
  })
})

/** The same database, not emptied. */
async function freshDatabaseKeep(url: string) {
  const { openDatabase } = await import('~/db/db.server.ts')
  return openDatabase(url)
}
