import type { NamedMigration } from './shared.ts'

/**
 * A public form posted twice stores one item (docs/decisions/045).
 */
export default {
  name: '2026_11_27_submission_keys',
  async up(db) {
    await db.schema
      .createTable('submission_keys')
      .ifNotExists()
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('item_id', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('submission_keys_created_idx').ifNotExists().on('submission_keys').column('created_at').execute()
  },
  async down(db) {
    await db.schema.dropTable('submission_keys').ifExists().execute()
  },
} satisfies NamedMigration
