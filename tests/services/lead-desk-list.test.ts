import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { BookingSchema } from '~/lib/booking-schemas.ts'
import { readDeskQuery } from '~/lib/lead-desk-query.ts'
import { money, type DocumentDraft } from '~/lib/proposal-document.ts'
import { ProposalSchema } from '~/lib/schemas.ts'
import { insertContactMessage } from '~/models/contact-messages.server.ts'
import { insertProposal } from '~/models/proposals.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { bookCall, listFreeSlots } from '~/services/bookings.server.ts'
import { NotFoundError } from '~/infra/errors.server.ts'
import { assignProposal, getProposalDesk } from '~/services/lead-desk.server.ts'
import { listDeskLeads, menuCounts } from '~/services/lead-list.server.ts'
import { assignMessage, changeMessageStatus, getMessageDesk, replyToMessage, setMessageNextStep } from '~/services/message-desk.server.ts'
import { prefillDocument } from '~/services/proposal-document-drafting.server.ts'
import { saveDocument, sendDocument } from '~/services/proposal-documents.server.ts'
import { submitProposal } from '~/services/proposals.server.ts'
import { dialects, validProposal } from '../helpers/app.ts'
import { freshDatabase, rejection, signInAdmin } from './db.ts'

// A Monday 06:00 in San Francisco: the booking hours have free times ahead.
const T0 = Date.parse('2030-12-02T14:00:00.000Z')
const links = { siteUrl: 'https://agency.example' }
const at = (minutes: number) => new Date(T0 - minutes * 60_000).toISOString()
const query = (params: Record<string, string>) => readDeskQuery(new URLSearchParams(params))

