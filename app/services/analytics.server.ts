import type { Db } from '~/db/db.server.ts'
import { incrementPageView } from '~/models/page-views.server.ts'
import { getSettings } from './settings.server.ts'

/** Counts one view of a public path, only while the analytics setting is on. No visitor data is kept. */
export async function recordPageView(db: Db, path: string, now = new Date()): Promise<boolean> {
  if (!(await getSettings(db)).enableAnalytics) return false
  await incrementPageView(db, now.toISOString().slice(0, 10), path.split('?')[0].slice(0, 300))
  return true
}
