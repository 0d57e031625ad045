import { createHash, randomBytes } from 'node:crypto'
import Bowser from 'bowser'
import { isbot } from 'isbot'
import type { Transaction } from 'kysely'
import type { Db } from '~/db/db.server.ts'
import type { Database } from '~/db/schema.ts'
import { blogPostId, blogPostSlug, PUBLIC_PAGES } from '~/lib/public-paths.ts'
import { findBlogPost, findBlogPostBySlug } from '~/models/blog.server.ts'
import { incrementPageView } from '~/models/page-views.server.ts'
import { NO_ATTRIBUTION, type LeadAttribution } from '~/lib/lead-attribution.ts'
import {
  addLead,
  addVisitTool,
  addVisitView,
  daySalt,
  findVisit,
  markConverted,
  reachFunnel,
  type FirstTouch,
} from '~/models/visits.server.ts'
import { addBlogViewsBySlug } from '~/models/blog.server.ts'
import { dayIn } from '~/lib/agency-days.ts'
import { RateLimitedError } from '~/infra/errors.server.ts'
import { PAGE_VIEW_LIMIT, addressSubject, consume } from '~/infra/rate-limit.server.ts'
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

/** Who is visiting, as far as the visit needs: never stored, only hashed with the day's salt. */
export interface VisitorKey {
  ip: string
  userAgent: string
}

/** Where the visit came from, as the page-view beacon read it from the landing page. */
export interface VisitOrigin {
  /** document.referrer; a link from this site itself counts as direct. */
  referrer?: string
  utmSource?: string
  utmMedium?: string
  utmCampaign?: string
  ref?: string
  /** ISO country code from GeoIP, '' without it. */
  country?: string
  /** This site's host name(s), so that internal links are not a referrer. */
  ownHosts?: readonly string[]
}

/** Funnel steps, bit by bit: landed, looked at prices (pricing, estimator, builder), opened the proposal form, sent a request. */
export const FUNNEL_STEPS = ['Landed', 'Pricing, estimator or builder', 'Proposal form opened', 'Request sent'] as const
const CONSIDERED = 2
const FORM_OPENED = 4
const SENT = 8
export const TOOLS = ['estimator', 'builder', 'chat'] as const
export type Tool = (typeof TOOLS)[number]
/** A lead that came from no recorded visit (Do Not Track, a script, a visit from another day). */
export const NOT_TRACKED = '(not tracked)'
export const DIRECT = '(direct)'

function pageFunnelBits(path: string): number {
  if (path === '/pricing' || path === '/demo-builder') return CONSIDERED
  if (path === '/proposal') return FORM_OPENED
  return 0
}

/** The agency's day of a moment (settings.timeZone): every count is per agency day (docs/decisions/062). */
const today = (now: Date, zone: string) => dayIn(zone, now)

/** Salts cached per database and day (a day's salt never changes once made). */
const salts = new WeakMap<Db, { day: string; salt: string }>()

async function visitorHash(db: Db, key: VisitorKey, day: string): Promise<string> {
  let cached = salts.get(db)
  if (cached?.day !== day) {
    cached = { day, salt: await daySalt(db, day, () => randomBytes(32).toString('base64url')) }
    salts.set(db, cached)
  }
  return createHash('sha256').update(`${cached.salt}\0${key.ip}\0${key.userAgent}`).digest('base64url').slice(0, 22)
}

/** A bot by its user agent (the isbot list); an empty user agent is no browser either. */
export function isBotAgent(userAgent: string): boolean {
  return userAgent.trim() === '' || isbot(userAgent)
}

export function deviceClass(userAgent: string): 'phone' | 'tablet' | 'desktop' {
  const type = Bowser.parse(userAgent).platform.type
  return type === 'mobile' ? 'phone' : type === 'tablet' ? 'tablet' : 'desktop'
}

const clean = (v: string | undefined, max = 100) => (v ?? '').trim().toLowerCase().slice(0, max)

/** The referring site's domain only ('' for none, for this site itself, or for what is no web address). */
export function referrerDomain(referrer: string | undefined, ownHosts: readonly string[] = []): string {
  if (!referrer) return ''
  try {
    const url = new URL(referrer)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return ''
    const host = url.hostname.toLowerCase().replace(/^www\./, '')
    return ownHosts.some((h) => h.toLowerCase().replace(/^www\./, '') === host) ? '' : host.slice(0, 100)
  } catch {
    return ''
  }
}

/** The first touch of a visit: the campaign's source, else `ref`, else the referring domain, else direct. */
export function firstTouch(path: string, userAgent: string, origin: VisitOrigin): FirstTouch {
  const referrer = referrerDomain(origin.referrer, origin.ownHosts)
  return {
    source: clean(origin.utmSource) || clean(origin.ref) || referrer || DIRECT,
    medium: clean(origin.utmMedium),
    campaign: clean(origin.utmCampaign),
    referrer,
    landingPath: path,
    device: deviceClass(userAgent),
    country: (origin.country ?? '').slice(0, 2).toUpperCase(),
  }
}

