import { addColumns, createIndex, dropColumns, dropIndexes, type NamedMigration } from './shared.ts'

/**
 * Issue 38 (docs/decisions/075): "Write a proposal" on a contact message makes a proposal
 * request from it, once: the key makes a second one for the same message impossible, on any
 * instance. Deleting the message keeps the lead (and its proposal), unlinked.
 */
export default {
  name: '2026_11_30_b_proposals_from_messages',
  async up(db) {
    await addColumns(db, 'proposals', ['from_message_id integer references contact_messages.id on delete set null'])
    await createIndex(db, 'unique proposals_from_message_uq on proposals (from_message_id)')
  },
  async down(db) {
    await dropIndexes(db, ['proposals_from_message_uq'])
    await dropColumns(db, 'proposals', ['from_message_id'])
  },
} satisfies NamedMigration
