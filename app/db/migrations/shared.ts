import { PostgresAdapter, type CreateTableBuilder, type Kysely, type Migration } from 'kysely'

/** A migration and the name Kysely records it under (and sorts it by): never renamed once shipped. */
export interface NamedMigration extends Migration {
  readonly name: string
}

/** The one dialect branch: an auto-incrementing integer key. */
export function withId(db: Kysely<any>, table: string): CreateTableBuilder<string, 'id'> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter
  return db.schema
    .createTable(table)
    .ifNotExists()
    .addColumn('id', 'integer', (c) => (isPostgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
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
