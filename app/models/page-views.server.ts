import { sql } from 'kysely'
import type { Db } from '~/db/db.server.ts'

/** One row per day and path, incremented in place (by `n`, a batch's views): the table stays small whatever the traffic. */
export async function incrementPageView(db: Db, day: string, path: string, n = 1): Promise<void> {
  await db
    .insertInto('pageViews')
    .values({ day, path, count: n })
    .onConflict((oc) => oc.columns(['day', 'path']).doUpdateSet({ count: sql`page_views.count + ${n}` }))
    .execute()
}

export async function countPageViewsPerDay(db: Db, sinceDay: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('pageViews')
    .select(['day', (eb) => eb.fn.sum<string>('count').as('n')])
    .where('day', '>=', sinceDay)
    .groupBy('day')
    .execute()
  return Object.fromEntries(rows.map((r) => [r.day, Number(r.n)]))
}
