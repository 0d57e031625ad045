import type { Db } from '~/db/db.server.ts'
import { toCsv, neutralizeFormula } from '~/lib/csv.ts'
import { facetCounts, funnelCounts, sumPageViews, sumVisitsAndLeads, topPages, topSources } from '~/models/visits.server.ts'
import { FUNNEL_STEPS } from './analytics.server.ts'
import type { Admin } from './auth.server.ts'

/** The periods the dashboard offers, in days, each compared with the one before it. */
export const TRAFFIC_PERIODS = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 } as const
export type TrafficPeriod = keyof typeof TRAFFIC_PERIODS
export const TRAFFIC_TABLES = ['pages', 'sources', 'campaigns', 'funnel'] as const
export type TrafficTable = (typeof TRAFFIC_TABLES)[number]
const TOP = 10

export const isTrafficPeriod = (v: unknown): v is TrafficPeriod => typeof v === 'string' && Object.hasOwn(TRAFFIC_PERIODS, v)

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The period's days (UTC, today included) and the same number of days before them. */
export function periodRanges(period: TrafficPeriod, now: Date) {
  const n = TRAFFIC_PERIODS[period]
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const day = 86_400_000
  return {
    current: { from: dayOf(end - (n - 1) * day), to: dayOf(end) },
    previous: { from: dayOf(end - (2 * n - 1) * day), to: dayOf(end - n * day) },
  }
}

/** Leads per 100 visitors, one decimal; null without visitors. */
export const conversion = (leads: number, visitors: number): number | null => (visitors > 0 ? Math.round((leads / visitors) * 1000) / 10 : null)

async function totals(db: Db, r: { from: string; to: string }) {
  const [{ visitors, leads }, pageViews] = await Promise.all([sumVisitsAndLeads(db, r), sumPageViews(db, r)])
  return { visitors, pageViews, leads, conversion: conversion(leads, visitors) }
}

/**
 * What the dashboard says about traffic for a period against the one before: visitors, page
 * views, leads and conversion; top pages; sources and campaigns with their leads; the funnel;
 * devices and countries. Reads the daily rollups only (docs/decisions/042).
 */
export async function getTraffic(db: Db, _admin: Admin, period: TrafficPeriod, now = new Date()) {
  const { current, previous } = periodRanges(period, now)
  const [cur, prev, pages, sources, campaigns, funnel, devices, countries] = await Promise.all([
    totals(db, current),
    totals(db, previous),
    topPages(db, current, TOP),
    topSources(db, current, TOP, false),
    topSources(db, current, TOP, true),
    funnelCounts(db, current),
    facetCounts(db, current, 'device', TOP),
    facetCounts(db, current, 'country', TOP),
  ])
  const landed = funnel[0] ?? 0
  return {
    period,
    current,
    previous,
    totals: cur,
    previousTotals: prev,
    pages,
    sources: sources.map((s) => ({ ...s, conversion: conversion(s.leads, s.visitors) })),
    campaigns: campaigns.map((s) => ({ ...s, conversion: conversion(s.leads, s.visitors) })),
    funnel: FUNNEL_STEPS.map((label, i) => ({ step: label, visitors: funnel[i] ?? 0, share: landed > 0 ? Math.round(((funnel[i] ?? 0) / landed) * 1000) / 10 : null })),
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
          ? [['Source', 'Campaign', 'Visitors', 'Leads', 'Conversion'], ...t.campaigns.map((s) => [s.source, s.campaign, s.visitors, s.leads, pct(s.conversion)])]
          : [['Step', 'Visitors', 'Share of landed'], ...t.funnel.map((f) => [f.step, f.visitors, pct(f.share)])]
  return toCsv(rows.map((r) => r.map((c) => neutralizeFormula(String(c)))))
}
