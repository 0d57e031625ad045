import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely'

/** Case-insensitive "contains" over several columns, identical on SQLite and PostgreSQL. */
export function containsAny(columns: string[], query: string): Expression<SqlBool> {
  const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const parts = columns.map((c) => sql<SqlBool>`lower(${sql.ref(c)}) like ${pattern} escape '\\'`)
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`
}

export function nowIso(): string {
  return new Date().toISOString()
}

/**
 * A list's order, newest first (by `date`, then `id`, so the public and the admin lists agree),
 * and only the page asked for when `limit` is given.
 */
export function newestFirstPage<QB extends SelectQueryBuilder<any, any, any>>(qb: QB, page: { limit?: number; offset?: number }): QB {
  const sorted = qb.orderBy(sql.ref('date'), 'desc').orderBy(sql.ref('id'), 'desc')
  return (page.limit === undefined ? sorted : sorted.limit(page.limit).offset(page.offset ?? 0)) as QB
}
