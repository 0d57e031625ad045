import { sql } from 'kysely'
import type { NamedMigration } from './shared.ts'

/**
 * responsive image widths and cover alt text (issue 12)
 */
export default {
  name: '2026_11_24_005_image_variants',
  async up(db) {
    // Each upload's smaller widths and AVIF copies are rows of `uploads` too (served the same
    // way); `variant_of` names the original. Width and height of every row, so pages can give
    // <img> its size; NULL on an original means its variants are not made yet (docs/decisions/022).
    await db.schema.alterTable('uploads').addColumn('width', 'integer').execute()
    await db.schema.alterTable('uploads').addColumn('height', 'integer').execute()
    await db.schema.alterTable('uploads').addColumn('variant_of', 'text').execute()
    await db.schema.createIndex('uploads_variant_of_idx').ifNotExists().on('uploads').column('variant_of').execute()
    // Cover alt text. '' is a decorative cover. Existing rows keep what the pages said so far:
    // posts showed their cover as decorative, projects as 'Screenshot of <title>'.
    await db.schema
      .alterTable('blog_posts')
      .addColumn('image_alt', 'text', (c) => c.notNull().defaultTo(''))
      .execute()
    await db.schema
      .alterTable('portfolio_items')
      .addColumn('image_alt', 'text', (c) => c.notNull().defaultTo(''))
      .execute()
    await db
      .updateTable('portfolio_items')
      .set({ image_alt: sql<string>`'Screenshot of ' || title` })
      .execute()
  },
  async down(db) {
    await db.schema.alterTable('portfolio_items').dropColumn('image_alt').execute()
    await db.schema.alterTable('blog_posts').dropColumn('image_alt').execute()
    await db.schema.dropIndex('uploads_variant_of_idx').ifExists().execute()
    await db.deleteFrom('uploads').where('variant_of', 'is not', null).execute()
    for (const c of ['variant_of', 'height', 'width']) await db.schema.alterTable('uploads').dropColumn(c).execute()
  },
} satisfies NamedMigration
