import { createHash } from 'node:crypto'
import type { Db } from '~/db/db.server.ts'
import { canonicalJson, priceDocument, type DocumentContent, type DocumentDraft } from '~/lib/proposal-document.ts'
import { parseDocumentForm } from '~/lib/proposal-document-schemas.ts'
import { PRICE_LIST } from '~/content/pricing.ts'
import * as revisions from '~/models/proposal-document-revisions.server.ts'
import * as model from '~/models/proposal-documents.server.ts'
import * as leads from '~/models/proposals.server.ts'
import { requirePermission, type Admin } from './actor.server.ts'
import { DomainValidationError, NotFoundError } from '~/infra/errors.server.ts'
import { DocumentClosedError, saveDocument } from './proposal-documents.server.ts'
import { contentOf } from './proposal-document-drafting.server.ts'
import { type StaffDocument } from './proposal-document-record.server.ts'
import { sanitizeBlogHtml } from '~/infra/sanitize.server.ts'
import { getSettings } from './settings.server.ts'

/**
 * The proposal editor's autosave, revisions and preview (issue 38: "autosave and revisions as for
 * posts; a preview exactly as the client will see it"). Saves themselves are saveDocument's
 * (proposal-documents.server.ts), which keeps each one as a revision and drops the saver's
 * autosave in its own transaction.
 */

/** The longest editor copy an autosave keeps (all fields together, in characters). */
export const AUTOSAVE_MAX_CHARS = 200_000

const CLOSED = ['accepted', 'declined', 'expired']

async function leadOr404(db: Db, proposalId: number) {
  const lead = await leads.findProposal(db, proposalId)
  if (!lead) throw new NotFoundError('Proposal not found')
  return lead
}

/** The draft these fields would save, or null while a field would be refused. */
function draftOf(values: Record<string, string>): DocumentDraft | null {
  const parsed = parseDocumentForm(PRICE_LIST, values)
  if (!parsed.ok) return null
  return { ...parsed.data, summaryHtml: sanitizeBlogHtml(parsed.data.summaryHtml) }
}

function totalOf(draft: DocumentDraft | null): number | null {
  if (!draft) return null
  try {
    return priceDocument(PRICE_LIST, draft.lines, draft.payments).totalCents
  } catch {
    return null
  }
}

/**
 * Keeps a copy of the editor's fields as typed (the summary sanitized), beside the proposal and
 * never over it: one per person and lead, replaced each time, so two people writing the same
 * proposal never overwrite each other's copy. A decided or expired proposal keeps none.
 */
export async function autosaveDocument(
  db: Db,
  admin: Admin,
  proposalId: number,
  values: Record<string, string>,
  now = Date.now(),
): Promise<string> {
  requirePermission(admin, 'proposals.write')
  await leadOr404(db, proposalId)
  const doc = await model.findDocumentForLead(db, proposalId)
  if (doc && CLOSED.includes(doc.state)) throw new DocumentClosedError(`This proposal is ${doc.state} and can no longer change.`)
  const data: Record<string, string> = {}
  for (const [k, v] of Object.entries(values)) if (k !== 'intent' && typeof v === 'string') data[k] = v
  if (typeof data.summary === 'string') data.summary = sanitizeBlogHtml(data.summary)
  const text = JSON.stringify(data)
  if (text.length > AUTOSAVE_MAX_CHARS)
    throw new DomainValidationError({ summary: 'The proposal is too long to keep a copy of: shorten the summary or the terms.' })
  const at = new Date(now).toISOString()
  await revisions.replaceAutosave(db, {
    proposalId,
    personId: admin.id,
    personName: admin.displayName,
    totalCents: totalOf(draftOf(data)),
    data: text,
    createdAt: at,
  })
  return at
}

export type DocumentAutosave = {
  savedAt: string
  values: Record<string, string>
  /** A save by someone else made after this copy: bringing it back would undo theirs. */
  savedSinceBy: { name: string; at: string } | null
}

/**
 * The person's autosave, offered when it holds work they did not save: made after their own last
 * save and different from what is saved now. Another person's save since does not hide it (their
 * work is then in the revisions either way); it is named, so nobody undoes it unawares.
 */
