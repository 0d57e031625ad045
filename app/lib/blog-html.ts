/**
 * The elements a post's HTML may hold, one list for the sanitizer on the server
 * (infra/sanitize.server.ts), the editor in the browser (components/admin/editor/html.ts) and
 * the site import (services/site-import/clean-html.server.ts).
 */

/** The six heading levels. */
export const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']

/** The allow-list: structure, emphasis, lists, links, images, code, quotes and tables. */
export const BLOG_TAGS = [
  ...HEADING_TAGS,
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'mark',
  'small',
  'sub',
  'sup',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'figure',
  'figcaption',
  'code',
  'pre',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'span',
  'div',
]

/** Old names the editor writes as their modern ones: <b> as <strong>, <i> as <em>. */
export const SAME_TAG: Record<string, string> = { b: 'strong', i: 'em' }
