import type { Db } from '~/db/db.server.ts'
import type { ContactMessageInput } from '~/lib/contact-message-schema.ts'
import * as model from '~/models/contact-messages.server.ts'
import type { ContactMessage } from '~/models/contact-messages.server.ts'
import { insertOutboxMail } from '~/models/outbox.server.ts'
import { attributeLead, flushPendingViews, type VisitorKey } from './analytics.server.ts'
import { requirePermission, type Admin } from './actor.server.ts'
import { recordActivity } from './activity-log.server.ts'
import { NotFoundError } from '~/infra/errors.server.ts'
import { addressSubject, consume, type Limit } from '~/infra/rate-limit.server.ts'
import { getSettings } from './settings.server.ts'
import { storeOnce, submissionKey } from './submission-once.server.ts'

export type { ContactMessage }

/** Messages per address per hour, like proposal requests: enough for a person, not for a script. */
export const CONTACT_MESSAGE_LIMIT: Limit = {
  name: 'contact-message',
  max: 5,
  windowMs: 60 * 60_000,
  message: 'Too many messages from your address. Please try again later, or email us directly.',
}

/**
 * Stores a visitor's message for the admin's inbox and, when notifications are on, queues the
 * mail to the contact address in the same transaction (both kept or neither), counted against
 * CONTACT_MESSAGE_LIMIT for the client address (an IPv6 address by its /64;
 * `maxPerHour` overrides its max: the route passes the proposals' configured
 * PROPOSAL_RATE_LIMIT_PER_HOUR). Throws RateLimitedError over the limit.
 * NOTE: nothing is mailed to the address the visitor typed (ADR 030): only the agency hears of it.
 */
export async function submitContactMessage(
  db: Db,
  input: ContactMessageInput,
  client: string | VisitorKey,
  now = Date.now(),
  maxPerHour = CONTACT_MESSAGE_LIMIT.max,
): Promise<ContactMessage> {
  const settings = await getSettings(db)
  const visitor = typeof client === 'string' ? { ip: client, userAgent: '' } : client
  // The page view counted when the form's page was served may still wait in this process's batch.
  await flushPendingViews(db)
  // The same message posted twice (a double click on the plain form) is stored and mailed once.
  const key = submissionKey('message', { name: input.name, email: input.email, message: input.message })
  const { item } = await db.transaction().execute((trx) =>
    storeOnce(
      trx,
      key,
      'message',
      now,
      (id) => model.findContactMessage(trx, id),
      async () => {
        await consume(trx, { ...CONTACT_MESSAGE_LIMIT, max: maxPerHour }, addressSubject(visitor.ip), now)
        const saved = await model.insertContactMessage(trx, {
          ...(await attributeLead(trx, visitor, 'message', new Date(now))),
          name: input.name,
          email: input.email,
          message: input.message,
          createdAt: new Date(now).toISOString(),
        })
        if (settings.enableNotifications) {
          await insertOutboxMail(trx, {
            toAddress: settings.contactEmail,
            subject: `New message from ${saved.name}`,
            body: [
              'A message arrived through the contact page.',
              '',
              `Name: ${saved.name}`,
              `Email: ${saved.email}`,
              `Received: ${saved.createdAt}`,
              '',
              saved.message,
            ].join('\n'),
          })
        }
        return saved
      },
    ),
  )
  return item
}

export async function listContactMessages(db: Db, admin: Admin): Promise<{ messages: ContactMessage[]; unread: number }> {
  requirePermission(admin, 'messages')
  const messages = await model.findContactMessages(db)
  return { messages, unread: messages.filter((m) => !m.isRead).length }
}

export async function countUnreadMessages(db: Db, admin: Admin): Promise<number> {
  requirePermission(admin, 'messages')
  return model.countUnreadContactMessages(db)
}

export async function setContactMessageRead(db: Db, admin: Admin, id: number, isRead: boolean): Promise<ContactMessage> {
  requirePermission(admin, 'messages')
  const m = await model.updateContactMessageRead(db, id, isRead)
  if (!m) throw new NotFoundError('Message not found')
  await recordActivity(db, {
    action: isRead ? 'message.read' : 'message.unread',
    itemType: 'message',
    itemId: id,
    itemLabel: `Message from ${m.name}`,
  })
  return m
}

export async function deleteContactMessage(db: Db, admin: Admin, id: number): Promise<void> {
  requirePermission(admin, 'messages')
  if (!(await model.deleteContactMessage(db, id))) throw new NotFoundError('Message not found')
  await recordActivity(db, { action: 'message.delete', itemType: 'message', itemId: id, itemLabel: `Message ${id}` })
}
