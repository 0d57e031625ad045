import { withId, type NamedMigration } from './shared.ts'

/**
 * proposal notes, history, replies (issue 12)
 */
export default {
  name: '2026_11_24_003_lead_desk',
  async up(db) {
    // Where a request started (estimator or builder) and what was chosen there, to show it and reopen it.
    await db.schema.alterTable('proposals').addColumn('source', 'text').execute()
    await db.schema.alterTable('proposals').addColumn('source_data', 'text').execute()
    // One timeline per proposal: notes, status changes, replies sent (kind says which).
    await withId(db, 'proposal_events')
      .addColumn('proposal_id', 'integer', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('body', 'text')
      .addColumn('from_status', 'text')
      .addColumn('to_status', 'text')
      .addColumn('subject', 'text')
      .addColumn('to_address', 'text')
      .addColumn('author', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('proposal_events_proposal_idx')
      .ifNotExists()
      .on('proposal_events')
      .columns(['proposal_id', 'created_at'])
      .execute()
  },
  async down(db) {
    await db.schema.dropTable('proposal_events').ifExists().execute()
    for (const c of ['source', 'source_data']) await db.schema.alterTable('proposals').dropColumn(c).execute()
  },
} satisfies NamedMigration
