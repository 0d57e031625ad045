import type { Db } from '~/db/db.server.ts'
import { addDays, dayIn, daysInWords, daysSpan } from '~/lib/agency-days.ts'
import { zoneTitle } from '~/lib/agency-time.ts'
import { toCsv, neutralizeFormula } from '~/lib/csv.ts'
import { findLeadsIn, type LeadRow } from '~/models/lead-counts.server.ts'
import { facetCounts, funnelCounts, sumPageViews, sumVisitors, topPages, visitorsBySource } from '~/models/visits.server.ts'
import { FUNNEL_STEPS, NOT_TRACKED } from './analytics.server.ts'
import { requirePermission, type Admin } from './actor.server.ts'
import { getSettings } from './settings.server.ts'

/** The periods the dashboard offers, in days, each compared with the one before it. */
export const TRAFFIC_PERIODS = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 } as const
export type TrafficPeriod = keyof typeof TRAFFIC_PERIODS
export const TRAFFIC_TABLES = ['pages', 'sources', 'campaigns', 'funnel'] as const
export type TrafficTable = (typeof TRAFFIC_TABLES)[number]
const TOP = 10
/**
 * Below this many tracked visitors a conversion rate is noise (one visitor who writes is "100%"),
 * so the dashboard says "Not enough visits yet" instead (docs/METRICS.md).
 */
export const MIN_VISITORS_FOR_CONVERSION = 20

export const isTrafficPeriod = (v: unknown): v is TrafficPeriod => typeof v === 'string' && Object.hasOwn(TRAFFIC_PERIODS, v)

/** The period's days (the agency's days, today included) and the same number of days before them. */
export function periodRanges(period: TrafficPeriod, now: Date, zone = 'UTC') {
  const n = TRAFFIC_PERIODS[period]
  const end = dayIn(zone, now)
  return {
    current: { from: addDays(end, -(n - 1)), to: end },
    previous: { from: addDays(end, -(2 * n - 1)), to: addDays(end, -n) },
  }
}

/**
 * Visitors who sent a lead per 100 tracked visitors, one decimal: never above 100, since a visitor
 * counts once however many requests they send. Null below MIN_VISITORS_FOR_CONVERSION visitors.
 */
export const conversion = (converted: number, visitors: number): number | null =>
  visitors >= MIN_VISITORS_FOR_CONVERSION ? Math.round((Math.min(converted, visitors) / visitors) * 1000) / 10 : null

/** Leads by kind: proposals + messages + calls = total; `tracked` came from a counted visit. */
export type LeadSplit = { total: number; proposals: number; messages: number; calls: number; tracked: number }

function splitOf(leads: readonly LeadRow[]): LeadSplit {
  const n = (k: LeadRow['kind']) => leads.filter((l) => l.kind === k).length
  return {
    total: leads.length,
    proposals: n('proposal'),
    messages: n('message'),
    calls: n('call'),
    tracked: leads.filter((l) => l.source !== null).length,
  }
}

async function totals(db: Db, zone: string, r: { from: string; to: string }) {
  const [{ visitors, converted }, pageViews, leadRows] = await Promise.all([
    sumVisitors(db, r),
    sumPageViews(db, r),
    findLeadsIn(db, daysSpan(zone, r.from, r.to)),
  ])
  const leads = splitOf(leadRows)
  return { visitors, pageViews, leads, converted, conversion: conversion(converted, visitors), leadRows }
}

type SourceRow = { source: string; campaign: string; visitors: number; leads: number; converted: number; conversion: number | null }

/**
 * Visitors (rollups) and leads (the desk's rows) per source, or per source and campaign, the
 * top ones by visitors, then leads. Leads with no counted visit are one row, NOT_TRACKED.
 */
