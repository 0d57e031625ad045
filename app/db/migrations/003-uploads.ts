import { PostgresAdapter } from 'kysely'
import type { NamedMigration } from './shared.ts'

/** Uploaded images move from DATA_DIR/uploads into the database (docs/decisions/011). */
export default {
  name: '2026_11_23_002_uploads',
  async up(db) {
    const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter
    await db.schema
      .createTable('uploads')
      .ifNotExists()
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('bytes', isPostgres ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
  },
  async down(db) {
    await db.schema.dropTable('uploads').ifExists().execute()
  },
} satisfies NamedMigration
