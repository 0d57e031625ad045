import { createIndex, createTable, dropTables, type NamedMigration } from './shared.ts'

/** contact form messages (issue 13) */
export default {
  name: '2026_11_24_004_contact_messages',
  async up(db) {
    await createTable(db, 'contact_messages', [
      'id',
      'name text not null',
      'email text not null',
      'message text not null',
      'is_read boolean not null default false',
      'created_at text not null',
    ])
    await createIndex(db, 'contact_messages_created_idx on contact_messages (created_at)')
  },
  async down(db) {
    await dropTables(db, ['contact_messages'])
  },
} satisfies NamedMigration
