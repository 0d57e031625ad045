import type { Db } from '~/db/db.server.ts'

/** Every row of the tables a site's owner takes with them, oldest first. */
export async function findExportRows(db: Db) {
  const [posts, slugs, portfolio, proposals, messages, bookings] = await Promise.all([
    db.selectFrom('blogPosts').selectAll().orderBy('id').execute(),
    db.selectFrom('blogSlugs').selectAll().orderBy('postId').orderBy('createdAt').orderBy('slug').execute(),
    db.selectFrom('portfolioItems').selectAll().orderBy('id').execute(),
    db.selectFrom('proposals').selectAll().orderBy('id').execute(),
    db.selectFrom('contactMessages').selectAll().orderBy('id').execute(),
    db.selectFrom('bookings').selectAll().orderBy('id').execute(),
  ])
  return { posts, slugs, portfolio, proposals, messages, bookings }
}

/** The names of stored originals (not their variants, which are made again from them). */
export async function findOriginalUploadNames(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('uploads').select('name').where('variantOf', 'is', null).orderBy('name').execute()
  return rows.map((r) => r.name)
}

export async function findUploadBytes(db: Db, name: string) {
  return db.selectFrom('uploads').select(['name', 'contentType', 'bytes']).where('name', '=', name).executeTakeFirst()
}
