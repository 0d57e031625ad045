// `npm run restore FILE [--without-key]`: replaces the SQLite database with a backup. Stop the
// site first; the restore refuses a file that is not a healthy SQLite database.
//
// Two-step sign-in secrets in the backup open only under the key they were sealed with
// (docs/decisions/029). Without SECRET_KEY, FILE.key (written by `npm run backup`) becomes
// DATA_DIR/sign-in.key. A backup whose sealed secrets the available key cannot open is refused,
// naming SECRET_KEY; `--without-key` restores it anyway (then `npm run admin:reset` turns two-step
// sign-in off, and the site starts with the key it has).
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'
import { sqlitePath } from './db-path.js'
import { decodeSecretKey, fits, keyFacts, keyFileOf } from './sign-in-key.js'

const USAGE = 'Usage: npm run restore FILE [--without-key]   (a file written by npm run backup)'
function fail(message) {
  console.error(message)
  process.exit(1)
}

let args
try {
  args = parseArgs({ allowPositionals: true, options: { 'without-key': { type: 'boolean' } } })
} catch (err) {
  fail(`${err.message}\n${USAGE}`)
}
const file = args.positionals[0]
if (args.positionals.length !== 1 || !fs.existsSync(file)) fail(USAGE)
const backup = new Database(file, { readonly: true, fileMustExist: true })
const ok = backup.pragma('integrity_check', { simple: true })
if (ok !== 'ok') {
  backup.close()
  fail(`${file} is damaged (${ok}); nothing restored.`)
}

// Which key the site will have once restored: SECRET_KEY if set (the server uses nothing else),
// else the backup's key file, else the one already in DATA_DIR.
const facts = keyFacts(backup)
const keyFile = keyFileOf()
const backupKeyFile = `${file}.key`
let candidates
if (process.env.SECRET_KEY) {
  const master = decodeSecretKey(process.env.SECRET_KEY)
  if (!master)
    fail(
      'Invalid configuration: SECRET_KEY must be at least 32 random bytes written as hex (64 characters) or base64url (43 characters); nothing restored.',
    )
  candidates = [{ name: 'SECRET_KEY', master }]
} else {
  candidates = [backupKeyFile, keyFile].filter((f) => fs.existsSync(f)).map((f) => ({ name: f, master: fs.readFileSync(f), file: f }))
}
const key = candidates.find((c) => fits(c.master, facts))
const withoutKey = args.values['without-key'] === true
if (!key && facts.sealed !== undefined && !withoutKey) {
  backup.close()
  fail(
    `${file} has two-step sign-in secrets sealed under a key that is not here: set SECRET_KEY to the key it was made with, or put its key file at ${backupKeyFile} (npm run backup writes it there); nothing restored. If the key is lost: --without-key, then npm run admin:reset.`,
  )
}

const target = sqlitePath()
// Copy through SQLite's backup API into the live file, so its WAL and shared memory stay consistent.
await backup.backup(target)
backup.close()
const db = new Database(target)
db.pragma('journal_mode = WAL')
// Nothing sealed that the key must open (or restored without it): the site records the key it
// starts with instead of refusing a check value made under another one.
if (!key && facts.check !== undefined) db.prepare("DELETE FROM settings WHERE key = 'signInKeyCheck'").run()
db.pragma('wal_checkpoint(TRUNCATE)')
db.close()
console.log(`Restored ${target} from ${file}`)

const restoreKey = key?.file === backupKeyFile ? key : undefined
if (restoreKey && !(fs.existsSync(keyFile) && fs.readFileSync(keyFile).equals(restoreKey.master))) {
  fs.mkdirSync(path.dirname(keyFile), { recursive: true })
  if (fs.existsSync(keyFile)) {
    const kept = `${keyFile}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
    fs.renameSync(keyFile, kept)
    console.log(`The sign-in key that was in DATA_DIR is kept as ${kept}`)
  }
  const tmp = `${keyFile}.${process.pid}.partial`
  fs.writeFileSync(tmp, restoreKey.master, { flag: 'wx', mode: 0o600 })
  fs.chmodSync(tmp, 0o600)
  fs.renameSync(tmp, keyFile)
  console.log(`Restored the sign-in key ${keyFile} from ${backupKeyFile}`)
} else if (key?.name === 'SECRET_KEY' && facts.check !== undefined) {
  console.log('SECRET_KEY opens the two-step sign-in secrets in the backup.')
}
