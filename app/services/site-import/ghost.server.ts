import { cleanImportedHtml } from './clean-html.server.ts'
import { ImportFileError, type ImportStatus, type ImportedPost, type ParsedSite, type SkippedItem } from './types.ts'

type Row = Record<string, unknown>
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : String(v))
const STATUSES: Record<string, ImportStatus> = { published: 'published', draft: 'draft', scheduled: 'scheduled' }

/** Ghost writes its own address as __GHOST_URL__ in exports. */
const GHOST_URL = /__GHOST_URL__/g

/**
 * A Ghost JSON export (Settings > Labs > Export, version 5: db[0].data with posts, tags,
 * posts_tags, users and posts_authors) as posts to import and items skipped with the reason.
 */
export function parseGhost(json: string, siteUrl = ''): ParsedSite {
  let doc: Row
  try {
    doc = JSON.parse(json) as Row
  } catch (err) {
    throw new ImportFileError(`The file is not valid JSON (${(err as Error).message}).`)
  }
  const db = Array.isArray(doc.db) ? (doc.db[0] as Row | undefined) : undefined
  const data = db?.data as Row | undefined
  if (!data || !Array.isArray(data.posts)) throw new ImportFileError('The file is JSON but not a Ghost export: it has no db[0].data.posts.')
  const version = str((db?.meta as Row | undefined)?.version)
  const rows = (name: string) => (Array.isArray(data[name]) ? (data[name] as Row[]) : [])
  const tags = new Map(rows('tags').map((t) => [str(t.id), str(t.name)]))
  const users = new Map(rows('users').map((u) => [str(u.id), str(u.name)]))
  const byPost = (table: string, key: string) => {
    const out = new Map<string, { id: string; order: number }[]>()
    for (const r of rows(table))
      out.set(str(r.post_id), [...(out.get(str(r.post_id)) ?? []), { id: str(r[key]), order: Number(r.sort_order ?? 0) }])
    for (const list of out.values()) list.sort((a, b) => a.order - b.order)
    return out
  }
  const postTags = byPost('posts_tags', 'tag_id')
  const postAuthors = byPost('posts_authors', 'author_id')
  // Ghost 5 keeps a cover's alt text beside the post, in posts_meta.
  const coverAlts = new Map(rows('posts_meta').map((m) => [str(m.post_id), str(m.feature_image_alt)]))

  const posts: ImportedPost[] = []
  const skipped: SkippedItem[] = []
  ;(data.posts as Row[]).forEach((row, index) => {
    const title = str(row.title)
    const id = str(row.id)
    const type = str(row.type) || 'post'
    if (type !== 'post') {
      skipped.push({
        title: title || `item ${index + 1}`,
        kind: type,
        reason: type === 'page' ? 'pages are not imported: the site has no pages of its own to hold them' : `"${type}" items are not posts`,
      })
      return
    }
    if (!title)
      throw new ImportFileError(
        `Post ${id ? `"${id}"` : `number ${index + 1}`} in the file has no title: give it one in Ghost and export again.`,
      )
    const status = STATUSES[str(row.status)]
    if (!status) {
      skipped.push({
        title,
        kind: 'post',
        reason: `its status is "${str(row.status)}" (only published, draft and scheduled posts are imported)`,
      })
      return
    }
    if (row.html === null || row.html === undefined) {
      skipped.push({ title, kind: 'post', reason: "it has no html (export it from Ghost 5, which writes each post's html)" })
      return
    }
    const published = str(row.published_at) ? new Date(str(row.published_at)).toISOString() : null
    const slug = str(row.slug)
    const tagNames = (postTags.get(id) ?? []).map((t) => tags.get(t.id) ?? '').filter((n) => n && !n.startsWith('#'))
    const author = users.get((postAuthors.get(id) ?? [])[0]?.id ?? str(row.author_id)) ?? ''
    const abs = (v: string) => v.replace(GHOST_URL, siteUrl)
    posts.push({
      sourceKey: `ghost:${str(row.uuid) || id}`,
      title,
      slug,
      status,
      date: (published ?? str(row.created_at) ?? new Date().toISOString()).slice(0, 10) || new Date().toISOString().slice(0, 10),
      publishAt: status === 'scheduled' ? published : null,
      html: cleanImportedHtml(abs(str(row.html))),
      excerpt: str(row.custom_excerpt),
      category: tagNames[0] ?? '',
      tags: tagNames.slice(1),
      author,
      coverUrl: str(row.feature_image) ? abs(str(row.feature_image)) : null,
      coverAlt: coverAlts.get(id) || str(row.feature_image_alt),
      oldPaths: slug ? [`/${slug}`] : [],
    })
  })
  if (version && !version.startsWith('5'))
    skipped.push({ title: 'the file', kind: 'version', reason: `Ghost ${version} export read as version 5` })
  return { source: 'ghost', siteUrl, posts, skipped }
}
