import { sql } from 'kysely'
import { withId, type NamedMigration } from './shared.ts'

/**
 * Issue 36 §1: one lead desk for proposals, messages and calls (docs/decisions/069-b). A lead's
 * kind (a call starts a proposal row of its own), its value (the estimate, in cents), its next
 * step and when staff first opened it (null: unread); messages get the triage proposals have,
 * and a history of their own (replies, status changes, assignments).
 */
export default {
  name: '2026_11_29_b_lead_desk',
  async up(db) {
    await db.schema
      .alterTable('proposals')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('proposal'))
      .execute()
    await db.schema.alterTable('proposals').addColumn('value_cents', 'integer').execute()
    await db.schema.alterTable('proposals').addColumn('next_step', 'text').execute()
    await db.schema.alterTable('proposals').addColumn('opened_at', 'text').execute()
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
    await db.schema
      .alterTable('contact_messages')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .execute()
    await db.schema.alterTable('contact_messages').addColumn('assigned_to', 'integer').execute()
    await db.schema.alterTable('contact_messages').addColumn('next_step', 'text').execute()
    await db.schema.alterTable('contact_messages').addColumn('opened_at', 'text').execute()
    // A message already marked read was opened by someone: it is not counted unread.
    await db
      .updateTable('contact_messages')
      .set({ opened_at: sql`created_at` })
      .where(sql<boolean>`is_read`)
      .execute()
    await withId(db, 'contact_message_events')
      .addColumn('message_id', 'integer', (c) => c.notNull().references('contact_messages.id').onDelete('cascade'))
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
      .createIndex('contact_message_events_message_idx')
      .ifNotExists()
      .on('contact_message_events')
      .columns(['message_id', 'created_at'])
      .execute()
    // The desk sorts by the time received and counts the unread; the next call is looked up per lead.
    await db.schema.createIndex('proposals_date_idx').ifNotExists().on('proposals').columns(['date', 'id']).execute()
    await db.schema.createIndex('proposals_opened_idx').ifNotExists().on('proposals').column('opened_at').execute()
    await db.schema.createIndex('contact_messages_opened_idx').ifNotExists().on('contact_messages').column('opened_at').execute()
    await db.schema
      .createIndex('bookings_proposal_start_idx')
      .ifNotExists()
      .on('bookings')
      .columns(['proposal_id', 'status', 'start_at'])
      .execute()
  },
  async down(db) {
    for (const i of ['bookings_proposal_start_idx', 'contact_messages_opened_idx', 'proposals_opened_idx', 'proposals_date_idx'])
      await db.schema.dropIndex(i).ifExists().execute()
    await db.schema.dropTable('contact_message_events').ifExists().execute()
    for (const c of ['opened_at', 'next_step', 'assigned_to', 'status'])
      await db.schema.alterTable('contact_messages').dropColumn(c).execute()
    for (const c of ['opened_at', 'next_step', 'value_cents', 'kind']) await db.schema.alterTable('proposals').dropColumn(c).execute()
  },
} satisfies NamedMigration
