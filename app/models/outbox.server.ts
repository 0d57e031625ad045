import { sql } from 'kysely'
import type { Db } from '~/db/db.server.ts'
import type { MailOutboxRow, MailState } from '~/db/schema.ts'
import { nowIso } from './search.server.ts'

/** A file sent with a mail, as a MIME attachment: its name as the reader sees it, its type, its bytes. */
export type MailAttachment = { filename: string; contentType: string; content: Buffer }

/**
 * `ics`: a calendar invitation sent with the mail (a booked discovery call). `attachments`: files
 * sent with it (kept beside it, deleted with it), at most MAX_MAIL_ATTACHMENT_BYTES together.
 */
export type OutgoingMail = { toAddress: string; subject: string; body: string; ics?: string | null; attachments?: MailAttachment[] }

/**
 * At most this many bytes of files in one mail (5 MB; about 6.7 MB once encoded in the mail, which
 * common mail servers accept: docs/decisions/074). A mail over it is refused, not queued.
 */
export const MAX_MAIL_ATTACHMENT_BYTES = 5 * 1024 * 1024
/** At most this many files in one mail. */
export const MAX_MAIL_ATTACHMENTS = 10

/** A mail whose files are too many, too large, or badly named: nothing was queued. */
export class MailAttachmentError extends Error {}

/** Whether `files` fit in one mail (their count and bytes together); see MAX_MAIL_ATTACHMENT_BYTES. */
export function attachmentsFit(files: readonly MailAttachment[]): boolean {
  return files.length <= MAX_MAIL_ATTACHMENTS && files.reduce((n, f) => n + f.content.length, 0) <= MAX_MAIL_ATTACHMENT_BYTES
}

function checkAttachments(files: readonly MailAttachment[]): void {
  if (files.length > MAX_MAIL_ATTACHMENTS)
    throw new MailAttachmentError(`A mail can carry at most ${MAX_MAIL_ATTACHMENTS} files; this one has ${files.length}.`)
  const bytes = files.reduce((n, f) => n + f.content.length, 0)
  if (bytes > MAX_MAIL_ATTACHMENT_BYTES)
    throw new MailAttachmentError(
      `A mail can carry at most 5 MB of files; these come to ${(bytes / 1024 / 1024).toFixed(1)} MB. The mail was not queued.`,
    )
  for (const f of files) {
    // A name a mail client shows and saves: no folders, no control characters (a header injection).
    // eslint-disable-next-line no-control-regex
    if (!f.filename || f.filename.length > 200 || /[/\\\x00-\x1f\x7f]/.test(f.filename))
      throw new MailAttachmentError(`"${f.filename}" cannot be the name of a file in a mail.`)
    if (!/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/i.test(f.contentType)) throw new MailAttachmentError(`"${f.contentType}" is not a type of file.`)
  }
}

/** The next try of a mail the SMTP server refused for good: none by itself, only a Retry (docs/decisions/054). */
export const NEVER_AUTOMATICALLY = '9999-12-31T00:00:00.000Z'

/**
 * Queues a mail as waiting, with its files if any (in one transaction, so the mailer never sees the
 * mail without them); returns its id. Throws MailAttachmentError, queuing nothing, when the files
 * are over the limits.
 */
export async function insertOutboxMail(db: Db, mail: OutgoingMail): Promise<number> {
  const { attachments = [], ...fields } = mail
  checkAttachments(attachments)
  const now = nowIso()
  const queue = async (trx: Db) => {
    const row = await trx
      .insertInto('mailOutbox')
      .values({ ...fields, status: 'waiting', attempts: 0, nextAttemptAt: now, createdAt: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (attachments.length) {
      await trx
        .insertInto('mailOutboxAttachments')
        .values(
          attachments.map((f) => ({
            mailId: row.id,
            filename: f.filename,
            contentType: f.contentType,
            bytes: f.content,
            size: f.content.length,
          })),
        )
        .execute()
    }
    return row.id
  }
  return attachments.length && !db.isTransaction ? db.transaction().execute(queue) : queue(db)
}

/** A mail's files with their bytes, in the order given, for sending it. */
export async function findMailAttachments(db: Db, mailId: number): Promise<MailAttachment[]> {
  const rows = await db
    .selectFrom('mailOutboxAttachments')
    .select(['filename', 'contentType', 'bytes'])
    .where('mailId', '=', mailId)
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ filename: r.filename, contentType: r.contentType, content: Buffer.from(r.bytes) }))
}

/** The names, types and sizes (not the bytes) of the files of these mails, for the outbox page. */
export async function findAttachmentList(
  db: Db,
  mailIds: number[],
): Promise<{ mailId: number; filename: string; contentType: string; size: number }[]> {
  if (mailIds.length === 0) return []
  const rows = await db
    .selectFrom('mailOutboxAttachments')
    .select(['mailId', 'filename', 'contentType', 'size'])
    .where('mailId', 'in', mailIds)
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ ...r, size: Number(r.size) }))
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
    .set({
      status: 'failed',
      attempts,
      lastError: answer.slice(0, 500),
      serverAnswer: answer.slice(0, 500),
      triedAt: nowIso(),
      nextAttemptAt,
    })
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
        : {
            status: 'waiting',
            sentAt: null,
            nextAttemptAt: sql<string>`created_at`,
            serverAnswer: 'Marked sent by an older version of the site while mail was not set up: it never left.',
          },
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
    db
      .selectFrom('mailOutbox')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
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
