import { sql, type ExpressionBuilder, type Transaction } from 'kysely'
import type { Db } from '~/db/db.server.ts'
import type { Database } from '~/db/schema.ts'
import type { LeadAttribution } from '~/lib/lead-attribution.ts'

type Tx = Db | Transaction<Database>

export type { LeadAttribution }
export const ATTRIBUTION_COLUMNS = ['visitSource', 'visitCampaign', 'landingPath', 'firstTools'] as const

/** The first touch of a visitor's day. */
export interface FirstTouch {
  source: string
  medium: string
  campaign: string
  referrer: string
  landingPath: string
  device: string
  country: string
}

/** Today's salt, made by whichever instance asks first; older days' salts are deleted then. */
export async function daySalt(db: Db, day: string, fresh: () => string): Promise<string> {
  const found = await db.selectFrom('visitSalts').select('salt').where('day', '=', day).executeTakeFirst()
  if (found) return found.salt
  await db
    .insertInto('visitSalts')
    .values({ day, salt: fresh() })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute()
  await db.deleteFrom('visitSalts').where('day', '<', day).execute()
  return (await db.selectFrom('visitSalts').select('salt').where('day', '=', day).executeTakeFirstOrThrow()).salt
}

async function bumpSource(
  db: Tx,
  key: { day: string; source: string; campaign: string },
  column: 'visits' | 'leads' | 'converted',
): Promise<void> {
  await db
    .insertInto('visitSourcesDaily')
    .values({ ...key, [column]: 1 })
    .onConflict((oc) =>
      oc.columns(['day', 'source', 'campaign']).doUpdateSet({ [column]: sql`visit_sources_daily.${sql.ref(column)} + 1` }),
    )
    .execute()
}

async function bumpFacet(db: Tx, day: string, facet: string, value: string): Promise<void> {
  await db
    .insertInto('visitFacetsDaily')
    .values({ day, facet, value, visits: 1 })
    .onConflict((oc) => oc.columns(['day', 'facet', 'value']).doUpdateSet({ visits: sql`visit_facets_daily.visits + 1` }))
    .execute()
}

async function bumpFunnel(db: Tx, day: string, step: number): Promise<void> {
  await db
    .insertInto('funnelDaily')
    .values({ day, step, visitors: 1 })
    .onConflict((oc) => oc.columns(['day', 'step']).doUpdateSet({ visitors: sql`funnel_daily.visitors + 1` }))
    .execute()
}

/** Funnel steps as bits of visits.funnel; funnel_daily.step is the bit's index (0 = landed). */
const stepsOf = (bits: number) => [0, 1, 2, 3].filter((i) => bits & (1 << i))

/**
 * Marks funnel steps reached by a visitor today; each step is counted once per visitor (the
 * conditional update is what decides it, so two parallel views cannot count a step twice).
 */
export async function reachFunnel(db: Tx, day: string, visitor: string, bits: number): Promise<void> {
  for (const step of stepsOf(bits)) {
    if (await setFunnelBit(db, day, visitor, 1 << step)) await bumpFunnel(db, day, step)
  }
}

/**
 * Sets one bit of the visitor's funnel for the day; true only for the request that set it (the
 * conditional update decides, so two at once cannot both count it).
 */
async function setFunnelBit(db: Tx, day: string, visitor: string, bit: number): Promise<boolean> {
  const hit = await db
    .updateTable('visits')
    .set({ funnel: sql`funnel | ${bit}` })
    .where('day', '=', day)
    .where('visitor', '=', visitor)
    .where(sql<boolean>`(funnel & ${bit}) = 0`)
    .executeTakeFirst()
  return Number(hit.numUpdatedRows) > 0
}

/**
 * Counts a page view (or `views` of them, a batch's) of a visitor's day: the first one stores the
 * first touch and counts a visit in the rollups; every one adds to the visit's views and reaches
 * the pages' funnel steps.
 */
export async function addVisitView(db: Tx, day: string, visitor: string, touch: FirstTouch, funnelBits: number, views = 1): Promise<void> {
  const created = await db
    .insertInto('visits')
    .values({ day, visitor, ...touch, funnel: 1, views })
    .onConflict((oc) => oc.columns(['day', 'visitor']).doNothing())
    .returning('visitor')
    .executeTakeFirst()
  if (created) {
    await bumpSource(db, { day, source: touch.source, campaign: touch.campaign }, 'visits')
    await bumpFacet(db, day, 'device', touch.device)
    if (touch.country) await bumpFacet(db, day, 'country', touch.country)
    await bumpFunnel(db, day, 0)
  } else {
    await db
      .updateTable('visits')
      .set({ views: sql`views + ${views}` })
      .where('day', '=', day)
      .where('visitor', '=', visitor)
      .execute()
  }
  await reachFunnel(db, day, visitor, funnelBits & ~1)
}

