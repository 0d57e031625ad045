import type { Db } from '~/db/db.server.ts'
import type { ExpressionBuilder } from 'kysely'
import type { Database, ProposalDocumentRevisionRow } from '~/db/schema.ts'

/**
 * The proposal editor's saves and autosaves (issue 38), kept per lead like a post's revisions
 * (app/models/blog.server.ts): the newest saves, and one autosave per person.
 */

export type DocumentRevisionRow = ProposalDocumentRevisionRow
type Listed = Omit<DocumentRevisionRow, 'data'>

const numbers = <T extends Partial<DocumentRevisionRow>>(r: T): T => ({
  ...r,
  id: Number(r.id),
  proposalId: Number(r.proposalId),
  personId: r.personId == null ? null : Number(r.personId),
  totalCents: r.totalCents == null ? null : Number(r.totalCents),
  version: r.version == null ? null : Number(r.version),
})

/** Keeps a save and drops the oldest beyond `keep`: call it inside the save's transaction. */
export async function insertSave(db: Db, rev: Omit<DocumentRevisionRow, 'id' | 'kind'>, keep: number): Promise<void> {
  await db
    .insertInto('proposalDocumentRevisions')
    .values({ ...rev, kind: 'save' })
    .execute()
  const kept = db
    .selectFrom('proposalDocumentRevisions')
    .select('id')
    .where('proposalId', '=', rev.proposalId)
    .where('kind', '=', 'save')
    .orderBy('id', 'desc')
    .limit(keep)
  await db
    .deleteFrom('proposalDocumentRevisions')
    .where('proposalId', '=', rev.proposalId)
    .where('kind', '=', 'save')
    .where('id', 'not in', db.selectFrom(kept.as('k')).select('k.id'))
    .execute()
}

/** The person's autosave for this lead, replacing their previous one (another person's stays). */
export async function replaceAutosave(
  db: Db,
  rev: Omit<DocumentRevisionRow, 'id' | 'kind' | 'version'> & { personId: number },
): Promise<void> {
  // Two at once leave two rows: the newest is read, and the next autosave drops both.
  await deleteAutosave(db, rev.proposalId, rev.personId)
  await db
    .insertInto('proposalDocumentRevisions')
    .values({ ...rev, kind: 'autosave', version: null })
    .execute()
}

/** The person's autosave of the lead's proposal, as a condition. */
const autosaveOf = (proposalId: number, personId: number) => (eb: ExpressionBuilder<Database, 'proposalDocumentRevisions'>) =>
  eb.and([eb('proposalId', '=', proposalId), eb('kind', '=', 'autosave'), eb('personId', '=', personId)])

export async function deleteAutosave(db: Db, proposalId: number, personId: number): Promise<void> {
  await db.deleteFrom('proposalDocumentRevisions').where(autosaveOf(proposalId, personId)).execute()
}

export async function findAutosave(db: Db, proposalId: number, personId: number): Promise<DocumentRevisionRow | undefined> {
  const row = await db
    .selectFrom('proposalDocumentRevisions')
    .selectAll()
    .where(autosaveOf(proposalId, personId))
    .orderBy('id', 'desc')
    .executeTakeFirst()
  return row && numbers(row)
}

/** The saves, newest first, without their data. */
export async function findSaves(db: Db, proposalId: number): Promise<Listed[]> {
  const rows = await db
    .selectFrom('proposalDocumentRevisions')
    .select(['id', 'proposalId', 'kind', 'personId', 'personName', 'totalCents', 'version', 'createdAt'])
    .where('proposalId', '=', proposalId)
    .where('kind', '=', 'save')
    .orderBy('id', 'desc')
    .execute()
  return rows.map(numbers)
}

export async function findSave(db: Db, proposalId: number, id: number): Promise<DocumentRevisionRow | undefined> {
  const row = await db
    .selectFrom('proposalDocumentRevisions')
    .selectAll()
    .where('proposalId', '=', proposalId)
    .where('kind', '=', 'save')
    .where('id', '=', id)
    .executeTakeFirst()
  return row && numbers(row)
}
