import fs from 'node:fs/promises'
import path from 'node:path'
import type { Db } from '~/db/db.server.ts'
import { parseTags } from '~/lib/blog-list.ts'
import { neutralizeFormula, toCsv } from '~/lib/csv.ts'
import * as model from '~/models/site-export.server.ts'
import { findSettingValues } from '~/models/settings.server.ts'
import { recordActivity } from '~/services/activity-log.server.ts'
import { htmlToMarkdown } from '~/services/site-export/markdown.server.ts'
import { writeWxr } from '~/services/site-export/wxr-writer.server.ts'

export type ExportSummary = { dir: string; posts: number; images: number; files: number }

type Row = Record<string, unknown>

const cell = (v: unknown) =>
  neutralizeFormula(v === null || v === undefined ? '' : Buffer.isBuffer(v) ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v))

/** Rows as CSV (header from the first row; every cell neutralised against spreadsheet formulas). */
function csvOf(rows: Row[]): string {
  if (!rows.length) return ''
  const columns = Object.keys(rows[0]!)
  return toCsv([columns, ...rows.map((r) => columns.map((c) => cell(r[c])))]) + '\r\n'
}

/** YAML front matter; every value JSON-quoted, which YAML reads as is (no dependency, no ambiguity). */
function frontMatter(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}\n`)
    .join('')
}

/**
 * Everything the site holds, written into `dir` (docs/EXPORT.md): posts as Markdown with front
 * matter and as HTML, the original images, portfolio, settings, proposals, messages and bookings
 * as CSV and JSON, the slug history, and wordpress.xml (WXR 1.2) that a stock WordPress imports.
 * `siteUrl` makes image addresses absolute in wordpress.xml, so an importer can fetch them.
 */
export async function exportSite(db: Db, dir: string, siteUrl: string, onProgress?: (what: string) => void): Promise<ExportSummary> {
  const url = siteUrl.replace(/\/+$/, '')
  const settings = await findSettingValues(db)
  let files = 0
  const write = async (rel: string, data: string | Buffer) => {
    const file = path.join(dir, rel)
    await fs.mkdir(path.dirname(file), { recursive: true })
    await fs.writeFile(file, data)
    files++
  }
  const rows = await model.findExportRows(db)
  const history = new Map<number, string[]>()
  for (const s of rows.slugs) history.set(Number(s.postId), [...(history.get(Number(s.postId)) ?? []), s.slug])

  onProgress?.('posts')
  for (const post of rows.posts) {
    const front = {
      title: post.title,
      slug: post.slug,
      status: post.status,
      date: post.date,
      publishAt: post.publishAt ?? undefined,
      subheading: post.subheading || undefined,
      excerpt: post.excerpt || undefined,
      category: post.category || undefined,
      tags: parseTags(post.tags),
      author: post.author || undefined,
      image: post.image || undefined,
      imageAlt: post.image ? post.imageAlt : undefined,
      readTime: post.readTime || undefined,
      previousAddresses: (history.get(Number(post.id)) ?? []).filter((s) => s !== post.slug),
    }
    await write(`posts/${post.slug}.md`, `---\n${frontMatter(front)}---\n\n${htmlToMarkdown(post.content)}`)
    await write(`posts/${post.slug}.html`, post.content)
  }
  await write('posts.json', JSON.stringify(rows.posts, null, 2))
  await write('posts.csv', csvOf(rows.posts.map(({ content: _c, ...rest }) => rest)))
  await write('slug-history.json', JSON.stringify(rows.slugs, null, 2))
  await write('slug-history.csv', csvOf(rows.slugs))

  onProgress?.('images')
  const names = await model.findOriginalUploadNames(db)
  for (const name of names) {
    const upload = await model.findUploadBytes(db, name)
    if (upload) await write(`images/${name}`, Buffer.from(upload.bytes))
  }

  onProgress?.('portfolio, settings, proposals, messages and bookings')
  const tables: [string, Row[]][] = [
    ['portfolio', rows.portfolio],
    ['proposals', rows.proposals],
    ['messages', rows.messages],
    ['bookings', rows.bookings],
  ]
  for (const [name, list] of tables) {
    await write(`${name}.json`, JSON.stringify(list, null, 2))
    await write(`${name}.csv`, csvOf(list))
  }
  // The back office's import progress is not a setting.
  const { siteImportJob: _job, ...kept } = settings
  await write('settings.json', JSON.stringify(kept, null, 2))

  onProgress?.('wordpress.xml')
  const absolute = (src: string) => (src.startsWith('/') ? `${url}${src}` : src)
  const wxr = writeWxr(
    { title: typeof settings.siteName === 'string' ? settings.siteName : 'Blog', url },
    rows.posts.map((p) => ({
      id: Number(p.id),
      title: p.title,
      slug: p.slug,
      status: p.status,
      date: p.date,
      publishAt: p.publishAt,
      html: p.content.replace(/(<img[^>]*\ssrc=")(\/[^"]*)"/g, (_m, head: string, src: string) => `${head}${absolute(src)}"`),
      excerpt: p.excerpt,
      category: p.category,
      tags: parseTags(p.tags),
      author: p.author,
      cover: p.image ? { url: absolute(p.image), alt: p.imageAlt } : null,
      oldPaths: (history.get(Number(p.id)) ?? []).filter((s) => s.startsWith('/')),
    })),
  )
  await write('wordpress.xml', wxr)
  await recordActivity(db, {
    action: 'site.export',
    itemType: 'site',
    itemLabel: 'Whole site',
    detail: `${rows.posts.length} posts, ${names.length} images, ${files} files.`,
  })
  return { dir, posts: rows.posts.length, images: names.length, files }
}
