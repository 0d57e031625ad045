// The production build on a fresh SQLite database for each Playwright run.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const dir = mkdtempSync(path.join(tmpdir(), 'e2e-'))
process.env.NODE_ENV = 'production'
process.env.DATA_DIR = dir
process.env.DATABASE_URL ??= path.join(dir, 'site.db')
process.env.ADMIN_USERNAME = 'admin'
process.env.ADMIN_PASSWORD = 'e2e-admin-password'
// A spec may start its own server under another name (passkeys need a host name, not an IP).
process.env.SITE_URL = process.env.E2E_SITE_URL ?? `http://127.0.0.1:${process.env.PORT}`
process.env.HOST = '127.0.0.1'
process.env.LOG_LEVEL = 'warn'
// One process: some specs open this run's SQLite file and count on one view counter.
process.env.WEB_CONCURRENCY ??= '1'
// All e2e tests post from 127.0.0.1; the 429 itself is covered by the API tests.
process.env.PROPOSAL_RATE_LIMIT_PER_HOUR = '1000'
process.env.E2E_DATA_DIR = dir
// Admin tests open this run's SQLite file (e.g. to age a session); one file per port, outside
// test-results/ (which every Playwright run empties).
writeFileSync(path.join(tmpdir(), `e2e-data-dir-${process.env.PORT}.txt`), dir)
await import('../../server.js')

// The seeded admin's password is stored at scrypt N=2^14 instead of the production 2^17: hundreds
// of sign-ins per run each cost a core for 100 ms or more otherwise (decision 037). The stored hash
// names its cost, so the same production code verifies it; passwords set during the tests are
// hashed at the production cost as always.
if (!/^postgres(ql)?:/.test(process.env.DATABASE_URL)) {
  const { default: Database } = await import('better-sqlite3')
  const { randomBytes, scryptSync } = await import('node:crypto')
  const N = 2 ** 14
  const salt = randomBytes(16)
  const key = scryptSync(process.env.ADMIN_PASSWORD.normalize('NFKC'), salt, 32, { N, r: 8, p: 1, maxmem: 256 * N * 8 })
  const db = new Database(process.env.DATABASE_URL)
  db.prepare('UPDATE admin_users SET password_hash = ? WHERE username = ?').run(
    ['scrypt', N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$'),
    process.env.ADMIN_USERNAME,
  )
  db.close()
}
