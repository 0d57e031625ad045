import type { Db } from '~/db/db.server.ts'
import type { PortfolioItemInput, PortfolioItemPatch } from '~/lib/schemas.ts'
import * as model from '~/models/portfolio.server.ts'
import type { PortfolioItem, PortfolioQuery } from '~/models/portfolio.server.ts'
import { requirePermission, type Admin } from './actor.server.ts'
import { announceContentChange } from '~/infra/content-events.server.ts'
import type { ContentMemo } from '~/infra/content-memo.server.ts'
import { changedFields, recordActivity } from './activity-log.server.ts'
import { settleCoverAlt } from './cover-alt.server.ts'
import { DomainValidationError, NotFoundError } from '~/infra/errors.server.ts'
import { isUniqueViolation } from '~/models/blog.server.ts'
import { numberedSlug, slugify } from '~/lib/publishing.ts'

export type { PortfolioItem }

/** What visitors may see: active items only. */
export function listPublicPortfolio(db: Db): Promise<PortfolioItem[]> {
  return model.findPortfolioItems(db, { status: 'active' })
}

/** listPublicPortfolio for public pages: read once per content version, shared (read-only). */
export function listPublicPortfolioOnce(db: Db, memo: ContentMemo): Promise<readonly PortfolioItem[]> {
  return memo('public portfolio', () => listPublicPortfolio(db))
}

export async function listPortfolio(db: Db, admin: Admin, query: PortfolioQuery = {}) {
  requirePermission(admin, 'portfolio')
  const [items, counts, categories] = await Promise.all([
    model.findPortfolioItems(db, query),
    model.countPortfolioByStatus(db),
    model.findPortfolioCategories(db),
  ])
  return { items, counts, categories }
}

/**
 * What the public address /portfolio/{segment} shows: the active project with that slug; a
 * project's old slug answers with its current address to move to (301); anything else, null.
 */
export async function resolveCaseAddress(db: Db, segment: string): Promise<{ item: PortfolioItem } | { moved: string } | null> {
  const item = await model.findPortfolioItemBySlug(db, segment)
  if (item) return item.status === 'active' ? { item } : null
  const owner = await model.findPortfolioSlugOwner(db, segment)
  if (owner === undefined) return null
  const moved = await model.findPortfolioItem(db, owner)
  return moved?.status === 'active' ? { moved: moved.slug } : null
}

/** A client's words with their name, for the home page and /services: from the active projects' quotes (one source). */
export type Testimonial = { quote: string; author: string; role: string; project: string; slug: string }

export function testimonialsOf(items: readonly PortfolioItem[]): Testimonial[] {
  return items
    .filter((i) => i.status === 'active' && i.quote && i.quoteAuthor)
    .map((i) => ({ quote: i.quote, author: i.quoteAuthor, role: i.quoteRole, project: i.title, slug: i.slug }))
}

export async function listTestimonials(db: Db): Promise<Testimonial[]> {
  return testimonialsOf(await listPublicPortfolio(db))
}

/** Visitors get active items; archived ones are 404 to them but visible to the admin. */
export async function getPortfolioItem(db: Db, admin: Admin | null, id: number): Promise<PortfolioItem> {
  const item = await model.findPortfolioItem(db, id)
  if (!item || (!admin && item.status !== 'active')) throw new NotFoundError('Portfolio item not found')
  return item
}

export const SLUG_TAKEN = 'Another project already uses this address; choose another'

class SlugTakenError extends Error {}

/**
 * Runs `save` in a transaction with a free address, as posts do (docs/decisions/021): a slug the
 * editor chose (`wanted`) is that one or a 400 beside the field when another project has (or had)
 * it; a slug made from the title takes `-2`, `-3`... until one is free. The unique index and the
 * history's primary key decide, so two saves racing for one address never both get it.
 */
