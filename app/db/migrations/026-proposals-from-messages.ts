import type { NamedMigration } from './shared.ts'

/**
 * Issue 38 (docs/decisions/075): "Write a proposal" on a contact message makes a proposal
 * request from it, once: the key makes a second one for the same message impossible, on any
 * instance. Deleting the message keeps the lead (and its proposal), unlinked.
 */
export default {
  name: '2026_11_30_b_proposals_from_messages',
  async up(db) {
    await db.schema
      .alterTable('proposals')
      .addColumn('from_message_id', 'integer', (c) => c.references('contact_messages.id').onDelete('set null'))
      .execute()
    await db.schema.createIndex('proposals_from_message_uq').ifNotExists().unique().on('proposals').column('from_message_id').execute()
  },
  async down(db) {
    await db.schema.dropIndex('proposals_from_message_uq').ifExists().execute()
    await db.schema.alterTable('proposals').dropColumn('from_message_id').execute()
  },
} satisfies NamedMigration
