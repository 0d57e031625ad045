import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '~/db/db.server.ts'
import type { ProposalDocumentRow } from '~/db/schema.ts'
import { URGENCY_OPTIONS, WEBSITE_TYPES, type AddonId, type UrgencyId, type WebsiteTypeId } from '~/content/pricing.ts'
import { businessTypeLabel } from '~/lib/constants.ts'
import type { EstimateInput } from '~/lib/estimator.ts'
import {
  DEFAULT_PAYMENTS,
  DEFAULT_VALID_DAYS,
  DOCUMENT_ADDONS,
  OPEN_STATES,
  addDays,
  canonicalJson,
  dayLabel,
  defaultMilestones,
  priceDocument,
  todayIn,
  PricingError,
  type DocumentContent,
  type DocumentDraft,
  type DocumentState,
  type Priced,
} from '~/lib/proposal-document.ts'
import { upsertSettingValues } from '~/models/settings.server.ts'
import { insertOutboxMail } from '~/models/outbox.server.ts'
import * as leads from '~/models/proposals.server.ts'
import * as model from '~/models/proposal-documents.server.ts'
import * as revisions from '~/models/proposal-document-revisions.server.ts'
import { recordActivity } from './activity-log.server.ts'
import { hashToken, type Admin, type Origin } from './actor.server.ts'
import { DomainValidationError, NotFoundError } from './errors.server.ts'
import { requirePermission } from './actor.server.ts'
import { sanitizeBlogHtml } from './sanitize.server.ts'
import { getSettings } from './settings.server.ts'
import { depositInvoiceFile, invoiceLabel, mailAssignee, proposalFile, queueAcceptanceMails } from './proposal-mail.server.ts'

/**
 * Proposal documents (issue 38, docs/decisions/068-signed-proposals.md): written from a lead,
 * priced from the one price list on every save, sent as a link whose token only the client holds
 * (its SHA-256 is kept), read and accepted or declined there. Each version the client can see is
 * frozen with the SHA-256 of its canonical content; an accept names the version it accepts.
 */

/** A client's accept, decline or question refused, with the sentence the page shows. */
export class DocumentRefusedError extends Error {}

/** The editor refused: the proposal is decided or expired, so it can no longer change. */
export class DocumentClosedError extends Error {}

export type StaffDocument = {
  id: number
  state: DocumentState
  version: number
  totalCents: number
  validUntil: string
  sentAt: string | null
  firstViewedAt: string | null
  viewCount: number
  decidedAt: string | null
  signerName: string | null
  signedHash: string | null
  declineReason: string | null
  versions: { version: number; sha256: string; createdAt: string }[]
}

const nowIso = (now: number) => new Date(now).toISOString()
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const labelOf = (lead: { name: string }) => `Proposal from ${lead.name}`

async function leadOr404(db: Db, proposalId: number) {
  const lead = await leads.findProposal(db, proposalId)
  if (!lead) throw new NotFoundError('Proposal not found')
  return lead
}

/** The agency's terms for a new proposal: the `proposalTerms` setting (Settings > Proposals), or the standard ones. */
export async function defaultTerms(db: Db): Promise<string> {
  return (await getSettings(db)).proposalTerms
}

/**
 * Makes `terms` the default of new proposals (the `proposalTerms` setting): a change to the
 * site's settings, so it needs the settings permission (owners and administrators).
 */
export async function saveDefaultTerms(db: Db, admin: Admin, terms: string): Promise<void> {
  requirePermission(admin, 'settings')
  await db.transaction().execute(async (trx) => {
    await upsertSettingValues(trx, { proposalTerms: terms })
    await recordActivity(trx, {
      action: 'settings.update',
      itemType: 'settings',
      itemLabel: 'Site settings',
      detail: 'Changed the default terms of new proposals.',
    })
  })
}

/** The estimate the lead sent from the cost estimator, if that is where it came from. */
function leadEstimate(source: leads.ProposalSourceRow | undefined): EstimateInput | null {
  if (source?.source !== 'estimator' || !source.sourceData) return null
  try {
    const input = JSON.parse(source.sourceData) as EstimateInput
    return WEBSITE_TYPES.some((t) => t.id === input.websiteType) ? input : null
  } catch {
    return null
  }
}