export async function readDocumentAutosave(db: Db, admin: Admin, proposalId: number): Promise<DocumentAutosave | null> {
  requirePermission(admin, 'proposals.write')
  const [rev, saves, doc] = await Promise.all([
    revisions.findAutosave(db, proposalId, admin.id),
    revisions.findSaves(db, proposalId),
    model.findDocumentForLead(db, proposalId),
  ])
  if (!rev) return null
  const mine = saves.find((s) => s.personId === admin.id)
  if (mine && rev.createdAt <= mine.createdAt) return null
  const values = JSON.parse(rev.data) as Record<string, string>
  const draft = draftOf(values)
  if (doc && draft && canonicalJson(draft) === canonicalJson(JSON.parse(doc.draft))) return null
  const since = saves.find((s) => s.createdAt > rev.createdAt && s.personId !== admin.id)
  return { savedAt: rev.createdAt, values, savedSinceBy: since ? { name: since.personName, at: since.createdAt } : null }
}

/** Drops the person's own autosave of this proposal (nobody else's). */
export async function discardDocumentAutosave(db: Db, admin: Admin, proposalId: number): Promise<void> {
  requirePermission(admin, 'proposals.write')
  await leadOr404(db, proposalId)
  await revisions.deleteAutosave(db, proposalId, admin.id)
}

export type DocumentRevision = { id: number; createdAt: string; personName: string; totalCents: number | null; version: number | null }

/** The proposal's saves, newest first (the last 50): who, when, the total and the version made. */
export async function listDocumentRevisions(db: Db, admin: Admin, proposalId: number): Promise<DocumentRevision[]> {
  requirePermission(admin, 'proposals.write')
  const rows = await revisions.findSaves(db, proposalId)
  return rows.map(({ id, createdAt, personName, totalCents, version }) => ({ id, createdAt, personName, totalCents, version }))
}

/**
 * Puts a revision back: a save of its own (a new revision; history is never rewritten), so on a
 * proposal the client can see it makes a new version, as any edit does, and on a decided or
 * expired one it is refused (DocumentClosedError).
 */
export async function restoreDocumentRevision(
  db: Db,
  admin: Admin,
  proposalId: number,
  revisionId: number,
  now = Date.now(),
): Promise<StaffDocument> {
  requirePermission(admin, 'proposals.write')
  const rev = Number.isSafeInteger(revisionId) ? await revisions.findSave(db, proposalId, revisionId) : undefined
  if (!rev) throw new NotFoundError('Revision not found')
  const draft = JSON.parse(rev.data) as DocumentDraft
  return saveDocument(
    db,
    admin,
    proposalId,
    draft,
    now,
    `Restored the save of ${rev.createdAt.slice(0, 16).replace('T', ' ')} UTC by ${rev.personName}.`,
  )
}

export type DocumentPreview = { content: DocumentContent; sha256: string; leadName: string }

/**
 * The proposal exactly as the client sees it at /p/<token>: once sent, the newest frozen version
 * and its SHA-256 (what the link shows, byte for byte); while a draft, the version 1 that sending
 * it now would freeze, with the hash it would have.
 */
export async function previewDocument(db: Db, admin: Admin, proposalId: number): Promise<DocumentPreview> {
  requirePermission(admin, 'proposals.write')
  const lead = await leadOr404(db, proposalId)
  const doc = await model.findDocumentForLead(db, proposalId)
  if (!doc) throw new NotFoundError('No proposal saved yet')
  if (doc.version > 0) {
    const frozen = await model.findVersion(db, doc.id, doc.version)
    if (!frozen) throw new NotFoundError('No proposal saved yet')
    return { content: JSON.parse(frozen.content) as DocumentContent, sha256: frozen.sha256, leadName: lead.name }
  }
  const { siteName } = await getSettings(db)
  const content = contentOf(JSON.parse(doc.draft) as DocumentDraft, lead, siteName, 1)
  // The bytes sendDocument freezes (canonicalJson) and the hash it keeps.
  return { content, sha256: createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex'), leadName: lead.name }
}
