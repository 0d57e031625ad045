import { withId, type NamedMigration } from './shared.ts'

/**
 * discovery-call bookings: the calls, the time cells each holds, the two seats per email (issue 26)
 */
export default {
  name: '2026_11_25_discovery_call_bookings',
  async up(db) {
    await withId(db, 'bookings')
      .addColumn('start_at', 'text', (c) => c.notNull())
      .addColumn('end_at', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('booked'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('proposal_id', 'integer', (c) => c.references('proposals.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('bookings_status_start_idx').ifNotExists().on('bookings').columns(['status', 'start_at']).execute()
    // One row per 5-minute cell a live call and its buffer hold: the primary key is what makes a
    // second booking of any overlapping time fail, on every instance (docs/decisions/038).
    await db.schema
      .createTable('booking_cells')
      .ifNotExists()
      .addColumn('cell_at', 'text', (c) => c.primaryKey())
      .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
      .execute()
    await db.schema.createIndex('booking_cells_booking_idx').ifNotExists().on('booking_cells').column('booking_id').execute()
    // At most two future calls per email: seat 1 or 2, unique per email.
    await db.schema
      .createTable('booking_seats')
      .ifNotExists()
      .addColumn('email_key', 'text', (c) => c.notNull())
      .addColumn('seat', 'integer', (c) => c.notNull())
      .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('booking_seats_pk', ['email_key', 'seat'])
      .execute()
    await db.schema.createIndex('booking_seats_booking_idx').ifNotExists().on('booking_seats').column('booking_id').execute()
    // An invitation (.ics) sent with a mail; NULL for plain mail.
    await db.schema.alterTable('mail_outbox').addColumn('ics', 'text').execute()
  },
  async down(db) {
    await db.schema.alterTable('mail_outbox').dropColumn('ics').execute()
    await db.schema.dropTable('booking_seats').ifExists().execute()
    await db.schema.dropTable('booking_cells').ifExists().execute()
    await db.schema.dropTable('bookings').ifExists().execute()
  },
} satisfies NamedMigration
