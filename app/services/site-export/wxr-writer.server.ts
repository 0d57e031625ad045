import { slugify, tagSlug } from '~/lib/publishing.ts'
import type { ImportedPost } from '../site-import/types.ts'
import { imagesIn } from '~/infra/html-images.server.ts'

/**
 * A post as the WXR file needs it: the import's shape read backwards (absolute image addresses,
 * so WordPress can fetch them; `oldPaths` from the slug history, carried as `_agency_old_path`).
 */
export type WxrPost = Pick<
  ImportedPost,
  'title' | 'slug' | 'date' | 'publishAt' | 'html' | 'excerpt' | 'category' | 'tags' | 'author' | 'oldPaths'
> & {
  id: number
  status: string
  cover: { url: string; alt: string } | null
}

const cdata = (s: string) => `<![CDATA[${s.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`
const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[c]};`)
const STATUS: Record<string, string> = { published: 'publish', draft: 'draft', scheduled: 'future' }

function wpDate(post: WxrPost): string {
  if (post.status === 'scheduled' && post.publishAt) return post.publishAt.slice(0, 19).replace('T', ' ')
  return `${post.date} 00:00:00`
}

const meta = (key: string, value: string) =>
  `\t\t<wp:postmeta>\n\t\t\t<wp:meta_key>${cdata(key)}</wp:meta_key>\n\t\t\t<wp:meta_value>${cdata(value)}</wp:meta_value>\n\t\t</wp:postmeta>\n`

/**
 * The posts as a WordPress eXtended RSS 1.2 file, as WordPress's own exporter writes it: the
 * authors, categories, tags, one item per post and one attachment per picture (its cover and
 * every image in its body). WordPress's importer, with "Download and import file attachments",
 * fetches each attachment by URL, sets the cover as the featured image (_thumbnail_id) and
 * rewrites the body's addresses to its own copies; without attachments it would leave the body's
 * images pointing at this site (checked with the real importer: tests/fixtures/wordpress/check-import.sh).
 */
export function writeWxr(site: { title: string; url: string }, posts: WxrPost[]): string {
  const authors = [...new Set(posts.map((p) => p.author).filter(Boolean))]
  const categories = [...new Set(posts.map((p) => p.category).filter(Boolean))]
  const tags = [...new Set(posts.flatMap((p) => p.tags))]
  const login = (name: string) => slugify(name) || 'author'
  // The site's own tag slug, so tags in other scripts stay apart (slugify made them all 'post' and
  // WordPress, matching terms by slug, merged them); WordPress percent-encodes it as it does its own.
  const tagNicename = (name: string) => tagSlug(name) || slugify(name)
  let nextId = Math.max(0, ...posts.map((p) => p.id)) + 1
  const attachmentIds = new Map<string, number>()
  const items: string[] = []
  for (const post of posts) {
    const date = wpDate(post)
    const link = `${site.url}/blog/${post.slug}`
    /** One attachment per address in the whole file (WordPress rewrites every post using it). */
    const attachment = (image: { url: string; alt: string }) => {
      const known = attachmentIds.get(image.url)
      if (known) return known
      const attachmentId = nextId++
      attachmentIds.set(image.url, attachmentId)
      const name = image.url.split(/[?#]/)[0]!.split('/').pop() || 'image'
      items.push(
        `\t<item>\n\t\t<title>${cdata(name)}</title>\n\t\t<link>${esc(image.url)}</link>\n\t\t<dc:creator>${cdata(login(post.author))}</dc:creator>\n` +
          `\t\t<guid isPermaLink="false">${esc(image.url)}</guid>\n\t\t<description></description>\n\t\t<content:encoded>${cdata('')}</content:encoded>\n\t\t<excerpt:encoded>${cdata('')}</excerpt:encoded>\n` +
          `\t\t<wp:post_id>${attachmentId}</wp:post_id>\n\t\t<wp:post_date>${cdata(date)}</wp:post_date>\n\t\t<wp:post_date_gmt>${cdata(date)}</wp:post_date_gmt>\n` +
          `\t\t<wp:post_name>${cdata(name.replace(/\.[a-z0-9]+$/i, ''))}</wp:post_name>\n\t\t<wp:status>${cdata('inherit')}</wp:status>\n\t\t<wp:post_parent>${post.id}</wp:post_parent>\n` +
          `\t\t<wp:post_type>${cdata('attachment')}</wp:post_type>\n\t\t<wp:attachment_url>${cdata(image.url)}</wp:attachment_url>\n` +
          meta('_wp_attachment_image_alt', image.alt) +
          '\t</item>\n',
      )
      return attachmentId
    }
    const thumb = post.cover ? meta('_thumbnail_id', String(attachment(post.cover))) : ''
    for (const { src, alt } of imagesIn(post.html)) attachment({ url: src, alt })
    items.push(
      `\t<item>\n\t\t<title>${cdata(post.title)}</title>\n\t\t<link>${esc(link)}</link>\n\t\t<pubDate>${new Date(`${date.replace(' ', 'T')}Z`).toUTCString()}</pubDate>\n` +
        `\t\t<dc:creator>${cdata(login(post.author))}</dc:creator>\n\t\t<guid isPermaLink="false">${esc(`${site.url}/?p=${post.id}`)}</guid>\n\t\t<description></description>\n` +
        `\t\t<content:encoded>${cdata(post.html)}</content:encoded>\n\t\t<excerpt:encoded>${cdata(post.excerpt)}</excerpt:encoded>\n` +
        `\t\t<wp:post_id>${post.id}</wp:post_id>\n\t\t<wp:post_date>${cdata(date)}</wp:post_date>\n\t\t<wp:post_date_gmt>${cdata(post.status === 'draft' ? '0000-00-00 00:00:00' : date)}</wp:post_date_gmt>\n` +
        `\t\t<wp:comment_status>${cdata('closed')}</wp:comment_status>\n\t\t<wp:ping_status>${cdata('closed')}</wp:ping_status>\n` +
        `\t\t<wp:post_name>${cdata(post.slug)}</wp:post_name>\n\t\t<wp:status>${cdata(STATUS[post.status] ?? 'draft')}</wp:status>\n\t\t<wp:post_parent>0</wp:post_parent>\n\t\t<wp:menu_order>0</wp:menu_order>\n` +
        `\t\t<wp:post_type>${cdata('post')}</wp:post_type>\n\t\t<wp:post_password>${cdata('')}</wp:post_password>\n\t\t<wp:is_sticky>0</wp:is_sticky>\n` +
        (post.category
          ? `\t\t<category domain="category" nicename="${esc(slugify(post.category))}">${cdata(post.category)}</category>\n`
          : '') +
        post.tags.map((t) => `\t\t<category domain="post_tag" nicename="${esc(tagNicename(t))}">${cdata(t)}</category>\n`).join('') +
        thumb +
        meta('_agency_export', '1') +
        post.oldPaths.map((p) => meta('_agency_old_path', p)).join('') +
        '\t</item>\n',
    )
  }
  return (
    '<?xml version="1.0" encoding="UTF-8" ?>\n' +
    '<!-- This is a WordPress eXtended RSS file: import it in WordPress with Tools > Import > WordPress. -->\n' +
    '<rss version="2.0"\n\txmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"\n\txmlns:content="http://purl.org/rss/1.0/modules/content/"\n' +
    '\txmlns:wfw="http://wellformedweb.org/CommentAPI/"\n\txmlns:dc="http://purl.org/dc/elements/1.1/"\n\txmlns:wp="http://wordpress.org/export/1.2/"\n>\n\n<channel>\n' +
    `\t<title>${esc(site.title)}</title>\n\t<link>${esc(site.url)}</link>\n\t<description></description>\n\t<language>en</language>\n` +
    `\t<wp:wxr_version>1.2</wp:wxr_version>\n\t<wp:base_site_url>${esc(site.url)}</wp:base_site_url>\n\t<wp:base_blog_url>${esc(site.url)}</wp:base_blog_url>\n\n` +
    authors
      .map(
        (a, i) =>
          `\t<wp:author><wp:author_id>${i + 1}</wp:author_id><wp:author_login>${cdata(login(a))}</wp:author_login><wp:author_email>${cdata('')}</wp:author_email><wp:author_display_name>${cdata(a)}</wp:author_display_name><wp:author_first_name>${cdata('')}</wp:author_first_name><wp:author_last_name>${cdata('')}</wp:author_last_name></wp:author>\n`,
      )
      .join('') +
    categories
      .map(
        (c, i) =>
          `\t<wp:category>\n\t\t<wp:term_id>${i + 1}</wp:term_id>\n\t\t<wp:category_nicename>${cdata(slugify(c))}</wp:category_nicename>\n\t\t<wp:category_parent>${cdata('')}</wp:category_parent>\n\t\t<wp:cat_name>${cdata(c)}</wp:cat_name>\n\t</wp:category>\n`,
      )
      .join('') +
    tags
      .map(
        (t, i) =>
          `\t<wp:tag>\n\t\t<wp:term_id>${categories.length + i + 1}</wp:term_id>\n\t\t<wp:tag_slug>${cdata(tagNicename(t))}</wp:tag_slug>\n\t\t<wp:tag_name>${cdata(t)}</wp:tag_name>\n\t</wp:tag>\n`,
      )
      .join('') +
    '\n' +
    items.join('\n') +
    '</channel>\n</rss>\n'
  )
}
