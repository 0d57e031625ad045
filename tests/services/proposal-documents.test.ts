import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { EXTRA_PAGE_PRICE, PRICING_ADDONS, WEBSITE_TYPES } from '~/content/pricing.ts'
import { createDefaultConfig } from '~/lib/builder.ts'
import { encodeDesign } from '~/lib/proposal-source.ts'
import { ProposalSchema } from '~/lib/schemas.ts'
import { parseDocumentForm, documentFormValues } from '~/lib/proposal-document-schemas.ts'
import { PRICE_LIST } from '~/content/pricing.ts'
import type { DocumentDraft } from '~/lib/proposal-document.ts'
import { findActivity } from '~/models/activity-log.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { findMailAttachments } from '~/models/outbox.server.ts'
import { documentFigures, getDashboard } from '~/services/dashboard.server.ts'
import { DomainValidationError, ForbiddenError } from '~/infra/errors.server.ts'
import { assignProposal, getProposalDesk } from '~/services/lead-desk.server.ts'
import { DocumentClosedError, getLeadDocument, saveDocument, sendDocument } from '~/services/proposal-documents.server.ts'
import { prefillDocument, saveDefaultTerms } from '~/services/proposal-document-drafting.server.ts'
import {
  DocumentRefusedError,
  acceptDocument,
  documentPdf,
  invoicePdf,
  askAboutDocument,
  declineDocument,
  openDocument,
} from '~/services/proposal-document-client.server.ts'
import { submitProposal } from '~/services/proposals.server.ts'
import { getSettings } from '~/services/settings.server.ts'
import { updateSettings } from '~/services/settings-update.server.ts'
import { dialects, validProposal } from '../helpers/app.ts'
import { pdfText } from '../helpers/pdf-text.ts'
import { freshDatabase, rejection, signInAdmin } from './db.ts'

const price = (id: string) => WEBSITE_TYPES.find((t) => t.id === id)!.base * 100
const addon = (id: string) => PRICING_ADDONS.find((a) => a.id === id)!.price * 100
const sha = (s: string) => createHash('sha256').update(s).digest('hex')

