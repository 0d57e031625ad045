import type { Db } from '~/db/db.server.ts'
import { blogPostId, blogPostSlug, PUBLIC_PAGES } from '~/lib/public-paths.ts'
import { findBlogPost, findBlogPostBySlug } from '~/models/blog.server.ts'
import { incrementPageView } from '~/models/page-views.server.ts'
import { RateLimitedError } from './errors.server.ts'
import { PAGE_VIEW_LIMIT, addressSubject, consume } from './rate-limit.server.ts'
import { getSettings } from './settings.server.ts'

const PAGES = new Set<string>(PUBLIC_PAGES)

/** Only pages that exist count: a made-up path would otherwise add a row to the dashboard. */
async function isPublicPage(db: Db, path: string): Promise<boolean> {
  if (PAGES.has(path)) return true
  const slug = blogPostSlug(path)
  if (slug !== undefined) return (await findBlogPostBySlug(db, slug))?.status === 'published'
  const id = blogPostId(path)
  if (id === undefined) return false
  return (await findBlogPost(db, id))?.status === 'published'
}

/**
 * Counts one view of a public page, only while the analytics setting is on, and at most
 * PAGE_VIEW_LIMIT per address (an IPv6 address by its /64) and hour. No visitor data is kept (the
 * address only keys the limit).
 */
export async function recordPageView(db: Db, rawPath: string, clientIp: string, now = new Date()): Promise<boolean> {
  const path = rawPath.split(/[?#]/)[0]
  if (!(await isPublicPage(db, path))) return false
  if (!(await getSettings(db)).enableAnalytics) return false
  try {
    await db.transaction().execute(async (trx) => {
      await consume(trx, PAGE_VIEW_LIMIT, addressSubject(clientIp), now.getTime())
      await incrementPageView(trx, now.toISOString().slice(0, 10), path)
    })
    return true
  } catch (err) {
    if (err instanceof RateLimitedError) return false
    throw err
  }
}
