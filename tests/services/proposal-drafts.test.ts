import { Migrator } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase, type DatabaseHandle } from '~/db/db.server.ts'
import { migrationProvider } from '~/db/migrations/index.ts'
import { ProposalSchema } from '~/lib/schemas.ts'
import { documentFormValues } from '~/lib/proposal-document-schemas.ts'
import { PRICE_LIST } from '~/content/pricing.ts'
import { findActivity } from '~/models/activity-log.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { ForbiddenError, NotFoundError } from '~/infra/errors.server.ts'
import { DocumentClosedError, getLeadDocument, saveDocument, sendDocument } from '~/services/proposal-documents.server.ts'
import { prefillDocument } from '~/services/proposal-document-drafting.server.ts'
import { acceptDocument, openDocument } from '~/services/proposal-document-client.server.ts'
import {
  autosaveDocument,
  discardDocumentAutosave,
  listDocumentRevisions,
  previewDocument,
  readDocumentAutosave,
  restoreDocumentRevision,
} from '~/services/proposal-drafts.server.ts'
import { submitProposal } from '~/services/proposals.server.ts'
import { dialects, resetPostgres, validProposal } from '../helpers/app.ts'
import { freshDatabase, rejection, signInAdmin } from './db.ts'

// Issue 38, "Writing": autosave and revisions as for posts, and a preview exactly as the client sees it.
describe.each(dialects())('proposal drafts and revisions on %s', (_name, url) => {
  let h: DatabaseHandle
  let owner: Admin
  /** A second person writing proposals (sales): their autosave is their own. */
  let sam: Admin
  let n = 0
  let clock = Date.parse('2026-11-20T09:00:00Z')
  /** Each step a minute after the last, so "newest first" is about time as well as order. */
  const tick = () => (clock += 60_000)
  beforeAll(async () => {
    h = await freshDatabase(url())
    owner = await signInAdmin(h.db)
    sam = { ...owner, id: owner.id + 100, username: 'sam', displayName: 'Sam Sales', role: 'sales' }
  })
  afterAll(async () => {
    await h.close()
  })

  const lead = async (name = 'Dora Draft') =>
    submitProposal(
      h.db,
      ProposalSchema.parse({
        ...validProposal(),
        name,
        email: `draft${++n}@example.com`,
        source: 'estimator',
        sourceData: 'type=business&pages=5&addons=seo&urgency=standard',
      }),
      `drafts-${n}`,
    )
  const fields = async (proposalId: number) => documentFormValues(PRICE_LIST, await prefillDocument(h.db, proposalId))

  it('keeps an autosave per person, offers it back to that person only, and a save clears it', async () => {
    const { id } = await lead()
    // Before the first save too: the pre-filled proposal, typed into, then the tab closed.
    const typed = { ...(await fields(id)), title: 'Owner’s working title', summary: '<p>Draft <script>alert(1)</script>words</p>' }
    await autosaveDocument(h.db, owner, id, typed, tick())
    await autosaveDocument(h.db, sam, id, { ...typed, title: 'Sam’s working title' }, tick())
    const mine = await readDocumentAutosave(h.db, owner, id)
    expect(mine?.values.title).toBe('Owner’s working title')
    expect(mine?.values.summary).toBe('<p>Draft words</p>')
    expect((await readDocumentAutosave(h.db, sam, id))?.values.title).toBe('Sam’s working title')

    // A second autosave replaces the person's first (one copy each).
    await autosaveDocument(h.db, owner, id, { ...typed, title: 'Owner’s second title' }, tick())
    expect((await readDocumentAutosave(h.db, owner, id))?.values.title).toBe('Owner’s second title')
    expect(
      await h.db.selectFrom('proposalDocumentRevisions').select('id').where('proposalId', '=', id).where('kind', '=', 'autosave').execute(),
    ).toHaveLength(2)

    // The owner saves: their copy is gone; Sam's stays, and names the owner's save since.
    const draft = await prefillDocument(h.db, id)
    await saveDocument(h.db, owner, id, { ...draft, title: 'Owner’s second title' }, tick())
    expect(await readDocumentAutosave(h.db, owner, id)).toBeNull()
    const sams = await readDocumentAutosave(h.db, sam, id)
    expect(sams?.values.title).toBe('Sam’s working title')
    expect(sams?.savedSinceBy?.name).toBe(owner.displayName)

    // A copy that holds just what is saved is not offered; Sam discards theirs.
    await autosaveDocument(h.db, owner, id, documentFormValues(PRICE_LIST, (await getLeadDocument(h.db, owner, id)).draft), tick())
    expect(await readDocumentAutosave(h.db, owner, id)).toBeNull()
    await discardDocumentAutosave(h.db, sam, id)
    expect(await readDocumentAutosave(h.db, sam, id)).toBeNull()
  })

  it('lists the saves newest first with who, when and the total', async () => {
    const { id } = await lead('Rhea Revisions')
    const draft = await prefillDocument(h.db, id)
    await saveDocument(h.db, owner, id, draft, tick())
    await saveDocument(h.db, sam, id, { ...draft, lines: { ...draft.lines, discountCents: 10_000 } }, tick())
    const list = await listDocumentRevisions(h.db, owner, id)
    expect(list.map((r) => r.personName)).toEqual(['Sam Sales', owner.displayName])
    expect(list[0].createdAt > list[1].createdAt).toBe(true)
    expect(list[1].totalCents! - list[0].totalCents!).toBe(10_000)
    expect(list.map((r) => r.version)).toEqual([0, 0])
  })

  it('restoring a revision makes a new save (history is kept), and on a sent proposal a new version the link shows', async () => {
    const { id } = await lead('Vera Versions')
    const draft = await prefillDocument(h.db, id)
    await saveDocument(h.db, owner, id, { ...draft, title: 'First words' }, tick())
    await saveDocument(h.db, owner, id, { ...draft, title: 'Second words' }, tick())
    let token = ''
    await sendDocument(h.db, owner, id, (t) => ((token = t), `http://site.test/p/${t}`))
    const [second, first] = await listDocumentRevisions(h.db, owner, id)

    const restored = await restoreDocumentRevision(h.db, sam, id, first.id, tick())
    expect(restored.version).toBe(2)
    expect(restored.state).toBe('sent')
    const client = await openDocument(h.db, token, { count: false })
    expect(client.content.title).toBe('First words')
    expect(client.content.version).toBe(2)
    const list = await listDocumentRevisions(h.db, owner, id)
    expect(list.map((r) => r.id).slice(1)).toEqual([second.id, first.id])
    expect(list[0]).toMatchObject({ personName: 'Sam Sales', version: 2 })
    const logged = (await findActivity(h.db, { itemType: 'proposal' })).find(
      (e) => e.itemId === String(id) && e.action === 'proposal-document.save',
    )
    expect(logged?.detail).toMatch(/^Restored the save of .* by .*\. Version 2 made/)

    // Once decided it no longer changes: a restore is refused like any edit.
    await acceptDocument(h.db, token, { signerName: 'Vera Versions', consent: true, version: 2 }, { ip: '198.51.100.9', userAgent: 'Test' })
    await rejection(restoreDocumentRevision(h.db, owner, id, second.id), DocumentClosedError)
    await rejection(autosaveDocument(h.db, owner, id, await fields(id)), DocumentClosedError)
    await rejection(restoreDocumentRevision(h.db, owner, id, 999_999), NotFoundError)
  })

  it('previews exactly what the client is shown: the version the link shows and its hash; for a draft, the version 1 sending freezes', async () => {
    const { id } = await lead('Pia Preview')
    await saveDocument(h.db, owner, id, await prefillDocument(h.db, id))
    const before = await previewDocument(h.db, owner, id)
    expect(before.content.version).toBe(1)
    let token = ''
    await sendDocument(h.db, owner, id, (t) => ((token = t), `http://site.test/p/${t}`))
    const client = await openDocument(h.db, token, { count: false })
    expect(before.sha256).toBe(client.sha256)
    expect(before.content).toEqual(client.content)
    const after = await previewDocument(h.db, owner, id)
    expect(after).toMatchObject({ sha256: client.sha256, content: client.content })
  })

  it('an editor or an author may not autosave, list, restore or preview', async () => {
    const { id } = await lead('Ezra Editor')
    for (const role of ['editor', 'author'] as const) {
      const as = { ...owner, role }
      await rejection(autosaveDocument(h.db, as, id, {}), ForbiddenError)
      await rejection(readDocumentAutosave(h.db, as, id), ForbiddenError)
      await rejection(listDocumentRevisions(h.db, as, id), ForbiddenError)
      await rejection(restoreDocumentRevision(h.db, as, id, 1), ForbiddenError)
      await rejection(previewDocument(h.db, as, id), ForbiddenError)
    }
  })
})

