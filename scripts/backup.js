// `npm run backup [FILE] [--timeout SECONDS] [--progress SECONDS]`: a consistent copy of the
// SQLite database, taken while the site runs (docs/decisions/012).
//
// The copy is `VACUUM INTO`: one read transaction, so it sees one snapshot and never restarts
// when the site writes (the online backup API restarted on every write and never finished on a
// busy database). Writers carry on meanwhile: in WAL mode a reader does not block them.
// VACUUM INTO is one synchronous SQLite call, so it runs in a child process: this process prints
// progress and enforces the time limit, and SIGKILL stops the copy at once (a worker thread
// could not be terminated until the native call returned).
//
// The authenticator secret in the database is sealed with a key kept outside it (docs/decisions/
// 029): without SECRET_KEY, DATA_DIR/sign-in.key is copied to FILE.key (mode 0600) for
// `npm run restore`; with SECRET_KEY, the output says to keep it. The backup itself is 0600 too:
// it holds password hashes, leads and those sealed secrets.
import { fork } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'
import { sqlitePath } from './db-path.js'
import { keyFileOf } from './sign-in-key.js'

const CHILD_FLAG = 'BACKUP_VACUUM_CHILD'

/** Child process: copy the snapshot to `tmp`, then check the copy; reports each step to the parent. */
function copyInChild(source, tmp) {
  try {
    // The copy holds password hashes, leads and sealed secrets: only its owner may read it. VACUUM
    // INTO fills an empty file, and SQLite gives its journal the same mode.
    fs.closeSync(fs.openSync(tmp, 'wx', 0o600))
    const db = new Database(source, { fileMustExist: true })
    // A reader in WAL mode is rarely busy, but wait out a checkpoint or recovery rather than fail.
    db.pragma('busy_timeout = 5000')
    db.prepare('VACUUM INTO ?').run(tmp)
    db.close()
    process.send({ step: 'copied' })
    const copy = new Database(tmp, { readonly: true, fileMustExist: true })
    const ok = copy.pragma('integrity_check', { simple: true })
    copy.close()
    process.send({ step: 'checked', ok: String(ok) }, () => process.exit(0))
  } catch (err) {
    process.send({ step: 'error', message: err instanceof Error ? err.message : String(err) }, () => process.exit(1))
  }
}

function fail(message) {
  console.error(message)
  process.exit(1)
}

