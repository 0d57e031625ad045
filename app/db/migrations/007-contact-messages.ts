import { withId, type NamedMigration } from './shared.ts'

/**
 * contact form messages (issue 13)
 */
export default {
  name: '2026_11_24_004_contact_messages',
  async up(db) {
    await withId(db, 'contact_messages')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('contact_messages_created_idx').ifNotExists().on('contact_messages').column('created_at').execute()
  },
  async down(db) {
    await db.schema.dropTable('contact_messages').ifExists().execute()
  },
} satisfies NamedMigration
