import { addColumns, createIndex, createTable, dropColumns, dropIndexes, dropTables, migrationSlug, type NamedMigration } from './shared.ts'

/** slugs, scheduling, revisions (issue 12) */
export default {
  name: '2026_11_24_002_publishing',
  async up(db) {
    // Readable addresses: every post gets a slug (filled in below for existing rows), unique.
    await addColumns(db, 'blog_posts', ['slug text'])
    // When a `scheduled` post goes public (ISO UTC); the scheduler flips due posts (docs/decisions/021).
    await addColumns(db, 'blog_posts', ['publish_at text'])
    const rows = await db.selectFrom('blog_posts').select(['id', 'title']).orderBy('id').execute()
    const taken = new Set<string>()
    for (const row of rows as { id: number; title: string }[]) {
      const base = migrationSlug(row.title)
      let slug = base
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
      taken.add(slug)
      await db.updateTable('blog_posts').set({ slug }).where('id', '=', row.id).execute()
    }
    await createIndex(db, 'unique blog_posts_slug_uq on blog_posts (slug)')
    await createIndex(db, 'blog_posts_status_publish_idx on blog_posts (status, publish_at)')

    // Every slug a post has had, current and old: the primary key reserves an address for its
    // post forever, so an old link keeps answering 301 to the post's current address.
    await createTable(db, 'blog_slugs', [
      'slug text primary key',
      'post_id integer not null references blog_posts.id on delete cascade',
      'created_at text not null',
    ])
    await createIndex(db, 'blog_slugs_post_idx on blog_slugs (post_id)')
    const now = new Date().toISOString()
    const slugged = await db.selectFrom('blog_posts').select(['id', 'slug']).execute()
    for (const row of slugged as { id: number; slug: string }[]) {
      await db.insertInto('blog_slugs').values({ slug: row.slug, post_id: row.id, created_at: now }).execute()
    }

    // Revisions: one row per save (the last 50 kept per post) and at most one autosave per post.
    await createTable(db, 'blog_revisions', [
      'id',
      'post_id integer not null references blog_posts.id on delete cascade',
      'kind text not null',
      'title text not null',
      'data text not null',
      'created_at text not null',
    ])
    await createIndex(db, 'blog_revisions_post_idx on blog_revisions (post_id, kind, id)')
  },
  async down(db) {
    await dropTables(db, ['blog_revisions', 'blog_slugs'])
    await dropIndexes(db, ['blog_posts_status_publish_idx', 'blog_posts_slug_uq'])
    await dropColumns(db, 'blog_posts', ['publish_at', 'slug'])
  },
} satisfies NamedMigration
