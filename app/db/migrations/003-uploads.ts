import { createTable, dropTables, type NamedMigration } from './shared.ts'

/** Uploaded images move from DATA_DIR/uploads into the database (docs/decisions/011). */
export default {
  name: '2026_11_23_002_uploads',
  async up(db) {
    await createTable(db, 'uploads', [
      'name text primary key',
      'content_type text not null',
      'bytes blob not null',
      'size integer not null',
      'sha256 text not null',
      'created_at text not null',
    ])
  },
  async down(db) {
    await dropTables(db, ['uploads'])
  },
} satisfies NamedMigration
