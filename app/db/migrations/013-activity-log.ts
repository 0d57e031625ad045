import { withId, type NamedMigration } from './shared.ts'

/**
 * The activity log (issue 23, docs/decisions/044): every change in the back office, who made it,
 * from which address and device. Kept for the configured days, then pruned.
 */
export default {
  name: '2026_11_27_activity_log',
  async up(db) {
    await withId(db, 'activity_log')
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('person_id', 'integer')
      .addColumn('person_name', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('item_type', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text')
      .addColumn('item_label', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('ip', 'text')
      .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
      .execute()
    await db.schema.createIndex('activity_log_at_idx').ifNotExists().on('activity_log').column('at').execute()
    await db.schema.createIndex('activity_log_person_idx').ifNotExists().on('activity_log').columns(['person_id', 'at']).execute()
  },
  async down(db) {
    await db.schema.dropTable('activity_log').ifExists().execute()
  },
} satisfies NamedMigration
