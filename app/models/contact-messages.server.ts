import type { Db } from '~/db/db.server.ts'
// NOTE: booleans are written as 1/0: SQLite binds no booleans, and PostgreSQL reads '1'/'0' as true/false.
import type { Transaction } from 'kysely'
import type { ContactMessageEventRow, Database } from '~/db/schema.ts'
import { ATTRIBUTION_COLUMNS, type LeadAttribution } from './visits.server.ts'
import { findTimeline, type DeskEvent, type DeskEventWrite } from './desk-events.server.ts'

export type ContactMessage = {
  id: number
  name: string
  email: string
  message: string
  isRead: boolean
  createdAt: string
  /** The desk's triage (issue 36): a status as a proposal's, the person it is assigned to, the next step, the first opening. */
  status: string
  assignedTo: number | null
  nextStep: string | null
  openedAt: string | null
} & LeadAttribution

const COLUMNS = [
  'id',
  'name',
  'email',
  'message',
  'isRead',
  'createdAt',
  'status',
  'assignedTo',
  'nextStep',
  'openedAt',
  ...ATTRIBUTION_COLUMNS,
] as const

const toMessage = (row: Omit<ContactMessage, 'isRead'> & { isRead: number | boolean }): ContactMessage => ({
  ...row,
  isRead: Boolean(row.isRead),
})

export async function insertContactMessage(
  db: Db | Transaction<Database>,
  m: { name: string; email: string; message: string; createdAt: string } & Partial<LeadAttribution>,
): Promise<ContactMessage> {
  const row = await db
    .insertInto('contactMessages')
    .values({ ...m, isRead: 0 })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow()
  return toMessage(row)
}

export async function findContactMessage(db: Db | Transaction<Database>, id: number): Promise<ContactMessage | undefined> {
  const row = await db.selectFrom('contactMessages').select(COLUMNS).where('id', '=', id).executeTakeFirst()
  return row && toMessage(row)
}

/** Newest first. */
export async function findContactMessages(db: Db): Promise<ContactMessage[]> {
  const rows = await db.selectFrom('contactMessages').select(COLUMNS).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute()
  return rows.map(toMessage)
}

export async function countUnreadContactMessages(db: Db): Promise<number> {
  const row = await db
    .selectFrom('contactMessages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('isRead', '=', 0)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

export async function updateContactMessageRead(db: Db, id: number, isRead: boolean): Promise<ContactMessage | undefined> {
  const row = await db
    .updateTable('contactMessages')
    .set({ isRead: isRead ? 1 : 0 })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst()
  return row && toMessage(row)
}

export async function deleteContactMessage(db: Db, id: number): Promise<boolean> {
  const res = await db.deleteFrom('contactMessages').where('id', '=', id).executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}

/** The desk's triage writes on a message (status, assignee, next step); undefined when it is gone. */
export async function updateContactMessageTriage(
  db: Db | Transaction<Database>,
  id: number,
  patch: Partial<Pick<ContactMessage, 'status' | 'assignedTo' | 'nextStep'>>,
): Promise<ContactMessage | undefined> {
  const row = await db.updateTable('contactMessages').set(patch).where('id', '=', id).returning(COLUMNS).executeTakeFirst()
  return row && toMessage(row)
}

export type MessageEventKind = 'note' | 'status' | 'reply'
export type MessageEvent = DeskEvent<ContactMessageEventRow, MessageEventKind>
export type MessageEventWrite = DeskEventWrite<MessageEvent>

export async function insertMessageEvent(db: Db | Transaction<Database>, e: MessageEventWrite): Promise<MessageEvent> {
  const row = await db.insertInto('contactMessageEvents').values(e).returningAll().executeTakeFirstOrThrow()
  return { ...row, kind: row.kind as MessageEventKind }
}

/** A message's replies, status changes and assignments, oldest first. */
export async function findMessageEvents(db: Db, messageId: number): Promise<MessageEvent[]> {
  const rows = await findTimeline(db, 'contactMessageEvents', messageId)
  return rows.map((row) => ({ ...row, kind: row.kind as MessageEventKind }))
}
