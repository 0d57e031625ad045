import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { createDefaultConfig } from '~/lib/builder.ts'
import { ProposalSchema } from '~/lib/schemas.ts'
import { dayIn } from '~/lib/agency-days.ts'
import { DESIGN_PARAM, decodeDesign, encodeDesign } from '~/lib/proposal-source.ts'
import { incrementPageView } from '~/models/page-views.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { conversionRate, getDashboard } from '~/services/dashboard.server.ts'
import { NotFoundError } from '~/infra/errors.server.ts'
import { addProposalNote, getProposalDesk, replyToProposal } from '~/services/lead-desk.server.ts'
import { deleteProposal, setProposalStatus, submitProposal } from '~/services/proposals.server.ts'
import { getSettings } from '~/services/settings.server.ts'
import { dialects, validProposal } from '../helpers/app.ts'
import { freshDatabase, rejection, signInAdmin } from './db.ts'

const proposalInput = (overrides: Record<string, unknown> = {}) => ProposalSchema.parse({ ...validProposal(), ...overrides })

describe.each(dialects())('lead desk service on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  let client = 0
  beforeAll(async () => {
    h = await freshDatabase(url())
    admin = await signInAdmin(h.db)
  })
  afterAll(async () => {
    await h.close()
  })

  const submit = (overrides: Record<string, unknown> = {}) => submitProposal(h.db, proposalInput(overrides), `desk-client-${++client}`)

  it('keeps the admin’s notes, timestamped and signed, oldest first', async () => {
    const p = await submit({ name: 'Nadia Notes' })
    const before = Date.now()
    await addProposalNote(h.db, admin, p.id, { note: 'Called her, wants a quote by Friday.' })
    await addProposalNote(h.db, admin, p.id, { note: 'Sent the portfolio link.' })
    const { events } = await getProposalDesk(h.db, admin, p.id)
    const notes = events.filter((e) => e.kind === 'note')
    expect(notes.map((n) => n.body)).toEqual(['Called her, wants a quote by Friday.', 'Sent the portfolio link.'])
    expect(notes[0].author).toBe(admin.username)
    expect(Date.parse(notes[0].createdAt)).toBeGreaterThanOrEqual(before - 1000)
    await rejection(addProposalNote(h.db, admin, 987_654, { note: 'x' }), NotFoundError)
  })

  it('records each status change (from, to, who), and nothing when the status stays the same', async () => {
    const p = await submit({ name: 'Hector History' })
    await setProposalStatus(h.db, admin, p.id, 'reviewed')
    await setProposalStatus(h.db, admin, p.id, 'reviewed')
    await setProposalStatus(h.db, admin, p.id, 'completed')
    const { proposal, events } = await getProposalDesk(h.db, admin, p.id)
    expect(proposal.status).toBe('completed')
    expect(events.map((e) => [e.kind, e.fromStatus, e.toStatus, e.author])).toEqual([
      ['status', 'pending', 'reviewed', admin.username],
      ['status', 'reviewed', 'completed', admin.username],
    ])
  })

  it('starts the reply from a template with the visitor’s name and request, queues the edited reply to the visitor and keeps it in the history', async () => {
    const p = await submit({ name: 'Rita Reply', email: 'rita@example.com', requirements: 'A bakery site\nwith online orders.' })
    const desk = await getProposalDesk(h.db, admin, p.id)
    const settings = await getSettings(h.db)
    expect(desk.replyDraft.subject).toContain(settings.siteName)
    expect(desk.replyDraft.body).toContain('Hello Rita Reply,')
    expect(desk.replyDraft.body).toContain('> A bakery site\n> with online orders.')
    expect(desk.replyDraft.body).toContain('Restaurant / Food Service')

    const body = `${desk.replyDraft.body}\n\nP.S. We can start on Monday.`
    await replyToProposal(h.db, admin, p.id, { subject: 'Your bakery website', body })
    const mail = await h.db.selectFrom('mailOutbox').selectAll().where('subject', '=', 'Your bakery website').execute()
    expect(mail).toHaveLength(1)
    expect(mail[0]).toMatchObject({ toAddress: 'rita@example.com', status: 'waiting', body })

    const { events } = await getProposalDesk(h.db, admin, p.id)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      kind: 'reply',
      toAddress: 'rita@example.com',
      subject: 'Your bakery website',
      body,
      author: admin.username,
    })
    await rejection(replyToProposal(h.db, admin, 987_654, { subject: 's', body: 'b' }), NotFoundError)
  })

  it('keeps an estimate the request came with, shows it priced as rows, and links back to the estimator with the same choices', async () => {
    const p = await submit({ name: 'Esme Estimate', source: 'estimator', sourceData: 'type=business&pages=12&addons=seo&urgency=rush' })
    const { origin } = await getProposalDesk(h.db, admin, p.id)
    expect(origin?.source).toBe('estimator')
    if (origin?.source !== 'estimator') throw new Error('expected an estimate')
    expect(origin.rows.map((r) => r.label)).toContain('Total')
    expect(origin.rows.some((r) => /extra page/.test(r.label))).toBe(true)
    const reopened = new URL(origin.reopenHref, 'http://site.example')
    expect(reopened.pathname).toBe('/pricing')
    expect(Object.fromEntries(reopened.searchParams)).toEqual({ type: 'business', pages: '12', addons: 'seo', urgency: 'rush' })
  })

  it('keeps a builder design, summarised, with a link that carries the design back to the builder', async () => {
    const design = { ...createDefaultConfig(), businessName: 'Café Ümlaut', pages: 7 }
    const p = await submit({ name: 'Bea Builder', source: 'builder', sourceData: encodeDesign(design) })
    const { origin } = await getProposalDesk(h.db, admin, p.id)
    if (origin?.source !== 'builder') throw new Error('expected a design')
    expect(origin.items).toContainEqual({ label: 'Business name', value: 'Café Ümlaut' })
    expect(origin.items).toContainEqual({ label: 'Pages', value: '7' })
    const reopened = new URL(origin.reopenHref, 'http://site.example')
    expect(reopened.pathname).toBe('/demo-builder')
    expect(decodeDesign(reopened.searchParams.get(DESIGN_PARAM))).toMatchObject({ businessName: 'Café Ümlaut', pages: 7 })
  })

  it('drops an origin that does not check out, and still stores the request', async () => {
    for (const [i, source] of [
      { source: 'estimator', sourceData: 'type=spaceship&pages=5' },
      { source: 'estimator', sourceData: 'type=business&pages=5000' },
      { source: 'builder', sourceData: 'not base64 json!' },
      { source: 'somewhere', sourceData: 'x' },
    ].entries()) {
      const p = await submit({ name: `Dropped Origin ${i}`, ...source })
      expect((await getProposalDesk(h.db, admin, p.id)).origin).toBeNull()
    }
  })

  it('removes the notes and history with the proposal', async () => {
    const p = await submit({ name: 'Gone Together' })
    await addProposalNote(h.db, admin, p.id, { note: 'to be removed' })
    await setProposalStatus(h.db, admin, p.id, 'reviewed')
    await deleteProposal(h.db, admin, p.id)
    expect(await h.db.selectFrom('proposalEvents').selectAll().where('proposalId', '=', p.id).execute()).toHaveLength(0)
    await rejection(getProposalDesk(h.db, admin, p.id), NotFoundError)
  })

  it('reports the conversion rate (requests per 100 page views) for the dashboard’s 30 days', async () => {
    const now = new Date()
    // The agency's day, as the beacon records it: near midnight UTC it is not the UTC day.
    const today = dayIn((await getSettings(h.db)).timeZone, now)
    for (let i = 0; i < 40; i++) await incrementPageView(h.db, today, `/page-${i % 3}`)
    const { chart, conversion } = await getDashboard(h.db, admin, now)
    const views = chart.reduce((a, d) => a + d.views, 0)
    const requests = chart.reduce((a, d) => a + d.proposals, 0)
    expect(conversion).toEqual({ proposals: requests, views, per100: Math.round((requests / views) * 1000) / 10 })
    expect(views).toBeGreaterThanOrEqual(40)
  })
})

describe('conversionRate', () => {
  it('is requests per 100 page views with one decimal, or null without views', () => {
    expect(
      conversionRate([
        { proposals: 1, views: 300 },
        { proposals: 2, views: 100 },
      ]),
    ).toEqual({ proposals: 3, views: 400, per100: 0.8 })
    expect(conversionRate([{ proposals: 2, views: 0 }])).toEqual({ proposals: 2, views: 0, per100: null })
  })
})
