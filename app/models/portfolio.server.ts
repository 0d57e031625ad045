import type { Db } from '~/db/db.server.ts'
import type { PortfolioItemRow } from '~/db/schema.ts'
import type { PortfolioStatus } from '~/lib/constants.ts'
import { containsAny, nowIso } from './search.server.ts'

export type PortfolioItem = {
  id: number
  title: string
  description: string
  category: string
  image: string
  /** The cover's alt text; '' marks it decorative. */
  imageAlt: string
  technologies: string[]
  features: string[]
  isLive: boolean
  liveUrl: string | null
  status: PortfolioStatus
  createdAt: string
  updatedAt: string
  /** The case page's address: /portfolio/{slug}. */
  slug: string
  /** The case (issue 35 §5); '' or [] when not written. */
  problem: string
  solution: string
  results: PortfolioResult[]
  quote: string
  quoteAuthor: string
  quoteRole: string
  beforeText: string
  afterText: string
}

/** One result of a project: a figure and what it counts ('41%', 'of orders placed online'). */
export type PortfolioResult = { figure: string; label: string }

export type PortfolioWrite = Omit<PortfolioItem, 'id' | 'createdAt' | 'updatedAt'>

function toItem(row: PortfolioItemRow): PortfolioItem {
  return {
    ...row,
    technologies: JSON.parse(row.technologies) as string[],
    features: JSON.parse(row.features) as string[],
    results: JSON.parse(row.results) as PortfolioResult[],
    isLive: Boolean(row.isLive),
    status: row.status as PortfolioStatus,
  }
}

function toRow(item: Partial<PortfolioWrite>) {
  const { technologies, features, isLive, results, ...rest } = item
  return {
    ...rest,
    ...(results !== undefined && { results: JSON.stringify(results) }),
    ...(technologies !== undefined && { technologies: JSON.stringify(technologies) }),
    ...(features !== undefined && { features: JSON.stringify(features) }),
    ...(isLive !== undefined && { isLive: isLive ? 1 : 0 }),
  }
}

export type PortfolioQuery = { status?: PortfolioStatus; category?: string; q?: string }

export async function findPortfolioItems(db: Db, query: PortfolioQuery = {}): Promise<PortfolioItem[]> {
  let qb = db.selectFrom('portfolioItems').selectAll()
  if (query.status) qb = qb.where('status', '=', query.status)
  if (query.category) qb = qb.where('category', '=', query.category)
  if (query.q) qb = qb.where(containsAny(['title', 'category', 'description'], query.q))
  const rows = await qb.orderBy('id', 'asc').execute()
  return rows.map(toItem)
}

export async function countPortfolioByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('portfolioItems')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('status')
    .execute()
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))
}

export async function findPortfolioCategories(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('portfolioItems').select('category').distinct().orderBy('category').execute()
  return rows.map((r) => r.category)
}

export async function findPortfolioItem(db: Db, id: number): Promise<PortfolioItem | undefined> {
  const row = await db.selectFrom('portfolioItems').selectAll().where('id', '=', id).executeTakeFirst()
  return row && toItem(row)
}

export async function insertPortfolioItem(db: Db, item: PortfolioWrite): Promise<PortfolioItem> {
  const now = nowIso()
  const row = await db
    .insertInto('portfolioItems')
    .values({ ...(toRow(item) as Required<ReturnType<typeof toRow>>), createdAt: now, updatedAt: now } as never)
    .returningAll()
    .executeTakeFirstOrThrow()
  return toItem(row)
}

export async function updatePortfolioItem(db: Db, id: number, patch: Partial<PortfolioWrite>): Promise<PortfolioItem | undefined> {
  const row = await db
    .updateTable('portfolioItems')
    .set({ ...toRow(patch), updatedAt: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
  return row && toItem(row)
}

export async function deletePortfolioItem(db: Db, id: number): Promise<boolean> {
  const res = await db.deleteFrom('portfolioItems').where('id', '=', id).executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}

/** The project at /portfolio/{slug} (its current slug). */
export async function findPortfolioItemBySlug(db: Db, slug: string): Promise<PortfolioItem | undefined> {
  const row = await db.selectFrom('portfolioItems').selectAll().where('slug', '=', slug).executeTakeFirst()
  return row && toItem(row)
}

/** The project a slug belongs (or belonged) to. */
export async function findPortfolioSlugOwner(db: Db, slug: string): Promise<number | undefined> {
  const row = await db.selectFrom('portfolioSlugs').select('projectId').where('slug', '=', slug).executeTakeFirst()
  return row?.projectId
}

/** Reserves `slug` for the project forever (its history row); false when another project holds it. */
export async function claimPortfolioSlug(db: Db, slug: string, projectId: number): Promise<boolean> {
  await db
    .insertInto('portfolioSlugs')
    .values({ slug, projectId, createdAt: nowIso() })
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute()
  return (await findPortfolioSlugOwner(db, slug)) === projectId
}