async function sourceRows(db: Db, r: { from: string; to: string }, leads: readonly LeadRow[], byCampaign: boolean): Promise<SourceRow[]> {
  const key = (source: string, campaign: string) => `${source}\0${byCampaign ? campaign : ''}`
  const rows = new Map<string, SourceRow>()
  const row = (source: string, campaign: string) => {
    const k = key(source, campaign)
    let found = rows.get(k)
    if (!found)
      rows.set(k, (found = { source, campaign: byCampaign ? campaign : '', visitors: 0, leads: 0, converted: 0, conversion: null }))
    return found
  }
  for (const v of await visitorsBySource(db, r, byCampaign))
    Object.assign(row(v.source, v.campaign), { visitors: v.visitors, converted: v.converted })
  for (const l of leads) {
    const campaign = l.campaign ?? ''
    if (byCampaign && (l.source === null || campaign === '')) continue
    row(l.source ?? NOT_TRACKED, campaign).leads++
  }
  return [...rows.values()]
    .map((x) => ({ ...x, conversion: conversion(x.converted, x.visitors) }))
    .sort(
      (a, b) => b.visitors - a.visitors || b.leads - a.leads || a.source.localeCompare(b.source) || a.campaign.localeCompare(b.campaign),
    )
    .slice(0, TOP)
}

/**
 * What the dashboard says about traffic for a period against the one before: visitors, page
 * views, leads (proposals + messages + calls) and conversion; top pages; sources and campaigns with
 * their leads; the funnel; devices and countries. Days are the agency's (settings.timeZone);
 * visits come from the daily rollups (docs/decisions/042), leads from the desk's own rows, so the
 * Leads figure is what the desk lists (docs/METRICS.md has every definition).
 */
export async function getTraffic(db: Db, admin: Admin, period: TrafficPeriod, now = new Date()) {
  requirePermission(admin, 'dashboard')
  const zone = (await getSettings(db)).timeZone
  const { current, previous } = periodRanges(period, now, zone)
  const [cur, prev, pages, funnel, devices, countries] = await Promise.all([
    totals(db, zone, current),
    totals(db, zone, previous),
    topPages(db, current, TOP),
    funnelCounts(db, current),
    facetCounts(db, current, 'device', TOP),
    facetCounts(db, current, 'country', TOP),
  ])
  const [sources, campaigns] = await Promise.all([
    sourceRows(db, current, cur.leadRows, false),
    sourceRows(db, current, cur.leadRows, true),
  ])
  const landed = funnel[0] ?? 0
  const strip = ({ leadRows: _rows, ...t }: typeof cur) => t
  return {
    period,
    current: { ...current, words: daysInWords(current.from, current.to) },
    previous: { ...previous, words: daysInWords(previous.from, previous.to) },
    zone: { name: zone, words: zoneTitle(zone) },
    minVisitorsForConversion: MIN_VISITORS_FOR_CONVERSION,
    totals: strip(cur),
    previousTotals: strip(prev),
    pages,
    sources,
    campaigns,
    funnel: FUNNEL_STEPS.map((label, i) => ({
      step: label,
      visitors: funnel[i] ?? 0,
      share: landed > 0 ? Math.round(((funnel[i] ?? 0) / landed) * 1000) / 10 : null,
    })),
    devices,
    countries,
  }
}

export type Traffic = Awaited<ReturnType<typeof getTraffic>>

const pct = (v: number | null) => (v === null ? '' : `${v}%`)

/** One of the dashboard's tables as CSV (the same rows it shows), cells neutralised. */
export function trafficCsv(t: Traffic, table: TrafficTable): string {
  const rows: (string | number)[][] =
    table === 'pages'
      ? [['Page', 'Page views'], ...t.pages.map((p) => [p.path, p.views])]
      : table === 'sources'
        ? [['Source', 'Visitors', 'Leads', 'Conversion'], ...t.sources.map((s) => [s.source, s.visitors, s.leads, pct(s.conversion)])]
        : table === 'campaigns'
          ? [
              ['Source', 'Campaign', 'Visitors', 'Leads', 'Conversion'],
              ...t.campaigns.map((s) => [s.source, s.campaign, s.visitors, s.leads, pct(s.conversion)]),
            ]
          : [['Step', 'Visitors', 'Share of landed'], ...t.funnel.map((f) => [f.step, f.visitors, pct(f.share)])]
  return toCsv(rows.map((r) => r.map((c) => neutralizeFormula(String(c)))))
}
