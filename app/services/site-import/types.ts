/** What a WordPress or Ghost export becomes before anything is written: one shape for both. */
export type ImportStatus = 'published' | 'draft' | 'scheduled'

export type ImportedPost = {
  /** Who the post was on the old site ('wordpress:' + its GUID, 'ghost:' + its id): a second import finds it by this. */
  sourceKey: string
  title: string
  slug: string
  status: ImportStatus
  /** YYYY-MM-DD. */
  date: string
  /** ISO UTC, for scheduled posts. */
  publishAt: string | null
  /** Clean HTML in the editor's shape, still pointing at the old site's images. */
  html: string
  excerpt: string
  category: string
  tags: string[]
  author: string
  coverUrl: string | null
  coverAlt: string
  /** Addresses the post had on the old site, without a trailing slash ('/slug', '/2026/10/02/slug', '/?p=12'). */
  oldPaths: string[]
}

export type SkippedItem = { title: string; kind: string; reason: string }

export type ParsedSite = {
  source: 'wordpress' | 'ghost'
  siteUrl: string
  posts: ImportedPost[]
  skipped: SkippedItem[]
  /** Written by this site's own export (npm run export): its non-upload image paths are this site's own files. */
  ownExport?: boolean
}

/** The file itself is wrong: the message names what, and nothing is imported. */
export class ImportFileError extends Error {}

/** A bigger export is refused before it is parsed (WordPress splits big exports into files under this). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024

/** What an export over MAX_IMPORT_BYTES is told, wherever it is refused (shell, server, browser). */
export function importTooLargeMessage(name: string, size: number): string {
  return `${name} is ${Math.round(size / 1024 / 1024)} MB: exports up to ${MAX_IMPORT_BYTES / 1024 / 1024} MB are imported (WordPress can export one category or date range at a time).`
}

/** An old address as the redirects keep it: the path (or `/?p=ID`) without a trailing slash. */
export function normalizeOldPath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path
  return trimmed || '/'
}
