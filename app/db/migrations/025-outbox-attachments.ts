import { creatingTable } from './shared.ts'

/**
 * Issue 38: a mail in the outbox may carry files (the signed proposal and the deposit invoice
 * on acceptance), kept beside it and deleted with it (docs/decisions/074-mail-attachments.md).
 */
export default creatingTable(
  '2026_11_30_a_outbox_attachments',
  'mail_outbox_attachments',
  [
    'id',
    'mail_id integer not null references mail_outbox.id on delete cascade',
    'filename text not null',
    'content_type text not null',
    'bytes blob not null',
    'size integer not null',
  ],
  ['mail_outbox_attachments_mail_idx on mail_outbox_attachments (mail_id)'],
)