/** Adds a tool to the visit's list the first time it is used (in order of first use). */
export async function addVisitTool(db: Tx, day: string, visitor: string, tool: string): Promise<boolean> {
  const hit = await db
    .updateTable('visits')
    .set({ tools: sql`case when tools = '' then ${tool} else tools || ',' || ${tool} end` })
    .where('day', '=', day)
    .where('visitor', '=', visitor)
    .where(sql<boolean>`(',' || tools || ',') not like ${`%,${tool},%`}`)
    .executeTakeFirst()
  return Number(hit.numUpdatedRows) > 0
}

export async function findVisit(db: Tx, day: string, visitor: string) {
  return db.selectFrom('visits').selectAll().where('day', '=', day).where('visitor', '=', visitor).executeTakeFirst()
}

/** A lead counts for its visit's source and campaign that day (or for NOT_TRACKED). */
export async function addLead(db: Tx, day: string, source: string, campaign: string): Promise<void> {
  await bumpSource(db, { day, source, campaign }, 'leads')
}

/** visits.funnel's bit for "sent a lead of any kind" (not a funnel step shown: conversion's numerator). */
export const LEAD_BIT = 16

/**
 * Marks the visitor as converted (sent a lead) the first time only, and counts them for their
 * source and campaign: a visitor who sends three requests is one converted visitor.
 */
export async function markConverted(db: Tx, day: string, visitor: string, source: string, campaign: string): Promise<void> {
  if (await setFunnelBit(db, day, visitor, LEAD_BIT)) await bumpSource(db, { day, source, campaign }, 'converted')
}

// ----- the dashboard's reads: rollups only -----

type Range = { from: string; to: string }

/** The rollups' days within the range, both ends included (each table read below has a `day`). */
const inRange =
  (r: Range) =>
  <T extends keyof Database>(eb: ExpressionBuilder<Database, T>) =>
    eb.and([eb(sql.ref('day'), '>=', r.from), eb(sql.ref('day'), '<=', r.to)])

/** Tracked visitors, and those of them who sent a lead, over the days of a range. */
export async function sumVisitors(db: Db, r: Range): Promise<{ visitors: number; converted: number }> {
  const row = await db
    .selectFrom('visitSourcesDaily')
    .select([(eb) => eb.fn.sum<string>('visits').as('visitors'), (eb) => eb.fn.sum<string>('converted').as('converted')])
    .where(inRange(r))
    .executeTakeFirst()
  return { visitors: Number(row?.visitors ?? 0), converted: Number(row?.converted ?? 0) }
}

export async function sumPageViews(db: Db, r: Range): Promise<number> {
  const row = await db
    .selectFrom('pageViews')
    .select((eb) => eb.fn.sum<string>('count').as('n'))
    .where(inRange(r))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

export async function topPages(db: Db, r: Range, limit: number): Promise<{ path: string; views: number }[]> {
  const rows = await db
    .selectFrom('pageViews')
    .select(['path', (eb) => eb.fn.sum<string>('count').as('views')])
    .where(inRange(r))
    .groupBy('path')
    .orderBy('views', 'desc')
    .orderBy('path')
    .limit(limit)
    .execute()
  return rows.map((x) => ({ path: x.path, views: Number(x.views) }))
}

/** Visitors and converted visitors per source, or per source and campaign (campaigns only, '' left out); every row of the range. */
export async function visitorsBySource(
  db: Db,
  r: Range,
  byCampaign: boolean,
): Promise<{ source: string; campaign: string; visitors: number; converted: number }[]> {
  const qb = db
    .selectFrom('visitSourcesDaily')
    .select(['source', (eb) => eb.fn.sum<string>('visits').as('visitors'), (eb) => eb.fn.sum<string>('converted').as('converted')])
    .where(inRange(r))
  const rows = byCampaign
    ? await qb.select('campaign').where('campaign', '<>', '').groupBy(['source', 'campaign']).execute()
    : await qb
        .select(sql<string>`''`.as('campaign'))
        .groupBy('source')
        .execute()
  return rows.map((x) => ({ source: x.source, campaign: x.campaign, visitors: Number(x.visitors), converted: Number(x.converted) }))
}

export async function facetCounts(db: Db, r: Range, facet: string, limit: number): Promise<{ value: string; visitors: number }[]> {
  const rows = await db
    .selectFrom('visitFacetsDaily')
    .select(['value', (eb) => eb.fn.sum<string>('visits').as('visitors')])
    .where('facet', '=', facet)
    .where(inRange(r))
    .groupBy('value')
    .orderBy('visitors', 'desc')
    .orderBy('value')
    .limit(limit)
    .execute()
  return rows.map((x) => ({ value: x.value, visitors: Number(x.visitors) }))
}

export async function funnelCounts(db: Db, r: Range): Promise<Record<number, number>> {
  const rows = await db
    .selectFrom('funnelDaily')
    .select(['step', (eb) => eb.fn.sum<string>('visitors').as('n')])
    .where(inRange(r))
    .groupBy('step')
    .execute()
  return Object.fromEntries(rows.map((x) => [Number(x.step), Number(x.n)]))
}