describe.each(dialects())('the proposal revisions upgrade on %s', (_name, url) => {
  it('starts the revisions of a proposal written before the upgrade with what it holds', async () => {
    const dbUrl = url()
    if (dbUrl.startsWith('postgres')) await resetPostgres(dbUrl)
    const h = openDatabase(dbUrl)
    try {
      const { error } = await new Migrator({ db: h.db, provider: migrationProvider }).migrateTo('2026_11_29_c_person_time_zone')
      expect(error).toBeUndefined()
      const lead = await submitProposal(h.db, ProposalSchema.parse({ ...validProposal(), name: 'Olga Older' }), 'drafts-upgrade')
      const draft = await prefillDocument(h.db, lead.id)
      const at = '2026-11-29T10:00:00.000Z'
      await h.db
        .insertInto('proposalDocuments')
        .values({
          proposalId: lead.id,
          title: draft.title,
          draft: JSON.stringify(draft),
          totalCents: 59_900,
          validUntil: draft.validUntil,
          state: 'draft',
          createdBy: 'olga',
          createdAt: at,
          updatedAt: at,
        })
        .execute()
      await migrateToLatest(h.db)
      const owner = await signInAdmin(h.db)
      expect(await listDocumentRevisions(h.db, owner, lead.id)).toEqual([
        { id: expect.any(Number), createdAt: at, personName: 'olga', totalCents: 59_900, version: 0 },
      ])
    } finally {
      await h.close()
    }
  })
})
