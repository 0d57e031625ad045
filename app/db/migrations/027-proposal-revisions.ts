import { createIndex, createTable, dropTables, type NamedMigration } from './shared.ts'

/**
 * Issue 38 (docs/decisions/068, "Left for later"): the proposal editor's revisions and
 * autosaves, as posts have them. Keyed by the lead, since work is autosaved before the first
 * save makes the document; an autosave belongs to one person (one each per lead), a save is
 * kept with who made it, its total and the version it made (0 for a draft).
 */
export default {
  name: '2026_11_30_c_proposal_revisions',
  async up(db) {
    await createTable(db, 'proposal_document_revisions', [
      'id',
      'proposal_id integer not null references proposals.id on delete cascade',
      // save | autosave,
      'kind text not null',
      'person_id integer',
      'person_name text not null',
      'total_cents integer',
      // A save: the draft's JSON (DocumentDraft); an autosave: the editor's fields as typed.,
      'version integer',
      'data text not null',
      'created_at text not null',
    ])
    await createIndex(db, 'proposal_document_revisions_idx on proposal_document_revisions (proposal_id, kind, id)')
    // Each document saved before this migration starts its list with what it holds now.
    // One-word aliases: the app's Kysely renames multi-word columns (CamelCasePlugin), a bare one does not.
    const docs = (await db
      .selectFrom('proposal_documents')
      .select(['proposal_id as lead', 'draft', 'total_cents as total', 'version', 'created_by as author', 'updated_at as at'])
      .execute()) as { lead: number; draft: string; total: number; version: number; author: string; at: string }[]
    for (const d of docs) {
      await db
        .insertInto('proposal_document_revisions')
        .values({
          proposal_id: d.lead,
          kind: 'save',
          person_id: null,
          person_name: d.author,
          total_cents: d.total,
          version: d.version,
          data: d.draft,
          created_at: d.at,
        })
        .execute()
    }
  },
  async down(db) {
    await dropTables(db, ['proposal_document_revisions'])
  },
} satisfies NamedMigration
