import { sql } from 'kysely'
import { addColumns, createIndex, createTable, dropColumns, dropIndexes, dropTables, type NamedMigration } from './shared.ts'

/**
 * Issue 36 §1: one lead desk for proposals, messages and calls (docs/decisions/069-b). A lead's
 * kind (a call starts a proposal row of its own), its value (the estimate, in cents), its next
 * step and when staff first opened it (null: unread); messages get the triage proposals have,
 * and a history of their own (replies, status changes, assignments).
 */
export default {
  name: '2026_11_29_b_lead_desk',
  async up(db) {
    await addColumns(db, 'proposals', ["kind text not null default 'proposal'", 'value_cents integer', 'next_step text', 'opened_at text'])
    // A call with no earlier request started its proposal row at the call's own creation time.
    await db
      .updateTable('proposals')
      .set({ kind: 'call' })
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('bookings as b')
            .select(sql`1`.as('one'))
            .whereRef('b.proposal_id', '=', 'proposals.id')
            .whereRef('b.created_at', '=', 'proposals.date'),
        ),
      )
      .execute()
    await addColumns(db, 'contact_messages', [
      "status text not null default 'pending'",
      'assigned_to integer',
      'next_step text',
      'opened_at text',
    ])
    // A message already marked read was opened by someone: it is not counted unread.
    await db
      .updateTable('contact_messages')
      .set({ opened_at: sql`created_at` })
      .where(sql<boolean>`is_read`)
      .execute()
    await createTable(db, 'contact_message_events', [
      'id',
      'message_id integer not null references contact_messages.id on delete cascade',
      'kind text not null',
      'body text',
      'from_status text',
      'to_status text',
      'subject text',
      'to_address text',
      'author text not null',
      'created_at text not null',
    ])
    await createIndex(db, 'contact_message_events_message_idx on contact_message_events (message_id, created_at)')
    // The desk sorts by the time received and counts the unread; the next call is looked up per lead.
    await createIndex(db, 'proposals_date_idx on proposals (date, id)')
    await createIndex(db, 'proposals_opened_idx on proposals (opened_at)')
    await createIndex(db, 'contact_messages_opened_idx on contact_messages (opened_at)')
    await createIndex(db, 'bookings_proposal_start_idx on bookings (proposal_id, status, start_at)')
  },
  async down(db) {
    await dropIndexes(db, ['bookings_proposal_start_idx', 'contact_messages_opened_idx', 'proposals_opened_idx', 'proposals_date_idx'])
    await dropTables(db, ['contact_message_events'])
    await dropColumns(db, 'contact_messages', ['opened_at', 'next_step', 'assigned_to', 'status'])
    await dropColumns(db, 'proposals', ['opened_at', 'next_step', 'value_cents', 'kind'])
  },
} satisfies NamedMigration
