import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { cleanImportedHtml } from './clean-html.server.ts'
import { ImportFileError, normalizeOldPath, type ImportStatus, type ImportedPost, type ParsedSite, type SkippedItem } from './types.ts'

type Node = Record<string, unknown>

const ARRAYS = new Set([
  'rss.channel.item',
  'rss.channel.item.category',
  'rss.channel.item.wp:postmeta',
  'rss.channel.item.wp:comment',
  'rss.channel.wp:author',
])
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // CDATA is kept as text, so post bodies arrive exactly as WordPress wrote them.
  cdataPropName: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  isArray: (_name, jpath) => ARRAYS.has(String(jpath)),
})

const text = (v: unknown): string => {
  if (v === undefined || v === null) return ''
  if (typeof v === 'object') return text((v as Node)['#text'])
  return String(v).trim()
}

/** WordPress's statuses in ours; anything else (pending, private, trash) is skipped with a reason. */
const STATUSES: Record<string, ImportStatus> = { publish: 'published', draft: 'draft', future: 'scheduled' }

/** '2026-10-02 09:30:00' (UTC in post_date_gmt) as ISO; null for WordPress's '0000-00-00 00:00:00' (drafts). */
function gmtIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) || value.startsWith('0000')) return null
  return `${value.replace(' ', 'T')}.000Z`
}

function pathOf(link: string, siteUrl: string): string | null {
  try {
    const url = new URL(link, siteUrl || 'http://wordpress.invalid')
    return normalizeOldPath(url.pathname + url.search)
  } catch {
    return null
  }
}

export const ENTITIES_MESSAGE =
  'This file declares entities, which are not read. A WordPress export declares none: export the site again from WordPress (Tools > Export).'

const CLOSE: Record<string, string> = { '!--': '-->', '![CDATA[': ']]>', '?': '?>' }

/**
 * Whether a DOCTYPE anywhere in the file declares entities (general or parameter, internal or
 * external). Comments, CDATA sections and processing instructions are skipped, so a post that
 * quotes a DOCTYPE in its text is read as usual. Looks at the text only: nothing is resolved.
 */
