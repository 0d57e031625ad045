import { addColumns, dropColumns, type NamedMigration } from './shared.ts'

/** sudo mode: when this session last confirmed the password; tries at a waiting code step (issue 21) */
export default {
  name: '2026_11_25_sudo_mode',
  async up(db) {
    await addColumns(db, 'sessions', ['sudo_at text'])
    await addColumns(db, 'auth_challenges', ['attempts integer not null default 0'])
  },
  async down(db) {
    await dropColumns(db, 'auth_challenges', ['attempts'])
    await dropColumns(db, 'sessions', ['sudo_at'])
  },
} satisfies NamedMigration
