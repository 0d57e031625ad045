import { sql, type Transaction } from 'kysely'
import type { Db } from '~/db/db.server.ts'
import type { BookingRow, Database } from '~/db/schema.ts'
import type { LeadAttribution } from './visits.server.ts'

export type Booking = BookingRow
type Tx = Db | Transaction<Database>

export type BookingWrite = Omit<BookingRow, 'id' | 'status' | 'sequence' | keyof LeadAttribution> & Partial<LeadAttribution>

export async function insertBooking(db: Tx, b: BookingWrite): Promise<Booking> {
  return db
    .insertInto('bookings')
    .values({ ...b, status: 'booked', sequence: 0 })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Holds the cells for a booking; answers how many were new. Fewer than asked means another live
 * booking holds one of them: the caller rolls back. With ON CONFLICT DO NOTHING, PostgreSQL makes
 * a second transaction wait for the first's commit and then skip the row, so this never throws on
 * a clash (a unique-violation error would also end a PostgreSQL transaction).
 */
export async function holdCells(db: Tx, bookingId: number, cells: string[]): Promise<number> {
  const res = await db
    .insertInto('bookingCells')
    .values(cells.map((cellAt) => ({ cellAt, bookingId })))
    .onConflict((oc) => oc.column('cellAt').doNothing())
    .executeTakeFirst()
  return Number(res.numInsertedOrUpdatedRows ?? 0)
}

export async function releaseCells(db: Tx, bookingId: number): Promise<void> {
  await db.deleteFrom('bookingCells').where('bookingId', '=', bookingId).execute()
}

/** The held cells from `from` to `to` (ISO), each the start of a CELL_MINUTES stretch. */
export async function findHeldCells(db: Tx, from: string, to: string): Promise<string[]> {
  const rows = await db.selectFrom('bookingCells').select('cellAt').where('cellAt', '>=', from).where('cellAt', '<=', to).execute()
  return rows.map((r) => r.cellAt)
}

/** Frees the seats of this email's calls that have started (they are no longer future calls). */
export async function releasePastSeats(db: Tx, emailKey: string, now: string): Promise<void> {
  await db
    .deleteFrom('bookingSeats')
    .where('emailKey', '=', emailKey)
    .where('bookingId', 'in', (q) => q.selectFrom('bookings').select('id').where('startAt', '<=', now))
    .execute()
}

/** Takes seat `seat` for the email; false when it is held (by a committed or a concurrent booking). */
export async function takeSeat(db: Tx, emailKey: string, seat: number, bookingId: number): Promise<boolean> {
  const res = await db
    .insertInto('bookingSeats')
    .values({ emailKey, seat, bookingId })
    .onConflict((oc) => oc.columns(['emailKey', 'seat']).doNothing())
    .executeTakeFirst()
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1
}

export async function releaseSeat(db: Tx, bookingId: number): Promise<void> {
  await db.deleteFrom('bookingSeats').where('bookingId', '=', bookingId).execute()
}

export async function findBooking(db: Tx, id: number): Promise<Booking | undefined> {
  return db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function findBookingByTokenHash(db: Tx, tokenHash: string): Promise<Booking | undefined> {
  return db.selectFrom('bookings').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst()
}

export async function updateBooking(
  db: Tx,
  id: number,
  patch: Partial<Pick<Booking, 'startAt' | 'endAt' | 'officeId' | 'status' | 'sequence' | 'updatedAt'>>,
): Promise<Booking> {
  return db.updateTable('bookings').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
}

/** Live calls starting from `from` up to (not including) `to`, earliest first. */
export async function findBookedBetween(db: Tx, from: string, to: string): Promise<Booking[]> {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('status', '=', 'booked')
    .where('startAt', '>=', from)
    .where('startAt', '<', to)
    .orderBy('startAt')
    .execute()
}

/** Another live call (not `exceptId`) at `startAt`, booked with this email (compared without case) since `since`. */
export async function findRecentBookingAt(
  db: Tx,
  exceptId: number,
  email: string,
  startAt: string,
  since: string,
): Promise<Booking | undefined> {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('id', '!=', exceptId)
    .where('status', '=', 'booked')
    .where('startAt', '=', startAt)
    .where('createdAt', '>=', since)
    .where(sql<boolean>`lower(email) = ${email.toLowerCase()}`)
    .executeTakeFirst()
}

export async function findBookingsForProposal(db: Tx, proposalId: number): Promise<Booking[]> {
  return db.selectFrom('bookings').selectAll().where('proposalId', '=', proposalId).orderBy('startAt').execute()
}

export async function setProposal(db: Tx, id: number, proposalId: number): Promise<Booking> {
  return db.updateTable('bookings').set({ proposalId }).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
}

/** The newest proposal from this email, compared without case; undefined with none. */
export async function findNewestProposalId(db: Tx, email: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('proposals')
    .select('id')
    .where(sql<boolean>`lower(email) = ${email.toLowerCase()}`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.id
}
