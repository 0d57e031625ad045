import { addColumns, createIndex, createTable, dropColumns, dropIndexes, dropTables, migrationSlug, type NamedMigration } from './shared.ts'
// Frozen data (never edited once shipped), so the migration keeps writing what it wrote.
import { SAMPLE_CASES, SAMPLES_AS_FIRST_SEEDED } from '../sample-cases.ts'

/**
 * Issue 35 §5: each project tells its case on a page of its own, /portfolio/{slug}: the
 * problem, what was built, results (a JSON list of { figure, label }), the client's words and
 * name, before and after. Slugs like the blog's (docs/decisions/021): unique, with a history
 * so an old address answers 301. The four sample projects, if still exactly as seeded, get
 * their cases and client-facing tags (docs/decisions/067).
 */
export default {
  name: '2026_11_28_l_portfolio_cases',
  async up(db) {
    await addColumns(db, 'portfolio_items', [
      'slug text',
      "problem text not null default ''",
      "solution text not null default ''",
      "quote text not null default ''",
      "quote_author text not null default ''",
      "quote_role text not null default ''",
      "before_text text not null default ''",
      "after_text text not null default ''",
      "results text not null default '[]'",
    ])
    const rows = (await db
      .selectFrom('portfolio_items')
      .select(['id', 'title', 'description', 'technologies'])
      .orderBy('id')
      .execute()) as {
      id: number
      title: string
      description: string
      technologies: string
    }[]
    const taken = new Set<string>()
    for (const row of rows) {
      const sample = SAMPLES_AS_FIRST_SEEDED[row.title]
      const unchanged =
        sample &&
        sample.description === row.description &&
        sample.technologies.join('\n') === (JSON.parse(row.technologies) as string[]).join('\n')
      const story = unchanged ? SAMPLE_CASES[row.title] : undefined
      const base = story?.slug ?? migrationSlug(row.title).replace(/^post$/, 'project')
      let slug = base
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
      taken.add(slug)
      await db
        .updateTable('portfolio_items')
        .set({
          slug,
          ...(story && {
            technologies: JSON.stringify(story.technologies),
            problem: story.problem,
            solution: story.solution,
            results: JSON.stringify(story.results),
            quote: story.quote,
            quote_author: story.quoteAuthor,
            quote_role: story.quoteRole,
            before_text: story.beforeText,
            after_text: story.afterText,
          }),
        })
        .where('id', '=', row.id)
        .execute()
    }
    await createIndex(db, 'unique portfolio_items_slug_uq on portfolio_items (slug)')
    await createTable(db, 'portfolio_slugs', [
      'slug text primary key',
      'project_id integer not null references portfolio_items.id on delete cascade',
      'created_at text not null',
    ])
    await createIndex(db, 'portfolio_slugs_project_idx on portfolio_slugs (project_id)')
    const now = new Date().toISOString()
    const slugged = (await db.selectFrom('portfolio_items').select(['id', 'slug']).execute()) as { id: number; slug: string }[]
    for (const row of slugged)
      await db.insertInto('portfolio_slugs').values({ slug: row.slug, project_id: row.id, created_at: now }).execute()
  },
  async down(db) {
    await dropTables(db, ['portfolio_slugs'])
    await dropIndexes(db, ['portfolio_items_slug_uq'])
    await dropColumns(db, 'portfolio_items', [
      'slug',
      'problem',
      'solution',
      'results',
      'quote',
      'quote_author',
      'quote_role',
      'before_text',
      'after_text',
    ])
  },
} satisfies NamedMigration
