import { getElementsByTagName } from 'domutils'
import { parseDocument } from 'htmlparser2'

/**
 * Every picture in `html`, in order, each address once: its address and alt text, read with a
 * real HTML parser (any quoting, entities decoded), for the importer (which fetches and rewrites
 * them) and the WordPress export (one attachment each).
 */
export function imagesIn(html: string): { src: string; alt: string }[] {
  const found = new Map<string, string>()
  for (const img of getElementsByTagName('img', parseDocument(html).children, true)) {
    const src = img.attribs.src
    if (src && !found.has(src)) found.set(src, img.attribs.alt ?? '')
  }
  return [...found].map(([src, alt]) => ({ src, alt }))
}
