import { render } from 'dom-serializer'
import { type ChildNode, Element, Text, isTag, isText } from 'domhandler'
import { parseDocument } from 'htmlparser2'
import { textContent } from 'domutils'
import { imagesIn } from '~/infra/html-images.server.ts'
import { sanitizeBlogHtml } from '~/infra/sanitize.server.ts'
import { HEADING_TAGS, SAME_TAG } from '~/lib/blog-html.ts'

const BLOCKS = new Set(['p', ...HEADING_TAGS, 'ul', 'ol', 'li', 'blockquote', 'figure', 'figcaption', 'pre', 'hr', 'img', 'table', 'div'])
/** Wrappers the editor has no node for: their children stay, they go. */
const UNWRAP = new Set(['div', 'span', 'section', 'article', 'header', 'footer', 'main', 'aside'])

const DROP = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object'])

const el = (name: string, attribs: Record<string, string>, children: ChildNode[] = []) => new Element(name, attribs, children)

/** WordPress's classic editor keeps paragraphs as blank lines (wpautop): make them <p>. */
function autop(html: string): string {
  if (/<(p|h[1-6]|ul|ol|blockquote|figure|pre|table|div)[\s>]/i.test(html)) return html
  return html
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => `<p>${chunk.replace(/\n/g, '<br>')}</p>`)
    .join('')
}

function transform(nodes: ChildNode[]): ChildNode[] {
  const out: ChildNode[] = []
  for (const node of nodes) {
    if (isText(node)) {
      out.push(node)
      continue
    }
    if (!isTag(node)) continue // comments, including Gutenberg's <!-- wp:... --> block marks
    const name = SAME_TAG[node.name.toLowerCase()] ?? node.name.toLowerCase()
    if (DROP.has(name)) continue
    if (UNWRAP.has(name)) {
      out.push(...transform(node.children))
      continue
    }
    if (name === 'figure') {
      // A figure becomes what the editor keeps: the image as a block, its caption as an
      // emphasized paragraph below it (the editor has no figure node).
      const img = node.children.length ? findFirst(node, 'img') : undefined
      const caption = findFirst(node, 'figcaption')
      if (img) out.push(el('img', pick(img.attribs, ['src', 'alt'])))
      else out.push(...transform(node.children.filter((c) => !(isTag(c) && c.name === 'figcaption'))))
      const text = caption ? textContent(caption).trim() : ''
      if (text) out.push(el('p', {}, [el('em', {}, [new Text(text)])]))
      continue
    }
    if (name === 'cite') {
      out.push(el('p', {}, [new Text(`— ${textContent(node).trim()}`)]))
      continue
    }
    if (name === 'img') {
      out.push(el('img', pick(node.attribs, ['src', 'alt'])))
      continue
    }
    const keep =
      name === 'a'
        ? pick(node.attribs, ['href', 'title'])
        : name === 'ol'
          ? pick(node.attribs, ['start'])
          : name === 'code'
            ? pick(node.attribs, ['class'])
            : {}
    const children = transform(node.children)
    if (name === 'p' && children.length === 1 && isTag(children[0]!) && children[0].name === 'img') {
      out.push(children[0]) // an image alone in a paragraph is a block image
      continue
    }
    out.push(el(name, keep, children))
  }
  return dropBlockWhitespace(out)
}

/** Newlines between blocks are not text: the editor writes none. */
function dropBlockWhitespace(nodes: ChildNode[]): ChildNode[] {
  const hasBlock = nodes.some((n) => isTag(n) && BLOCKS.has(n.name))
  if (!hasBlock) return nodes
  return nodes.filter((n) => !(isText(n) && !n.data.trim()))
}

function pick(attribs: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(names.filter((n) => attribs[n] !== undefined).map((n) => [n, attribs[n]!]))
}

function findFirst(node: Element, name: string): Element | undefined {
  for (const child of node.children) {
    if (!isTag(child)) continue
    if (child.name === name) return child
    const deeper = findFirst(child, name)
    if (deeper) return deeper
  }
  return undefined
}

/**
 * HTML from another CMS (Gutenberg blocks, classic posts, Ghost's cards) as the site's editor
 * writes it: block comments, classes and wrappers gone, figures as an image and a caption
 * paragraph, then the blog sanitizer, so an imported post opens in the editor unchanged.
 */
export function cleanImportedHtml(html: string): string {
  const doc = parseDocument(autop(html.trim()), { decodeEntities: true })
  const tidy = render(transform(doc.children), { encodeEntities: 'utf8' })
  return sanitizeBlogHtml(tidy)
}

/** Every image address in `html` (for fetching and rewriting). */
export const imageSources = (html: string): string[] => imagesIn(html).map((i) => i.src)
