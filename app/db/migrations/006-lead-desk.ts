import { addColumns, createIndex, createTable, dropColumns, dropTables, type NamedMigration } from './shared.ts'

/** proposal notes, history, replies (issue 12) */
export default {
  name: '2026_11_24_003_lead_desk',
  async up(db) {
    // Where a request started (estimator or builder) and what was chosen there, to show it and reopen it.
    await addColumns(db, 'proposals', ['source text', 'source_data text'])
    // One timeline per proposal: notes, status changes, replies sent (kind says which).
    await createTable(db, 'proposal_events', [
      'id',
      'proposal_id integer not null references proposals.id on delete cascade',
      'kind text not null',
      'body text',
      'from_status text',
      'to_status text',
      'subject text',
      'to_address text',
      'author text not null',
      'created_at text not null',
    ])
    await createIndex(db, 'proposal_events_proposal_idx on proposal_events (proposal_id, created_at)')
  },
  async down(db) {
    await dropTables(db, ['proposal_events'])
    await dropColumns(db, 'proposals', ['source', 'source_data'])
  },
} satisfies NamedMigration
