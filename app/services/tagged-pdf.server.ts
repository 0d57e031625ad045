/** The site's PDF colours: text, secondary text, the brand. */
export const PDF_INK = '#0f172a'
export const PDF_MUTED = '#475569'
export const PDF_BRAND = '#1d4ed8'

type Struct = PDFKit.PDFStructureElement

/** What a drawing gets: the document, its structure tree's root, the text column, and the tagging helpers. */
export type TaggedPage = {
  doc: PDFKit.PDFDocument
  root: Struct
  left: number
  width: number
  /** Draws inside a new structure element of `type` under `parent`: the reading order is the drawing order. */
  tag: (parent: Struct, type: string, draw: () => void) => void
  /** A structure element (a table, a row, a list) under `parent`, to tag into and then end. */
  child: (parent: Struct, type: string) => Struct
}

/**
 * An A4 PDF the estimate, the proposal and the invoice share: tagged (structure tree, MarkInfo,
 * language, title shown) so a screen reader reads headings, paragraphs and tables in order (issue
 * 27, WCAG 1.3.1; tagging needs PDF 1.5 or later), drawn by `draw`.
 * NOTE: compress: false keeps the text streams readable, so tests (and curious users) can find
 * the figures without a PDF library; these are a few pages, size does not matter.
 * pdfkit is loaded on the first PDF asked for, not at start: with its fonts it is about 5 MB of a
 * process's memory that most processes never use (docs/decisions/073).
 */
export async function renderTaggedPdf(
  info: { Title: string; Author: string; Subject: string },
  draw: (page: TaggedPage) => void,
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit')
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      compress: false,
      pdfVersion: '1.5',
      tagged: true,
      lang: 'en-US',
      displayTitle: true,
      info,
    })
    const chunks: Buffer[] = []
    doc.on('data', (c: Buffer) => chunks.push(c))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)

    const root = doc.struct('Document')
    doc.addStructure(root)
    draw({
      doc,
      root,
      left: doc.page.margins.left,
      width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
      tag: (parent, type, drawn) => parent.add(doc.struct(type, {}, drawn)),
      child: (parent, type) => {
        const el = doc.struct(type)
        parent.add(el)
        return el
      },
    })
    root.end()
    doc.end()
  })
}
