import { sql } from 'kysely'
import { addColumns, createIndex, dropColumns, dropIndexes, type NamedMigration } from './shared.ts'

/** responsive image widths and cover alt text (issue 12) */
export default {
  name: '2026_11_24_005_image_variants',
  async up(db) {
    // Each upload's smaller widths and AVIF copies are rows of `uploads` too (served the same
    // way); `variant_of` names the original. Width and height of every row, so pages can give
    // <img> its size; NULL on an original means its variants are not made yet (docs/decisions/022).
    await addColumns(db, 'uploads', ['width integer', 'height integer', 'variant_of text'])
    await createIndex(db, 'uploads_variant_of_idx on uploads (variant_of)')
    // Cover alt text. '' is a decorative cover. Existing rows keep what the pages said so far:
    // posts showed their cover as decorative, projects as 'Screenshot of <title>'.
    await addColumns(db, 'blog_posts', ["image_alt text not null default ''"])
    await addColumns(db, 'portfolio_items', ["image_alt text not null default ''"])
    await db
      .updateTable('portfolio_items')
      .set({ image_alt: sql<string>`'Screenshot of ' || title` })
      .execute()
  },
  async down(db) {
    await dropColumns(db, 'portfolio_items', ['image_alt'])
    await dropColumns(db, 'blog_posts', ['image_alt'])
    await dropIndexes(db, ['uploads_variant_of_idx'])
    await db.deleteFrom('uploads').where('variant_of', 'is not', null).execute()
    await dropColumns(db, 'uploads', ['variant_of', 'height', 'width'])
  },
} satisfies NamedMigration
