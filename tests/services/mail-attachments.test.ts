import pino from 'pino'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import {
  MAX_MAIL_ATTACHMENT_BYTES,
  MailAttachmentError,
  findMail,
  findMailAttachments,
  insertOutboxMail,
  type MailAttachment,
} from '~/models/outbox.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { createMailer, type Mailer } from '~/infra/mail.server.ts'
import { listOutbox } from '~/services/outbox.server.ts'
import { dialects } from '../helpers/app.ts'
import { attachmentName, mimeParts, startRecordingSmtp } from '../helpers/mime.ts'
import { freshDatabase, rejection, signInAdmin } from './db.ts'

const silent = pino({ level: 'silent' })
const pdf = (text: string) => Buffer.from(`%PDF-1.5\n${text}\n%%EOF\n`, 'latin1')
const countMail = async (h: DatabaseHandle) =>
  Number(
    (
      await h.db
        .selectFrom('mailOutbox')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const countFiles = async (h: DatabaseHandle) =>
  Number(
    (
      await h.db
        .selectFrom('mailOutboxAttachments')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

/** Files carried by a mail of the outbox (issue 38, docs/decisions/074), on both databases. */
describe.each(dialects())('mail attachments on %s', (_name, url) => {
  let h: DatabaseHandle
  let owner: Admin
  let smtp: Awaited<ReturnType<typeof startRecordingSmtp>> | undefined
  const mailers: Mailer[] = []
  beforeEach(async () => {
    h = await freshDatabase(url())
    owner = await signInAdmin(h.db)
  })
  afterEach(async () => {
    for (const m of mailers.splice(0)) await m.stop()
    await smtp?.close()
    smtp = undefined
    await h.close()
  })

  const files: MailAttachment[] = [
    { filename: 'proposal-v1-accepted.pdf', contentType: 'application/pdf', content: pdf('the proposal') },
    // Every byte value survives the database: BLOB on SQLite, bytea on PostgreSQL.
    { filename: 'all-bytes.bin', contentType: 'application/octet-stream', content: Buffer.from(Array.from({ length: 256 }, (_, i) => i)) },
  ]

  it("keeps a mail's files beside it, byte for byte and in order; the Outbox lists their names and sizes (not the bytes); they go when the mail is deleted", async () => {
    const id = await insertOutboxMail(h.db, {
      toAddress: 'ada@example.com',
      subject: 'With files',
      body: 'See attached.',
      attachments: files,
    })
    const plain = await insertOutboxMail(h.db, { toAddress: 'ada@example.com', subject: 'Without', body: 'Nothing attached.' })
    const kept = await findMailAttachments(h.db, id)
    expect(kept.map((f) => [f.filename, f.contentType])).toEqual([
      ['proposal-v1-accepted.pdf', 'application/pdf'],
      ['all-bytes.bin', 'application/octet-stream'],
    ])
    expect(kept[0].content.equals(files[0].content)).toBe(true)
    expect(kept[1].content.equals(files[1].content)).toBe(true)
    expect(await findMailAttachments(h.db, plain)).toEqual([])

    const mailer = createMailer(h.db, { smtpUrl: undefined, from: 'Site <site@example.com>', logger: silent })
    mailers.push(mailer)
    const { entries } = await listOutbox(h.db, owner, 1, mailer)
    expect(entries.find((e) => e.id === id)?.attachments).toEqual([
      { filename: 'proposal-v1-accepted.pdf', size: files[0].content.length },
      { filename: 'all-bytes.bin', size: 256 },
    ])
    expect(entries.find((e) => e.id === plain)?.attachments).toEqual([])
    // Mail not set up: it is kept, waiting, files and all.
    expect(entries.find((e) => e.id === id)).toMatchObject({ state: 'waiting', nextTryAt: null })

    await h.db.deleteFrom('mailOutbox').where('id', '=', id).execute()
    expect(await countFiles(h)).toBe(0)
    expect(await findMailAttachments(h.db, id)).toEqual([])
  })

  it('refuses a mail over 5 MB of files, with too many files or a file name that could break the mail, and queues nothing', async () => {
    const before = await countMail(h)
    const big = Buffer.alloc(MAX_MAIL_ATTACHMENT_BYTES - 10, 1)
    const over = await rejection(
      insertOutboxMail(h.db, {
        toAddress: 'ada@example.com',
        subject: 'Too big',
        body: 'x',
        attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content: big }, files[0]],
      }),
      MailAttachmentError,
    )
    expect(over.message).toMatch(/^A mail can carry at most 5 MB of files; these come to 5\.0 MB\. The mail was not queued\.$/)
    // Exactly at the limit is fine.
    const atLimit = await insertOutboxMail(h.db, {
      toAddress: 'ada@example.com',
      subject: 'Just fits',
      body: 'x',
      attachments: [{ filename: 'a.bin', contentType: 'application/octet-stream', content: Buffer.alloc(MAX_MAIL_ATTACHMENT_BYTES, 2) }],
    })
    expect((await findMailAttachments(h.db, atLimit))[0].content.length).toBe(MAX_MAIL_ATTACHMENT_BYTES)

    const many = Array.from({ length: 11 }, (_, i) => ({ filename: `f${i}.txt`, contentType: 'text/plain', content: Buffer.from('x') }))
    expect(
      (
        await rejection(
          insertOutboxMail(h.db, { toAddress: 'ada@example.com', subject: 'Many', body: 'x', attachments: many }),
          MailAttachmentError,
        )
      ).message,
    ).toBe('A mail can carry at most 10 files; this one has 11.')
    for (const filename of ['', '../etc/passwd', 'a\r\nBcc: evil@example.com.pdf']) {
      await rejection(
        insertOutboxMail(h.db, {
          toAddress: 'ada@example.com',
          subject: 'Bad name',
          body: 'x',
          attachments: [{ filename, contentType: 'application/pdf', content: pdf('x') }],
        }),
        MailAttachmentError,
      )
    }
    await rejection(
      insertOutboxMail(h.db, {
        toAddress: 'ada@example.com',
        subject: 'Bad type',
        body: 'x',
        attachments: [{ filename: 'a.pdf', contentType: 'application/pdf\r\nX: y', content: pdf('x') }],
      }),
      MailAttachmentError,
    )
    expect(await countMail(h)).toBe(before + 1)
    expect(await countFiles(h)).toBe(1)
  })

  it('sends the files as real MIME attachments through a real SMTP server, with their names, types and bytes', async () => {
    smtp = await startRecordingSmtp()
    const mailer = createMailer(h.db, { smtpUrl: smtp.url, from: 'Site <site@example.com>', logger: silent })
    mailers.push(mailer)
    const id = await insertOutboxMail(h.db, {
      toAddress: 'ada@example.com',
      subject: 'With files',
      body: 'See attached.',
      attachments: files,
    })
    expect(await mailer.deliverDue()).toBe(1)
    expect(await findMail(h.db, id)).toMatchObject({ status: 'delivered' })
    expect(smtp.mails).toHaveLength(1)
    const parts = mimeParts(smtp.mails[0].raw)
    expect(parts[0].headers['content-type']).toMatch(/^text\/plain/)
    expect(parts[0].body.toString('utf8')).toContain('See attached.')
    const attached = parts.filter((p) => attachmentName(p))
    expect(attached.map((p) => [attachmentName(p), p.headers['content-type'].split(';')[0]])).toEqual([
      ['proposal-v1-accepted.pdf', 'application/pdf'],
      ['all-bytes.bin', 'application/octet-stream'],
    ])
    expect(attached[0].body.equals(files[0].content)).toBe(true)
    expect(attached[1].body.equals(files[1].content)).toBe(true)
  })
})
