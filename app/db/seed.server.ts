import type { Db } from './db.server.ts'
import { SAMPLE_PORTFOLIO, SAMPLE_POSTS } from './seed-data.ts'
import { findSettingValues, upsertSettingValues } from '~/models/settings.server.ts'
import { claimPortfolioSlug, insertPortfolioItem } from '~/models/portfolio.server.ts'
import { claimSlug, insertBlogPost } from '~/models/blog.server.ts'
import { slugify } from '~/lib/publishing.ts'

export const SEEDED_KEY = 'seededAt'

/**
 * Fills an empty install with the sample portfolio and posts, once: a marker in settings
 * keeps content the admin deleted from coming back at the next start.
 */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  if ((await findSettingValues(db))[SEEDED_KEY]) return false
  await db.transaction().execute(async (trx) => {
    for (const item of SAMPLE_PORTFOLIO) {
      // Each sample's slug is its own (app/db/sample-cases.ts); the slug row reserves the address.
      const created = await insertPortfolioItem(trx, { ...item, liveUrl: item.liveUrl ?? null })
      await claimPortfolioSlug(trx, created.slug, created.id)
    }
    for (const post of SAMPLE_POSTS) {
      // Sample titles differ, so their slugs do too; the slug row reserves each address.
      const created = await insertBlogPost(trx, { ...post, slug: slugify(post.title) })
      await claimSlug(trx, created.slug, created.id)
    }
    await upsertSettingValues(trx, { [SEEDED_KEY]: new Date().toISOString() })
  })
  return true
}
