import { sql } from 'kysely'
import type { Db } from '~/db/db.server.ts'
import type { MailOutboxRow, MailState } from '~/db/schema.ts'
import { nowIso } from './search.server.ts'

/** `ics`: a calendar invitation sent with the mail (a booked discovery call). */
export type OutgoingMail = { toAddress: string; subject: string; body: string; ics?: string | null }

/** The next try of a mail the SMTP server refused for good: none by itself, only a Retry (docs/decisions/054). */
export const NEVER_AUTOMATICALLY = '9999-12-31T00:00:00.000Z'

/** Queues a mail as waiting; returns its id. */
export async function insertOutboxMail(db: Db, mail: OutgoingMail): Promise<number> {
  const now = nowIso()
  const row = await db
    .insertInto('mailOutbox')
    .values({ ...mail, status: 'waiting', attempts: 0, nextAttemptAt: now, createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Waiting or failed mail whose next try is due, made at or after `since` (older mail waits for a Retry). */
export async function findDueMail(db: Db, now: string, since: string, limit = 10): Promise<MailOutboxRow[]> {
  return db
    .selectFrom('mailOutbox')
    .selectAll()
    .where('status', 'in', ['waiting', 'failed'])
    .where('nextAttemptAt', '<=', now)
    .where('createdAt', '>=', since)
    .orderBy('id')
    .limit(limit)
    .execute()
}

export async function findMail(db: Db, id: number): Promise<MailOutboxRow | undefined> {
  return db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * Claims a message by pushing its next attempt forward, so two instances never send it twice
 * at the same time: only the one whose update matched the old value wins.
 */
export async function claimMail(db: Db, id: number, expectedNextAttempt: string, leaseUntil: string): Promise<boolean> {
  const res = await db
    .updateTable('mailOutbox')
    .set({ nextAttemptAt: leaseUntil })
    .where('id', '=', id)
    .where('status', 'in', ['waiting', 'failed'])
    .where('nextAttemptAt', '=', expectedNextAttempt)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

/** The SMTP server accepted it: `answer` is its reply line (250 ...). */
export async function markMailDelivered(db: Db, id: number, attempts: number, answer: string): Promise<void> {
  const now = nowIso()
  await db
    .updateTable('mailOutbox')
    .set({ status: 'delivered', sentAt: now, triedAt: now, attempts, serverAnswer: answer.slice(0, 500), lastError: null })
    .where('id', '=', id)
    .execute()
}

/** The try failed: `answer` is the server's refusal or why it could not be reached; the mailer tries again at `nextAttemptAt`. */
export async function markMailFailed(db: Db, id: number, attempts: number, answer: string, nextAttemptAt: string): Promise<void> {
  await db
    .updateTable('mailOutbox')
    .set({ status: 'failed', attempts, lastError: answer.slice(0, 500), serverAnswer: answer.slice(0, 500), triedAt: nowIso(), nextAttemptAt })
    .where('id', '=', id)
    .execute()
}

/** Gives a claimed mail back untouched (nothing was tried), due at `nextAttemptAt`. */
export async function releaseMail(db: Db, id: number, nextAttemptAt: string): Promise<void> {
  await db.updateTable('mailOutbox').set({ nextAttemptAt }).where('id', '=', id).where('status', 'in', ['waiting', 'failed']).execute()
}

/**
 * Rows the code before issue 36 marked 'sent', which it did with or without SMTP: with mail set
 * up now they are taken as delivered, without it as never sent (waiting). Returns how many.
 */
export async function settleLegacySentMail(db: Db, mailConfigured: boolean): Promise<number> {
  const res = await db
    .updateTable('mailOutbox')
    .set(
      mailConfigured
        ? { status: 'delivered', serverAnswer: 'Marked sent by an older version of the site, whose SMTP answer was not kept.' }
        : { status: 'waiting', sentAt: null, nextAttemptAt: sql<string>`created_at`, serverAnswer: 'Marked sent by an older version of the site while mail was not set up: it never left.' },
    )
    .where('status', '=', sql<MailState>`'sent'`)
    .executeTakeFirst()
  return Number(res.numUpdatedRows)
}

export async function findMailByStatus(db: Db, status?: MailState): Promise<MailOutboxRow[]> {
  let qb = db.selectFrom('mailOutbox').selectAll()
  if (status) qb = qb.where('status', '=', status)
  return qb.orderBy('id').execute()
}

/** A page of the outbox, newest first, without the bodies (they hold links that sign people in). */
export async function findOutboxPage(db: Db, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('mailOutbox')
      .select(['id', 'toAddress', 'subject', 'status', 'attempts', 'nextAttemptAt', 'createdAt', 'sentAt', 'triedAt', 'serverAnswer'])
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db.selectFrom('mailOutbox').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

/** How many mails wait or failed (for the banner). */
export async function countUndelivered(db: Db): Promise<{ waiting: number; failed: number }> {
  const rows = await db
    .selectFrom('mailOutbox')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('status', 'in', ['waiting', 'failed'])
    .groupBy('status')
    .execute()
  const n = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0)
  return { waiting: n('waiting'), failed: n('failed') }
}
