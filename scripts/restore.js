// `npm run restore FILE`: replaces the SQLite database with a backup. Stop the site first;
// the restore refuses a file that is not a healthy SQLite database.
import fs from 'node:fs'
import Database from 'better-sqlite3'
import { sqlitePath } from './db-path.js'

const file = process.argv[2]
if (!file || !fs.existsSync(file)) {
  console.error('Usage: npm run restore FILE   (a file written by npm run backup)')
  process.exit(1)
}
const backup = new Database(file, { readonly: true, fileMustExist: true })
const ok = backup.pragma('integrity_check', { simple: true })
if (ok !== 'ok') {
  console.error(`${file} is damaged (${ok}); nothing restored.`)
  process.exit(1)
}
const target = sqlitePath()
// Copy through SQLite's backup API into the live file, so its WAL and shared memory stay consistent.
await backup.backup(target)
backup.close()
const db = new Database(target)
db.pragma('journal_mode = WAL')
db.pragma('wal_checkpoint(TRUNCATE)')
db.close()
console.log(`Restored ${target} from ${file}`)
