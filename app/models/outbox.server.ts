import type { Db } from '~/db/db.server.ts'
import type { MailOutboxRow } from '~/db/schema.ts'
import { nowIso } from './search.server.ts'

/** `ics`: a calendar invitation sent with the mail (a booked discovery call). */
export type OutgoingMail = { toAddress: string; subject: string; body: string; ics?: string | null }

export async function insertOutboxMail(db: Db, mail: OutgoingMail): Promise<void> {
  const now = nowIso()
  await db.insertInto('mailOutbox').values({ ...mail, status: 'pending', attempts: 0, nextAttemptAt: now, createdAt: now }).execute()
}

export async function findDueMail(db: Db, now: string, limit = 10): Promise<MailOutboxRow[]> {
  return db
    .selectFrom('mailOutbox')
    .selectAll()
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute()
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
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '=', expectedNextAttempt)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

export async function markMailSent(db: Db, id: number): Promise<void> {
  await db.updateTable('mailOutbox').set({ status: 'sent', sentAt: nowIso(), lastError: null }).where('id', '=', id).execute()
}

export async function markMailFailed(db: Db, id: number, attempts: number, error: string, nextAttemptAt: string, giveUp: boolean): Promise<void> {
  await db
    .updateTable('mailOutbox')
    .set({ attempts, lastError: error.slice(0, 500), nextAttemptAt, status: giveUp ? 'failed' : 'pending' })
    .where('id', '=', id)
    .execute()
}

export async function findMailByStatus(db: Db, status?: string): Promise<MailOutboxRow[]> {
  let qb = db.selectFrom('mailOutbox').selectAll()
  if (status) qb = qb.where('status', '=', status)
  return qb.orderBy('id').execute()
}
