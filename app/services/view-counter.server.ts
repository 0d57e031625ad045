import type { Db } from '~/db/db.server.ts'
import { addBlogViews, addBlogViewsBySlug } from '~/models/blog.server.ts'

/**
 * Post views are counted in memory and written in one statement per post every few seconds,
 * so a popular post costs no disk write per read. A crash can lose the last few seconds of
 * view counts (never a proposal or a post); a graceful stop flushes them.
 */
export function createViewCounter(db: Db, flushMs = 2000) {
  const pending = new Map<number, number>()
  // Reads of cached pages, which know their address (/blog/{slug}) and not the post's id.
  const pendingSlugs = new Map<string, number>()
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  /**
   * Writes the counts so far. Never throws: a count the database refused (it is down, say) goes
   * back into the batch for the next flush, which is scheduled again.
   */
  async function flush() {
    const batch = [...pending]
    const slugs = [...pendingSlugs]
    pending.clear()
    pendingSlugs.clear()
    let failed = false
    const keep = <K>(into: Map<K, number>, key: K, n: number) => {
      failed = true
      into.set(key, (into.get(key) ?? 0) + n)
    }
    for (const [id, n] of batch) await addBlogViews(db, id, n).catch(() => keep(pending, id, n))
    for (const [slug, n] of slugs) await addBlogViewsBySlug(db, slug, n).catch(() => keep(pendingSlugs, slug, n))
    if (failed && !stopped) schedule()
  }

  function schedule() {
    if (!timer) {
      timer = setTimeout(() => {
        timer = undefined
        void flush()
      }, flushMs)
      timer.unref()
    }
  }

  return {
    /** Counts one view and returns how many this instance has not written yet for the post. */
    count(id: number): number {
      const n = (pending.get(id) ?? 0) + 1
      pending.set(id, n)
      schedule()
      return n
    },
    /** Counts one view of the post at /blog/{slug}. */
    countSlug(slug: string): void {
      pendingSlugs.set(slug, (pendingSlugs.get(slug) ?? 0) + 1)
      schedule()
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = undefined
      await flush()
    },
  }
}

export type ViewCounter = ReturnType<typeof createViewCounter>
