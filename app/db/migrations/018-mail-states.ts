import { sql } from 'kysely'
import { addColumns, createIndex, dropColumns, dropIndexes, type NamedMigration } from './shared.ts'

/**
 * Issue 36 §4: an outbox row is waiting, delivered or failed, never 'sent' for mail that did not
 * leave. The server's answer to the last try is kept (docs/decisions/054). Rows the old code
 * marked 'sent' are settled at start, where the configuration is known (settleLegacySentMail).
 */
export default {
  name: '2026_11_28_g_mail_states',
  async up(db) {
    await addColumns(db, 'mail_outbox', ['server_answer text', 'tried_at text'])
    // Never tried: waiting. Tried and refused (the old code kept it 'pending' to retry): failed, with its error.
    await db.updateTable('mail_outbox').set({ status: 'waiting' }).where('status', '=', 'pending').where('attempts', '=', 0).execute()
    await db
      .updateTable('mail_outbox')
      .set({ status: 'failed', server_answer: sql`last_error` })
      .where((eb) => eb.or([eb('status', '=', 'failed'), eb.and([eb('status', '=', 'pending'), eb('attempts', '>', 0)])]))
      .execute()
    await createIndex(db, 'mail_outbox_created_idx on mail_outbox (created_at)')
  },
  async down(db) {
    await dropIndexes(db, ['mail_outbox_created_idx'])
    await db.updateTable('mail_outbox').set({ status: 'pending' }).where('status', 'in', ['waiting', 'failed']).execute()
    await db.updateTable('mail_outbox').set({ status: 'sent' }).where('status', '=', 'delivered').execute()
    await dropColumns(db, 'mail_outbox', ['tried_at', 'server_answer'])
  },
} satisfies NamedMigration
