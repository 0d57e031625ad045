import type { Db } from '~/db/db.server.ts'
import { addDays, dayIn, daysSpan, zoneInWords } from '~/lib/agency-days.ts'
import { findBlogPosts, findBlogStats } from '~/models/blog.server.ts'
import { findProposalDatesSince } from '~/models/lead-counts.server.ts'
import { countPageViewsPerDay } from '~/models/page-views.server.ts'
import { countProposals, findProposals } from '~/models/proposals.server.ts'
import { requirePermission, type Admin } from './actor.server.ts'
import { getSettings } from './settings.server.ts'

export const RECENT_COUNT = 3
const CHART_DAYS = 30

/** Everything the dashboard shows, in one call. The chart's days are the agency's (settings.timeZone). */
export async function getDashboard(db: Db, admin: Admin, now = new Date()) {
  requirePermission(admin, 'dashboard')
  const zone = (await getSettings(db)).timeZone
  const today = dayIn(zone, now)
  const days: string[] = []
  for (let i = CHART_DAYS - 1; i >= 0; i--) days.push(addDays(today, -i))
  const [counts, blogStats, recentProposals, recentPosts, proposalDates, viewsPerDay] = await Promise.all([
    countProposals(db),
    findBlogStats(db),
    findProposals(db, { limit: RECENT_COUNT }),
    findBlogPosts(db, { limit: RECENT_COUNT }),
    findProposalDatesSince(db, daysSpan(zone, days[0], today).from),
    countPageViewsPerDay(db, days[0]),
  ])
  const proposalsPerDay: Record<string, number> = {}
  for (const date of proposalDates) {
    const day = dayIn(zone, new Date(date))
    proposalsPerDay[day] = (proposalsPerDay[day] ?? 0) + 1
  }
  const total = Object.values(counts).reduce((a, b) => a + b, 0)
  const chart = days.map((day) => ({ day, proposals: proposalsPerDay[day] ?? 0, views: viewsPerDay[day] ?? 0 }))
  return {
    zoneWords: zoneInWords(zone),
    proposalStats: { total, pending: counts.pending ?? 0 },
    blogStats,
    recentProposals,
    recentPosts,
    chart,
    conversion: conversionRate(chart),
  }
}

/**
 * Requests per 100 page views over the chart's period (one decimal), or null without views.
 * Page views stand in for visits: the site counts views per page and day, not visitors.
 */
export function conversionRate(chart: readonly { proposals: number; views: number }[]): { proposals: number; views: number; per100: number | null } {
  const proposals = chart.reduce((a, d) => a + d.proposals, 0)
  const views = chart.reduce((a, d) => a + d.views, 0)
  return { proposals, views, per100: views > 0 ? Math.round((proposals / views) * 1000) / 10 : null }
}
