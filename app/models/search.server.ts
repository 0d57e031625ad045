import { sql, type Expression, type SqlBool } from 'kysely'

/** Case-insensitive "contains" over several columns, identical on SQLite and PostgreSQL. */
export function containsAny(columns: string[], query: string): Expression<SqlBool> {
  const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const parts = columns.map((c) => sql<SqlBool>`lower(${sql.ref(c)}) like ${pattern} escape '\\'`)
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`
}

export function nowIso(): string {
  return new Date().toISOString()
}
