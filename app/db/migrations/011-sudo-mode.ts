import type { NamedMigration } from './shared.ts'

/**
 * sudo mode: when this session last confirmed the password; tries at a waiting code step (issue 21)
 */
export default {
  name: '2026_11_25_sudo_mode',
  async up(db) {
    await db.schema.alterTable('sessions').addColumn('sudo_at', 'text').execute()
    await db.schema
      .alterTable('auth_challenges')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  },
  async down(db) {
    await db.schema.alterTable('auth_challenges').dropColumn('attempts').execute()
    await db.schema.alterTable('sessions').dropColumn('sudo_at').execute()
  },
} satisfies NamedMigration