/**
 * What "Write a proposal" starts with: the lead's estimate (plan, pages beyond the plan's,
 * add-ons, urgency), their name, business and requirements, the timeline from the price list's
 * delivery times counted from today in the agency's zone, 50% to start and 50% at launch, the
 * agency's terms, open for 30 days.
 */
export async function prefillDocument(db: Db, proposalId: number, now = Date.now()): Promise<DocumentDraft> {
  const lead = await leadOr404(db, proposalId)
  const [source, settings, terms] = await Promise.all([leads.findProposalSource(db, proposalId), getSettings(db), defaultTerms(db)])
  const est = leadEstimate(source)
  const type = est ? WEBSITE_TYPES.find((t) => t.id === est.websiteType) : undefined
  const plan = (type?.id ?? null) as WebsiteTypeId | null
  const urgency = (URGENCY_OPTIONS.find((u) => u.id === est?.urgency)?.id ?? 'standard') as UrgencyId
  const addons: Partial<Record<AddonId, number>> = {}
  for (const id of est?.addons ?? []) if (DOCUMENT_ADDONS.some((a) => a.id === id)) addons[id as AddonId] = 1
  const extraPages = type && type.includedPages != null && est ? Math.max(0, est.pages - type.includedPages) : 0
  const today = todayIn(settings.timeZone, now)
  const business = businessTypeLabel(lead.businessType)
  return {
    title: `Website proposal for ${lead.name}`,
    summaryHtml: sanitizeBlogHtml(
      `<p>Thank you, ${escapeText(lead.name)}, for telling us about your ${escapeText(business.toLowerCase())} business. This proposal sets out what we will build, when, and for how much.</p>`,
    ),
    scope: [{ heading: 'What you asked for', body: lead.requirements }],
    lines: { plan, extraPages, addons, urgency, custom: null, discountCents: 0 },
    milestones: defaultMilestones(plan, urgency, today),
    payments: DEFAULT_PAYMENTS.map((p) => ({ ...p })),
    terms,
    validUntil: addDays(today, DEFAULT_VALID_DAYS),
  }
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The draft as the client reads it, priced from today's price list. */
export function contentOf(
  draft: DocumentDraft,
  lead: { name: string; businessType: string },
  agency: string,
  version: number,
): DocumentContent {
  const { payments, ...rest } = draft
  void payments
  return {
    version,
    agency,
    client: { name: lead.name, business: businessTypeLabel(lead.businessType) },
    title: rest.title,
    summaryHtml: sanitizeBlogHtml(rest.summaryHtml),
    scope: rest.scope,
    priced: priceDocument(draft.lines, draft.payments),
    milestones: rest.milestones,
    terms: rest.terms,
    validUntil: rest.validUntil,
  }
}

function priceOrFieldError(draft: DocumentDraft): Priced {
  try {
    return priceDocument(draft.lines, draft.payments)
  } catch (err) {
    if (err instanceof PricingError) throw new DomainValidationError({ [err.field]: err.message })
    throw err
  }
}

function toStaff(row: ProposalDocumentRow, versions: StaffDocument['versions']): StaffDocument {
  return {
    id: row.id,
    state: row.state as DocumentState,
    version: row.version,
    totalCents: Number(row.totalCents),
    validUntil: row.validUntil,
    sentAt: row.sentAt,
    firstViewedAt: row.firstViewedAt,
    viewCount: Number(row.viewCount),
    decidedAt: row.decidedAt,
    signerName: row.signerName,
    signedHash: row.signedHash,
    declineReason: row.declineReason,
    versions,
  }
}

/** An open proposal past its last day reads (and is stored) as expired. */
async function settleExpiry(db: Db, row: ProposalDocumentRow, now: number): Promise<ProposalDocumentRow> {
  if (!OPEN_STATES.includes(row.state as DocumentState)) return row
  const { timeZone } = await getSettings(db)
  const today = todayIn(timeZone, now)
  if (row.validUntil >= today) return row
  await model.expireDocument(db, row.id, today, nowIso(now))
  return { ...row, state: 'expired' }
}

export type LeadDocument = {
  lead: leads.Proposal
  document: StaffDocument | null
  draft: DocumentDraft
  content: DocumentContent
}

/** A lead's proposal document for the back office (or the pre-filled one, not yet saved). */
export async function getLeadDocument(db: Db, admin: Admin, proposalId: number, now = Date.now()): Promise<LeadDocument> {
  requirePermission(admin, 'proposals.write')
  const lead = await leadOr404(db, proposalId)
  const { siteName } = await getSettings(db)
  let row = await model.findDocumentForLead(db, proposalId)
  if (!row) {
    const draft = await prefillDocument(db, proposalId, now)
    return { lead, document: null, draft, content: contentOf(draft, lead, siteName, 0) }
  }
  row = await settleExpiry(db, row, now)
  const draft = JSON.parse(row.draft) as DocumentDraft
  return {
    lead,
    document: toStaff(row, await model.findVersions(db, row.id)),
    draft,
    content: contentOf(draft, lead, siteName, row.version),
  }
}

/** The state and value the lead desk shows beside the lead; null when no proposal is written. */
export async function documentSummaryForLead(db: Db, proposalId: number, now = Date.now()): Promise<StaffDocument | null> {
  const row = await model.findDocumentForLead(db, proposalId)
  if (!row) return null
  return toStaff(await settleExpiry(db, row, now), await model.findVersions(db, row.id))
}

/** Freezes the draft as `version`: its canonical content and that content's SHA-256. */
async function freeze(db: Db, documentId: number, version: number, content: DocumentContent, at: string): Promise<string> {
  const text = canonicalJson(content)
  const hash = sha256(text)
  await model.insertVersion(db, { documentId, version, content: text, sha256: hash, createdAt: at })
  return hash
}

/** How many saves of a proposal the editor keeps as revisions (as many as a post's). */
export const DOCUMENT_REVISIONS_KEPT = 50

/**
 * Saves the editor's draft (the summary sanitized, the total worked out here). A draft changes
 * in place; a proposal the client can see becomes a new frozen version, which its link shows
 * from then on. A decided or expired proposal does not change. Each save is kept as a revision
 * (who, when, the total) and drops the saver's autosave, now saved; `restored` names the
 * revision a restore puts back, for the activity log.
 */
export async function saveDocument(
  db: Db,
  admin: Admin,
  proposalId: number,
  input: DocumentDraft,
  now = Date.now(),
  restored?: string,
): Promise<StaffDocument> {
  requirePermission(admin, 'proposals.write')
  const draft: DocumentDraft = { ...input, summaryHtml: sanitizeBlogHtml(input.summaryHtml) }
  const priced = priceOrFieldError(draft)
  const at = nowIso(now)
  const { siteName } = await getSettings(db)
  return db.transaction().execute(async (trx) => {
    const lead = await leadOr404(trx, proposalId)
    const fields = {
      title: draft.title,
      draft: JSON.stringify(draft),
      totalCents: priced.totalCents,
      validUntil: draft.validUntil,
      updatedAt: at,
    }
    let row = await model.findDocumentForLead(trx, proposalId)
    if (!row) {
      row = await model.insertDocument(trx, { ...fields, proposalId, createdBy: admin.username, createdAt: at })
      await recordActivity(trx, {
        action: 'proposal-document.save',
        itemType: 'proposal',
        itemId: proposalId,
        itemLabel: labelOf(lead),
        detail: `${restored ? `${restored} ` : ''}Draft written, total ${usd(priced.totalCents)}.`,
      })
    } else {
      row = await settleExpiry(trx, row, now)
      const state = row.state as DocumentState
      if (!['draft', ...OPEN_STATES].includes(state)) throw new DocumentClosedError(`This proposal is ${state} and can no longer change.`)
      const version = state === 'draft' ? 0 : row.version + 1
      // Back to 'sent' when the client has a new version to read (it is not viewed yet).
      const ok = await model.updateDocumentDraft(
        trx,
        row.id,
        { version: row.version, states: [state] },
        { ...fields, version, state: state === 'draft' ? 'draft' : 'sent' },
      )
      if (!ok) throw new DocumentClosedError('The client decided on this proposal a moment ago: it can no longer change.')
      if (version > 0) await freeze(trx, row.id, version, contentOf(draft, lead, siteName, version), at)
      await recordActivity(trx, {
        action: 'proposal-document.save',
        itemType: 'proposal',
        itemId: proposalId,
        itemLabel: labelOf(lead),
        detail: `${restored ? `${restored} ` : ''}${version > 0 ? `Version ${version} made (the client's link shows it), total ${usd(priced.totalCents)}.` : `Draft saved, total ${usd(priced.totalCents)}.`}`,
      })
      row = (await model.findDocument(trx, row.id))!
    }
    const kept = {
      proposalId,
      personId: admin.id,
      personName: admin.displayName,
      totalCents: priced.totalCents,
      version: row.version,
      data: row.draft,
      createdAt: at,
    }
    await revisions.insertSave(trx, kept, DOCUMENT_REVISIONS_KEPT)
    // The autosave was a copy of work now saved.
    await revisions.deleteAutosave(trx, proposalId, admin.id)
    return toStaff(row, await model.findVersions(trx, row.id))
  })
}

const usd = (c: number) => `$${(c / 100).toFixed(2)}`

/**
 * Sends a saved draft: version 1 is frozen, a link with 32 random bytes is made (only its SHA-256
 * kept) and mailed to the lead through the outbox. The caller says "sent" only when mail is set up.
 */
export async function sendDocument(
  db: Db,
  admin: Admin,
  proposalId: number,
  linkFor: (token: string) => string,
  now = Date.now(),
): Promise<{ toAddress: string }> {
  requirePermission(admin, 'proposals.write')
  const settings = await getSettings(db)
  const at = nowIso(now)
  return db.transaction().execute(async (trx) => {
    const lead = await leadOr404(trx, proposalId)
    const row = await model.findDocumentForLead(trx, proposalId)
    if (!row) throw new DomainValidationError({ send: 'Save the proposal before sending it.' })
    if (row.state !== 'draft') throw new DocumentClosedError('This proposal was sent already: its link shows the newest version.')
    const draft = JSON.parse(row.draft) as DocumentDraft
    if (draft.validUntil < todayIn(settings.timeZone, now))
      throw new DomainValidationError({ validUntil: 'Choose a last day that is today or later, then send.' })
    const token = randomBytes(32).toString('base64url')
    if (!(await model.markDocumentSent(trx, row.id, hashToken(token), at)))
      throw new DocumentClosedError('This proposal was sent already: its link shows the newest version.')
    await freeze(trx, row.id, 1, contentOf(draft, lead, settings.siteName, 1), at)
    await insertOutboxMail(trx, {
      toAddress: lead.email,
      subject: `Your proposal from ${settings.siteName}: ${draft.title}`,
      body: [
        `Hello ${lead.name},`,
        '',
        `${settings.siteName} has written a proposal for you: ${draft.title}.`,
        '',
        'Read it, and accept or decline it, here (no account needed):',
        linkFor(token),
        '',
        `It is open until ${dayLabel(draft.validUntil)}. Questions? Ask them on the same page, or write to ${settings.contactEmail}.`,
      ].join('\n'),
    })
    await recordActivity(trx, {
      action: 'proposal-document.send',
      itemType: 'proposal',
      itemId: proposalId,
      itemLabel: labelOf(lead),
      detail: `Link made for ${lead.email} (through the outbox), total ${usd(Number(row.totalCents))}.`,
    })
    return { toAddress: lead.email }
  })
}

export type ClientView = {
  state: DocumentState
  content: DocumentContent
  sha256: string
  decidedAt: string | null
  signerName: string | null
  firstView: boolean
}

async function rowByToken(db: Db, token: string): Promise<ProposalDocumentRow> {
  const row = /^[A-Za-z0-9_-]{43}$/.test(token) ? await model.findDocumentByTokenHash(db, hashToken(token)) : undefined
  if (!row) throw new NotFoundError('No proposal at this address')
  return row
}

/**
 * The client's page: the newest version, frozen. `count` records the view (no cookie: the first
 * time is kept and every view counted; the first makes a sent proposal 'viewed').
 */
export async function openDocument(
  db: Db,
  token: string,
  { count = true, now = Date.now() }: { count?: boolean; now?: number } = {},
): Promise<ClientView> {
  let row = await settleExpiry(db, await rowByToken(db, token), now)
  let firstView = false
  if (count) {
    firstView = await model.countDocumentView(db, row.id, nowIso(now))
    if (firstView) {
      const lead = await leadOr404(db, row.proposalId)
      await recordActivity(db, {
        action: 'proposal-document.view',
        itemType: 'proposal',
        itemId: row.proposalId,
        itemLabel: labelOf(lead),
        detail: `Version ${row.version} opened for the first time.`,
        person: { id: null, name: `${lead.name} (client)` },
      })
      await mailAssignee(db, lead, `${lead.name} opened their proposal`, [
        `${lead.name} opened the proposal "${row.title}" for the first time.`,
      ])
      row = (await model.findDocument(db, row.id))!
    }
  }
  const version = await model.findVersion(db, row.id, row.version)
  if (!version) throw new NotFoundError('No proposal at this address')
  return {
    state: row.state as DocumentState,
    content: JSON.parse(version.content) as DocumentContent,
    sha256: version.sha256,
    decidedAt: row.decidedAt,
    signerName: row.signerName,
    firstView,
  }
}

/** The plain sentence for a decision that came too late or for the wrong version. */
async function whyRefused(db: Db, row: ProposalDocumentRow, version: number, now: number): Promise<string> {
  const current = await settleExpiry(db, (await model.findDocument(db, row.id)) ?? row, now)
  if (current.state === 'accepted') {
    const { timeZone } = await getSettings(db)
    return `This proposal was already accepted${current.decidedAt ? ` on ${dayLabel(todayIn(timeZone, Date.parse(current.decidedAt)))}` : ''}: nothing more to sign.`
  }
  if (current.state === 'declined') return 'This proposal was already declined: ask us for a new one if you changed your mind.'
  if (current.state === 'expired') return `This proposal expired on ${dayLabel(current.validUntil)}: ask us for a new one.`
  if (current.version !== version) return 'This proposal has changed since you opened it: read the new version below, then accept that one.'
  return 'This proposal cannot be accepted now: ask us about it.'
}

/**
 * The client accepts version `version`, with their typed full name and the ticked consent. What
 * is kept: the name, the consent, the SHA-256 of that exact version, the time, the address and
 * the browser. One conditional update decides it, so of two accepts at once exactly one wins.
 */
export async function acceptDocument(
  db: Db,
  token: string,
  input: { signerName: string; consent: true; version: number },
  origin: Origin,
  now = Date.now(),
): Promise<{ sha256: string; invoiceNumber: number }> {
  const row = await rowByToken(db, token)
  const { timeZone } = await getSettings(db)
  const version = await model.findVersion(db, row.id, input.version)
  const at = nowIso(now)
  const userAgent = (origin.userAgent ?? '').slice(0, 500)
  const outcome = await db.transaction().execute(async (trx) => {
    const won =
      !!version &&
      (await model.decideDocument(
        trx,
        row.id,
        { version: input.version, today: todayIn(timeZone, now) },
        {
          state: 'accepted',
          decidedAt: at,
          signerName: input.signerName,
          signerConsent: 1,
          signedHash: version.sha256,
          signerIp: origin.ip,
          signerUserAgent: userAgent,
        },
      ))
    if (!won || !version) return null
    // The deposit invoice: the first payment of the version accepted, numbered in this transaction.
    const content = JSON.parse(version.content) as DocumentContent
    const deposit = content.priced.payments[0]
    const invoiceNumber = await model.takeInvoiceNumber(trx)
    const invoice = {
      number: invoiceNumber,
      label: deposit ? `${deposit.percent}% ${deposit.label.toLowerCase()}` : 'Deposit',
      amountCents: deposit?.amountCents ?? 0,
      createdAt: at,
    }
    await model.insertInvoice(trx, { ...invoice, documentId: row.id, kind: 'deposit' })
    const lead = await leadOr404(trx, row.proposalId)
    await recordActivity(trx, {
      action: 'proposal-document.accept',
      itemType: 'proposal',
      itemId: row.proposalId,
      itemLabel: labelOf(lead),
      detail: `Version ${input.version} accepted, signed "${input.signerName}", SHA-256 ${version.sha256}. Deposit invoice ${invoiceLabel(invoiceNumber)}.`,
      person: { id: null, name: `${lead.name} (client)` },
    })
    // The client's confirmation and the agency's notice, each with the signed PDF and the invoice.
    await queueAcceptanceMails(trx, {
      lead,
      content,
      acceptance: {
        signerName: input.signerName,
        decidedAt: at,
        ip: origin.ip,
        userAgent,
        sha256: version.sha256,
        version: input.version,
        timeZone,
      },
      invoice,
    })
    return { sha256: version.sha256, invoiceNumber }
  })
  if (!outcome) throw new DocumentRefusedError(await whyRefused(db, row, input.version, now))
  return outcome
}

export { invoiceLabel }

/** The client declines the version they read, saying why. */
export async function declineDocument(db: Db, token: string, input: { reason: string; version: number }, now = Date.now()): Promise<void> {
  const row = await rowByToken(db, token)
  const { timeZone } = await getSettings(db)
  const won = await model.decideDocument(
    db,
    row.id,
    { version: input.version, today: todayIn(timeZone, now) },
    { state: 'declined', decidedAt: nowIso(now), declineReason: input.reason },
  )
  if (!won) throw new DocumentRefusedError((await whyRefused(db, row, input.version, now)).replace('then accept that one', 'then decide'))
  const lead = await leadOr404(db, row.proposalId)
  await recordActivity(db, {
    action: 'proposal-document.decline',
    itemType: 'proposal',
    itemId: row.proposalId,
    itemLabel: labelOf(lead),
    detail: `Version ${input.version} declined: ${input.reason}`,
    person: { id: null, name: `${lead.name} (client)` },
  })
  await mailAssignee(db, lead, `${lead.name} declined their proposal`, [
    `${lead.name} declined the proposal "${row.title}".`,
    '',
    'Their reason:',
    input.reason,
  ])
}

/** The client's question: it lands on the lead desk, in the lead's history, signed with their name. */
export async function askAboutDocument(db: Db, token: string, input: { question: string }, now = Date.now()): Promise<void> {
  const row = await rowByToken(db, token)
  await db.transaction().execute(async (trx) => {
    const lead = await leadOr404(trx, row.proposalId)
    await leads.insertProposalEvent(trx, {
      proposalId: row.proposalId,
      kind: 'question',
      body: input.question,
      author: `${lead.name} (client)`,
      createdAt: nowIso(now),
    })
    await recordActivity(trx, {
      action: 'proposal-document.question',
      itemType: 'proposal',
      itemId: row.proposalId,
      itemLabel: labelOf(lead),
      detail: `About version ${row.version}.`,
      person: { id: null, name: `${lead.name} (client)` },
    })
  })
}

/**
 * The client's proposal as a tagged PDF: the version the link shows; once accepted, with the
 * certificate page. Downloading it counts no view.
 */
export async function documentPdf(db: Db, token: string, now = Date.now()): Promise<{ pdf: Buffer; filename: string }> {
  const row = await settleExpiry(db, await rowByToken(db, token), now)
  const version = await model.findVersion(db, row.id, row.version)
  if (!version) throw new NotFoundError('No proposal at this address')
  const content = JSON.parse(version.content) as DocumentContent
  const { timeZone } = await getSettings(db)
  const accepted =
    row.state === 'accepted' && row.signerName && row.decidedAt
      ? {
          signerName: row.signerName,
          decidedAt: row.decidedAt,
          ip: row.signerIp,
          userAgent: row.signerUserAgent,
          sha256: row.signedHash ?? version.sha256,
          version: row.version,
          timeZone,
        }
      : null
  return proposalFile(content, version.sha256, accepted)
}

/**
 * The deposit invoice of an accepted proposal as a PDF (404 before acceptance): the same file the
 * acceptance mails carry (depositInvoiceFile).
 */
export async function invoicePdf(db: Db, token: string): Promise<{ pdf: Buffer; filename: string }> {
  const row = await rowByToken(db, token)
  const invoice = await model.findInvoice(db, row.id)
  const version = invoice && (await model.findVersion(db, row.id, row.version))
  if (!invoice || !version) throw new NotFoundError('No invoice for this proposal')
  const lead = await leadOr404(db, row.proposalId)
  const content = JSON.parse(version.content) as DocumentContent
  return depositInvoiceFile(
    db,
    { number: invoice.number, createdAt: invoice.createdAt, label: invoice.label, amountCents: Number(invoice.amountCents) },
    lead,
    content,
  )
}
