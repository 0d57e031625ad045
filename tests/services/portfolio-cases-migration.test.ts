import { Migrator } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase, type DatabaseHandle } from '~/db/db.server.ts'
import { migrationProvider } from '~/db/migrations/index.ts'
import { SAMPLE_CASES, SAMPLES_AS_FIRST_SEEDED } from '~/db/sample-cases.ts'
import { resolveCaseAddress } from '~/services/portfolio.server.ts'
import { dialects, resetPostgres } from '../helpers/app.ts'

/**
 * Upgrading a site seeded before issue 35 §5: each project gets a slug (its case page's address);
 * a sample project still exactly as seeded gets its case and client-facing tags; one the admin
 * changed, and the admin's own projects, keep what they had with an empty case (docs/decisions/067).
 */
describe.each(dialects())('the portfolio cases upgrade on %s', (_name, url) => {
  let h: DatabaseHandle | undefined
  afterEach(async () => {
    await h?.close()
  })

  it('fills the cases of unchanged samples only, and gives every project a unique slug with its history', async () => {
    const dbUrl = url()
    if (dbUrl.startsWith('postgres')) await resetPostgres(dbUrl)
    h = openDatabase(dbUrl)
    const { error } = await new Migrator({ db: h.db, provider: migrationProvider }).migrateTo('2026_11_28_h_converted_visitors')
    expect(error).toBeUndefined()
    const now = new Date().toISOString()
    const add = (title: string, description: string, technologies: string[]) =>
      h!.db
        .insertInto('portfolioItems')
        .values({
          title,
          description,
          category: 'Business',
          image: '/x.svg',
          imageAlt: '',
          technologies: JSON.stringify(technologies),
          features: '[]',
          isLive: 1,
          liveUrl: null,
          status: 'active',
          createdAt: now,
          updatedAt: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    const seeded = Object.entries(SAMPLES_AS_FIRST_SEEDED)
    for (const [title, s] of seeded.slice(0, 3)) await add(title, s.description, s.technologies)
    const [editedTitle, edited] = seeded[3]
    await add(editedTitle, `${edited.description} Edited by the admin.`, edited.technologies)
    await add('My Own Project!', 'Mine.', ['Go'])
    await add('My Own Project', 'Mine too.', ['Go'])

    await migrateToLatest(h.db)
    const rows = await h.db.selectFrom('portfolioItems').selectAll().orderBy('id').execute()
    for (const row of rows.slice(0, 3)) {
      const story = SAMPLE_CASES[row.title]
      expect(row).toMatchObject({
        slug: story.slug,
        problem: story.problem,
        quote: story.quote,
        quoteAuthor: story.quoteAuthor,
        technologies: JSON.stringify(story.technologies),
      })
      expect(JSON.parse(row.results)).toEqual(story.results)
    }
    expect(rows[3]).toMatchObject({
      slug: 'brightpath-tutoring',
      problem: '',
      quote: '',
      results: '[]',
      technologies: JSON.stringify(edited.technologies),
    })
    expect(rows.slice(4).map((r) => r.slug)).toEqual(['my-own-project', 'my-own-project-2'])
    expect(await h.db.selectFrom('portfolioSlugs').select('slug').orderBy('slug').execute()).toHaveLength(6)
    expect(await resolveCaseAddress(h.db, 'my-own-project-2')).toMatchObject({ item: { title: 'My Own Project' } })
  })
})
