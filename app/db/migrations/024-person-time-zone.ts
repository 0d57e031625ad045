import type { NamedMigration } from './shared.ts'

/**
 * Issue 36 §2: a person may read the back office in their own zone (Settings > Profile); empty
 * (null) reads it in the agency's, settings.timeZone (docs/decisions/070).
 */
export default {
  name: '2026_11_29_c_person_time_zone',
  async up(db) {
    await db.schema.alterTable('admin_users').addColumn('time_zone', 'text').execute()
  },
  async down(db) {
    await db.schema.alterTable('admin_users').dropColumn('time_zone').execute()
  },
} satisfies NamedMigration
