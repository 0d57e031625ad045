import { createIndex, createTable, dropTables, type NamedMigration } from './shared.ts'

/**
 * Issue 38: a mail in the outbox may carry files (the signed proposal and the deposit invoice
 * on acceptance), kept beside it and deleted with it (docs/decisions/074-mail-attachments.md).
 */
export default {
  name: '2026_11_30_a_outbox_attachments',
  async up(db) {
    await createTable(db, 'mail_outbox_attachments', [
      'id',
      'mail_id integer not null references mail_outbox.id on delete cascade',
      'filename text not null',
      'content_type text not null',
      'bytes blob not null',
      'size integer not null',
    ])
    await createIndex(db, 'mail_outbox_attachments_mail_idx on mail_outbox_attachments (mail_id)')
  },
  async down(db) {
    await dropTables(db, ['mail_outbox_attachments'])
  },
} satisfies NamedMigration