export function declaresEntities(xml: string): boolean {
  const markup = /<(!--|!\[CDATA\[|\?|!DOCTYPE)/g
  for (let m = markup.exec(xml); m; m = markup.exec(xml)) {
    const close = CLOSE[m[1]!]
    if (!close) {
      if (doctypeDeclaresEntities(xml, markup.lastIndex)) return true
      continue
    }
    const end = xml.indexOf(close, markup.lastIndex)
    if (end < 0) return false
    markup.lastIndex = end + close.length
  }
  return false
}

/** From just after `<!DOCTYPE`: whether its internal subset (`[...]`) declares or references an entity. */
function doctypeDeclaresEntities(xml: string, from: number): boolean {
  let quote = ''
  let subset = false
  for (let i = from; i < xml.length; i++) {
    const c = xml[i]
    // Even inside a quoted literal: the parser reads its subset's quotes less strictly than this.
    if (subset && xml.startsWith('<!ENTITY', i)) return true
    if (quote) {
      if (c === quote) quote = ''
    } else if (c === '"' || c === "'") quote = c
    else if (!subset) {
      if (c === '>') return false
      if (c === '[') subset = true
    } else if (c === ']') return false
    else if (c === '%') return true
    else if (xml.startsWith('<!--', i) || xml.startsWith('<?', i)) {
      const close = xml[i + 1] === '?' ? '?>' : '-->'
      const end = xml.indexOf(close, i + 2)
      if (end < 0) return false
      i = end + close.length - 1
    }
  }
  return false
}

/**
 * A WordPress WXR export (Tools > Export, format 1.0 to 1.2) as posts to import and items skipped
 * with the reason. Throws ImportFileError naming what is wrong with the file.
 */
export function parseWxr(xml: string): ParsedSite {
  const head = xml.slice(0, 2000).trimStart()
  if (!head.startsWith('<'))
    throw new ImportFileError('The file is not XML: a WordPress export (WXR) is an XML file that starts with "<?xml".')
  // Refused before the validator or the parser looks at them: an entity can name a file or an
  // address (XXE) or expand into gigabytes, and no WordPress export declares one.
  if (declaresEntities(xml)) throw new ImportFileError(ENTITIES_MESSAGE)
  const valid = XMLValidator.validate(xml)
  if (valid !== true) throw new ImportFileError(`The file is not valid XML (line ${valid.err.line}: ${valid.err.msg}).`)
  let doc: Node
  try {
    doc = parser.parse(xml) as Node
  } catch (err) {
    // Whatever the parser still refuses is the file's fault, never the server's.
    throw new ImportFileError(`The file could not be read as XML: ${(err as Error).message}.`)
  }
  const channel = (doc.rss as Node | undefined)?.channel as Node | undefined
  const version = text(channel?.['wp:wxr_version'])
  if (!channel || !version)
    throw new ImportFileError('The file is XML but not a WordPress export (WXR): it has no <rss><channel> with <wp:wxr_version>.')
  const siteUrl = text(channel['wp:base_blog_url']) || text(channel.link)
  const items = (channel.item as Node[] | undefined) ?? []

  const attachments = new Map<string, { url: string; alt: string }>()
  for (const item of items) {
    if (text(item['wp:post_type']) !== 'attachment') continue
    attachments.set(text(item['wp:post_id']), { url: text(item['wp:attachment_url']), alt: meta(item, '_wp_attachment_image_alt') })
  }

  const posts: ImportedPost[] = []
  const skipped: SkippedItem[] = []
  items.forEach((item, index) => {
    const type = text(item['wp:post_type'])
    const title = text(item.title)
    const id = text(item['wp:post_id'])
    const comments = ((item['wp:comment'] as Node[] | undefined) ?? []).length
    if (type === 'attachment') return // imported with the posts that use them
    if (type !== 'post') {
      skipped.push({
        title: title || `item ${index + 1}`,
        kind: type || 'unknown',
        reason: type === 'page' ? 'pages are not imported: the site has no pages of its own to hold them' : `"${type}" items are not posts`,
      })
      return
    }
    if (comments)
      skipped.push({
        title,
        kind: 'comments',
        reason: `${comments} comment${comments === 1 ? '' : 's'} not imported: the blog has no comments`,
      })
    if (!title)
      throw new ImportFileError(
        `Post ${id ? `#${id}` : `number ${index + 1}`} in the file has no title: give it one in WordPress and export again.`,
      )
    const wpStatus = text(item['wp:status'])
    const status = STATUSES[wpStatus]
    if (!status) {
      skipped.push({ title, kind: 'post', reason: `its status is "${wpStatus}" (only published, draft and scheduled posts are imported)` })
      return
    }
    const slug = text(item['wp:post_name']) || ''
    const published = gmtIso(text(item['wp:post_date_gmt'])) ?? gmtIso(text(item['wp:post_date']))
    const date = (published ?? new Date().toISOString()).slice(0, 10)
    const categories = ((item.category as Node[] | undefined) ?? []).map((c) => ({ domain: text(c['@domain']), name: text(c) }))
    const thumb = attachments.get(meta(item, '_thumbnail_id'))
    const oldPaths = new Set<string>()
    if (meta(item, '_agency_export')) {
      // Our own export: its addresses here are /blog/{slug} (kept), and it carries the slug
      // history's old addresses, so they survive a move back.
      for (const old of metas(item, '_agency_old_path')) if (old.startsWith('/')) oldPaths.add(normalizeOldPath(old))
    } else {
      if (id) oldPaths.add(`/?p=${id}`)
      if (slug) oldPaths.add(`/${slug}`)
      const linkPath = pathOf(text(item.link), siteUrl)
      if (linkPath) oldPaths.add(linkPath)
      if (slug && published) oldPaths.add(`/${date.replaceAll('-', '/')}/${slug}`)
    }
    posts.push({
      sourceKey: `wordpress:${text(item.guid) || `${siteUrl}/?p=${id}`}`,
      title,
      slug,
      status,
      date,
      publishAt: status === 'scheduled' ? published : null,
      html: cleanImportedHtml(localLinks(text(item['content:encoded']), siteUrl)),
      excerpt: text(item['excerpt:encoded']),
      category: categories.find((c) => c.domain === 'category')?.name ?? '',
      tags: categories.filter((c) => c.domain === 'post_tag').map((c) => c.name),
      author: text(item['dc:creator']),
      coverUrl: thumb?.url || null,
      coverAlt: thumb?.alt ?? '',
      oldPaths: [...oldPaths].filter((p) => p !== '/'),
    })
  })

  // Authors' display names: dc:creator holds the login.
  const names = new Map(
    ((channel['wp:author'] as Node[] | undefined) ?? []).map((a) => [text(a['wp:author_login']), text(a['wp:author_display_name'])]),
  )
  for (const post of posts) post.author = names.get(post.author) || post.author
  const ownExport = items.some((item) => meta(item, '_agency_export') !== '')
  return { source: 'wordpress', siteUrl, posts, skipped, ownExport }
}

function metas(item: Node, key: string): string[] {
  return ((item['wp:postmeta'] as Node[] | undefined) ?? [])
    .filter((m) => text(m['wp:meta_key']) === key)
    .map((m) => text(m['wp:meta_value']))
}

const meta = (item: Node, key: string): string => metas(item, key)[0] ?? ''

/** Links to the old site's own posts become paths, which the redirects then send to the new address. */
function localLinks(html: string, siteUrl: string): string {
  if (!/^https?:\/\/[^/]+/.test(siteUrl)) return html
  const origin = siteUrl.replace(/\/+$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return html.replace(new RegExp(`href="${origin}(?=/|")`, 'g'), 'href="')
}