async function withFreeSlug<T>(
  db: Db,
  wanted: string | undefined,
  base: string,
  projectId: number | null,
  save: (trx: Db, slug: string) => Promise<T>,
): Promise<T> {
  for (let n = 1; n <= 200; n++) {
    const slug = wanted ?? numberedSlug(base, n)
    const owner = await model.findPortfolioSlugOwner(db, slug)
    const taken = owner !== undefined && owner !== projectId
    if (!taken) {
      try {
        return await db.transaction().execute((trx) => save(trx, slug))
      } catch (err) {
        if (!(err instanceof SlugTakenError || isUniqueViolation(err))) throw err
      }
    }
    if (wanted) throw new DomainValidationError({ slug: SLUG_TAKEN })
  }
  throw new Error(`no free address for ${base}`)
}

async function keepSlug(trx: Db, slug: string, projectId: number) {
  if (!(await model.claimPortfolioSlug(trx, slug, projectId))) throw new SlugTakenError(slug)
}

/** A title's slug for a project ('project' when the title has no letters or digits). */
const projectSlug = (title: string) => slugify(title).replace(/^post(?=$|-)/, 'project')

export async function createPortfolioItem(db: Db, admin: Admin, input: PortfolioItemInput): Promise<PortfolioItem> {
  requirePermission(admin, 'portfolio')
  const { imageAlt: _a, imageDecorative: _d, slug: wanted, ...rest } = input
  const story = {
    problem: rest.problem ?? '',
    solution: rest.solution ?? '',
    results: rest.results ?? [],
    quote: rest.quote ?? '',
    quoteAuthor: rest.quoteAuthor ?? '',
    quoteRole: rest.quoteRole ?? '',
    beforeText: rest.beforeText ?? '',
    afterText: rest.afterText ?? '',
  }
  const item = await withFreeSlug(db, wanted, projectSlug(input.title), null, async (trx, slug) => {
    // Projects' covers said 'Screenshot of <title>' before they had their own alt text.
    const created = await model.insertPortfolioItem(trx, {
      ...rest,
      ...story,
      slug,
      imageAlt: settleCoverAlt(input, `Screenshot of ${input.title}`),
    })
    await keepSlug(trx, slug, created.id)
    return created
  })
  await recordActivity(db, {
    action: 'project.create',
    itemType: 'project',
    itemId: item.id,
    itemLabel: item.title,
    detail: `Status: ${item.status}.`,
  })
  await announceContentChange(db)
  return item
}

export async function updatePortfolioItem(db: Db, admin: Admin, id: number, patch: PortfolioItemPatch): Promise<PortfolioItem> {
  requirePermission(admin, 'portfolio')
  const { imageAlt: _a, imageDecorative: _d, slug: wanted, ...rest } = patch
  const imageAlt = settleCoverAlt(patch)
  const current = await model.findPortfolioItem(db, id)
  if (!current) throw new NotFoundError('Portfolio item not found')
  // An address left empty keeps the current one (links already shared keep working).
  const item = await withFreeSlug(db, wanted === current.slug ? undefined : wanted, current.slug, id, async (trx, slug) => {
    const saved = await model.updatePortfolioItem(trx, id, { ...(imageAlt === undefined ? rest : { ...rest, imageAlt }), slug })
    if (!saved) throw new NotFoundError('Portfolio item not found')
    if (slug !== current.slug) await keepSlug(trx, slug, id)
    return saved
  })
  const changed = Object.keys(patch).filter((k) => patch[k as keyof PortfolioItemPatch] !== undefined)
  await recordActivity(db, {
    action: 'project.update',
    itemType: 'project',
    itemId: id,
    itemLabel: item.title,
    detail: `Changed ${changedFields(changed)}.`,
  })
  await announceContentChange(db)
  return item
}

export async function deletePortfolioItem(db: Db, admin: Admin, id: number): Promise<void> {
  requirePermission(admin, 'portfolio')
  const gone = await model.findPortfolioItem(db, id)
  if (!gone || !(await model.deletePortfolioItem(db, id))) throw new NotFoundError('Portfolio item not found')
  await recordActivity(db, { action: 'project.delete', itemType: 'project', itemId: id, itemLabel: gone.title })
  await announceContentChange(db)
}