describe.each(dialects())('proposal documents on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  let n = 0
  beforeAll(async () => {
    h = await freshDatabase(url())
    admin = await signInAdmin(h.db)
    await updateSettings(h.db, admin, { timeZone: 'Asia/Kolkata' })
  })
  afterAll(async () => {
    await h.close()
  })

  /** A lead from the cost estimator: Business Website, 13 pages, SEO and booking, Rush. */
  const estimatorLead = async (name = 'Esha Estimate') =>
    submitProposal(
      h.db,
      ProposalSchema.parse({
        ...validProposal(),
        name,
        email: `lead${++n}@example.com`,
        source: 'estimator',
        sourceData: 'type=business&pages=13&addons=seo,booking&urgency=rush',
      }),
      `doc-client-${n}`,
    )

  /** Writes and sends the pre-filled proposal; returns the client's token. */
  const sent = async (proposalId: number, change: (d: DocumentDraft) => DocumentDraft = (d) => d) => {
    await saveDocument(h.db, admin, proposalId, change(await prefillDocument(h.db, proposalId)))
    let token = ''
    await sendDocument(h.db, admin, proposalId, (t) => {
      token = t
      return `http://site.test/p/${t}`
    })
    return token
  }
  const origin = { ip: '198.51.100.7', userAgent: 'Test browser' }

  it('starts from the lead: its estimate as lines of the price list, its name and requirements, milestones from the delivery times in the agency zone', async () => {
    const lead = await estimatorLead()
    const now = Date.parse('2026-11-27T20:00:00Z') // already Nov 28 in Asia/Kolkata
    const d = await prefillDocument(h.db, lead.id, now)
    expect(d.title).toBe('Website proposal for Esha Estimate')
    expect(d.scope[0].body).toBe(lead.requirements)
    expect(d.lines).toMatchObject({ plan: 'business', extraPages: 3, addons: { seo: 1, booking: 1 }, urgency: 'rush' })
    // Rush on a website: 5 days (the price list), counted from the agency's today.
    expect(d.milestones).toEqual([
      { label: 'Kick-off call', date: '2026-11-28' },
      { label: 'First design to review', date: '2026-11-30' },
      { label: 'Launch', date: '2026-12-03' },
    ])
    expect(d.validUntil).toBe('2026-12-28')
    expect(d.payments).toEqual([
      { label: 'To start', percent: 50 },
      { label: 'At launch', percent: 50 },
    ])
  })

  it('starts from a builder design: its pages and features read as lines of the price list, its summary in the scope', async () => {
    const design = {
      ...createDefaultConfig(),
      businessName: 'Bloom Florists',
      pages: 8,
      features: { ...createDefaultConfig().features, seo: true, booking: true, chatbot: true, darkMode: true },
    }
    const lead = await submitProposal(
      h.db,
      ProposalSchema.parse({
        ...validProposal(),
        name: 'Bea Builder',
        email: `lead${++n}@example.com`,
        source: 'builder',
        sourceData: encodeDesign(design),
      }),
      `doc-client-${n}`,
    )
    const d = await prefillDocument(h.db, lead.id, Date.parse('2026-11-27T20:00:00Z'))
    // 8 pages fit the Business Website (10 included); dark mode is no add-on; the builder asks no urgency.
    expect(d.lines).toMatchObject({ plan: 'business', extraPages: 0, addons: { seo: 1, booking: 1, 'ai-chat': 1 }, urgency: 'standard' })
    expect(d.scope.map((s) => s.heading)).toEqual(['What you asked for', 'The design you made in our demo builder'])
    expect(d.scope[1].body).toContain('Business name: Bloom Florists')
    expect(d.scope[1].body).toContain('Pages: 8')
    // A shop is priced as the E-commerce Store, whose checkout takes the payments already.
    const shop = { ...design, pages: 30, features: { ...design.features, ecommerce: true, paymentGateway: true } }
    const shopLead = await submitProposal(
      h.db,
      ProposalSchema.parse({ ...validProposal(), email: `lead${++n}@example.com`, source: 'builder', sourceData: encodeDesign(shop) }),
      `doc-client-${n}`,
    )
    const s = await prefillDocument(h.db, shopLead.id)
    expect(s.lines.plan).toBe('ecommerce')
    expect(s.lines.addons).not.toHaveProperty('payment')
    // A request with no origin starts with no plan and the request alone in the scope.
    const plain = await submitProposal(
      h.db,
      ProposalSchema.parse({ ...validProposal(), email: `lead${++n}@example.com` }),
      `doc-client-${n}`,
    )
    const p = await prefillDocument(h.db, plain.id)
    expect(p.lines.plan).toBeNull()
    expect(p.scope).toHaveLength(1)
  })

  it('computes the total on the server from the price list, whatever the form says, with the custom line and the discount', async () => {
    const lead = await estimatorLead('Tomas Total')
    const values = {
      ...documentFormValues(PRICE_LIST, await prefillDocument(h.db, lead.id)),
      customLabel: 'Logo design',
      customPrice: '120',
      customQty: '2',
      discount: '100',
      total: '1',
      totalCents: '1',
    }
    const parsed = parseDocumentForm(PRICE_LIST, values)
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fields))
    const doc = await saveDocument(h.db, admin, lead.id, parsed.data)
    const listed = price('business') + 3 * EXTRA_PAGE_PRICE * 100 + addon('seo') + addon('booking')
    const expected = listed + Math.round(listed * 0.5) + 2 * 12_000 - 10_000
    expect(doc.totalCents).toBe(expected)
    const { content } = await getLeadDocument(h.db, admin, lead.id)
    expect(content.priced.lines.map((l) => l.label)).toEqual([
      'Business Website',
      'Extra pages',
      'SEO Optimization',
      'Booking System',
      'Rush delivery (+50%)',
      'Logo design',
    ])
    expect(content.priced.payments.map((p) => p.amountCents)).toEqual([expected / 2, expected / 2])
    // A discount above the subtotal is refused beside its field.
    const tooMuch = await rejection(
      saveDocument(h.db, admin, lead.id, { ...parsed.data, lines: { ...parsed.data.lines, discountCents: 99_999_999 } }),
      DomainValidationError,
    )
    expect(tooMuch.fields).toEqual({ discount: 'The discount cannot be more than the subtotal' })
  })

  it('refuses a form whose payments do not add up to 100% or whose rows are half filled, beside the fields', () => {
    const r = parseDocumentForm(PRICE_LIST, {
      title: '',
      summary: '<p>x</p>',
      terms: 't',
      validUntil: '2026-12-01',
      milestoneLabel0: 'Launch',
      milestoneDate0: '',
      paymentLabel0: 'Start',
      paymentPercent0: '60',
      urgency: 'standard',
    })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.fields).toMatchObject({
      title: 'Title is required',
      milestoneDate0: 'Choose the date of this milestone',
      paymentLabel0: 'The payments must add up to 100%',
    })
  })

  it('sends through the outbox with a link whose token is stored only as its hash, freezes version 1 with the SHA-256 of its content, and records the first view without cookies', async () => {
    const lead = await estimatorLead('Sena Sent')
    const token = await sent(lead.id)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const row = await h.db.selectFrom('proposalDocuments').selectAll().where('proposalId', '=', lead.id).executeTakeFirstOrThrow()
    expect(row.tokenHash).toBe(sha(token))
    expect(JSON.stringify(row)).not.toContain(token)
    const mail = await h.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('toAddress', '=', lead.email)
      .where('subject', 'like', 'Your proposal from%')
      .executeTakeFirstOrThrow()
    expect(mail.body).toContain(`http://site.test/p/${token}`)
    const version = await h.db.selectFrom('proposalDocumentVersions').selectAll().where('documentId', '=', row.id).executeTakeFirstOrThrow()
    expect(version.version).toBe(1)
    expect(version.sha256).toBe(sha(version.content))

    const first = await openDocument(h.db, token)
    expect(first).toMatchObject({ state: 'viewed', firstView: true, sha256: version.sha256 })
    expect(first.content.client.name).toBe('Sena Sent')
    expect((await openDocument(h.db, token)).firstView).toBe(false)
    const desk = await getLeadDocument(h.db, admin, lead.id)
    expect(desk.document).toMatchObject({ state: 'viewed', viewCount: 2 })
    expect(desk.document?.firstViewedAt).toBeTruthy()
    // A second send is refused: the link exists.
    await rejection(
      sendDocument(h.db, admin, lead.id, (t) => t),
      DocumentClosedError,
    )
    await rejection(openDocument(h.db, 'x'.repeat(43)), (await import('~/infra/errors.server.ts')).NotFoundError)
  })

  it('editing a sent proposal makes a new frozen version the link shows; accepting the old one is refused, the new one accepted with name, consent, hash, time, address and browser', async () => {
    const lead = await estimatorLead('Vera Version')
    const token = await sent(lead.id)
    const v1 = await openDocument(h.db, token)
    const d = (await getLeadDocument(h.db, admin, lead.id)).draft
    await saveDocument(h.db, admin, lead.id, { ...d, title: 'Website proposal for Vera, revised' })
    const v2 = await openDocument(h.db, token)
    expect(v2.content).toMatchObject({ version: 2, title: 'Website proposal for Vera, revised' })
    expect(v2.sha256).not.toBe(v1.sha256)

    const old = await rejection(
      acceptDocument(h.db, token, { signerName: 'Vera Version', consent: true, version: 1 }, origin),
      DocumentRefusedError,
    )
    expect(old.message).toBe('This proposal has changed since you opened it: read the new version below, then accept that one.')
    const { sha256 } = await acceptDocument(h.db, token, { signerName: 'Vera Version', consent: true, version: 2 }, origin)
    expect(sha256).toBe(v2.sha256)
    const row = await h.db.selectFrom('proposalDocuments').selectAll().where('proposalId', '=', lead.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      state: 'accepted',
      signerName: 'Vera Version',
      signedHash: v2.sha256,
      signerIp: '198.51.100.7',
      signerUserAgent: 'Test browser',
    })
    expect(Boolean(row.signerConsent)).toBe(true)
    expect(row.decidedAt).toBeTruthy()

    // Decided: a second accept, a decline and an edit are all refused.
    const again = await rejection(
      acceptDocument(h.db, token, { signerName: 'Vera Version', consent: true, version: 2 }, origin),
      DocumentRefusedError,
    )
    expect(again.message).toMatch(/^This proposal was already accepted on .+: nothing more to sign\.$/)
    await rejection(declineDocument(h.db, token, { reason: 'Too late', version: 2 }), DocumentRefusedError)
    await rejection(saveDocument(h.db, admin, lead.id, d), DocumentClosedError)
    const actions = (await findActivity(h.db, { itemType: 'proposal' })).filter((e) => e.itemId === String(lead.id)).map((e) => e.action)
    expect(actions).toEqual(
      expect.arrayContaining(['proposal-document.save', 'proposal-document.send', 'proposal-document.view', 'proposal-document.accept']),
    )
  })

  it('mails the person the lead is assigned to on the first view and on the decision, through the outbox', async () => {
    await h.db.updateTable('adminUsers').set({ email: 'assignee@example.com' }).where('id', '=', admin.id).execute()
    const lead = await estimatorLead('Ada Assigned')
    await assignProposal(h.db, admin, lead.id, admin.id)
    const token = await sent(lead.id)
    await openDocument(h.db, token)
    await openDocument(h.db, token)
    await acceptDocument(h.db, token, { signerName: 'Ada Assigned', consent: true, version: 1 }, origin)
    const mails = await h.db
      .selectFrom('mailOutbox')
      .select(['subject', 'body'])
      .where('toAddress', '=', 'assignee@example.com')
      .where('subject', 'like', 'Ada Assigned%')
      .orderBy('id')
      .execute()
    expect(mails.map((m) => m.subject)).toEqual(['Ada Assigned opened their proposal', 'Ada Assigned accepted their proposal'])
    expect(mails[1].body).toContain('signed "Ada Assigned"')
  })

  it('on acceptance the client and the agency each get a mail carrying the signed proposal, ending with its certificate page, and the deposit invoice as PDFs', async () => {
    const lead = await estimatorLead('Mira Mailed')
    const token = await sent(lead.id)
    const { sha256, invoiceNumber } = await acceptDocument(h.db, token, { signerName: 'Mira M. Mailed', consent: true, version: 1 }, origin)
    const { contactEmail } = await getSettings(h.db)
    const total = (await getLeadDocument(h.db, admin, lead.id)).document!.totalCents
    const label = `INV-${String(invoiceNumber).padStart(4, '0')}`
    const money = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`

    const client = await h.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('toAddress', '=', lead.email)
      .where('subject', 'like', 'You accepted%')
      .execute()
    const agency = await h.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('toAddress', '=', contactEmail)
      .where('subject', '=', `Mira Mailed accepted the proposal "Website proposal for Mira Mailed"`)
      .execute()
    expect(client).toHaveLength(1)
    expect(agency).toHaveLength(1)
    expect(client[0].body).toContain(
      `Attached: the signed proposal, ending with its certificate of acceptance (proposal-v1-accepted.pdf), and the deposit invoice ${label} for ${money(total / 2)} (invoice-${label}.pdf).`,
    )
    // The agency reads who accepted, which version, the total and the invoice.
    for (const part of [
      `Mira Mailed (${lead.email}) accepted "Website proposal for Mira Mailed" (version 1), signed "Mira M. Mailed".`,
      `Total: ${money(total)}.`,
      `Deposit invoice: ${label}, 50% to start, ${money(total / 2)}.`,
      `SHA-256 of the version accepted: ${sha256}`,
      'from 198.51.100.7',
    ])
      expect(agency[0].body).toContain(part)
    // When, in the agency's zone named in words as the back office names it (Asia/Kolkata here), not as its id.
    expect(agency[0].body).toMatch(
      /\nAccepted: [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M India Standard Time \(Kolkata\), from 198\.51\.100\.7\.\n/,
    )
    expect(agency[0].body).not.toMatch(/Asia\/Kolkata|America\/|\(UTC\)/)

    for (const mail of [client[0], agency[0]]) {
      const files = await findMailAttachments(h.db, mail.id)
      expect(files.map((f) => [f.filename, f.contentType])).toEqual([
        ['proposal-v1-accepted.pdf', 'application/pdf'],
        [`invoice-${label}.pdf`, 'application/pdf'],
      ])
      for (const f of files) expect(f.content.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      const proposal = pdfText(files[0].content)
      for (const part of ['Certificate of acceptance', 'Mira M. Mailed', sha256, '198.51.100.7']) expect(proposal).toContain(part)
      expect(pdfText(files[1].content)).toContain(`Invoice ${label}`)
      expect(pdfText(files[1].content)).toContain(`Amount due: ${money(total / 2)}`)
    }
  })

  it('the dashboard counts the proposals sent and accepted in its 30 days, the value accepted and the median time from request to acceptance', async () => {
    const before = (await getDashboard(h.db, admin)).proposalDocuments
    const a = await estimatorLead('Dash One')
    const b = await estimatorLead('Dash Two')
    const tokenA = await sent(a.id)
    await sent(b.id)
    await acceptDocument(h.db, tokenA, { signerName: 'Dash One', consent: true, version: 1 }, origin)
    const value = (await getLeadDocument(h.db, admin, a.id)).document!.totalCents
    const after = (await getDashboard(h.db, admin)).proposalDocuments
    expect(after.sent - before.sent).toBe(2)
    expect(after.accepted - before.accepted).toBe(1)
    expect(after.acceptedCents - before.acceptedCents).toBe(value)
    expect(after.medianDaysToAccept).toBe(0)
  })

  it('gives the proposal as a tagged PDF, ending once accepted with a certificate page: who, when, from where, the hash of the version accepted', async () => {
    const lead = await estimatorLead('Pia Pdf')
    const token = await sent(lead.id)
    const before = await documentPdf(h.db, token)
    expect(before.filename).toBe('proposal-v1.pdf')
    const raw = before.pdf.toString('latin1')
    expect(raw.startsWith('%PDF-1.5')).toBe(true)
    expect(raw).toContain('/StructTreeRoot')
    for (const type of ['/H1', '/H2', '/P', '/Table', '/TR', '/TD', '/L', '/LI']) expect(raw, type).toContain(`/S ${type}\n`)
    const first = pdfText(before.pdf)
    expect(first).toContain('Website proposal for Pia Pdf')
    expect(first).not.toContain('Certificate of acceptance')

    const { sha256 } = await acceptDocument(h.db, token, { signerName: 'Pia P. Pdf', consent: true, version: 1 }, origin)
    const after = await documentPdf(h.db, token)
    expect(after.filename).toBe('proposal-v1-accepted.pdf')
    const text = pdfText(after.pdf)
    for (const part of [
      'Certificate of acceptance',
      'Pia P. Pdf',
      sha256,
      '198.51.100.7',
      'Test browser',
      'I agree to the terms and to sign electronically',
      'India Standard Time (Kolkata)',
    ])
      expect(text).toContain(part)
    expect(text).not.toContain('Asia/Kolkata')
    // The signed copy and the deposit invoice are tagged as the proposal is.
    const signed = after.pdf.toString('latin1')
    expect(signed).toContain('/StructTreeRoot')
    for (const type of ['/H1', '/H2', '/P', '/Table', '/TR', '/TD', '/L', '/LI']) expect(signed, type).toContain(`/S ${type}\n`)
    const invoice = (await invoicePdf(h.db, token)).pdf.toString('latin1')
    expect(invoice).toContain('/StructTreeRoot')
    for (const type of ['/H1', '/H2', '/P']) expect(invoice, type).toContain(`/S ${type}\n`)
  })

  it('an acceptance makes the deposit invoice, numbered without gaps across accepts at the same moment; a refused accept takes no number', async () => {
    const leadsNow = await Promise.all(['Ina One', 'Ina Two', 'Ina Three', 'Ina Four'].map((name) => estimatorLead(name)))
    const tokens: string[] = []
    for (const l of leadsNow) tokens.push(await sent(l.id))
    const last = async () =>
      Number((await h.db.selectFrom('invoiceCounters').select('last').where('key', '=', 'invoice').executeTakeFirstOrThrow()).last)
    const start = await last()
    // Four accepts of four proposals at once, and a second accept of the first (refused).
    const tries = await Promise.allSettled([
      ...tokens.map((t, i) => acceptDocument(h.db, t, { signerName: `Ina ${i}`, consent: true, version: 1 }, origin)),
      acceptDocument(h.db, tokens[0], { signerName: 'Ina again', consent: true, version: 1 }, origin),
    ])
    const numbers = tries
      .filter((t) => t.status === 'fulfilled')
      .map((t) => (t as PromiseFulfilledResult<{ invoiceNumber: number }>).value.invoiceNumber)
    expect(numbers.sort((a, b) => a - b)).toEqual([start + 1, start + 2, start + 3, start + 4])
    expect(await last()).toBe(start + 4)
    const rows = await h.db.selectFrom('invoices').select('number').where('number', '>', start).orderBy('number').execute()
    expect(rows.map((r) => Number(r.number))).toEqual([start + 1, start + 2, start + 3, start + 4])

    const { pdf, filename } = await invoicePdf(h.db, tokens[1])
    expect(filename).toMatch(/^invoice-INV-\d{4}\.pdf$/)
    const text = pdfText(pdf)
    const total = (await getLeadDocument(h.db, admin, leadsNow[1].id)).document!.totalCents
    expect(text).toContain(`Amount due: $${(total / 200).toLocaleString('en-US', { minimumFractionDigits: 2 })}`)
    expect(text).toContain('50% to start')
    const mail = await h.db
      .selectFrom('mailOutbox')
      .select('body')
      .where('toAddress', '=', leadsNow[1].email)
      .where('subject', 'like', 'You accepted%')
      .executeTakeFirstOrThrow()
    expect(mail.body).toContain('the deposit invoice INV-')
  })

  it('two accepts at the same moment: exactly one wins', async () => {
    const lead = await estimatorLead('Rita Race')
    const token = await sent(lead.id)
    const tries = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) => acceptDocument(h.db, token, { signerName: `Tab ${i}`, consent: true, version: 1 }, origin)),
    )
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1)
    const lost = tries.filter((t): t is PromiseRejectedResult => t.status === 'rejected')
    expect(lost).toHaveLength(3)
    for (const l of lost) expect(l.reason).toBeInstanceOf(DocumentRefusedError)
    // Only the winner's confirmation is mailed (the losers' transactions queued nothing).
    const confirmations = await h.db
      .selectFrom('mailOutbox')
      .select('id')
      .where('toAddress', '=', lead.email)
      .where('subject', 'like', 'You accepted%')
      .execute()
    expect(confirmations).toHaveLength(1)
    expect(await findMailAttachments(h.db, confirmations[0].id)).toHaveLength(2)
  })

  it('refuses an expired proposal with a plain sentence, and shows it expired', async () => {
    const lead = await estimatorLead('Eli Expired')
    const token = await sent(lead.id, (d) => ({ ...d, validUntil: '2026-11-30' }))
    const later = Date.parse('2026-12-02T12:00:00Z')
    const refused = await rejection(
      acceptDocument(h.db, token, { signerName: 'Eli Expired', consent: true, version: 1 }, origin, later),
      DocumentRefusedError,
    )
    expect(refused.message).toBe('This proposal expired on November 30, 2026: ask us for a new one.')
    expect((await openDocument(h.db, token, { now: later })).state).toBe('expired')
  })

  it('declines with the reason, and a question lands on the lead desk as a message on that lead; the assignee is told, the log records both', async () => {
    await h.db.updateTable('adminUsers').set({ email: 'assignee@example.com' }).where('id', '=', admin.id).execute()
    const lead = await estimatorLead('Quinn Question')
    await assignProposal(h.db, admin, lead.id, admin.id)
    const token = await sent(lead.id)
    await askAboutDocument(h.db, token, { question: 'Can the launch be a week later?' })
    const { events } = await getProposalDesk(h.db, admin, lead.id)
    expect(events.filter((e) => e.kind === 'question')).toMatchObject([
      { body: 'Can the launch be a week later?', author: 'Quinn Question (client)' },
    ])
    await declineDocument(h.db, token, { reason: 'We chose another agency.', version: 1 })
    const desk = await getLeadDocument(h.db, admin, lead.id)
    expect(desk.document).toMatchObject({ state: 'declined', declineReason: 'We chose another agency.' })
    const told = await h.db
      .selectFrom('mailOutbox')
      .select(['subject', 'body'])
      .where('toAddress', '=', 'assignee@example.com')
      .where('subject', '=', 'Quinn Question declined their proposal')
      .execute()
    expect(told).toHaveLength(1)
    expect(told[0].body).toContain('We chose another agency.')
    const log = (await findActivity(h.db, { itemType: 'proposal' })).filter((e) => e.itemId === String(lead.id))
    expect(log.map((e) => e.action)).toEqual(expect.arrayContaining(['proposal-document.question', 'proposal-document.decline']))
    expect(log.find((e) => e.action === 'proposal-document.decline')?.detail).toBe('Version 1 declined: We chose another agency.')
  })

  it('new proposals start with the default terms from the settings, which an owner may change and sales may not', async () => {
    const lead = await estimatorLead('Terry Terms')
    expect((await prefillDocument(h.db, lead.id)).terms).toContain('Work starts when the first payment is received')
    await rejection(saveDefaultTerms(h.db, { ...admin, role: 'sales' }, 'Sales terms.'), ForbiddenError)
    await saveDefaultTerms(h.db, admin, 'Half up front, half at launch. Net 7.')
    expect((await prefillDocument(h.db, lead.id)).terms).toBe('Half up front, half at launch. Net 7.')
  })

  it('an editor or an author may not write or send a proposal', async () => {
    const lead = await estimatorLead('Pat Permission')
    for (const role of ['editor', 'author'] as const) {
      const other = { ...admin, role }
      await rejection(getLeadDocument(h.db, other, lead.id), ForbiddenError)
      await rejection(saveDocument(h.db, other, lead.id, await prefillDocument(h.db, lead.id)), ForbiddenError)
      await rejection(
        sendDocument(h.db, other, lead.id, (t) => t),
        ForbiddenError,
      )
    }
    await getLeadDocument(h.db, { ...admin, role: 'sales' }, lead.id)
  })
})

it('times the way from request to acceptance as a median in days', () => {
  const accepted = (requestedAt: string, decidedAt: string, totalCents = 100) => ({ requestedAt, decidedAt, totalCents })
  expect(documentFigures({ sent: 3, accepted: [] })).toEqual({ sent: 3, accepted: 0, acceptedCents: 0, medianDaysToAccept: null })
  expect(
    documentFigures({
      sent: 3,
      accepted: [
        accepted('2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z'),
        accepted('2026-11-01T00:00:00Z', '2026-11-04T12:00:00Z'),
        accepted('2026-11-01T00:00:00Z', '2026-11-11T00:00:00Z'),
      ],
    }),
  ).toEqual({ sent: 3, accepted: 3, acceptedCents: 300, medianDaysToAccept: 3.5 })
})
