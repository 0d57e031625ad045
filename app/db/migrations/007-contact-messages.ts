import { creatingTable } from './shared.ts'

/** contact form messages (issue 13) */
export default creatingTable(
  '2026_11_24_004_contact_messages',
  'contact_messages',
  [
    'id',
    'name text not null',
    'email text not null',
    'message text not null',
    'is_read boolean not null default false',
    'created_at text not null',
  ],
  ['contact_messages_created_idx on contact_messages (created_at)'],
)
