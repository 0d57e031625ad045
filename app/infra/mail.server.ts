import nodemailer, { type Transporter } from 'nodemailer'
import type { Logger } from 'pino'
import type { Db } from '~/db/db.server.ts'
import type { MailOutboxRow, MailState } from '~/db/schema.ts'
import * as outbox from '~/models/outbox.server.ts'

export type MailerOptions = {
  smtpUrl: string | undefined
  from: string
  logger: Logger
  /** First retry delay; doubles per failure up to maxBackoffMs. */
  baseBackoffMs?: number
  maxBackoffMs?: number
}

/** Waiting mail older than this is not sent by itself once mail is set up, only by a Retry (docs/decisions/054). */
export const AUTO_SEND_DAYS = 7
const AUTO_SEND_MS = AUTO_SEND_DAYS * 24 * 60 * 60_000

/**
 * What asking for one mail to go came to: `delivered` or `failed` (it was tried; `answer` is the
 * SMTP server's), `kept` (mail is not set up: nothing was tried), `already` (it was delivered
 * before: not sent twice), `busy` (another instance is sending it this moment). `state` is the
 * mail's state now.
 */
export type MailOutcome = 'delivered' | 'failed' | 'kept' | 'already' | 'busy'
export type MailAttempt = { id: number; toAddress: string; outcome: MailOutcome; state: MailState; answer: string | null }

/**
 * Delivers queued mail (issue 36, docs/decisions/054). Without SMTP_URL nothing is tried: mail
 * stays `waiting` in the outbox, and once SMTP_URL is set the next start sends what waited (up to
 * AUTO_SEND_DAYS old). A try the SMTP server accepts makes it `delivered`, with the server's
 * answer; one that fails makes it `failed`, with the answer, and is tried again with a growing
 * delay, unless the server refused it for good (a 5xx reply), which only a Retry sends again.
 */
export function createMailer(db: Db, opts: MailerOptions) {
  const base = opts.baseBackoffMs ?? 30_000
  const max = opts.maxBackoffMs ?? 60 * 60_000
  const transport: Transporter | null = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
    : null

  /** One SMTP exchange for a mail this instance has claimed. */
  async function attempt(mail: MailOutboxRow, now: number): Promise<MailAttempt> {
    const attempts = mail.attempts + 1
    try {
      // Its files go as real MIME attachments (docs/decisions/074), read only when it is sent.
      const attachments = (await outbox.findMailAttachments(db, mail.id)).map((f) => ({
        filename: f.filename,
        contentType: f.contentType,
        content: f.content,
      }))
      const info = (await transport!.sendMail({
        from: opts.from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.body,
        ...invitation(mail.ics),
        ...(attachments.length ? { attachments } : {}),
      })) as {
        response?: string
      }
      const answer = info.response || 'Accepted by the mail server.'
      await outbox.markMailDelivered(db, mail.id, attempts, answer)
      return { id: mail.id, toAddress: mail.toAddress, outcome: 'delivered', state: 'delivered', answer }
    } catch (err) {
      const answer = (err as Error).message || String(err)
      const code = (err as { responseCode?: number }).responseCode
      const permanent = typeof code === 'number' && code >= 500
      const delay = Math.min(max, base * 2 ** (attempts - 1))
      opts.logger.warn(
        { mailId: mail.id, attempts, retryInMs: permanent ? null : delay, err: answer },
        permanent ? 'mail refused by the SMTP server' : 'mail delivery failed; will retry',
      )
      await outbox.markMailFailed(
        db,
        mail.id,
        attempts,
        answer,
        permanent ? outbox.NEVER_AUTOMATICALLY : new Date(now + delay).toISOString(),
      )
      return { id: mail.id, toAddress: mail.toAddress, outcome: 'failed', state: 'failed', answer }
    }
  }

  async function deliverDue(now = Date.now()): Promise<number> {
    // NOTE: without SMTP_URL the mail is left as it is: 'waiting' is the truth (issue 36).
    if (!transport) return 0
    let delivered = 0
    const due = await outbox.findDueMail(db, new Date(now).toISOString(), new Date(now - AUTO_SEND_MS).toISOString())
    for (const mail of due) {
      // Lease long enough for one SMTP exchange; another instance skips it meanwhile.
      const lease = new Date(now + 120_000).toISOString()
      if (!(await outbox.claimMail(db, mail.id, mail.nextAttemptAt, lease))) continue
      if ((await attempt(mail, now)).state === 'delivered') delivered++
    }
    return delivered
  }

  /**
   * Tries one mail now, whatever its age or next try (a Retry, a test mail). Without SMTP_URL
   * nothing is tried and it stays waiting; mail already delivered is not sent again.
   */
  async function deliverNow(id: number, now = Date.now()): Promise<MailAttempt | undefined> {
    const mail = await outbox.findMail(db, id)
    if (!mail) return undefined
    const untried = (outcome: MailOutcome): MailAttempt => ({
      id,
      toAddress: mail.toAddress,
      outcome,
      state: mail.status,
      answer: mail.serverAnswer,
    })
    if (mail.status === 'delivered') return untried('already')
    if (!transport) return untried('kept')
    const lease = new Date(now + 120_000).toISOString()
    // Another instance is sending it this moment: its answer will show in the outbox.
    if (!(await outbox.claimMail(db, id, mail.nextAttemptAt, lease))) return untried('busy')
    return attempt(mail, now)
  }

  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  return {
    /** Whether SMTP_URL is set: without it mail only waits in the outbox. */
    configured: transport !== null,
    deliverDue,
    deliverNow,
    /** Polls the outbox every `intervalMs` until stop(). */
    start(intervalMs = 5_000) {
      if (!transport) opts.logger.warn({}, 'SMTP_URL is not set: mail waits in the outbox and is sent once it is set (docs/decisions/054)')
      // A failing poll (the database is away, say) is logged once, not every few seconds; the
      // mail waits in the outbox and goes out once a poll works again (docs/decisions/028).
      let failing = false
      timer = setInterval(() => {
        running = deliverDue().then(
          () => {
            if (failing) opts.logger.info({}, 'outbox poll works again')
            failing = false
          },
          (err: Error) => {
            if (!failing) opts.logger.error({ err: err.message }, 'outbox poll failed; retrying every poll')
            failing = true
          },
        )
      }, intervalMs)
      timer.unref()
    },
    async stop() {
      if (timer) clearInterval(timer)
      await running
      transport?.close()
    },
  }
}

export type Mailer = ReturnType<typeof createMailer>

/** A stored .ics as nodemailer's calendar part (shown as an invitation by mail clients), with its METHOD. */
function invitation(ics: string | null) {
  if (!ics) return {}
  const method = /^METHOD:(\w+)/m.exec(ics)?.[1] ?? 'PUBLISH'
  return { icalEvent: { method, filename: 'invite.ics', content: ics } }
}
