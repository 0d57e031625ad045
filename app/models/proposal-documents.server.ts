import type { Db } from '~/db/db.server.ts'
import type { InvoiceRow, ProposalDocumentRow, ProposalDocumentVersionRow } from '~/db/schema.ts'

/** The queries of proposal documents and their frozen versions (issue 38). */

export async function findDocumentForLead(db: Db, proposalId: number): Promise<ProposalDocumentRow | undefined> {
  return db.selectFrom('proposalDocuments').selectAll().where('proposalId', '=', proposalId).executeTakeFirst()
}

/** The proposal written for each of these leads, if any: what the lead desk's list shows beside them. */
export async function findDocumentsForLeads(
  db: Db,
  proposalIds: number[],
): Promise<Pick<ProposalDocumentRow, 'proposalId' | 'state' | 'totalCents' | 'validUntil'>[]> {
  if (proposalIds.length === 0) return []
  return db
    .selectFrom('proposalDocuments')
    .select(['proposalId', 'state', 'totalCents', 'validUntil'])
    .where('proposalId', 'in', proposalIds)
    .execute()
}

export async function findDocument(db: Db, id: number): Promise<ProposalDocumentRow | undefined> {
  return db.selectFrom('proposalDocuments').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function findDocumentByTokenHash(db: Db, tokenHash: string): Promise<ProposalDocumentRow | undefined> {
  return db.selectFrom('proposalDocuments').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst()
}

export async function insertDocument(
  db: Db,
  row: Pick<ProposalDocumentRow, 'proposalId' | 'title' | 'draft' | 'totalCents' | 'validUntil' | 'createdBy' | 'createdAt' | 'updatedAt'>,
): Promise<ProposalDocumentRow> {
  return db
    .insertInto('proposalDocuments')
    .values({ ...row, state: 'draft' })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Saves the editor's fields. `version` is the version this save is based on: the update matches
 * only while the document is still there (a client's accept in between makes it match nothing).
 */
export async function updateDocumentDraft(
  db: Db,
  id: number,
  expect: { version: number; states: readonly string[] },
  set: Pick<ProposalDocumentRow, 'title' | 'draft' | 'totalCents' | 'validUntil' | 'updatedAt'> & { version?: number; state?: string },
): Promise<boolean> {
  const r = await db
    .updateTable('proposalDocuments')
    .set(set)
    .where('id', '=', id)
    .where('version', '=', expect.version)
    .where('state', 'in', expect.states)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export async function insertVersion(db: Db, row: Omit<ProposalDocumentVersionRow, 'id'>): Promise<void> {
  await db.insertInto('proposalDocumentVersions').values(row).execute()
}

export async function findVersion(db: Db, documentId: number, version: number): Promise<ProposalDocumentVersionRow | undefined> {
  return db
    .selectFrom('proposalDocumentVersions')
    .selectAll()
    .where('documentId', '=', documentId)
    .where('version', '=', version)
    .executeTakeFirst()
}

export async function findVersions(
  db: Db,
  documentId: number,
): Promise<Pick<ProposalDocumentVersionRow, 'version' | 'sha256' | 'createdAt'>[]> {
  return db
    .selectFrom('proposalDocumentVersions')
    .select(['version', 'sha256', 'createdAt'])
    .where('documentId', '=', documentId)
    .orderBy('version')
    .execute()
}

/** Marks a draft sent with its link's token hash, only while it is a draft (a double click sends once). */
export async function markDocumentSent(db: Db, id: number, tokenHash: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('proposalDocuments')
    .set({ state: 'sent', version: 1, tokenHash, sentAt: at, updatedAt: at })
    .where('id', '=', id)
    .where('state', '=', 'draft')
    .where('version', '=', 0)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** One more view; the first one is timed and makes a sent proposal 'viewed'. Returns whether it was the first. */
export async function countDocumentView(db: Db, id: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('proposalDocuments')
    .set((eb) => ({
      viewCount: eb('viewCount', '+', 1),
      firstViewedAt: eb.fn.coalesce('firstViewedAt', eb.val(at)),
      state: eb.case().when('state', '=', 'sent').then('viewed').else(eb.ref('state')).end(),
    }))
    .where('id', '=', id)
    .returning(['viewCount'])
    .executeTakeFirst()
  return Number(r?.viewCount ?? 0) === 1
}

/**
 * The client's decision, in one conditional statement: it matches only while the proposal is
 * open (sent or viewed), still at the version the client read, and not past its last day. Two
 * at the same moment, on one instance or several: the database lets exactly one match.
 */
export async function decideDocument(
  db: Db,
  id: number,
  expect: { version: number; today: string },
  set: Partial<
    Pick<ProposalDocumentRow, 'signerName' | 'signerConsent' | 'signedHash' | 'signerIp' | 'signerUserAgent' | 'declineReason'>
  > & { state: 'accepted' | 'declined'; decidedAt: string },
): Promise<boolean> {
  const r = await db
    .updateTable('proposalDocuments')
    .set({ ...set, updatedAt: set.decidedAt })
    .where('id', '=', id)
    .where('state', 'in', ['sent', 'viewed'])
    .where('version', '=', expect.version)
    .where('validUntil', '>=', expect.today)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** An open proposal past its last day becomes 'expired'. */
export async function expireDocument(db: Db, id: number, today: string, at: string): Promise<void> {
  await db
    .updateTable('proposalDocuments')
    .set({ state: 'expired', updatedAt: at })
    .where('id', '=', id)
    .where('state', 'in', ['sent', 'viewed'])
    .where('validUntil', '<', today)
    .execute()
}

/**
 * The dashboard's figures since `from` (UTC ISO): proposals sent, those accepted with their value,
 * and for each accepted one the request's time and the acceptance's (to time the way from one to
 * the other).
 */
export async function findDocumentFigures(
  db: Db,
  from: string,
): Promise<{ sent: number; accepted: { totalCents: number; requestedAt: string; decidedAt: string }[] }> {
  const [sent, accepted] = await Promise.all([
    db
      .selectFrom('proposalDocuments')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('sentAt', '>=', from)
      .executeTakeFirst(),
    db
      .selectFrom('proposalDocuments as d')
      .innerJoin('proposals as p', 'p.id', 'd.proposalId')
      .select(['d.totalCents', 'p.date as requestedAt', 'd.decidedAt'])
      .where('d.state', '=', 'accepted')
      .where('d.decidedAt', '>=', from)
      .execute(),
  ])
  return {
    sent: Number(sent?.n ?? 0),
    accepted: accepted.map((r) => ({ totalCents: Number(r.totalCents), requestedAt: r.requestedAt, decidedAt: r.decidedAt ?? '' })),
  }
}

/**
 * The next invoice number: one statement that adds one to the counter and reads it. Run it in the
 * transaction that stores the invoice: the row stays locked until that commits (on PostgreSQL; a
 * SQLite write holds the whole file), so numbers follow each other without gaps across instances,
 * and a rolled-back invoice gives its number back.
 */
export async function takeInvoiceNumber(db: Db): Promise<number> {
  const row = await db
    .updateTable('invoiceCounters')
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('key', '=', 'invoice')
    .returning('last')
    .executeTakeFirstOrThrow()
  return Number(row.last)
}

export async function insertInvoice(db: Db, row: Omit<InvoiceRow, 'id'>): Promise<void> {
  await db.insertInto('invoices').values(row).execute()
}

export async function findInvoice(db: Db, documentId: number): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('documentId', '=', documentId).where('kind', '=', 'deposit').executeTakeFirst()
}
