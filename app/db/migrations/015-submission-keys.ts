import { creatingTable } from './shared.ts'

/** A public form posted twice stores one item (docs/decisions/045). */
export default creatingTable(
  '2026_11_27_submission_keys',
  'submission_keys',
  ['key text primary key', 'kind text not null', 'item_id integer', 'created_at text not null'],
  ['submission_keys_created_idx on submission_keys (created_at)'],
)