function seconds(value, name) {
  const n = Number(value)
  if (!Number.isFinite(n) || n <= 0) fail(`${name} must be a positive number of seconds, got "${value}"`)
  return n
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

function sizeOf(file) {
  try {
    return fs.statSync(file).size
  } catch {
    return 0
  }
}

function removeTemp(tmp) {
  for (const f of [tmp, `${tmp}-journal`, `${tmp}-wal`, `${tmp}-shm`]) fs.rmSync(f, { force: true })
}

/** Flushes a file (or directory entry) to disk; a backup must survive a crash right after we report it. */
function fsyncPath(p) {
  let fd
  try {
    fd = fs.openSync(p, 'r')
    fs.fsyncSync(fd)
  } catch {
    /* directories cannot be fsynced on every platform; the data file itself was */
  } finally {
    if (fd !== undefined) fs.closeSync(fd)
  }
}

async function main() {
  let args
  try {
    args = parseArgs({
      allowPositionals: true,
      options: { timeout: { type: 'string' }, progress: { type: 'string' } },
    })
  } catch (err) {
    fail(`${err.message}\nUsage: npm run backup [FILE] [--timeout SECONDS] [--progress SECONDS]`)
  }
  if (args.positionals.length > 1) fail('Usage: npm run backup [FILE] [--timeout SECONDS] [--progress SECONDS]')
  const timeout = seconds(args.values.timeout ?? process.env.BACKUP_TIMEOUT_SECONDS ?? '600', '--timeout (BACKUP_TIMEOUT_SECONDS)')
  const every = seconds(args.values.progress ?? '1', '--progress')

  if (/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')) {
    fail('DATABASE_URL is PostgreSQL: back up with pg_dump (see README, "Backups").')
  }
  const source = sqlitePath()
  if (!fs.existsSync(source)) fail(`No database at ${source}`)
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const target = path.resolve(args.positionals[0] ?? path.join(path.dirname(source), 'backups', `site-${stamp}.db`))
  fs.mkdirSync(path.dirname(target), { recursive: true })
  // Written next to the target (same file system, so the rename is atomic) and renamed only once
  // checked: a failed or interrupted backup never leaves a partial file under the final name.
  const tmp = `${target}.${process.pid}.partial`
  removeTemp(tmp)

  let expected
  try {
    const probe = new Database(source, { fileMustExist: true })
    probe.pragma('busy_timeout = 5000')
    expected = probe.pragma('page_count', { simple: true }) * probe.pragma('page_size', { simple: true })
    probe.close()
  } catch (err) {
    fail(`Cannot read ${source}: ${err.message}`)
  }

  const started = Date.now()
  const elapsed = () => ((Date.now() - started) / 1000).toFixed(1)
  console.log(`Backing up ${source} (${mb(expected)}) to ${target}, time limit ${timeout} s`)

  const child = fork(fileURLToPath(import.meta.url), [source, tmp], {
    env: { ...process.env, [CHILD_FLAG]: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  let step = 'copying'
  let checked
  let failure
  child.on('message', (m) => {
    if (m.step === 'copied') {
      step = 'checking'
      console.log(`  copied ${mb(sizeOf(tmp))} in ${elapsed()} s; checking the copy's integrity`)
    } else if (m.step === 'checked') checked = m.ok
    else if (m.step === 'error') failure = m.message
  })

  let settled = false
  const finish = (message) => {
    if (settled) return
    settled = true
    clearInterval(ticker)
    clearTimeout(limit)
    child.kill('SIGKILL')
    removeTemp(tmp)
    fail(message)
  }
  const ticker = setInterval(() => {
    if (step === 'copying') {
      const done = sizeOf(tmp)
      const pct = expected ? Math.min(100, Math.round((done / expected) * 100)) : 0
      console.log(`  copying: ${mb(done)} of ${mb(expected)} (${pct}%), ${elapsed()} s`)
    } else console.log(`  checking integrity, ${elapsed()} s`)
  }, every * 1000)
  const limit = setTimeout(
    () => {
      finish(
        `Backup timed out after ${timeout} s (limit set by --timeout or BACKUP_TIMEOUT_SECONDS); stopped it, nothing written to ${target}`,
      )
    },
    Math.min(timeout * 1000, 2 ** 31 - 1),
  ) // longer delays overflow Node's timer and fire at once
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => finish(`Backup interrupted by ${signal}; nothing written to ${target}`))

  // 'close' comes after the exit and after every message the child sent has been delivered.
  const [code, signal] = await new Promise((resolve) => child.once('close', (c, sig) => resolve([c, sig])))
  if (settled) return
  if (code !== 0 || failure) {
    return finish(`Backup failed: ${failure ?? `copy process ended with ${signal ?? `exit code ${code}`}`}; nothing written to ${target}`)
  }
  if (checked !== 'ok') return finish(`Backup copy failed its integrity check (${checked}); nothing written to ${target}`)
  settled = true
  clearInterval(ticker)
  clearTimeout(limit)
  // Whatever the umask: the rename replaces a file already at the target with this one, so an
  // older world-readable backup under the same name becomes 0600 too.
  fs.chmodSync(tmp, 0o600)
  fsyncPath(tmp)
  fs.renameSync(tmp, target)
  fsyncPath(path.dirname(target))
  console.log(`Backup written to ${target} (${mb(sizeOf(target))}, mode 0600, ${elapsed()} s)`)
  keepSignInKey(target)
  process.exit(0)
}

/** The key the database's sealed secrets need goes with the backup, or the output says where it is. */
function keepSignInKey(target) {
  if (process.env.SECRET_KEY) {
    console.log(
      'Two-step sign-in secrets in the backup are sealed with SECRET_KEY, which is not in it: keep SECRET_KEY as well, or a restore cannot open them.',
    )
    return
  }
  const keyFile = keyFileOf()
  if (!fs.existsSync(keyFile)) return
  const out = `${target}.key`
  const tmp = `${out}.${process.pid}.partial`
  try {
    fs.rmSync(tmp, { force: true })
    fs.writeFileSync(tmp, fs.readFileSync(keyFile), { flag: 'wx', mode: 0o600 })
    fs.chmodSync(tmp, 0o600)
    fsyncPath(tmp)
    fs.renameSync(tmp, out)
    fsyncPath(path.dirname(out))
  } catch (err) {
    fs.rmSync(tmp, { force: true })
    fail(`The database was backed up, but its sign-in key ${keyFile} could not be copied to ${out}: ${err.message}`)
  }
  console.log(
    `Sign-in key written to ${out} (mode 0600): npm run restore needs it to open two-step sign-in secrets. If the backup leaves this machine, keep the key apart from it (together they reveal the authenticator secret).`,
  )
}

if (process.env[CHILD_FLAG] === '1' && process.send) copyInChild(process.argv[2], process.argv[3])
else await main()
