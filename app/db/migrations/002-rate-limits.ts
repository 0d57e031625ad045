import type { NamedMigration } from './shared.ts'

/** Rate limits as one counter row per key, checked and counted in one atomic statement. */
export default {
  name: '2026_11_23_001_rate_limits',
  async up(db) {
    await db.schema
      .createTable('rate_limits')
      .ifNotExists()
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('rate_limits_expires_idx').ifNotExists().on('rate_limits').column('expires_at').execute()
    await db.schema.dropTable('rate_events').ifExists().execute()
  },
  async down(db) {
    await db.schema.dropTable('rate_limits').ifExists().execute()
  },
} satisfies NamedMigration
