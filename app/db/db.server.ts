import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely'
import type { Database } from './schema.ts'
import { migrationProvider } from './migrations.ts'

export type Db = Kysely<Database>
export type Dialect = 'sqlite' | 'postgres'

export type DatabaseHandle = {
  db: Db
  dialect: Dialect
  /** Closes the pool or file; call once at shutdown. */
  close: () => Promise<void>
}

/** Opens the configured database: pg pool for postgres URLs, otherwise a SQLite file. */
export function openDatabase(url: string): DatabaseHandle {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 })
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
