import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { Migrator } from 'kysely'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { openDatabase } from '~/db/db.server.ts'
import { migrationProvider } from '~/db/migrations/index.ts'
import { BlogPostPatchSchema, BlogPostSchema, COVER_ALT_REQUIRED, PortfolioItemPatchSchema, PortfolioItemSchema } from '~/lib/schemas.ts'
import type { Admin } from '~/services/actor.server.ts'
import { createPost, updatePost } from '~/services/blog.server.ts'
import { createPortfolioItem, getPortfolioItem, updatePortfolioItem } from '~/services/portfolio.server.ts'
import { dialects, resetPostgres, validItem, validPost } from '../helpers/app.ts'
import { freshDatabase, signInAdmin } from './db.ts'

/** Cover pictures of posts and projects have their own alt text (docs/decisions/022). */
describe.each(dialects())('cover alt text on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  let dbUrl: string
  beforeAll(async () => {
    dbUrl = url()
    h = await freshDatabase(dbUrl)
    admin = await signInAdmin(h.db)
  })
  afterAll(async () => {
    await h.close()
  })

  it('refuses a cover without alt text unless it is marked decorative', () => {
    const item = { ...validItem(), imageAlt: '' }
    const refused = PortfolioItemSchema.safeParse(item)
    expect(refused.success).toBe(false)
    expect(refused.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['imageAlt', COVER_ALT_REQUIRED]])
    expect(PortfolioItemSchema.safeParse({ ...item, imageDecorative: true }).success).toBe(true)
    expect(PortfolioItemSchema.safeParse({ ...item, imageAlt: 'A bakery shop front' }).success).toBe(true)
    const post = { ...validPost(), image: '/uploads/x.webp', imageAlt: '  ' }
    expect(BlogPostSchema.safeParse(post).error?.issues.map((i) => i.path.join('.'))).toEqual(['imageAlt'])
    expect(BlogPostPatchSchema.safeParse({ image: '/uploads/x.webp', imageAlt: '' }).error?.issues.map((i) => i.path.join('.'))).toEqual([
      'imageAlt',
    ])
    // No cover, nothing to describe.
    expect(BlogPostSchema.safeParse({ ...validPost(), image: '', imageAlt: '' }).success).toBe(true)
  })

  it('stores the alt text, "" for a decorative cover, and the old default for clients that send none', async () => {
    const described = await createPortfolioItem(h.db, admin, PortfolioItemSchema.parse({ ...validItem(), imageAlt: 'The shop on a phone' }))
    expect(described.imageAlt).toBe('The shop on a phone')
    const decorative = await createPortfolioItem(
      h.db,
      admin,
      PortfolioItemSchema.parse({ ...validItem(), imageAlt: 'ignored', imageDecorative: true }),
    )
    expect(decorative.imageAlt).toBe('')
    const older = await createPortfolioItem(h.db, admin, PortfolioItemSchema.parse(validItem()))
    expect(older.imageAlt).toBe('Screenshot of Bakery shop')
    expect(older).not.toHaveProperty('imageDecorative')

    const updated = await updatePortfolioItem(h.db, admin, older.id, PortfolioItemPatchSchema.parse({ imageAlt: 'The bakery order page' }))
    expect(updated.imageAlt).toBe('The bakery order page')
    // A patch without alt text leaves it alone.
    await updatePortfolioItem(h.db, admin, older.id, PortfolioItemPatchSchema.parse({ title: 'Bakery shop 2' }))
    expect((await getPortfolioItem(h.db, admin, older.id)).imageAlt).toBe('The bakery order page')

    const post = await createPost(
      h.db,
      admin,
      BlogPostSchema.parse({ ...validPost(), image: '/images/blog/page-speed.svg', imageAlt: 'A speedometer' }),
    )
    expect(post.imageAlt).toBe('A speedometer')
    const plain = await createPost(h.db, admin, BlogPostSchema.parse({ ...validPost(), title: 'No alt sent' }))
    expect(plain.imageAlt).toBe('')
    const edited = await updatePost(h.db, admin, post.id, BlogPostPatchSchema.parse({ imageAlt: 'x', imageDecorative: true }))
    expect(edited.imageAlt).toBe('')
  })

  it('gives existing projects the alt text their cards showed before: "Screenshot of <title>"', async () => {
    await h.close()
    if (dbUrl.startsWith('postgres')) await resetPostgres(dbUrl)
    else dbUrl = url()
    h = openDatabase(dbUrl)
    const migrator = new Migrator({ db: h.db, provider: migrationProvider })
    const names = Object.keys(await migrationProvider.getMigrations())
    const before = names[names.indexOf('2026_11_24_005_image_variants') - 1]
    expect((await migrator.migrateTo(before)).error).toBeUndefined()
    const now = new Date().toISOString()
    await sql`insert into portfolio_items (title, description, category, image, created_at, updated_at) values ('Old shop', 'd', 'Business', '/images/x.svg', ${now}, ${now})`.execute(
      h.db,
    )
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    const row = await h.db.selectFrom('portfolioItems').select(['title', 'imageAlt']).executeTakeFirstOrThrow()
    expect(row).toEqual({ title: 'Old shop', imageAlt: 'Screenshot of Old shop' })
  })
})
