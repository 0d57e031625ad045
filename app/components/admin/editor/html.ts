/**
 * What the editor does to HTML around TipTap, in the browser (DOMParser): tidy what it writes so a
 * saved post looks like one written by hand, and tell what a switch from the HTML source to the
 * visual editor would drop.
 */

import { BLOG_TAGS, SAME_TAG } from '~/lib/blog-html.ts'

const parse = (html: string) => new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body

/** Moves a lone <p>'s children up into its parent and removes it. */
function unwrap(p: Element) {
  p.replaceWith(...Array.from(p.childNodes))
}

const hasText = (node: Node) => Array.from(node.childNodes).some((c) => c.nodeType === Node.TEXT_NODE && c.textContent?.trim())

/**
 * ProseMirror's schema wraps the text of every list item and quote in a <p>; the site's posts
 * (and its public stylesheet, which spaces paragraphs) expect `<li>text</li>`. A list item's or
 * quote's only paragraph is unwrapped; the trailing empty paragraph the editor keeps for the caret
 * is dropped; an empty document is ''.
 */
export function tidyHtml(html: string): string {
  const body = parse(html)
  for (const el of Array.from(body.querySelectorAll('li, blockquote'))) {
    const paragraphs = Array.from(el.children).filter((c) => c.tagName === 'P')
    if (paragraphs.length !== 1 || hasText(el)) continue
    const p = paragraphs[0]!
    // A list item keeps a nested list after its text; a quote is unwrapped only when the paragraph is all it holds.
    if (el.tagName === 'LI' ? el.firstElementChild === p : el.children.length === 1) unwrap(p)
  }
  let last = body.lastElementChild
  while (last && last.tagName === 'P' && !last.textContent?.trim() && !last.querySelector('img')) {
    last.remove()
    last = body.lastElementChild
  }
  if (!body.textContent?.trim() && !body.querySelector('img')) return ''
  return body.innerHTML
}

/**
 * Elements whose loss would change a post: the allow-list but for paragraphs and line breaks
 * (the editor remakes them), wrappers such as div/span (they carry nothing the sanitizer keeps)
 * and the old names counted as their modern ones.
 */
const KEPT = BLOG_TAGS.filter((t) => !['p', 'br', 'span', 'div'].includes(t) && !(t in SAME_TAG))
/** Never shown and never saved (the sanitizer drops them with their text). */
const INERT = 'script, style, template, noscript, textarea, option, iframe, object'

function census(html: string): { tags: Map<string, number>; text: string } {
  const body = parse(html)
  body.querySelectorAll(INERT).forEach((el) => el.remove())
  const tags = new Map<string, number>()
  for (const el of Array.from(body.querySelectorAll('*'))) {
    const name = SAME_TAG[el.localName] ?? el.localName
    if (!KEPT.includes(name)) continue
    if (name === 'a' && !el.getAttribute('href')) continue
    if (name === 'img' && !el.getAttribute('src')) continue
    tags.set(name, (tags.get(name) ?? 0) + 1)
  }
  return { tags, text: (body.textContent ?? '').replace(/\s+/g, '') }
}

/**
 * What `after` lost from `before`: the names of elements it has fewer of, and 'text' when
 * words went missing. Empty when the visual editor can show all of `before`.
 */
export function droppedElements(before: string, after: string): string[] {
  const a = census(before)
  const b = census(after)
  const lost = [...a.tags].filter(([tag, n]) => (b.tags.get(tag) ?? 0) < n).map(([tag]) => tag)
  if (a.text !== b.text) lost.push('text')
  return lost
}
