import { addingColumns } from './shared.ts'

/**
 * Issue 35 §3: a call says which office takes it (its host and where it happens are that
 * office's, in the booking hours); calls booked before are matched to an office by their time.
 */
export default addingColumns('2026_11_28_k_booking_office', 'bookings', ['office_id text'])
