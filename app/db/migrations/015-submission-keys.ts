import { createIndex, createTable, dropTables, type NamedMigration } from './shared.ts'

/** A public form posted twice stores one item (docs/decisions/045). */
export default {
  name: '2026_11_27_submission_keys',
  async up(db) {
    await createTable(db, 'submission_keys', ['key text primary key', 'kind text not null', 'item_id integer', 'created_at text not null'])
    await createIndex(db, 'submission_keys_created_idx on submission_keys (created_at)')
  },
  async down(db) {
    await dropTables(db, ['submission_keys'])
  },
} satisfies NamedMigration
