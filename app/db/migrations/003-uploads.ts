import { creatingTable } from './shared.ts'

/** Uploaded images move from DATA_DIR/uploads into the database (docs/decisions/011). */
export default creatingTable('2026_11_23_002_uploads', 'uploads', [
  'name text primary key',
  'content_type text not null',
  'bytes blob not null',
  'size integer not null',
  'sha256 text not null',
  'created_at text not null',
])
