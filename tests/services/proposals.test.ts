import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { ProposalSchema } from '~/lib/schemas.ts'
import type { Admin } from '~/services/actor.server.ts'
import { NotFoundError, RateLimitedError } from '~/infra/errors.server.ts'
import {
  deleteProposal,
  getProposal,
  getProposalStats,
  listProposals,
  setProposalStatus,
  submitProposal,
} from '~/services/proposals.server.ts'
import { PROPOSAL_LIMIT, RECEIPT_LIMIT } from '~/infra/rate-limit.server.ts'
import { getSettings } from '~/services/settings.server.ts'
import { updateSettings } from '~/services/settings-update.server.ts'
import { dialects, validProposal } from '../helpers/app.ts'
import { freshDatabase, rejection, signInAdmin } from './db.ts'

/** What a caller passes: the visitor's form after the shared schema. */
const proposalInput = (overrides: Record<string, unknown> = {}) => ProposalSchema.parse({ ...validProposal(), ...overrides })

const T0 = Date.parse('2030-03-01T09:00:00.000Z')

describe.each(dialects())('proposals service on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  beforeAll(async () => {
    h = await freshDatabase(url())
    admin = await signInAdmin(h.db)
  })
  afterAll(async () => {
    await h.close()
  })

  const proposalsNamed = (name: string) => h.db.selectFrom('proposals').selectAll().where('name', '=', name).execute()
  const mailAbout = (name: string) =>
    h.db.selectFrom('mailOutbox').selectAll().where('subject', '=', `New proposal request from ${name}`).execute()

  /** Runs `work` with notifications set as asked, then puts the setting back. */
  async function withNotifications<T>(on: boolean, work: () => Promise<T>): Promise<T> {
    const previous = (await getSettings(h.db)).enableNotifications
    await updateSettings(h.db, admin, { enableNotifications: on })
    try {
      return await work()
    } finally {
      await updateSettings(h.db, admin, { enableNotifications: previous })
    }
  }

  it('stores a request as pending, dated now, with the visitor’s fields', async () => {
    const saved = await submitProposal(
      h.db,
      proposalInput({ name: 'Asha Stored', phone: '', requirements: 'A menu site with online table booking.' }),
      'client-store',
      T0,
    )
    expect(saved).toMatchObject({
      name: 'Asha Stored',
      email: 'priya@example.com',
      phone: null,
      businessType: 'restaurant',
      budget: '1000-2500',
      requirements: 'A menu site with online table booking.',
      status: 'pending',
      date: new Date(T0).toISOString(),
    })
    expect(await getProposal(h.db, admin, saved.id)).toEqual(saved)
  })

  it('queues a notification to the contact address when notifications are on', async () => {
    await withNotifications(true, async () => {
      await submitProposal(
        h.db,
        proposalInput({ name: 'Noor Notified', businessType: 'healthcare', budget: '5000+' }),
        'client-notify-on',
        T0,
      )
    })
    const mail = await mailAbout('Noor Notified')
    expect(mail).toHaveLength(1)
    expect(mail[0]).toMatchObject({ toAddress: (await getSettings(h.db)).contactEmail, status: 'waiting' })
    expect(mail[0].body).toContain('Name: Noor Notified')
    expect(mail[0].body).toContain('Business type: Healthcare')
    expect(mail[0].body).toContain('Budget: $5,000+')
    expect(mail[0].body).toContain('A menu site with online table booking.')
  })

  it('queues no mail when notifications are off, and still stores the request', async () => {
    await withNotifications(false, () => submitProposal(h.db, proposalInput({ name: 'Quinn Quiet' }), 'client-notify-off', T0))
    expect(await proposalsNamed('Quinn Quiet')).toHaveLength(1)
    expect(await mailAbout('Quinn Quiet')).toHaveLength(0)
  })

  const receiptsTo = (email: string) => h.db.selectFrom('mailOutbox').selectAll().where('toAddress', '=', email).execute()

  it('queues the visitor a receipt (what happens next, how to reach the agency) whether or not the agency is notified', async () => {
    const settings = await getSettings(h.db)
    for (const on of [true, false]) {
      const email = `cara-${on ? 'on' : 'off'}@example.com`
      await withNotifications(on, () => submitProposal(h.db, proposalInput({ name: 'Cara Confirmed', email }), `client-confirm-${on}`, T0))
      const mail = await receiptsTo(email)
      expect(mail).toHaveLength(1)
      expect(mail[0]).toMatchObject({ subject: `${settings.siteName}: we received your proposal request`, status: 'waiting' })
      expect(mail[0].body).toContain(`Thank you for your proposal request to ${settings.siteName}.`)
      expect(mail[0].body).toContain('We will send your custom proposal with a fixed price within 24 hours, to this address.')
      expect(mail[0].body).toContain(settings.contactEmail)
    }
  })

  it('puts nothing the visitor typed in the receipt to their unverified address (issue 21)', async () => {
    const email = 'victim@example.com'
    const bait = 'https://evil.example/x'
    await withNotifications(true, () =>
      submitProposal(
        h.db,
        proposalInput({
          name: `Win a prize at ${bait}`,
          email,
          phone: '+1 (555) 010-0199',
          requirements: `Claim it now: ${bait} (Cara Bait)`,
        }),
        'client-bait',
        T0,
      ),
    )
    const receipt = await receiptsTo(email)
    expect(receipt).toHaveLength(1)
    for (const text of [receipt[0].subject, receipt[0].body]) {
      for (const typed of ['evil.example', 'Win a prize', 'Cara Bait', 'Claim it', '010-0199', email]) expect(text).not.toContain(typed)
    }
    // The agency's own notice still carries everything, to the agency's address.
    const notice = await mailAbout(`Win a prize at ${bait}`)
    expect(notice).toHaveLength(1)
    expect(notice[0].toAddress).toBe((await getSettings(h.db)).contactEmail)
    expect(notice[0].body).toContain(`Claim it now: ${bait}`)
  })

  it('counts the addresses of one IPv6 /64 as one: six of them share the limit of five (issue 21)', async () => {
    const t = T0 + 2 * 24 * 60 * 60_000
    const sameNetwork = [
      '2001:db8:42:7::1',
      '2001:db8:42:7::2',
      '2001:DB8:42:7:ffff::3',
      '2001:0db8:0042:0007:0:0:0:4',
      '2001:db8:42:7:a:b:c:d',
      '2001:db8:42:7::6',
    ]
    for (const ip of sameNetwork.slice(0, 5)) await submitProposal(h.db, proposalInput({ name: 'One Network' }), ip, t)
    await rejection(submitProposal(h.db, proposalInput({ name: 'One Network Sixth' }), sameNetwork[5], t), RateLimitedError)
    expect(await proposalsNamed('One Network')).toHaveLength(5)
    expect(await proposalsNamed('One Network Sixth')).toHaveLength(0)
    // The next /64 is someone else; an IPv4 address written IPv4-mapped is that IPv4 address.
    await submitProposal(h.db, proposalInput({ name: 'Next Network' }), '2001:db8:42:8::1', t)
    expect(await proposalsNamed('Next Network')).toHaveLength(1)
    for (let i = 0; i < 5; i++) await submitProposal(h.db, proposalInput({ name: 'Mapped' }), i % 2 ? '::ffff:192.0.2.77' : '192.0.2.77', t)
    await rejection(submitProposal(h.db, proposalInput({ name: 'Mapped' }), '::ffff:192.0.2.77', t), RateLimitedError)
  })

  it('keeps the request and its mail together: a failed mail insert stores neither, nor counts the attempt', async () => {
    // A constraint in the database (not a mock) makes the outbox insert fail for this one name.
    const block =
      h.dialect === 'postgres'
        ? [
            sql`alter table mail_outbox add constraint block_probe check (subject not like '%Rollback Probe%')`,
            sql`alter table mail_outbox drop constraint block_probe`,
          ]
        : [
            sql`create trigger block_probe before insert on mail_outbox when new.subject like '%Rollback Probe%' begin select raise(abort, 'blocked'); end`,
            sql`drop trigger block_probe`,
          ]
    await block[0].execute(h.db)
    try {
      await withNotifications(true, async () => {
        await expect(submitProposal(h.db, proposalInput({ name: 'Rollback Probe' }), 'client-rollback', T0, 1)).rejects.toThrow()
      })
    } finally {
      await block[1].execute(h.db)
    }
    expect(await proposalsNamed('Rollback Probe')).toHaveLength(0)
    expect(await mailAbout('Rollback Probe')).toHaveLength(0)
    // The rolled-back attempt did not use up the address's only allowed request.
    await submitProposal(h.db, proposalInput({ name: 'After Rollback' }), 'client-rollback', T0, 1)
    expect(await proposalsNamed('After Rollback')).toHaveLength(1)
  })

  it('accepts 5 requests per address per hour by default; the 6th is RateLimitedError with the wait', async () => {
    expect(PROPOSAL_LIMIT.max).toBe(5)
    for (let i = 0; i < 5; i++) await submitProposal(h.db, proposalInput({ name: 'Hourly Five' }), 'client-limit', T0 + i * 60_000)
    const err = await rejection(
      submitProposal(h.db, proposalInput({ name: 'Hourly Sixth' }), 'client-limit', T0 + 10 * 60_000),
      RateLimitedError,
    )
    // The window opened with the first request: 60 - 10 minutes are left.
    expect(err.retryAfterSeconds).toBe(50 * 60)
    expect(await proposalsNamed('Hourly Five')).toHaveLength(5)
    expect(await proposalsNamed('Hourly Sixth')).toHaveLength(0)

    // Another address is not affected, and the first one may send again once the hour is over.
    await submitProposal(h.db, proposalInput({ name: 'Other Address' }), 'client-limit-other', T0 + 10 * 60_000)
    await submitProposal(h.db, proposalInput({ name: 'Next Hour' }), 'client-limit', T0 + 60 * 60_000 + 1)
    expect(await proposalsNamed('Other Address')).toHaveLength(1)
    expect(await proposalsNamed('Next Hour')).toHaveLength(1)
  })

  it('honours a configured limit per hour', async () => {
    await submitProposal(h.db, proposalInput({ name: 'Configured Limit' }), 'client-configured', T0, 2)
    await submitProposal(h.db, proposalInput({ name: 'Configured Limit' }), 'client-configured', T0, 2)
    await rejection(submitProposal(h.db, proposalInput({ name: 'Configured Limit' }), 'client-configured', T0, 2), RateLimitedError)
    expect(await proposalsNamed('Configured Limit')).toHaveLength(2)
  })

  it('stores exactly 5 of 30 parallel requests from one address (the count is atomic)', async () => {
    const results = await withNotifications(true, () =>
      Promise.allSettled(
        Array.from({ length: 30 }, () => submitProposal(h.db, proposalInput({ name: 'Burst Sender' }), 'client-burst', T0)),
      ),
    )
    const rejected = results.filter((r) => r.status === 'rejected')
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5)
    expect(rejected).toHaveLength(25)
    for (const r of rejected) expect(r.reason).toBeInstanceOf(RateLimitedError)
    expect(await proposalsNamed('Burst Sender')).toHaveLength(5)
    expect(await mailAbout('Burst Sender')).toHaveLength(5)
  })

  it('sets the status, and answers NotFoundError for a missing request', async () => {
    const p = await submitProposal(h.db, proposalInput({ name: 'Status Change' }), 'client-status', T0)
    expect(await setProposalStatus(h.db, admin, p.id, 'reviewed')).toMatchObject({ id: p.id, status: 'reviewed', name: 'Status Change' })
    expect((await getProposal(h.db, admin, p.id)).status).toBe('reviewed')
    expect((await setProposalStatus(h.db, admin, p.id, 'completed')).status).toBe('completed')
    await rejection(setProposalStatus(h.db, admin, 987_654, 'reviewed'), NotFoundError)
    await rejection(getProposal(h.db, admin, 987_654), NotFoundError)
  })

  it('deletes a request: it is gone, and a second delete is NotFoundError', async () => {
    const p = await submitProposal(h.db, proposalInput({ name: 'To Delete' }), 'client-delete', T0)
    await deleteProposal(h.db, admin, p.id)
    await rejection(getProposal(h.db, admin, p.id), NotFoundError)
    await rejection(deleteProposal(h.db, admin, p.id), NotFoundError)
    expect(await proposalsNamed('To Delete')).toHaveLength(0)
  })

  it('lists with counts per status under the search, and reports stats', async () => {
    const statsBefore = await getProposalStats(h.db, admin)
    const a = await submitProposal(h.db, proposalInput({ name: 'Kingfisher A' }), 'client-list', T0)
    await submitProposal(h.db, proposalInput({ name: 'Kingfisher B' }), 'client-list', T0 + 1000)
    await setProposalStatus(h.db, admin, a.id, 'completed')

    const list = await listProposals(h.db, admin, { q: 'kingfisher' })
    expect(list.counts).toEqual({ all: 2, pending: 1, reviewed: 0, completed: 1 })
    expect(list.proposals.map((p) => p.name)).toEqual(['Kingfisher B', 'Kingfisher A'])
    const pending = await listProposals(h.db, admin, { q: 'kingfisher', status: 'pending' })
    expect(pending.proposals.map((p) => p.name)).toEqual(['Kingfisher B'])
    expect(pending.counts.all).toBe(2)

    expect(await getProposalStats(h.db, admin)).toEqual({ total: statsBefore.total + 2, pending: statsBefore.pending + 1 })
  })

  // NOTE: last in the block: the receipt counter is one for the whole site, and this test fills its hour.
  it(`sends at most ${RECEIPT_LIMIT.max} receipts an hour for the whole site; beyond, requests are stored and the agency told (issue 21)`, async () => {
    const t = T0 + 10 * 24 * 60 * 60_000
    const total = RECEIPT_LIMIT.max + 3
    await withNotifications(true, async () => {
      // From many addresses, so that no per-address limit is what stops them.
      for (let i = 0; i < total; i++) {
        await submitProposal(
          h.db,
          proposalInput({ name: `Capped ${i}`, email: `capped-${i}@example.com` }),
          `198.51.100.${i + 1}`,
          t + i * 1000,
        )
      }
    })
    for (let i = 0; i < total; i++) {
      expect(await proposalsNamed(`Capped ${i}`), `request ${i}`).toHaveLength(1)
      expect(await receiptsTo(`capped-${i}@example.com`), `receipt ${i}`).toHaveLength(i < RECEIPT_LIMIT.max ? 1 : 0)
      const [notice] = await mailAbout(`Capped ${i}`)
      if (i < RECEIPT_LIMIT.max) expect(notice.body).not.toContain('No receipt was sent')
      else expect(notice.body).toContain('No receipt was sent to the visitor')
    }
    // The next hour has its own allowance.
    await submitProposal(
      h.db,
      proposalInput({ name: 'Capped later', email: 'capped-later@example.com' }),
      '198.51.100.200',
      t + 60 * 60_000 + 1,
    )
    expect(await receiptsTo('capped-later@example.com')).toHaveLength(1)
  })
})
