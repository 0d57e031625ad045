import { createIndex, createTable, dropTables, type NamedMigration } from './shared.ts'

/**
 * Issue 38: a proposal document written for a lead, sent as a link (/p/<token>, only the token's
 * SHA-256 kept) and accepted or declined there; each sent version frozen with the SHA-256 of its
 * canonical content (docs/decisions/068-signed-proposals.md).
 */
export default {
  name: '2026_11_29_a_signed_proposals',
  async up(db) {
    await createTable(db, 'proposal_documents', [
      'id',
      'proposal_id integer not null references proposals.id on delete cascade',
      'title text not null',
      // The editor's fields as JSON (summary HTML sanitized, line items as chosen): priced again on every save.,
      'draft text not null',
      'total_cents integer not null default 0',
      // draft | sent | viewed | accepted | declined | expired,
      'valid_until text not null',
      "state text not null default 'draft'",
      'version integer not null default 0',
      'token_hash text unique',
      'sent_at text',
      'first_viewed_at text',
      'view_count integer not null default 0',
      'decided_at text',
      'signer_name text',
      'signer_consent boolean',
      'signed_hash text',
      'signer_ip text',
      'signer_user_agent text',
      'decline_reason text',
      'created_by text not null',
      'created_at text not null',
      'updated_at text not null',
    ])
    // One document per lead (issue 38's first slice).
    await createIndex(db, 'unique proposal_documents_proposal_idx on proposal_documents (proposal_id)')
    await createTable(db, 'proposal_document_versions', [
      'id',
      'document_id integer not null references proposal_documents.id on delete cascade',
      'version integer not null',
      'content text not null',
      'sha256 text not null',
      'created_at text not null',
    ])
    await createIndex(db, 'unique proposal_document_versions_idx on proposal_document_versions (document_id, version)')
    // Deposit invoices, numbered without gaps: the counter row is taken in the transaction of
    // the acceptance that makes the invoice, so a number exists exactly when its invoice does.
    await createTable(db, 'invoice_counters', ['key text primary key', 'last integer not null'])
    await db.insertInto('invoice_counters').values({ key: 'invoice', last: 0 }).execute()
    await createTable(db, 'invoices', [
      'id',
      'number integer not null unique',
      'document_id integer not null references proposal_documents.id on delete cascade',
      'kind text not null',
      'label text not null',
      'amount_cents integer not null',
      'created_at text not null',
    ])
  },
  async down(db) {
    await dropTables(db, ['invoices', 'invoice_counters', 'proposal_document_versions', 'proposal_documents'])
  },
} satisfies NamedMigration
