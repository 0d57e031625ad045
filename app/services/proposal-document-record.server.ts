import type { Db } from '~/db/db.server.ts'
import type { ProposalDocumentRow } from '~/db/schema.ts'
import { OPEN_STATES, stateOn, todayIn, type DocumentState } from '~/lib/proposal-document.ts'
import * as leads from '~/models/proposals.server.ts'
import * as model from '~/models/proposal-documents.server.ts'
import { NotFoundError } from '~/infra/errors.server.ts'
import { getSettings } from './settings.server.ts'

/**
 * A proposal document as it is stored, shared by the staff's editor (proposal-documents.server.ts)
 * and the client's link (proposal-document-client.server.ts): its lead, its expiry, the shape the
 * back office reads, and the words and figures the activity log uses.
 */

/** A proposal document as the back office reads it: its state, value, views, decision and frozen versions. */
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

/** A moment as the ISO text the tables keep. */
export const nowIso = (now: number) => new Date(now).toISOString()
/** The activity log's name for the lead's proposal. */
export const labelOf = (lead: { name: string }) => `Proposal from ${lead.name}`
/** An amount in cents as the activity log writes it. */
export const usd = (c: number) => `$${(c / 100).toFixed(2)}`

/** The lead of a proposal, or a 404. */
export async function leadOr404(db: Db, proposalId: number) {
  const lead = await leads.findProposal(db, proposalId)
  if (!lead) throw new NotFoundError('Proposal not found')
  return lead
}

/** The stored row and its versions as the back office reads them. */
export function toStaff(row: ProposalDocumentRow, versions: StaffDocument['versions']): StaffDocument {
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
export async function settleExpiry(db: Db, row: ProposalDocumentRow, now: number): Promise<ProposalDocumentRow> {
  if (!OPEN_STATES.includes(row.state as DocumentState)) return row
  const { timeZone } = await getSettings(db)
  const today = todayIn(timeZone, now)
  if (stateOn(row, today) !== 'expired') return row
  await model.expireDocument(db, row.id, today, nowIso(now))
  return { ...row, state: 'expired' }
}