/**
 * Counts one view of a public page, only while the analytics setting is on, and at most
 * PAGE_VIEW_LIMIT per address (an IPv6 address by its /64) and hour; a bot's view is not counted.
 * The visitor is known only by a hash of address and user agent with today's salt, which is
 * deleted the next day (docs/decisions/042): the first view of their day stores where they came
 * from, and every view goes into the daily rollups in the same transaction.
 */
export async function recordPageView(
  db: Db,
  rawPath: string,
  clientIp: string,
  now: Date,
  visit: { userAgent: string } & VisitOrigin,
): Promise<boolean> {
  const path = rawPath.split(/[?#]/)[0]
  const { userAgent } = visit
  if (isBotAgent(userAgent)) return false
  if (!(await isPublicPage(db, path))) return false
  const settings = await getSettings(db)
  if (!settings.enableAnalytics) return false
  const day = today(now, settings.timeZone)
  const visitor = await visitorHash(db, { ip: clientIp, userAgent }, day)
  try {
    await db.transaction().execute(async (trx) => {
      await consume(trx, PAGE_VIEW_LIMIT, addressSubject(clientIp), now.getTime())
      await incrementPageView(trx, day, path)
      await addVisitView(trx, day, visitor, firstTouch(path, userAgent, visit), pageFunnelBits(path))
      const slug = blogPostSlug(path)
      if (slug !== undefined) await addBlogViewsBySlug(trx, slug, 1)
    })
    return true
  } catch (err) {
    if (err instanceof RateLimitedError) return false
    throw err
  }
}

/**
 * Notes that a visitor used a tool (in order of first use); the estimator and the builder are also
 * the funnel's second step. Nothing is stored for a visitor with no counted view today.
 */
export async function recordToolUse(db: Db, tool: Tool, key: VisitorKey, now = new Date()): Promise<boolean> {
  if (isBotAgent(key.userAgent)) return false
  const settings = await getSettings(db)
  if (!settings.enableAnalytics) return false
  // The view that served the page may still wait in this instance's batch.
  await flushPendingViews(db)
  const day = today(now, settings.timeZone)
  const visitor = await visitorHash(db, key, day)
  return db.transaction().execute(async (trx) => {
    const added = await addVisitTool(trx, day, visitor, tool)
    if (added && tool !== 'chat') await reachFunnel(trx, day, visitor, CONSIDERED)
    return added
  })
}

/**
 * Where a lead came from: today's visit by the same visitor (the same hash, so no cookie and no
 * hidden field), counted as a lead for its source and campaign; a proposal also reaches the
 * funnel's last step. Runs inside the transaction that stores the lead. Without a visit (Do Not
 * Track, analytics off, a visit before midnight) the lead counts under NOT_TRACKED.
 */
export async function attributeLead(
  trx: Transaction<Database>,
  key: VisitorKey,
  kind: 'proposal' | 'message' | 'call',
  now = new Date(),
): Promise<LeadAttribution> {
  const day = today(now, (await getSettings(trx)).timeZone)
  const visitor = await visitorHash(trx, key, day)
  const visit = await findVisit(trx, day, visitor)
  if (!visit) {
    await addLead(trx, day, NOT_TRACKED, '')
    return NO_ATTRIBUTION
  }
  await addLead(trx, day, visit.source, visit.campaign)
  await markConverted(trx, day, visitor, visit.source, visit.campaign)
  if (kind === 'proposal') await reachFunnel(trx, day, visitor, FORM_OPENED | SENT)
  return {
    visitSource: visit.source,
    visitCampaign: visit.campaign || null,
    landingPath: visit.landingPath,
    firstTools: visit.tools || null,
  }
}

// ----- views counted when a page is served (docs/decisions/062) -----

/** The request headers that decide whether a served page counts as a view. */
export interface ServedRequest {
  method: string
  /** The path, without the query. */
  path: string
  /** The query string without `?` ('' for none). */
  query: string
  userAgent: string
  referrer?: string
  doNotTrack: boolean
  /** A back-office session cookie came with the request: staff are never counted. */
  signedIn: boolean
  /** A browser's speculative prefetch (Sec-Purpose / Purpose: prefetch): nobody has seen the page yet. */
  prefetch: boolean
}

/** A person's read of the JSON API (GET /api/blogs/:id) counts by the same rule: no bot, no Do Not Track. */
export function countsAsRead(userAgent: string, doNotTrack: boolean): boolean {
  return !doNotTrack && !isBotAgent(userAgent)
}

/** A view to count: what the served request said, and when. */
export interface ServedView {
  path: string
  ip: string
  at: number
  userAgent: string
  origin: VisitOrigin
}

/**
 * The one rule for what counts as a view, wherever it is counted: a GET of a public page by a
 * browser (never a bot, nor an empty user agent), not a prefetch, not from someone signed in to
 * the back office, not from a browser asking not to be tracked (Do Not Track or Global Privacy
 * Control). Whether the page exists (a published post) and whether analytics is on are checked
 * when the batch is written. Pure and synchronous: it runs on every page served.
 */
export function servedView(req: ServedRequest, ip: string, at: number): ServedView | null {
  if (req.method !== 'GET' || req.signedIn || req.doNotTrack || req.prefetch) return null
  if (!PAGES.has(req.path) && blogPostSlug(req.path) === undefined) return null
  if (isBotAgent(req.userAgent)) return null
  const params = new URLSearchParams(req.query)
  const tag = (name: string) => params.get(name)?.slice(0, 300) || undefined
  return {
    path: req.path,
    ip,
    at,
    userAgent: req.userAgent.slice(0, 500),
    origin: {
      referrer: req.referrer,
      utmSource: tag('utm_source'),
      utmMedium: tag('utm_medium'),
      utmCampaign: tag('utm_campaign'),
      ref: tag('ref'),
    },
  }
}

/** Flushers of batches not yet written, per database (a process may serve several in tests). */
const flushers = new WeakMap<Db, Set<() => Promise<void>>>()

/** Registers a batch's flush, so that a lead or tool event can write pending views first. */
export function onPendingViews(db: Db, flush: () => Promise<void>): () => void {
  let set = flushers.get(db)
  if (!set) flushers.set(db, (set = new Set()))
  set.add(flush)
  return () => set.delete(flush)
}

/**
 * Writes this process's pending served views now: called before a lead is stored (outside its
 * transaction), so a visitor who sends the form a moment after the page was served is known.
 */
export async function flushPendingViews(db: Db): Promise<void> {
  for (const flush of flushers.get(db) ?? []) await flush()
}

/**
 * Writes a batch of served views in one transaction, summed first so that the statements grow
 * with the batch's visitors and pages, not its views: each visitor's views of the day (the first
 * one's touch), each page's count, each post's reads. Nothing is written while analytics is off.
 * The hourly limit per address was applied when the views were noted (served-views.server.ts).
 * `ownHosts`: this site's names, never a referrer.
 */
export async function recordServedViews(
  db: Db,
  views: readonly ServedView[],
  opts: { ownHosts: readonly string[]; country?: (ip: string) => Promise<string> },
): Promise<number> {
  if (views.length === 0) return 0
  const settings = await getSettings(db)
  if (!settings.enableAnalytics) return 0
  const published = new Map<string, boolean>()
  const visitors = new Map<string, { day: string; visitor: string; first: ServedView; views: number; bits: number }>()
  const pages = new Map<string, { day: string; path: string; n: number }>()
  const posts = new Map<string, number>()
  let counted = 0
  // Hashes and lookups first: the salt and the posts are read outside the transaction.
  for (const view of views) {
    if (!PAGES.has(view.path)) {
      if (!published.has(view.path)) published.set(view.path, await isPublicPage(db, view.path))
      if (!published.get(view.path)) continue
    }
    const day = today(new Date(view.at), settings.timeZone)
    const visitor = await visitorHash(db, { ip: view.ip, userAgent: view.userAgent }, day)
    const v = visitors.get(`${day} ${visitor}`)
    if (v) {
      v.views++
      v.bits |= pageFunnelBits(view.path)
    } else visitors.set(`${day} ${visitor}`, { day, visitor, first: view, views: 1, bits: pageFunnelBits(view.path) })
    const page = pages.get(`${day} ${view.path}`)
    if (page) page.n++
    else pages.set(`${day} ${view.path}`, { day, path: view.path, n: 1 })
    const slug = blogPostSlug(view.path)
    if (slug !== undefined) posts.set(slug, (posts.get(slug) ?? 0) + 1)
    counted++
  }
  const touches = new Map<string, FirstTouch>()
  for (const [key, v] of visitors) {
    const country = opts.country ? await opts.country(v.first.ip) : ''
    touches.set(key, firstTouch(v.first.path, v.first.userAgent, { ...v.first.origin, country, ownHosts: opts.ownHosts }))
  }
  await db.transaction().execute(async (trx) => {
    for (const p of pages.values()) await incrementPageView(trx, p.day, p.path, p.n)
    for (const [key, v] of visitors) await addVisitView(trx, v.day, v.visitor, touches.get(key)!, v.bits, v.views)
    for (const [slug, n] of posts) await addBlogViewsBySlug(trx, slug, n)
  })
  return counted
}
