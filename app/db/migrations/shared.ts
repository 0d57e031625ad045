import {
  PostgresAdapter,
  type AlterTableColumnAlteringBuilder,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type Migration,
} from 'kysely'

/*
 * What the migration files share. Every shipped migration runs through these: a change to what
 * they write changes old migrations too, so write a new helper rather than alter one.
 */

/** A migration and the name Kysely records it under (and sorts it by): never renamed once shipped. */
export interface NamedMigration extends Migration {
  readonly name: string
}

const COLUMN =
  /^(\w+) (text|integer|boolean|blob)((?: not null| unique| primary key| default (?:'[^']*'|\d+|true|false)| references \w+\.\w+(?: on delete (?:cascade|set null))?)*)$/

type ColumnArgs = [
  name: string,
  type: 'text' | 'integer' | 'boolean' | 'blob' | 'bytea',
  (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder,
]

const BOOLEANS: Record<string, boolean> = { true: true, false: false }

/**
 * A column written as SQL reads it, `name type` and any of `not null`, `unique`, `primary key`,
 * `default <'text' | number | true | false>`, `references table.column [on delete cascade | set
 * null]`, made into the Kysely calls those words name (so the SQL is Kysely's, as it always was).
 * `blob` is `bytea` on PostgreSQL.
 */
function column(db: Kysely<any>, spec: string): ColumnArgs {
  const m = COLUMN.exec(spec)
  if (!m) throw new Error(`A migration column reads "name type [not null] [unique] ...": ${spec}`)
  const [, name, type, rest] = m
  const fallback = / default ('[^']*'|\d+|true|false)/.exec(rest)?.[1]
  const ref = / references (\w+\.\w+)(?: on delete (cascade|set null))?/.exec(rest)
  return [
    name,
    type === 'blob' && isPostgres(db) ? 'bytea' : (type as ColumnArgs[1]),
    (c) => {
      if (rest.includes(' not null')) c = c.notNull()
      if (rest.includes(' unique')) c = c.unique()
      if (rest.includes(' primary key')) c = c.primaryKey()
      if (fallback !== undefined)
        c = c.defaultTo(fallback.startsWith("'") ? fallback.slice(1, -1) : fallback in BOOLEANS ? BOOLEANS[fallback] : Number(fallback))
      if (ref) c = c.references(ref[1])
      if (ref?.[2]) c = c.onDelete(ref[2] as 'cascade' | 'set null')
      return c
    },
  ]
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/**
 * CREATE TABLE IF NOT EXISTS with these columns in this order (see `column`). `id` is the
 * auto-incrementing integer key (the one dialect branch); `constraint <name> primary key (a, b)`
 * a key of several columns.
 */
export async function createTable(db: Kysely<any>, table: string, columns: string[]): Promise<void> {
  let builder: CreateTableBuilder<string, string> = db.schema.createTable(table).ifNotExists()
  for (const spec of columns) {
    const key = /^constraint (\w+) primary key \((.+)\)$/.exec(spec)
    if (spec === 'id')
      builder = builder.addColumn('id', 'integer', (c) =>
        isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
      )
    else if (key) builder = builder.addPrimaryKeyConstraint(key[1], key[2].split(', '))
    else builder = builder.addColumn(...column(db, spec))
  }
  await builder.execute()
}

/** ALTER TABLE ... ADD COLUMN, one statement a column (as SQLite needs), in this order. */
export async function addColumns(db: Kysely<any>, table: string, columns: string[]): Promise<void> {
  for (const spec of columns) {
    const builder: AlterTableColumnAlteringBuilder = db.schema.alterTable(table).addColumn(...column(db, spec))
    await builder.execute()
  }
}

/** ALTER TABLE ... DROP COLUMN, one statement a column, in this order. */
export async function dropColumns(db: Kysely<any>, table: string, columns: string[]): Promise<void> {
  for (const c of columns) await db.schema.alterTable(table).dropColumn(c).execute()
}

/** A migration that only adds columns to one table (and drops them again, the last first). */
export function addingColumns(name: string, table: string, columns: string[]): NamedMigration {
  return {
    name,
    up: (db) => addColumns(db, table, columns),
    down: (db) => dropColumns(db, table, columns.map((c) => c.split(' ')[0]).reverse()),
  }
}

/** A migration that only creates one table and its indexes (see `createIndex`), and drops it again. */
export function creatingTable(name: string, table: string, columns: string[], indexes: string[] = []): NamedMigration {
  return {
    name,
    async up(db) {
      await createTable(db, table, columns)
      for (const index of indexes) await createIndex(db, index)
    },
    down: (db) => dropTables(db, [table]),
  }
}

/** DROP TABLE IF EXISTS, in this order. */
export async function dropTables(db: Kysely<any>, tables: string[]): Promise<void> {
  for (const t of tables) await db.schema.dropTable(t).ifExists().execute()
}

/** CREATE [UNIQUE] INDEX IF NOT EXISTS, written `[unique ]name on table (a, b)`. */
export async function createIndex(db: Kysely<any>, spec: string): Promise<void> {
  const m = /^(unique )?(\w+) on (\w+) \((.+)\)$/.exec(spec)
  if (!m) throw new Error(`A migration index reads "[unique ]name on table (a, b)": ${spec}`)
  const index = db.schema.createIndex(m[2]).ifNotExists()
  await (m[1] ? index.unique() : index).on(m[3]).columns(m[4].split(', ')).execute()
}

/** DROP INDEX IF EXISTS, in this order. */
export async function dropIndexes(db: Kysely<any>, indexes: string[]): Promise<void> {
  for (const i of indexes) await db.schema.dropIndex(i).ifExists().execute()
}

/**
 * The slug rule as it stood when the publishing migration ran (a migration must not change when
 * app code does): lowercase ASCII words joined by hyphens.
 */
export function migrationSlug(title: string): string {
  const ascii = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
  const slug = ascii
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
  if (!slug) return 'post'
  return /^\d+$/.test(slug) ? `post-${slug}` : slug
}
