import type { NamedMigration } from './shared.ts'

/**
 * Issue 33: one site import at a time across instances, and the images of one that fails or
 * dies removed (docs/decisions/051).
 */
export default {
  name: '2026_11_28_d_import_lock',
  async up(db) {
    await db.schema
      .createTable('import_lock')
      .ifNotExists()
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('heartbeat_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('import_lock_uploads')
      .ifNotExists()
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('import_lock_uploads_holder_idx').ifNotExists().on('import_lock_uploads').column('holder').execute()
  },
  async down(db) {
    await db.schema.dropTable('import_lock_uploads').ifExists().execute()
    await db.schema.dropTable('import_lock').ifExists().execute()
  },
} satisfies NamedMigration
