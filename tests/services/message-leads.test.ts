import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { findActivity } from '~/models/activity-log.server.ts'
import { insertContactMessage } from '~/models/contact-messages.server.ts'
import { findLeadsIn } from '~/models/lead-counts.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { deleteContactMessage } from '~/services/contact-messages.server.ts'
import { ForbiddenError, NotFoundError } from '~/infra/errors.server.ts'
import { getProposalDesk } from '~/services/lead-desk.server.ts'
import { assignMessage, getMessageDesk } from '~/services/message-desk.server.ts'
import { leadForMessage, leadOfMessage, messageOfLead } from '~/services/message-leads.server.ts'
import { getLeadDocument } from '~/services/proposal-documents.server.ts'
import { prefillDocument } from '~/services/proposal-document-drafting.server.ts'
import { deleteProposal } from '~/services/proposals.server.ts'
import { dialects } from '../helpers/app.ts'
import { freshDatabase, rejection, signInAdmin } from './db.ts'

// Issue 38 (docs/decisions/075): "Write a proposal" on a contact message makes a proposal request
// from it, once, and opens that lead's proposal.
describe.each(dialects())('proposals from contact messages on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  let n = 0
  beforeAll(async () => {
    h = await freshDatabase(url())
    admin = await signInAdmin(h.db)
  })
  afterAll(async () => {
    await h.close()
  })

  const RECEIVED = '2026-11-20T08:30:00.000Z'
  const message = (over: { name?: string; message?: string } = {}) =>
    insertContactMessage(h.db, {
      name: over.name ?? 'Mira Message',
      email: `mira${++n}@example.com`,
      message: over.message ?? 'We run a bakery and need a site with online orders.\nCan you quote?',
      createdAt: RECEIVED,
      visitSource: 'google',
      visitCampaign: 'winter',
      landingPath: '/pricing',
      firstTools: 'estimator',
    })

  it('makes a proposal request from the message (name, email, the message as the requirements, where it came from, when it came), linked both ways', async () => {
    const m = await message()
    expect(await leadOfMessage(h.db, admin, m.id)).toBeNull()
    const made = await leadForMessage(h.db, admin, m.id)
    expect(made.created).toBe(true)

    const desk = await getProposalDesk(h.db, admin, made.proposalId)
    expect(desk.proposal).toMatchObject({
      name: 'Mira Message',
      email: m.email,
      requirements: m.message,
      businessType: 'other',
      status: 'pending',
      date: RECEIVED,
    })
    expect(desk.visit).toMatchObject({ visitSource: 'google', visitCampaign: 'winter', landingPath: '/pricing', firstTools: 'estimator' })
    // Both histories say where it came from, by whom.
    expect(desk.events.map((e) => [e.kind, e.body, e.author])).toEqual([
      ['note', "Made from Mira Message's contact message, to write their proposal.", admin.username],
    ])
    const { events } = await getMessageDesk(h.db, admin, m.id)
    expect(events.map((e) => [e.kind, e.body, e.author])).toEqual([
      ['note', 'Made into a proposal request, to write a proposal.', admin.username],
    ])
    expect(await leadOfMessage(h.db, admin, m.id)).toBe(made.proposalId)
    expect(await messageOfLead(h.db, admin, made.proposalId)).toEqual({ id: m.id, name: 'Mira Message', createdAt: RECEIVED })

    // Its proposal starts from what the message said.
    const draft = await prefillDocument(h.db, made.proposalId)
    expect(draft.title).toBe('Website proposal for Mira Message')
    expect(draft.scope[0]).toEqual({ heading: 'What you asked for', body: m.message })

    const [entry] = await findActivity(h.db, { itemType: 'proposal' })
    expect(entry).toMatchObject({
      action: 'proposal.from-message',
      itemId: String(made.proposalId),
      itemLabel: 'Proposal from Mira Message',
      detail: `Made from the contact message #${m.id}.`,
    })
  })

  it('makes it once: a second press, or four at the same moment, open the same lead', async () => {
    const m = await message({ name: 'Dora Double' })
    const tries = await Promise.all(Array.from({ length: 4 }, () => leadForMessage(h.db, admin, m.id)))
    expect(new Set(tries.map((t) => t.proposalId)).size).toBe(1)
    expect(tries.filter((t) => t.created)).toHaveLength(1)
    expect(await leadForMessage(h.db, admin, m.id)).toEqual({ proposalId: tries[0].proposalId, created: false })
    const rows = await h.db.selectFrom('proposals').select('id').where('fromMessageId', '=', m.id).execute()
    expect(rows).toHaveLength(1)
    expect((await getMessageDesk(h.db, admin, m.id)).events).toHaveLength(1)
  })

  it('takes over the person the message is assigned to, and counts the lead once, as the message', async () => {
    const m = await message({ name: 'Ada Assigned' })
    await assignMessage(h.db, admin, m.id, admin.id)
    const span = { from: '2026-11-20T00:00:00.000Z', to: '2026-11-21T00:00:00.000Z' }
    const before = await findLeadsIn(h.db, span)
    const { proposalId } = await leadForMessage(h.db, admin, m.id)
    expect((await getProposalDesk(h.db, admin, proposalId)).proposal.assignedTo).toBe(admin.id)
    expect(await findLeadsIn(h.db, span)).toHaveLength(before.length)
  })

  it('only people who write proposals may start one: an editor, who reads messages, may not', async () => {
    const m = await message({ name: 'Rolf Roles' })
    for (const role of ['editor', 'author'] as const) await rejection(leadForMessage(h.db, { ...admin, role }, m.id), ForbiddenError)
    expect(await leadOfMessage(h.db, admin, m.id)).toBeNull()
    const { proposalId } = await leadForMessage(h.db, { ...admin, role: 'sales' }, m.id)
    await getLeadDocument(h.db, { ...admin, role: 'sales' }, proposalId)
  })

  it('a message that is gone: 404; the lead outlives its message, and a deleted lead can be made again', async () => {
    await rejection(leadForMessage(h.db, admin, 999_999), NotFoundError)
    const m = await message({ name: 'Gus Gone' })
    const first = await leadForMessage(h.db, admin, m.id)
    await deleteProposal(h.db, admin, first.proposalId)
    expect(await leadOfMessage(h.db, admin, m.id)).toBeNull()
    const second = await leadForMessage(h.db, admin, m.id)
    expect(second.created).toBe(true)
    await deleteContactMessage(h.db, admin, m.id)
    expect((await getProposalDesk(h.db, admin, second.proposalId)).proposal.name).toBe('Gus Gone')
    expect(await messageOfLead(h.db, admin, second.proposalId)).toBeNull()
  })
})