/** The lead desk's one list and its counts, the per-kind reply templates and replies to messages (issue 36 §1), on both databases. */
describe.each(dialects())('lead desk list on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  beforeAll(async () => {
    h = await freshDatabase(url())
    admin = await signInAdmin(h.db)
  })
  afterAll(async () => {
    await h.close()
  })

  /** A request as a model row (its date and value chosen), a message, all named with `tag` so one search finds them. */
  const proposal = (tag: string, name: string, minutesAgo: number, over: Record<string, unknown> = {}) =>
    insertProposal(h.db, {
      name: `${name} ${tag}`,
      email: `${name.toLowerCase()}-${tag}@example.com`,
      phone: null,
      businessType: 'retail',
      budget: '500-1000',
      requirements: 'A shop.',
      date: at(minutesAgo),
      ...over,
    })
  const message = (tag: string, name: string, minutesAgo: number) =>
    insertContactMessage(h.db, {
      name: `${name} ${tag}`,
      email: `${name.toLowerCase()}-${tag}@example.com`,
      message: 'Do you build shops?',
      createdAt: at(minutesAgo),
    })
  const names = async (params: Record<string, string>) =>
    (await listDeskLeads(h.db, admin, query(params), T0)).leads.map((l) => l.name.split(' ')[0])

  it('lists requests, messages and calls in one list, newest first, each with its kind, value, status and next call', async () => {
    const tag = 'onelist'
    await proposal(tag, 'Alma', 30, { valueCents: 245_000 })
    await message(tag, 'Bruno', 20)
    const { slots } = await listFreeSlots(h.db, T0)
    await bookCall(
      h.db,
      BookingSchema.parse({
        start: new Date(slots[0].start).toISOString(),
        tz: 'UTC',
        name: `Cara ${tag}`,
        email: `cara-${tag}@example.com`,
        note: '',
      }),
      '192.0.2.31',
      links,
      { now: T0 - 10 * 60_000 },
    )
    const { leads, total, kindCounts } = await listDeskLeads(h.db, admin, query({ q: tag }), T0)
    expect(total).toBe(3)
    expect(kindCounts).toEqual({ all: 3, proposal: 1, message: 1, call: 1 })
    expect(leads.map((l) => [l.name, l.kind, l.status, l.value, l.unread])).toEqual([
      [`Cara ${tag}`, 'call', 'pending', null, true],
      [`Bruno ${tag}`, 'message', 'pending', null, true],
      [`Alma ${tag}`, 'proposal', 'pending', '$2,450', true],
    ])
    // The call's time is the lead's next call; a request without a call and a message have none.
    expect(leads[0].nextCall).toBe(new Date(slots[0].start).toISOString())
    expect(leads[1].nextCall).toBeNull()
    expect(leads[2].nextCall).toBeNull()
    // Sorted by the next call: the lead with one first, the others after it (newest first), both ways.
    expect(await names({ q: tag, sort: 'nextCall' })).toEqual(['Cara', 'Bruno', 'Alma'])
    expect(await names({ q: tag, sort: 'nextCall', dir: 'desc' })).toEqual(['Cara', 'Bruno', 'Alma'])
    expect(await names({ q: tag, sort: 'assignee' })).toEqual(['Cara', 'Bruno', 'Alma'])
  })

  it('shows the proposal written for a lead, its state and total, and an open one past its date as expired', async () => {
    const tag = 'written'
    const sent = await proposal(tag, 'Wren', 3)
    const draft = await proposal(tag, 'Xavi', 2)
    await message(tag, 'Zola', 1)
    const write = async (id: number, change: (d: DocumentDraft) => DocumentDraft = (d) => d) =>
      saveDocument(h.db, admin, id, change(await prefillDocument(h.db, id, T0)), T0)
    const { totalCents } = await write(sent.id)
    await sendDocument(h.db, admin, sent.id, (t) => `https://agency.example/p/${t}`, T0)
    await write(draft.id)
    // Open for 30 days: read 40 days later, the sent one has expired.
    const later = T0 + 40 * 86_400_000
    const { leads } = await listDeskLeads(h.db, admin, query({ q: tag }), later)
    const byName = Object.fromEntries(leads.map((l) => [l.name.split(' ')[0], l.proposal]))
    expect(byName.Wren).toEqual({ state: 'Expired', value: money(totalCents) })
    expect(byName.Xavi).toMatchObject({ state: 'Draft' })
    expect(byName.Zola).toBeNull()
    const now = await listDeskLeads(h.db, admin, query({ q: tag }), T0 + 60_000)
    expect(now.leads.find((l) => l.name.startsWith('Wren'))?.proposal).toEqual({ state: 'Sent', value: money(totalCents) })
  })

  it('sorts by any column both ways, with empty values last, and filters by kind, status, assignee and source', async () => {
    const tag = 'sorting'
    await proposal(tag, 'Dora', 5, { valueCents: 100_000, visitSource: 'google' })
    await proposal(tag, 'Abel', 4, { valueCents: 300_000, budget: '' })
    await proposal(tag, 'Cyra', 3, { budget: '' })
    const m = await message(tag, 'Bea', 2)
    expect(await names({ q: tag })).toEqual(['Bea', 'Cyra', 'Abel', 'Dora'])
    expect(await names({ q: tag, sort: 'received', dir: 'asc' })).toEqual(['Dora', 'Abel', 'Cyra', 'Bea'])
    expect(await names({ q: tag, sort: 'name' })).toEqual(['Abel', 'Bea', 'Cyra', 'Dora'])
    expect(await names({ q: tag, sort: 'name', dir: 'desc' })).toEqual(['Dora', 'Cyra', 'Bea', 'Abel'])
    // Largest first; the leads without an estimate after them, whichever the direction.
    expect(await names({ q: tag, sort: 'value' })).toEqual(['Abel', 'Dora', 'Bea', 'Cyra'])
    expect(await names({ q: tag, sort: 'value', dir: 'asc' })).toEqual(['Dora', 'Abel', 'Bea', 'Cyra'])
    expect(await names({ q: tag, sort: 'kind' })).toEqual(['Bea', 'Cyra', 'Abel', 'Dora'])

    expect(await names({ q: tag, kind: 'message' })).toEqual(['Bea'])
    expect(await names({ q: tag, kind: 'proposal' })).toEqual(['Cyra', 'Abel', 'Dora'])
    expect(await names({ q: tag, source: 'google' })).toEqual(['Dora'])
    expect(await names({ q: tag, source: '(not known)' })).toEqual(['Bea', 'Cyra', 'Abel'])

    await changeMessageStatus(h.db, admin, m.id, 'reviewed')
    await assignMessage(h.db, admin, m.id, admin.id)
    const dora = (await listDeskLeads(h.db, admin, query({ q: tag, sort: 'name', dir: 'desc' }), T0)).leads[0]
    await assignProposal(h.db, admin, dora.id, admin.id)
    expect(await names({ q: tag, status: 'reviewed' })).toEqual(['Bea'])
    expect(await names({ q: tag, assignee: 'me' })).toEqual(['Bea', 'Dora'])
    expect(await names({ q: tag, assignee: 'none' })).toEqual(['Cyra', 'Abel'])
    const list = await listDeskLeads(h.db, admin, query({ q: tag, status: 'pending' }), T0)
    expect(list.total).toBe(3)
    expect(list.kindCounts).toEqual({ all: 3, proposal: 3, message: 0, call: 0 })
    expect(list.statusCounts).toMatchObject({ all: 4, pending: 3, reviewed: 1, completed: 0 })
    expect(list.leads.find((l) => l.name.startsWith('Dora'))?.assignee).toBe(admin.displayName)
    // A budget stands in for a missing estimate; nothing at all is no value, never an empty "Budget:".
    expect(list.leads.map((l) => l.value)).toEqual([null, '$3,000', '$1,000'])
  })

  it('counts the unread leads and the new calls beside the menu items, and opening a lead reads it once for everyone', async () => {
    const before = await menuCounts(h.db, admin, T0)
    const p = await proposal('counts', 'Ezra', 1)
    const m = await message('counts', 'Fay', 1)
    expect(await menuCounts(h.db, admin, T0)).toEqual({
      proposals: before.proposals! + 2,
      messages: before.messages! + 1,
      calls: before.calls,
    })
    await getProposalDesk(h.db, admin, p.id, T0)
    await getMessageDesk(h.db, admin, m.id, T0)
    await getMessageDesk(h.db, admin, m.id, T0 + 1000)
    expect(await menuCounts(h.db, admin, T0)).toEqual(before)
    const opened = await h.db.selectFrom('contactMessages').select(['openedAt', 'isRead']).where('id', '=', m.id).executeTakeFirstOrThrow()
    expect(opened.openedAt).toBe(new Date(T0).toISOString())
    expect(Boolean(opened.isRead)).toBe(true)
    // A role with messages but not the desk sees the messages' figure only; a role with neither, none.
    expect(Object.keys(await menuCounts(h.db, { role: 'editor' }, T0))).toEqual(['messages'])
    expect(await menuCounts(h.db, { role: 'author' }, T0)).toEqual({})
  })

  it('starts each kind of lead from its own reply, leaving out what the lead does not hold', async () => {
    // A booked call: no business type, no budget, no empty quote.
    const free = async () => (await listFreeSlots(h.db, T0)).slots[0].start
    const { booking } = await bookCall(
      h.db,
      BookingSchema.parse({
        start: new Date(await free()).toISOString(),
        tz: 'UTC',
        name: 'Gil Caller',
        email: 'gil@example.com',
        note: '',
      }),
      '192.0.2.32',
      links,
      { now: T0 },
    )
    const call = await getProposalDesk(h.db, admin, booking.proposalId!, T0)
    expect(call.triage.kind).toBe('call')
    expect(call.replyDraft.subject).toMatch(/^Your discovery call - /)
    expect(call.replyDraft.body).toMatch(
      /^Hello Gil Caller,\n\nThank you for booking a discovery call with us for \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \w+\.\n/,
    )
    expect(call.replyDraft.body).not.toMatch(/budget|Other|You wrote|> /)

    // A call with a note quotes it.
    const noted = await bookCall(
      h.db,
      BookingSchema.parse({
        start: new Date(await free()).toISOString(),
        tz: 'UTC',
        name: 'Hana Note',
        email: 'hana@example.com',
        note: 'We sell tea.',
      }),
      '192.0.2.33',
      links,
      { now: T0 },
    )
    expect((await getProposalDesk(h.db, admin, noted.booking.proposalId!, T0)).replyDraft.body).toContain('You wrote:\n\n> We sell tea.')

    // A request: the type and budget when chosen, left out when not ('other' names no type).
    const full = await submitProposal(h.db, ProposalSchema.parse({ ...validProposal(), name: 'Ida Full' }), '192.0.2.34')
    expect((await getProposalDesk(h.db, admin, full.id)).replyDraft.body).toContain(
      'Thank you for your proposal request for a Restaurant / Food Service website, with a budget of $1,000 - $2,500. You wrote:',
    )
    const bare = await proposal('tpl', 'Jon', 1, { businessType: 'other', budget: '', requirements: 'Just a page.' })
    const bareBody = (await getProposalDesk(h.db, admin, bare.id)).replyDraft.body
    expect(bareBody).toContain('Thank you for your proposal request. You wrote:\n\n> Just a page.')
    expect(bareBody).not.toMatch(/a Other|budget of/)

    // A message: thanks and the message quoted.
    const m = await message('tpl', 'Kim', 1)
    const draft = (await getMessageDesk(h.db, admin, m.id)).replyDraft
    expect(draft.subject).toMatch(/^Your message to /)
    expect(draft.body).toContain('Hello Kim tpl,\n\nThank you for your message. You wrote:\n\n> Do you build shops?')
  })

  it('replies to a contact message through the outbox and keeps the reply, status, assignment and next step in its history', async () => {
    const m = await message('reply', 'Lea', 1)
    const body = 'Hello Lea,\n\nYes, we do.'
    await replyToMessage(h.db, admin, m.id, { subject: 'About your shop', body })
    await setMessageNextStep(h.db, admin, m.id, 'Call on Friday')
    const mail = await h.db.selectFrom('mailOutbox').selectAll().where('subject', '=', 'About your shop').execute()
    expect(mail).toMatchObject([{ toAddress: 'lea-reply@example.com', status: 'waiting', body }])
    const desk = await getMessageDesk(h.db, admin, m.id)
    expect(desk.message.nextStep).toBe('Call on Friday')
    expect(desk.events.map((e) => [e.kind, e.subject ?? e.body, e.toAddress, e.author])).toEqual([
      ['reply', 'About your shop', 'lea-reply@example.com', admin.username],
      ['note', 'Next step: Call on Friday', null, admin.username],
    ])
    await rejection(replyToMessage(h.db, admin, 987_654, { subject: 's', body: 'b' }), NotFoundError)
    await rejection(getMessageDesk(h.db, admin, 987_654), NotFoundError)
  })
})
