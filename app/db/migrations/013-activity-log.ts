import { creatingTable } from './shared.ts'

/**
 * The activity log (issue 23, docs/decisions/044): every change in the back office, who made it,
 * from which address and device. Kept for the configured days, then pruned.
 */
export default creatingTable(
  '2026_11_27_activity_log',
  'activity_log',
  [
    'id',
    'at text not null',
    'person_id integer',
    'person_name text not null',
    'action text not null',
    'item_type text not null',
    'item_id text',
    "item_label text not null default ''",
    "detail text not null default ''",
    'ip text',
    "device text not null default ''",
  ],
  ['activity_log_at_idx on activity_log (at)', 'activity_log_person_idx on activity_log (person_id, at)'],
)
