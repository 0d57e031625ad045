import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '~/db/db.server.ts'
import * as factors from '~/models/sign-in-factors.server.ts'
import { getSession, signInWithPassword } from '~/services/auth.server.ts'
import { authenticateApiToken, createApiToken } from '~/services/api-tokens.server.ts'
import { confirmSudo } from '~/services/sudo.server.ts'
import { confirmTotpEnrolment, startTotpEnrolment, twoStepState } from '~/services/totp.server.ts'
import { ADMIN_PASSWORD, ADMIN_USERNAME, dialects } from '../helpers/app.ts'
import { freshDatabase } from '../services/db.ts'

/** `npm run admin:reset` as an operator runs it: the script against the built server bundle. */
function run(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('node', ['scripts/admin-reset.js', ...args], { env: { ...process.env, ...env } }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
}

describe.each(dialects())('npm run admin:reset on %s', (_name, url) => {
  it('prints a new password once, turns two-step sign-in off, removes every passkey, revokes every API token and ends every session', async () => {
    const databaseUrl = url()
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-reset-'))
    const h = await freshDatabase(databaseUrl)
    const key = randomBytes(32)
    let apiToken = ''
    try {
      const { ensureAdmin } = await import('~/services/auth.server.ts')
      await ensureAdmin(h.db, ADMIN_USERNAME, ADMIN_PASSWORD)
      const signedIn = await signInWithPassword(h.db, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ip: '192.0.2.1' })
      const admin = (await getSession(h.db, signedIn.token)).admin!
      await confirmSudo(h.db, admin, ADMIN_PASSWORD)
      // A token as a stolen session in sudo mode would have made it: it must not outlive the reset either (issue 33).
      apiToken = (await createApiToken(h.db, admin, 'Not mine either')).token
      // A passkey as a stolen session would have added it: it must not outlive the reset.
      await factors.insertPasskey(h.db, {
        userId: admin.id,
        credentialId: 'stolen-credential',
        publicKey: 'AAAA',
        counter: 0,
        transports: null,
        name: 'Not mine',
      })
      const { secret } = await startTotpEnrolment(h.db, key, admin)
      await confirmTotpEnrolment(h.db, key, admin, new TOTP({ secret: Secret.fromBase32(secret) }).generate())
      expect((await twoStepState(h.db, key, admin)).enabled).toBe(true)
    } finally {
      await h.close()
    }

    // As an operator runs it: production, so the new password is hashed at OWASP's cost.
    const env = { NODE_ENV: 'production', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }
    const unknown = await run(env, '--username', 'nobody')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('No admin named "nobody".')

    const done = await run(env, '--username', ADMIN_USERNAME)
    expect(done.stderr).toBe('')
    expect(done.code).toBe(0)
    const password = /New password \(shown only now\): (\S+)/.exec(done.stdout)?.[1]
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/)
    expect(done.stdout).toContain('every passkey is removed (1), every API token is revoked (1)')

    const after = openDatabase(databaseUrl)
    try {
      expect(await after.db.selectFrom('sessions').selectAll().execute()).toEqual([])
      const stored = await after.db.selectFrom('adminUsers').select('passwordHash').executeTakeFirstOrThrow()
      expect(stored.passwordHash).toMatch(/^scrypt\$32768\$8\$3\$/)
      await expect(signInWithPassword(after.db, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ip: '192.0.2.2' })).rejects.toThrow(
        'Invalid credentials',
      )
      // No second step any more: the new password alone opens a session.
      expect((await signInWithPassword(after.db, { username: ADMIN_USERNAME, password: password!, ip: '192.0.2.2' })).kind).toBe('session')
      expect(await after.db.selectFrom('recoveryCodes').selectAll().execute()).toEqual([])
      expect(await after.db.selectFrom('passkeys').selectAll().execute()).toEqual([])
      expect(await authenticateApiToken(after.db, apiToken)).toBeUndefined()
      expect(await after.db.selectFrom('apiTokens').selectAll().execute()).toEqual([])
      const mail = await after.db.selectFrom('mailOutbox').select('subject').orderBy('id', 'desc').executeTakeFirstOrThrow()
      expect(mail.subject).toContain('reset on the server')
      expect(mail.subject).toContain('every passkey (1) was removed and every API token (1) was revoked')
    } finally {
      await after.close()
    }
  })
})
