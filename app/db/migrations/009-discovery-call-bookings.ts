import { addColumns, createIndex, createTable, dropColumns, dropTables, type NamedMigration } from './shared.ts'

/** discovery-call bookings: the calls, the time cells each holds, the two seats per email (issue 26) */
export default {
  name: '2026_11_25_discovery_call_bookings',
  async up(db) {
    await createTable(db, 'bookings', [
      'id',
      'start_at text not null',
      'end_at text not null',
      'name text not null',
      'email text not null',
      'phone text',
      "note text not null default ''",
      'time_zone text not null',
      "status text not null default 'booked'",
      'token_hash text not null unique',
      'sequence integer not null default 0',
      'proposal_id integer references proposals.id on delete set null',
      'created_at text not null',
      'updated_at text not null',
    ])
    await createIndex(db, 'bookings_status_start_idx on bookings (status, start_at)')
    // One row per 5-minute cell a live call and its buffer hold: the primary key is what makes a
    // second booking of any overlapping time fail, on every instance (docs/decisions/038).
    await createTable(db, 'booking_cells', [
      'cell_at text primary key',
      'booking_id integer not null references bookings.id on delete cascade',
    ])
    await createIndex(db, 'booking_cells_booking_idx on booking_cells (booking_id)')
    // At most two future calls per email: seat 1 or 2, unique per email.
    await createTable(db, 'booking_seats', [
      'email_key text not null',
      'seat integer not null',
      'booking_id integer not null references bookings.id on delete cascade',
      'constraint booking_seats_pk primary key (email_key, seat)',
    ])
    await createIndex(db, 'booking_seats_booking_idx on booking_seats (booking_id)')
    // An invitation (.ics) sent with a mail; NULL for plain mail.
    await addColumns(db, 'mail_outbox', ['ics text'])
  },
  async down(db) {
    await dropColumns(db, 'mail_outbox', ['ics'])
    await dropTables(db, ['booking_seats', 'booking_cells', 'bookings'])
  },
} satisfies NamedMigration
