import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { listContactMessages, submitContactMessage } from '~/services/contact-messages.server.ts'
import { deleteProposal, listProposals, submitProposal } from '~/services/proposals.server.ts'
import { SAME_SUBMISSION_MS } from '~/services/submission-once.server.ts'
import { dialects } from '../helpers/app.ts'
import { seededDatabaseWithAdmin } from './db.ts'

const T0 = Date.parse('2026-11-26T09:00:00Z')

/** A plain HTML form clicked twice posts the same fields twice: one item, one set of mails. */
describe.each(dialects())('the same submission twice on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  seededDatabaseWithAdmin(url, (db, signedIn) => {
    h = db
    admin = signedIn
  })

  const proposal = (name: string) => ({
    name,
    email: 'twice@example.com',
    phone: '',
    businessType: 'retail' as const,
    budget: '1000-2500' as const,
    requirements: 'A shop with a booking page, posted twice by a double click.',
  })
  const mailsTo = async (subject: string) =>
    (await h.db.selectFrom('mailOutbox').select('subject').where('subject', 'like', subject).execute()).length
  const proposalsNamed = async (name: string) => (await listProposals(h.db, admin, { q: name })).proposals.filter((p) => p.name === name)

  it('stores a proposal posted twice at once as one request, with one notification and one receipt', async () => {
    const name = 'Double Clicker'
    const [a, b] = await Promise.all([
      submitProposal(h.db, proposal(name), 'twice-a', T0),
      submitProposal(h.db, proposal(name), 'twice-a', T0 + 300),
    ])
    expect(a.id).toBe(b.id)
    expect(await proposalsNamed(name)).toHaveLength(1)
    expect(await mailsTo(`New proposal request from ${name}`)).toBe(1)
  })

  it('takes the same text again as a new request once the window has passed, or when the first was deleted', async () => {
    const name = 'Patient Resender'
    const first = await submitProposal(h.db, proposal(name), 'twice-b', T0)
    const later = await submitProposal(h.db, proposal(name), 'twice-b', T0 + SAME_SUBMISSION_MS + 1000)
    expect(later.id).not.toBe(first.id)
    await deleteProposal(h.db, admin, later.id)
    const again = await submitProposal(h.db, proposal(name), 'twice-b', T0 + SAME_SUBMISSION_MS + 2000)
    expect(again.id).not.toBe(later.id)
    expect((await proposalsNamed(name)).map((p) => p.id).sort()).toEqual([first.id, again.id].sort())
  })

  it('keeps requests that differ in any field apart', async () => {
    const a = await submitProposal(h.db, proposal('Near Twin'), 'twice-c', T0)
    const b = await submitProposal(h.db, { ...proposal('Near Twin'), budget: '2500-5000' as const }, 'twice-c', T0 + 100)
    expect(a.id).not.toBe(b.id)
  })

  it('stores a contact message posted twice as one message with one mail', async () => {
    const m = { name: 'Twice Writer', email: 'writer@example.com', message: 'Hello, sent with a double click.' }
    const [a, b] = await Promise.all([submitContactMessage(h.db, m, 'twice-d', T0), submitContactMessage(h.db, m, 'twice-d', T0 + 200)])
    expect(a.id).toBe(b.id)
    expect((await listContactMessages(h.db, admin)).messages.filter((x) => x.name === m.name)).toHaveLength(1)
    expect(await mailsTo(`New message from ${m.name}`)).toBe(1)
  })
})
