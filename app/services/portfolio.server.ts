import type { Db } from '~/db/db.server.ts'
import type { PortfolioItemInput, PortfolioItemPatch } from '~/lib/schemas.ts'
import * as model from '~/models/portfolio.server.ts'
import type { PortfolioItem, PortfolioQuery } from '~/models/portfolio.server.ts'
import type { Admin } from './auth.server.ts'
import { announceContentChange } from './content-events.server.ts'
import { changedFields, recordActivity } from './activity-log.server.ts'
import { settleCoverAlt } from './cover-alt.server.ts'
import { NotFoundError } from './errors.server.ts'

export type { PortfolioItem }

/** What visitors may see: active items only. */
export function listPublicPortfolio(db: Db): Promise<PortfolioItem[]> {
  return model.findPortfolioItems(db, { status: 'active' })
}

export async function listPortfolio(db: Db, _admin: Admin, query: PortfolioQuery = {}) {
  const [items, counts, categories] = await Promise.all([
    model.findPortfolioItems(db, query),
    model.countPortfolioByStatus(db),
    model.findPortfolioCategories(db),
  ])
  return { items, counts, categories }
}

/** Visitors get active items; archived ones are 404 to them but visible to the admin. */
export async function getPortfolioItem(db: Db, admin: Admin | null, id: number): Promise<PortfolioItem> {
  const item = await model.findPortfolioItem(db, id)
  if (!item || (!admin && item.status !== 'active')) throw new NotFoundError('Portfolio item not found')
  return item
}

export async function createPortfolioItem(db: Db, _admin: Admin, input: PortfolioItemInput): Promise<PortfolioItem> {
  const { imageAlt: _a, imageDecorative: _d, ...rest } = input
  // Projects' covers said 'Screenshot of <title>' before they had their own alt text.
  const item = await model.insertPortfolioItem(db, { ...rest, imageAlt: settleCoverAlt(input, `Screenshot of ${input.title}`) })
  await recordActivity(db, { action: 'project.create', itemType: 'project', itemId: item.id, itemLabel: item.title, detail: `Status: ${item.status}.` })
  await announceContentChange(db)
  return item
}

export async function updatePortfolioItem(db: Db, _admin: Admin, id: number, patch: PortfolioItemPatch): Promise<PortfolioItem> {
  const { imageAlt: _a, imageDecorative: _d, ...rest } = patch
  const imageAlt = settleCoverAlt(patch)
  const item = await model.updatePortfolioItem(db, id, imageAlt === undefined ? rest : { ...rest, imageAlt })
  if (!item) throw new NotFoundError('Portfolio item not found')
  const changed = Object.keys(patch).filter((k) => patch[k as keyof PortfolioItemPatch] !== undefined)
  await recordActivity(db, { action: 'project.update', itemType: 'project', itemId: id, itemLabel: item.title, detail: `Changed ${changedFields(changed)}.` })
  await announceContentChange(db)
  return item
}

export async function deletePortfolioItem(db: Db, _admin: Admin, id: number): Promise<void> {
  const gone = await model.findPortfolioItem(db, id)
  if (!gone || !(await model.deletePortfolioItem(db, id))) throw new NotFoundError('Portfolio item not found')
  await recordActivity(db, { action: 'project.delete', itemType: 'project', itemId: id, itemLabel: gone.title })
  await announceContentChange(db)
}
