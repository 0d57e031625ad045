import { withId, migrationSlug, type NamedMigration } from './shared.ts'

/**
 * slugs, scheduling, revisions (issue 12)
 */
export default {
  name: '2026_11_24_002_publishing',
  async up(db) {
    // Readable addresses: every post gets a slug (filled in below for existing rows), unique.
    await db.schema.alterTable('blog_posts').addColumn('slug', 'text').execute()
    // When a `scheduled` post goes public (ISO UTC); the scheduler flips due posts (docs/decisions/021).
    await db.schema.alterTable('blog_posts').addColumn('publish_at', 'text').execute()
    const rows = await db.selectFrom('blog_posts').select(['id', 'title']).orderBy('id').execute()
    const taken = new Set<string>()
    for (const row of rows as { id: number; title: string }[]) {
      const base = migrationSlug(row.title)
      let slug = base
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
      taken.add(slug)
      await db.updateTable('blog_posts').set({ slug }).where('id', '=', row.id).execute()
    }
    await db.schema.createIndex('blog_posts_slug_uq').ifNotExists().unique().on('blog_posts').column('slug').execute()
    await db.schema.createIndex('blog_posts_status_publish_idx').ifNotExists().on('blog_posts').columns(['status', 'publish_at']).execute()

    // Every slug a post has had, current and old: the primary key reserves an address for its
    // post forever, so an old link keeps answering 301 to the post's current address.
    await db.schema
      .createTable('blog_slugs')
      .ifNotExists()
      .addColumn('slug', 'text', (c) => c.primaryKey())
      .addColumn('post_id', 'integer', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('blog_slugs_post_idx').ifNotExists().on('blog_slugs').column('post_id').execute()
    const now = new Date().toISOString()
    const slugged = await db.selectFrom('blog_posts').select(['id', 'slug']).execute()
    for (const row of slugged as { id: number; slug: string }[]) {
      await db.insertInto('blog_slugs').values({ slug: row.slug, post_id: row.id, created_at: now }).execute()
    }

    // Revisions: one row per save (the last 50 kept per post) and at most one autosave per post.
    await withId(db, 'blog_revisions')
      .addColumn('post_id', 'integer', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('blog_revisions_post_idx').ifNotExists().on('blog_revisions').columns(['post_id', 'kind', 'id']).execute()
  },
  async down(db) {
    await db.schema.dropTable('blog_revisions').ifExists().execute()
    await db.schema.dropTable('blog_slugs').ifExists().execute()
    await db.schema.dropIndex('blog_posts_status_publish_idx').ifExists().execute()
    await db.schema.dropIndex('blog_posts_slug_uq').ifExists().execute()
    await db.schema.alterTable('blog_posts').dropColumn('publish_at').execute()
    await db.schema.alterTable('blog_posts').dropColumn('slug').execute()
  },
} satisfies NamedMigration
