import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import {
  CONTACT_MESSAGE_LIMIT,
  deleteContactMessage,
  listContactMessages,
  setContactMessageRead,
  submitContactMessage,
} from '~/services/contact-messages.server.ts'
import { NotFoundError, RateLimitedError } from '~/infra/errors.server.ts'
import { getSettings } from '~/services/settings.server.ts'
import { updateSettings } from '~/services/settings-update.server.ts'
import { dialects } from '../helpers/app.ts'
import { rejection, seededDatabaseWithAdmin } from './db.ts'

const T0 = Date.parse('2026-11-24T09:00:00Z')
const message = (over: Partial<{ name: string; email: string; message: string }> = {}) => ({
  name: 'Maya Message',
  email: 'maya@example.com',
  message: 'Do you build sites in Hindi and English?',
  ...over,
})

describe.each(dialects())('contact messages on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  seededDatabaseWithAdmin(url, (db, signedIn) => {
    h = db
    admin = signedIn
  })

  const mailAbout = (name: string) => h.db.selectFrom('mailOutbox').selectAll().where('subject', '=', `New message from ${name}`).execute()

  it('stores a message unread, newest first in the inbox, and mails it to the contact address', async () => {
    await submitContactMessage(h.db, message({ name: 'First Sender' }), 'msg-a', T0)
    const saved = await submitContactMessage(
      h.db,
      message({ name: 'Second Sender', message: 'Line 1\nLine 2 “quoted” ✓' }),
      'msg-a',
      T0 + 1000,
    )
    expect(saved).toMatchObject({
      name: 'Second Sender',
      email: 'maya@example.com',
      message: 'Line 1\nLine 2 “quoted” ✓',
      isRead: false,
      createdAt: new Date(T0 + 1000).toISOString(),
    })
    const { messages, unread } = await listContactMessages(h.db, admin)
    expect(messages.map((m) => m.name)).toEqual(['Second Sender', 'First Sender'])
    expect(unread).toBe(2)
    const mail = await mailAbout('Second Sender')
    expect(mail).toHaveLength(1)
    expect(mail[0]).toMatchObject({ toAddress: (await getSettings(h.db)).contactEmail, status: 'waiting' })
    expect(mail[0].body).toContain('Email: maya@example.com')
    expect(mail[0].body).toContain('Line 2 “quoted” ✓')
  })

  it('queues no mail when notifications are off, and still keeps the message', async () => {
    await updateSettings(h.db, admin, { enableNotifications: false })
    try {
      await submitContactMessage(h.db, message({ name: 'Quiet Sender' }), 'msg-quiet', T0)
    } finally {
      await updateSettings(h.db, admin, { enableNotifications: true })
    }
    expect((await listContactMessages(h.db, admin)).messages.map((m) => m.name)).toContain('Quiet Sender')
    expect(await mailAbout('Quiet Sender')).toHaveLength(0)
  })

  it('marks read and unread, deletes, and says NotFound for a message that is gone', async () => {
    const m = await submitContactMessage(h.db, message({ name: 'Toggle Sender' }), 'msg-toggle', T0)
    expect((await setContactMessageRead(h.db, admin, m.id, true)).isRead).toBe(true)
    expect((await listContactMessages(h.db, admin)).messages.find((x) => x.id === m.id)?.isRead).toBe(true)
    expect((await setContactMessageRead(h.db, admin, m.id, false)).isRead).toBe(false)
    await deleteContactMessage(h.db, admin, m.id)
    expect((await listContactMessages(h.db, admin)).messages.some((x) => x.id === m.id)).toBe(false)
    await rejection(deleteContactMessage(h.db, admin, m.id), NotFoundError)
    await rejection(setContactMessageRead(h.db, admin, m.id, true), NotFoundError)
  })

  it('counts the addresses of one IPv6 /64 as one, and mails nothing to the address the visitor typed (issue 21)', async () => {
    const t = T0 + 24 * 60 * 60_000
    const email = 'net-sender@example.com'
    for (let i = 1; i <= CONTACT_MESSAGE_LIMIT.max; i++) {
      await submitContactMessage(
        h.db,
        message({ name: 'Net Sender', email, message: `See https://evil.example/x (${i})` }),
        `2001:db8:9:9::${i}`,
        t,
      )
    }
    await rejection(submitContactMessage(h.db, message({ name: 'Net Sender over' }), '2001:db8:9:9:ffff::1', t), RateLimitedError)
    await submitContactMessage(h.db, message({ name: 'Next net' }), '2001:db8:9:a::1', t)
    expect(await h.db.selectFrom('mailOutbox').selectAll().where('toAddress', '=', email).execute()).toEqual([])
  })

  it(`accepts ${CONTACT_MESSAGE_LIMIT.max} messages per address per hour; the next is RateLimitedError and nothing is stored`, async () => {
    for (let i = 0; i < CONTACT_MESSAGE_LIMIT.max; i++) await submitContactMessage(h.db, message({ name: `Burst ${i}` }), 'msg-burst', T0)
    const err = await rejection(submitContactMessage(h.db, message({ name: 'Burst over' }), 'msg-burst', T0), RateLimitedError)
    expect(err.message).toBe(CONTACT_MESSAGE_LIMIT.message)
    expect((await listContactMessages(h.db, admin)).messages.some((x) => x.name === 'Burst over')).toBe(false)
    expect(await mailAbout('Burst over')).toHaveLength(0)
    // Another address is not affected, and this one may send again an hour later.
    await submitContactMessage(h.db, message({ name: 'Other address' }), 'msg-other', T0)
    await submitContactMessage(h.db, message({ name: 'Next hour' }), 'msg-burst', T0 + CONTACT_MESSAGE_LIMIT.windowMs + 1)
  })
})
