import { PostgresAdapter } from 'kysely'
import { withId, type NamedMigration } from './shared.ts'

/**
 * Issue 38: a mail in the outbox may carry files (the signed proposal and the deposit invoice
 * on acceptance), kept beside it and deleted with it (docs/decisions/074-mail-attachments.md).
 */
export default {
  name: '2026_11_30_a_outbox_attachments',
  async up(db) {
    const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter
    await withId(db, 'mail_outbox_attachments')
      .addColumn('mail_id', 'integer', (c) => c.notNull().references('mail_outbox.id').onDelete('cascade'))
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('bytes', isPostgres ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('mail_outbox_attachments_mail_idx').ifNotExists().on('mail_outbox_attachments').column('mail_id').execute()
  },
  async down(db) {
    await db.schema.dropTable('mail_outbox_attachments').ifExists().execute()
  },
} satisfies NamedMigration
