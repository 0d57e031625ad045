// Finds or sets up the real services the tests use. On Debian as root it installs and starts
// them; elsewhere it stops with one line saying what to install.
import { execSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import pg from 'pg'

const DEFAULT_PG_URL = 'postgres://app:app@127.0.0.1:5432/appdb'
const isRoot = process.getuid?.() === 0
const hasApt = existsSync('/usr/bin/apt-get')

function die(line) {
  console.error(line)
  process.exit(2)
}

async function canConnect(url) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await c.connect()
    await c.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await c.end().catch(() => {})
  }
}

function sh(cmd) {
  execSync(cmd, { stdio: ['ignore', 'ignore', 'inherit'] })
}

/** Returns a URL of a reachable PostgreSQL database for the tests. */
export async function ensurePostgres() {
  const url = process.env.TEST_PG_URL || DEFAULT_PG_URL
  if (await canConnect(url)) return url
  if (process.env.TEST_PG_URL) die(`Cannot reach PostgreSQL at TEST_PG_URL (${url}); start it or unset TEST_PG_URL.`)
  if (!isRoot || !hasApt)
    die(
      'PostgreSQL is needed for the tests: install it (Debian: apt-get install postgresql) or set TEST_PG_URL to a database the tests may wipe.',
    )
  if (!existsSync('/usr/bin/pg_ctlcluster') || !existsSync('/usr/lib/postgresql')) {
    console.log('Installing PostgreSQL (apt-get install postgresql)...')
    sh('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql')
  }
  const version = readdirSync('/usr/lib/postgresql').sort().at(-1)
  spawnSync('pg_ctlcluster', [version, 'main', 'start'], { stdio: 'ignore' })
  const psql = (sql) => spawnSync('su', ['postgres', '-c', `psql -v ON_ERROR_STOP=0 -q -c "${sql}"`], { stdio: 'ignore' })
  psql("CREATE ROLE app LOGIN PASSWORD 'app'")
  // The test role makes a database per Vitest worker (ensureWorkerDatabases).
  psql('ALTER ROLE app CREATEDB')
  spawnSync('su', ['postgres', '-c', 'createdb -O app appdb'], { stdio: 'ignore' })
  for (let i = 0; i < 20; i++) {
    if (await canConnect(url)) return url
    await new Promise((r) => setTimeout(r, 500))
  }
  die(`PostgreSQL did not become reachable at ${url}; check 'pg_lsclusters'.`)
}

/**
 * Makes `<database>_w1` … `_w<count>` beside the test database, one per Vitest worker, so test
 * files can run in parallel (tests/helpers/worker-database.ts). Returns false when the role may
 * not create databases: the files then run one at a time on the one database.
 */
export async function ensureWorkerDatabases(url, count) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await c.connect()
    const base = new URL(url).pathname.slice(1)
    for (let i = 1; i <= count; i++) {
      const name = `${base}_w${i}`
      const exists = await c.query('select 1 from pg_database where datname = $1', [name])
      if (!exists.rowCount) await c.query(`create database "${name.replace(/"/g, '""')}"`)
    }
    return true
  } catch (err) {
    console.log(`One PostgreSQL database for all test files (${err.message}): Vitest runs them one at a time.`)
    return false
  } finally {
    await c.end().catch(() => {})
  }
}

/** Returns the path of a Chromium binary for Playwright (never downloads one). */
export function ensureChromium() {
  // Chromium's headless shell (Debian's chromium-headless-shell, the build Playwright itself
  // runs headless) uses half the CPU of the full browser in headless mode (docs/decisions/048).
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean)
  const found = candidates.find((p) => existsSync(p))
  if (found) return found
  if (!isRoot || !hasApt)
    die('Chromium is needed for the end-to-end tests: install it (Debian: apt-get install chromium-headless-shell) or set CHROMIUM_PATH.')
  console.log('Installing Chromium (apt-get install chromium-headless-shell)...')
  sh('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell')
  return '/usr/bin/chromium-headless-shell'
}
