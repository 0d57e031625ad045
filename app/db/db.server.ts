import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type PostgresPool } from 'kysely'
import { DatabaseUnavailableError, isConnectionError, isDatabaseUnavailable } from './database-unavailable.ts'

export { isDatabaseUnavailable }
import type { Database } from './schema.ts'
import { migrationProvider } from './migrations/index.ts'

export type Db = Kysely<Database>
export type Dialect = 'sqlite' | 'postgres'

export type DatabaseHandle = {
  db: Db
  dialect: Dialect
  /** Closes the pool or file; call once at shutdown. */
  close: () => Promise<void>
}

/** Where the PostgreSQL pool reports losing and regaining the server (once per outage). */
export type DatabaseLog = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void }

/** Opens the configured database: pg pool for postgres URLs, otherwise a SQLite file. */
export function openDatabase(url: string, opts: { logger?: DatabaseLog } = {}): DatabaseHandle {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = openPool(url, opts.logger)
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] })
    return { db, dialect: 'postgres', close: () => db.destroy() }
  }
  const file = url.replace(/^file:/, '')
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const sqlite = new SQLite(file)
  // WAL + synchronous=FULL: a commit is on disk before we answer, so a 2xx survives a crash
  // of the process and of the machine.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = FULL')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('foreign_keys = ON')
  cacheStatements(sqlite)
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins: [new CamelCasePlugin()] })
  return { db, dialect: 'sqlite', close: () => db.destroy() }
}

/**
 * The pg pool, made to outlive its server (docs/decisions/028). A connection that dies emits
 * `error`: unheard, that ends the process, so every connection and the pool have a listener,
 * in use or idle. A dead connection is dropped on its release and the next query opens a new
 * one, so the same process serves again once the server is back. Connection failures (refused,
 * reset, terminated, "shutting down", "starting up") reach the caller as DatabaseUnavailableError
 * (503 with Retry-After); a connection attempt gives up after 5 s rather than hang a request.
 */
function openPool(url: string, logger: DatabaseLog | undefined): PostgresPool {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000, keepAlive: true })
  let down = false
  const lost = (err: unknown) => {
    if (down) return
    down = true
    logger?.warn({ err: (err as Error)?.message }, 'database connection lost; requests that need it answer 503 until it is back')
  }
  // An idle connection that dies: the pool has already dropped it.
  pool.on('error', lost)
  pool.on('connect', (client) => {
    if (down) {
      down = false
      logger?.info({}, 'database connection restored')
    }
    // A connection in use that dies (between a transaction's queries, say) emits on the client.
    client.on('error', lost)
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    client.query = ((...args: unknown[]) => {
      const result = query(...args)
      if (typeof (result as Promise<unknown> | undefined)?.then !== 'function') return result
      return (result as Promise<unknown>).catch((err: unknown) => {
        if (!isConnectionError(err)) throw err
        lost(err)
        throw new DatabaseUnavailableError(err)
      })
    }) as typeof client.query
  })
  return {
    async connect() {
      try {
        return await pool.connect()
      } catch (err) {
        if (!isConnectionError(err)) throw err
        lost(err)
        throw new DatabaseUnavailableError(err)
      }
    },
    end: () => pool.end(),
  }
}

/**
 * Waits until the database answers, for a server started while it is down: logs
 * "database unavailable, retrying in Ns" and tries again, 1 s at first, then up to every 10 s.
 * Other errors (a wrong password, a missing database) are thrown at once: retrying cannot fix them.
 */
export async function waitForDatabase(db: Db, logger: DatabaseLog, maxDelayMs = 10_000): Promise<void> {
  for (let delay = Math.min(1_000, maxDelayMs); ; delay = Math.min(delay * 2, maxDelayMs)) {
    try {
      await pingDatabase(db)
      return
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err
      const cause = err instanceof DatabaseUnavailableError ? err.cause : err
      logger.warn({ err: (cause as Error)?.message }, `database unavailable, retrying in ${delay / 1000}s`)
      await new Promise((r) => setTimeout(r, delay))
    }
  }
}

/**
 * Kysely prepares every query anew, and parsing the SQL was a visible share of a page's render.
 * better-sqlite3 statements are reusable, so keep one per SQL text (parameters stay bound per
 * call). A statement still iterating is never handed out twice.
 */
function cacheStatements(sqlite: SQLite.Database, max = 500) {
  const cache = new Map<string, SQLite.Statement>()
  const prepare = sqlite.prepare.bind(sqlite)
  sqlite.prepare = ((source: string) => {
    const cached = cache.get(source)
    if (cached && !cached.busy) return cached
    if (cache.size >= max) cache.clear()
    const stmt = prepare(source)
    cache.set(source, stmt)
    return stmt
  }) as typeof sqlite.prepare
}

/** Brings the schema to the latest version; the same path for a fresh install and an upgrade. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/** Cheap reachability probe for /readyz. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db)
}
