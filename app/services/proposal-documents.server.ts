import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '~/db/db.server.ts'
import { PRICE_LIST } from '~/content/pricing.ts'
import {
  OPEN_STATES,
  canonicalJson,
  dayLabel,
  priceDocument,
  todayIn,
  PricingError,
  type DocumentContent,
  type DocumentDraft,
  type DocumentState,
  type Priced,
} from '~/lib/proposal-document.ts'
import { insertOutboxMail } from '~/models/outbox.server.ts'
import * as leads from '~/models/proposals.server.ts'
import * as model from '~/models/proposal-documents.server.ts'
import * as revisions from '~/models/proposal-document-revisions.server.ts'
import { recordActivity } from './activity-log.server.ts'
import { hashToken, requirePermission, type Admin, type LinkFor } from './actor.server.ts'
import { DomainValidationError } from '~/infra/errors.server.ts'
import { sanitizeBlogHtml } from '~/infra/sanitize.server.ts'
import { getSettings } from './settings.server.ts'
import { contentOf, prefillDocument } from './proposal-document-drafting.server.ts'
import { labelOf, leadOr404, nowIso, settleExpiry, toStaff, usd, type StaffDocument } from './proposal-document-record.server.ts'

/**
 * Proposal documents (issue 38, docs/decisions/068-signed-proposals.md): written from a lead,
 * priced from the one price list on every save, sent as a link whose token only the client holds
 * (its SHA-256 is kept), read and accepted or declined there. Each version the client can see is
 * frozen with the SHA-256 of its canonical content; an accept names the version it accepts.
 * Here the staff's side (read, save, send); the first draft and the terms are in
 * proposal-document-drafting.server.ts, the client's side in proposal-document-client.server.ts.
 */

/** The editor refused: the proposal is decided or expired, so it can no longer change. */
export class DocumentClosedError extends Error {}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

function priceOrFieldError(draft: DocumentDraft): Priced {
  try {
    return priceDocument(PRICE_LIST, draft.lines, draft.payments)
  } catch (err) {
    if (err instanceof PricingError) throw new DomainValidationError({ [err.field]: err.message })
    throw err
  }
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

/**
 * Sends a saved draft: version 1 is frozen, a link with 32 random bytes is made (only its SHA-256
 * kept) and mailed to the lead through the outbox. The caller says "sent" only when mail is set up.
 */
export async function sendDocument(
  db: Db,
  admin: Admin,
  proposalId: number,
  linkFor: LinkFor,
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
