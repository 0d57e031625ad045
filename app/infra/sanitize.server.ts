import sanitizeHtml from 'sanitize-html'
import { BLOG_TAGS } from '~/lib/blog-html.ts'

/**
 * Allow-list for blog HTML: structure, emphasis, lists, links, images, code, quotes and tables.
 * No script, style, iframes or event handlers; links and images only over http(s) or site paths.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: BLOG_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    code: ['class'],
    ol: ['start'],
  },
  allowedClasses: { code: [/^language-[a-z0-9-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? '')
      return {
        tagName,
        attribs: external ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : { ...attribs },
      }
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
}

const memo = new Map<string, string>()
const MEMO_MAX = 1000

/**
 * Cleans admin-written HTML; run on write and again on render (defence in depth). Rendering
 * the same post again is served from a small memo, since parsing HTML is the costly part.
 */
export function sanitizeBlogHtml(html: string): string {
  const hit = memo.get(html)
  if (hit !== undefined) return hit
  const clean = sanitizeHtml(html, OPTIONS)
  if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value as string)
  memo.set(html, clean)
  return clean
}
