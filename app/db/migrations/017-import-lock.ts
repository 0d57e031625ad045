import { createIndex, createTable, dropTables, type NamedMigration } from './shared.ts'

/**
 * Issue 33: one site import at a time across instances, and the images of one that fails or
 * dies removed (docs/decisions/051).
 */
export default {
  name: '2026_11_28_d_import_lock',
  async up(db) {
    await createTable(db, 'import_lock', [
      'name text primary key',
      'holder text not null',
      'label text not null',
      'started_at text not null',
      'heartbeat_at text not null',
    ])
    await createTable(db, 'import_lock_uploads', ['name text primary key', 'holder text not null'])
    await createIndex(db, 'import_lock_uploads_holder_idx on import_lock_uploads (holder)')
  },
  async down(db) {
    await dropTables(db, ['import_lock_uploads', 'import_lock'])
  },
} satisfies NamedMigration
