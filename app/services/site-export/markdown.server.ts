import { type ChildNode, isTag, isText } from 'domhandler'
import { parseDocument } from 'htmlparser2'

/**
 * The blog's HTML (the editor's shape: paragraphs, headings, lists, quotes, images, links,
 * emphasis, code) as Markdown, for the export's posts/*.md. Anything else keeps its text.
 */
export function htmlToMarkdown(html: string): string {
  return (
    blocks(parseDocument(html).children)
      .replace(/\n{3,}/g, '\n\n')
      .trim() + '\n'
  )
}

const escapeText = (s: string) => s.replace(/\s+/g, ' ').replace(/([\\`*_[\]])/g, '\\$1')
const rawText = (nodes: ChildNode[]): string => nodes.map((c) => (isText(c) ? c.data : isTag(c) ? rawText(c.children) : '')).join('')

const INLINE: Record<string, (inner: string, attribs: Record<string, string>, n: ChildNode[]) => string> = {
  strong: (t) => `**${t}**`,
  b: (t) => `**${t}**`,
  em: (t) => `*${t}*`,
  i: (t) => `*${t}*`,
  s: (t) => `~~${t}~~`,
  code: (_t, _a, n) => `\`${rawText(n)}\``,
  a: (t, a) => `[${t}](${a.href ?? ''})`,
  img: (_t, a) => `![${a.alt ?? ''}](${a.src ?? ''})`,
  br: () => '  \n',
}

function inline(nodes: ChildNode[]): string {
  return nodes
    .map((n) => {
      if (isText(n)) return escapeText(n.data)
      if (!isTag(n)) return ''
      const inner = inline(n.children)
      return INLINE[n.name]?.(inner, n.attribs, n.children) ?? inner
    })
    .join('')
}

function list(n: ChildNode & { name: string; attribs: Record<string, string>; children: ChildNode[] }, prefix: string): string {
  let out = ''
  let i = Number(n.attribs.start ?? 1)
  for (const li of n.children) {
    if (!isTag(li) || li.name !== 'li') continue
    const nested = li.children.filter((c) => isTag(c) && (c.name === 'ul' || c.name === 'ol'))
    const text = inline(li.children.filter((c) => !nested.includes(c)))
    out += `${prefix}${n.name === 'ol' ? `${i++}.` : '-'} ${text.trim()}\n`
    if (nested.length) out += blocks(nested, `${prefix}   `).replace(/\n\n$/, '\n')
  }
  return `${out}\n`
}

function blocks(nodes: ChildNode[], prefix = ''): string {
  let out = ''
  for (const n of nodes) {
    if (isText(n)) {
      if (n.data.trim()) out += `${prefix}${escapeText(n.data.trim())}\n\n`
      continue
    }
    if (!isTag(n)) continue
    const heading = /^h([1-6])$/.exec(n.name)
    if (heading) out += `${prefix}${'#'.repeat(Number(heading[1]))} ${inline(n.children)}\n\n`
    else if (n.name === 'ul' || n.name === 'ol') out += list(n, prefix)
    else if (n.name === 'blockquote') out += blocks(n.children, `${prefix}> `).replace(/\n\n$/, '\n') + '\n'
    else if (n.name === 'pre') out += `${prefix}\`\`\`\n${rawText(n.children)}\n\`\`\`\n\n`
    else if (n.name === 'hr') out += `${prefix}---\n\n`
    else if (n.name === 'figure' || n.name === 'div') out += blocks(n.children, prefix)
    else out += `${prefix}${inline([n]).trim()}\n\n`
  }
  return out
}
