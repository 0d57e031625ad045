import { withId, type NamedMigration } from './shared.ts'

/**
 * Issue 38: a proposal document written for a lead, sent as a link (/p/<token>, only the token's
 * SHA-256 kept) and accepted or declined there; each sent version frozen with the SHA-256 of its
 * canonical content (docs/decisions/068-signed-proposals.md).
 */
export default {
  name: '2026_11_29_a_signed_proposals',
  async up(db) {
    await withId(db, 'proposal_documents')
      .addColumn('proposal_id', 'integer', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      // The editor's fields as JSON (summary HTML sanitized, line items as chosen): priced again on every save.
      .addColumn('draft', 'text', (c) => c.notNull())
      .addColumn('total_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('valid_until', 'text', (c) => c.notNull())
      // draft | sent | viewed | accepted | declined | expired
      .addColumn('state', 'text', (c) => c.notNull().defaultTo('draft'))
      // The newest frozen version (0 while a draft): the link shows it, an accept names it.
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('token_hash', 'text', (c) => c.unique())
      .addColumn('sent_at', 'text')
      .addColumn('first_viewed_at', 'text')
      .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('decided_at', 'text')
      .addColumn('signer_name', 'text')
      .addColumn('signer_consent', 'boolean')
      .addColumn('signed_hash', 'text')
      .addColumn('signer_ip', 'text')
      .addColumn('signer_user_agent', 'text')
      .addColumn('decline_reason', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute()
    // One document per lead (issue 38's first slice).
    await db.schema
      .createIndex('proposal_documents_proposal_idx')
      .ifNotExists()
      .unique()
      .on('proposal_documents')
      .column('proposal_id')
      .execute()
    await withId(db, 'proposal_document_versions')
      .addColumn('document_id', 'integer', (c) => c.notNull().references('proposal_documents.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('proposal_document_versions_idx')
      .ifNotExists()
      .unique()
      .on('proposal_document_versions')
      .columns(['document_id', 'version'])
      .execute()
    // Deposit invoices, numbered without gaps: the counter row is taken in the transaction of
    // the acceptance that makes the invoice, so a number exists exactly when its invoice does.
    await db.schema
      .createTable('invoice_counters')
      .ifNotExists()
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('last', 'integer', (c) => c.notNull())
      .execute()
    await db.insertInto('invoice_counters').values({ key: 'invoice', last: 0 }).execute()
    await withId(db, 'invoices')
      .addColumn('number', 'integer', (c) => c.notNull().unique())
      .addColumn('document_id', 'integer', (c) => c.notNull().references('proposal_documents.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
  },
  async down(db) {
    await db.schema.dropTable('invoices').ifExists().execute()
    await db.schema.dropTable('invoice_counters').ifExists().execute()
    await db.schema.dropTable('proposal_document_versions').ifExists().execute()
    await db.schema.dropTable('proposal_documents').ifExists().execute()
  },
} satisfies NamedMigration
