import nodemailer, { type Transporter } from 'nodemailer'
import type { Logger } from 'pino'
import type { Db } from '~/db/db.server.ts'
import * as outbox from '~/models/outbox.server.ts'

export type MailerOptions = {
  smtpUrl: string | undefined
  from: string
  logger: Logger
  /** First retry delay; doubles per failure up to maxBackoffMs. */
  baseBackoffMs?: number
  maxBackoffMs?: number
}

/**
 * Delivers queued mail. A failed send stays pending with a growing delay and is never
 * dropped, so an SMTP outage only delays notifications.
 */
export function createMailer(db: Db, opts: MailerOptions) {
  const base = opts.baseBackoffMs ?? 30_000
  const max = opts.maxBackoffMs ?? 60 * 60_000
  const transport: Transporter | null = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
    : null

  async function deliverDue(now = Date.now()): Promise<number> {
    let sent = 0
    const due = await outbox.findDueMail(db, new Date(now).toISOString())
    for (const mail of due) {
      // Lease long enough for one SMTP exchange; another instance skips it meanwhile.
      const lease = new Date(now + 120_000).toISOString()
      if (!(await outbox.claimMail(db, mail.id, mail.nextAttemptAt, lease))) continue
      try {
        if (transport) {
          await transport.sendMail({ from: opts.from, to: mail.toAddress, subject: mail.subject, text: mail.body, ...invitation(mail.ics) })
        } else {
          opts.logger.info({ mailId: mail.id, to: mail.toAddress, subject: mail.subject }, 'SMTP_URL not set: mail recorded in the outbox only')
        }
        await outbox.markMailSent(db, mail.id)
        sent++
      } catch (err) {
        const attempts = mail.attempts + 1
        const delay = Math.min(max, base * 2 ** (attempts - 1))
        opts.logger.warn({ mailId: mail.id, attempts, retryInMs: delay, err: (err as Error).message }, 'mail delivery failed; will retry')
        await outbox.markMailFailed(db, mail.id, attempts, (err as Error).message, new Date(now + delay).toISOString(), false)
      }
    }
    return sent
  }

  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  return {
    deliverDue,
    /** Polls the outbox every `intervalMs` until stop(). */
    start(intervalMs = 5_000) {
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
