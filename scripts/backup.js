// `npm run backup [FILE]`: a consistent copy of the SQLite database, taken while the site runs.
// SQLite's online backup API copies a snapshot page by page without stopping writers.
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { sqlitePath } from './db-path.js'

const source = sqlitePath()
if (!fs.existsSync(source)) {
  console.error(`No database at ${source}`)
  process.exit(1)
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const target = process.argv[2] ?? path.join(path.dirname(source), 'backups', `site-${stamp}.db`)
fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true })

const db = new Database(source, { readonly: true, fileMustExist: true })
db.pragma('busy_timeout = 5000')
await db.backup(target)
db.close()
const check = new Database(target, { readonly: true })
const ok = check.pragma('integrity_check', { simple: true })
check.close()
if (ok !== 'ok') {
  console.error(`Backup written to ${target} but its integrity check failed: ${ok}`)
  process.exit(1)
}
console.log(`Backup written to ${target}`)
