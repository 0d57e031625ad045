/** Search, filter and page of an admin list, read from the URL so the server does the work. */
export const ADMIN_PAGE_SIZE = 20

export function readListParams<S extends string>(url: string, statuses: readonly S[]) {
  const sp = new URL(url).searchParams
  const q = (sp.get('q') ?? '').trim().slice(0, 200)
  const rawStatus = sp.get('status') ?? ''
  const status = (statuses as readonly string[]).includes(rawStatus) ? (rawStatus as S) : undefined
  const pageNum = Number(sp.get('page'))
  const page = Number.isInteger(pageNum) && pageNum > 1 ? Math.min(pageNum, 100_000) : 1
  return { q, status, page, limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE }
}

/** A list URL with the given params; empty values are left out. */
export function listHref(path: string, params: Record<string, string | number | undefined>): string {
  const sp = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '' && !(k === 'page' && v === 1)) sp.set(k, String(v))
  const s = sp.toString()
  return s ? `${path}?${s}` : path
}

/**
 * How an admin list shows its rows: `?view=table` (compact rows) or `?view=grid` (image cards);
 * without the parameter, the list's own default (the blog list's is the table, issue 36).
 */
export type ListView = 'grid' | 'table'
export function readListView(url: string, fallback: ListView = 'grid'): ListView {
  const asked = new URL(url).searchParams.get('view')
  return asked === 'table' || asked === 'grid' ? asked : fallback
}
