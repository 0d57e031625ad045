import type { Db } from '~/db/db.server.ts'
import type { MailState } from '~/db/schema.ts'
import * as admins from '~/models/admin.server.ts'
import * as outbox from '~/models/outbox.server.ts'
import type { Admin } from './actor.server.ts'
import { DomainValidationError, NotFoundError } from '~/infra/errors.server.ts'
import { AUTO_SEND_DAYS, type MailAttempt } from '~/infra/mail.server.ts'
import { requirePermission } from './actor.server.ts'
import { getSettings } from './settings.server.ts'

/**
 * The outbox as the back office sees it (issue 36, docs/decisions/054): every mail with its
 * state and the SMTP server's answer, a Retry, and a test mail. Owners and administrators only
 * (the `mail` permission).
 */

/** What the services need of the mailer (app/infra/mail.server.ts). */
export type MailSender = { configured: boolean; deliverNow(id: number): Promise<MailAttempt | undefined> }

export const OUTBOX_PAGE_SIZE = 25
const AUTO_SEND_MS = AUTO_SEND_DAYS * 24 * 60 * 60_000

export type OutboxEntry = {
  id: number
  toAddress: string
  subject: string
  state: MailState
  attempts: number
  createdAt: string
  deliveredAt: string | null
  triedAt: string | null
  answer: string | null
  /** When the mailer tries by itself next; null when it will not (delivered, refused for good, mail not set up, or too old). */
  nextTryAt: string | null
  /** The files it carries (names and sizes in bytes), in the order they are sent. */
  attachments: { filename: string; size: number }[]
}

export async function listOutbox(db: Db, admin: Admin, page: number, mailer: Pick<MailSender, 'configured'>, now = Date.now()) {
  requirePermission(admin, 'mail')
  const { rows, total } = await outbox.findOutboxPage(db, OUTBOX_PAGE_SIZE, (page - 1) * OUTBOX_PAGE_SIZE)
  const oldest = new Date(now - AUTO_SEND_MS).toISOString()
  const files = await outbox.findAttachmentList(
    db,
    rows.map((r) => r.id),
  )
  const entries: OutboxEntry[] = rows.map((r) => ({
    id: r.id,
    toAddress: r.toAddress,
    subject: r.subject,
    state: r.status,
    attempts: r.attempts,
    createdAt: r.createdAt,
    deliveredAt: r.status === 'delivered' ? r.sentAt : null,
    triedAt: r.triedAt,
    answer: r.serverAnswer,
    nextTryAt:
      mailer.configured && r.status !== 'delivered' && r.nextAttemptAt !== outbox.NEVER_AUTOMATICALLY && r.createdAt >= oldest
        ? r.nextAttemptAt
        : null,
    attachments: files.filter((f) => f.mailId === r.id).map((f) => ({ filename: f.filename, size: f.size })),
  }))
  return { entries, total, pages: Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE)), counts: await outbox.countUndelivered(db) }
}

/** How many mails wait or failed, for the banner (anyone may see that mail is not delivered). */
export async function undeliveredMail(db: Db) {
  return outbox.countUndelivered(db)
}

/** Tries one waiting or failed mail now (a Retry). Returns what happened, in the mailer's words. */
export async function retryMail(db: Db, mailer: MailSender, admin: Admin, id: number): Promise<MailAttempt> {
  requirePermission(admin, 'mail')
  const result = await mailer.deliverNow(id)
  if (!result) throw new NotFoundError('That mail is not in the outbox.')
  return result
}

/** The signed-in person's own email address (where a test mail goes), or null when none is on file. */
export async function ownMailAddress(db: Db, admin: Admin): Promise<string | null> {
  return (await admins.findAdminById(db, admin.id))?.email ?? null
}

/** Mails a short test to the signed-in person's own address through the outbox and tries it at once. */
export async function sendTestMail(db: Db, mailer: MailSender, admin: Admin): Promise<MailAttempt> {
  requirePermission(admin, 'mail')
  const me = await admins.findAdminById(db, admin.id)
  if (!me?.email) throw new DomainValidationError({ form: 'You have no email address on file: add one under Profile first.' })
  const { siteName } = await getSettings(db)
  const id = await outbox.insertOutboxMail(db, {
    toAddress: me.email,
    subject: `${siteName}: test mail`,
    body: [
      `This is a test mail from the back office of ${siteName}, asked for by ${admin.displayName}.`,
      '',
      'If you can read it, the site can send mail.',
    ].join('\n'),
  })
  const result = await mailer.deliverNow(id)
  if (!result) throw new NotFoundError('The test mail is not in the outbox.')
  return result
}

/** One sentence on what a try came to, for the notice after a Retry or a test mail. */
export function attemptWords(a: MailAttempt): string {
  switch (a.outcome) {
    case 'delivered':
      return `Delivered to ${a.toAddress}. The mail server answered: ${a.answer ?? 'OK'}`
    case 'failed':
      return `Not delivered to ${a.toAddress}. The mail server answered: ${a.answer ?? 'nothing'}`
    case 'already':
      return `It was delivered to ${a.toAddress} before; it is not sent twice.`
    case 'busy':
      return `It is being sent to ${a.toAddress} this moment; the outbox shows the answer shortly.`
    case 'kept':
      return `Kept in the outbox, not sent: mail is not set up (SMTP_URL). It will be sent to ${a.toAddress} once mail is set up.`
  }
}

/** The notice's title for a try. */
export const ATTEMPT_TITLES = {
  delivered: 'Mail Delivered',
  failed: 'Mail Not Delivered',
  kept: 'Mail Kept',
  already: 'Already Delivered',
  busy: 'Mail Being Sent',
} as const
