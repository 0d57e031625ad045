import type { Db } from '~/db/db.server.ts'
import { addDays, dayIn, daysSpan } from '~/lib/agency-days.ts'
import { zoneTitle } from '~/lib/agency-time.ts'
import { findBlogPosts, findBlogStats } from '~/models/blog.server.ts'
import { findProposalDatesSince } from '~/models/lead-counts.server.ts'
import { countPageViewsPerDay } from '~/models/page-views.server.ts'
import { countProposals, findProposals } from '~/models/proposals.server.ts'
import { findDocumentFigures } from '~/models/proposal-documents.server.ts'
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
  const since = daysSpan(zone, days[0], today).from
  const [counts, blogStats, recentProposals, recentPosts, proposalDates, viewsPerDay, documents] = await Promise.all([
    countProposals(db),
    findBlogStats(db),
    findProposals(db, { limit: RECENT_COUNT }),
    findBlogPosts(db, { limit: RECENT_COUNT }),
    findProposalDatesSince(db, daysSpan(zone, days[0], today).from),
    countPageViewsPerDay(db, days[0]),
    findDocumentFigures(db, since),
  ])
  const proposalsPerDay: Record<string, number> = {}
  for (const date of proposalDates) {
    const day = dayIn(zone, new Date(date))
    proposalsPerDay[day] = (proposalsPerDay[day] ?? 0) + 1
  }
  const total = Object.values(counts).reduce((a, b) => a + b, 0)
  const chart = days.map((day) => ({ day, proposals: proposalsPerDay[day] ?? 0, views: viewsPerDay[day] ?? 0 }))
  return {
    zoneWords: zoneTitle(zone),
    proposalStats: { total, pending: counts.pending ?? 0 },
    blogStats,
    recentProposals,
    recentPosts,
    chart,
    conversion: conversionRate(chart),
    proposalDocuments: documentFigures(documents),
  }
}

/**
 * Proposals to clients over the chart's period (issue 38): sent, accepted, the accepted ones'
 * value, and the median time from the request to its acceptance in days (one decimal; null when
 * none was accepted).
 */
export function documentFigures(f: { sent: number; accepted: { totalCents: number; requestedAt: string; decidedAt: string }[] }) {
  const days = f.accepted
    .map((a) => (Date.parse(a.decidedAt) - Date.parse(a.requestedAt)) / 86_400_000)
    .filter((d) => Number.isFinite(d))
    .sort((a, b) => a - b)
  const mid = Math.floor(days.length / 2)
  const median = days.length === 0 ? null : days.length % 2 ? days[mid] : (days[mid - 1] + days[mid]) / 2
  return {
    sent: f.sent,
    accepted: f.accepted.length,
    acceptedCents: f.accepted.reduce((sum, a) => sum + a.totalCents, 0),
    medianDaysToAccept: median === null ? null : Math.round(median * 10) / 10,
  }
}

/**
 * Requests per 100 page views over the chart's period (one decimal), or null without views.
 * Page views stand in for visits: the site counts views per page and day, not visitors.
 */
export function conversionRate(chart: readonly { proposals: number; views: number }[]): {
  proposals: number
  views: number
  per100: number | null
} {
  const proposals = chart.reduce((a, d) => a + d.proposals, 0)
  const views = chart.reduce((a, d) => a + d.views, 0)
  return { proposals, views, per100: views > 0 ? Math.round((proposals / views) * 1000) / 10 : null }
}
