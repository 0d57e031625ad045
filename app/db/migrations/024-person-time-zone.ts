import { addingColumns } from './shared.ts'

/**
 * Issue 36 §2: a person may read the back office in their own zone (Settings > Profile); empty
 * (null) reads it in the agency's, settings.timeZone (docs/decisions/070).
 */
export default addingColumns('2026_11_29_c_person_time_zone', 'admin_users', ['time_zone text'])
