import { createIndex, createTable, dropTables, type NamedMigration } from './shared.ts'

/** Rate limits as one counter row per key, checked and counted in one atomic statement. */
export default {
  name: '2026_11_23_001_rate_limits',
  async up(db) {
    await createTable(db, 'rate_limits', [
      'key text primary key',
      'window_start text not null',
      'expires_at text not null',
      'count integer not null',
    ])
    await createIndex(db, 'rate_limits_expires_idx on rate_limits (expires_at)')
    await dropTables(db, ['rate_events'])
  },
  async down(db) {
    await dropTables(db, ['rate_limits'])
  },
} satisfies NamedMigration
