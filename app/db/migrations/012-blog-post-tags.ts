import type { NamedMigration } from './shared.ts'

/**
 * A post's tags (a JSON array of names), kept from a WordPress or Ghost import and written back
 * by the export; the site itself files posts under one category.
 */
export default {
  name: '2026_11_26_blog_post_tags',
  async up(db) {
    await db.schema
      .alterTable('blog_posts')
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute()
  },
  async down(db) {
    await db.schema.alterTable('blog_posts').dropColumn('tags').execute()
  },
} satisfies NamedMigration
