import { formatMomentInWords } from '~/lib/agency-time.ts'
import { dayLabel, money, type DocumentContent } from '~/lib/proposal-document.ts'
import { PDF_BRAND as BRAND, PDF_INK as INK, PDF_MUTED as MUTED, renderTaggedPdf } from './tagged-pdf.server.ts'

/** Who accepted, as the certificate page states it (issue 38). */
export type Acceptance = {
  signerName: string
  decidedAt: string
  ip: string | null
  userAgent: string | null
  sha256: string
  version: number
  timeZone: string
}

/** The summary's sanitized HTML as paragraphs of plain text (a list item keeps a bullet). */
export function htmlToParagraphs(html: string): string[] {
  const text = html
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|ul|ol|blockquote|div)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
  return text
    .split(/\n+/)
    .map((s) => s.trim())
    .filter(Boolean)
}

/** '2026-11-28 14:05:09 UTC; November 28, 2026 at 6:05 AM Pacific Time (Los Angeles)'. */
function when(iso: string, zone: string): string {
  return `${iso.replace('T', ' ').slice(0, 19)} UTC; ${formatMomentInWords(iso, zone)}`
}

/**
 * The proposal as a tagged PDF (structure tree, language, title shown; as the estimate's), the
 * same version the page shows; once accepted it ends with a certificate page: who, when, from
 * where, with what browser, and the SHA-256 of the version accepted.
 */
export function renderProposalPdf(content: DocumentContent, sha256: string, acceptance: Acceptance | null): Promise<Buffer> {
  const info = { Title: content.title, Author: content.agency, Subject: `Proposal for ${content.client.name}, version ${content.version}` }
  return renderTaggedPdf(info, ({ doc, root, left, width, tag, child }) => {
    const bottom = () => doc.page.height - doc.page.margins.bottom
    const room = (h: number) => {
      if (doc.y + h > bottom()) doc.addPage()
    }
    const heading = (text: string) => {
      room(60)
      doc.moveDown(1)
      tag(root, 'H2', () => doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(text, left, doc.y, { width }))
      doc.moveDown(0.3)
    }
    const para = (text: string, color = INK) =>
      tag(root, 'P', () => doc.font('Helvetica').fontSize(10.5).fillColor(color).text(text, left, doc.y, { width }))

    tag(root, 'P', () => doc.font('Helvetica-Bold').fontSize(12).fillColor(BRAND).text(content.agency, left, doc.y, { width }))
    doc.moveDown(0.5)
    tag(root, 'H1', () => doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(content.title, left, doc.y, { width }))
    doc.moveDown(0.3)
    para(`For ${content.client.name} (${content.client.business}). Open until ${dayLabel(content.validUntil)}.`, MUTED)

    heading('Summary')
    for (const p of htmlToParagraphs(content.summaryHtml)) {
      para(p)
      doc.moveDown(0.3)
    }

    if (content.scope.length) {
      heading('Scope')
      for (const s of content.scope) {
        room(40)
        tag(root, 'H3', () => doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(s.heading, left, doc.y, { width }))
        para(s.body)
        doc.moveDown(0.4)
      }
    }

    heading('Price')
    const table = child(root, 'Table')
    const row = (cells: string[], bold = false) => {
      room(24)
      const y = doc.y
      const tr = child(table, 'TR')
      const cols = [
        { x: left, w: width - 230, align: 'left' as const },
        { x: left + width - 230, w: 50, align: 'right' as const },
        { x: left + width - 180, w: 80, align: 'right' as const },
        { x: left + width - 100, w: 100, align: 'right' as const },
      ]
      let end = y
      cells.forEach((c, i) => {
        tag(tr, bold ? 'TH' : 'TD', () =>
          doc
            .font(bold ? 'Helvetica-Bold' : 'Helvetica')
            .fontSize(10)
            .fillColor(INK)
            .text(c, cols[i].x, y, { width: cols[i].w, align: cols[i].align }),
        )
        end = Math.max(end, doc.y)
      })
      doc.y = end + 5
      doc.x = left
    }
    row(['Item', 'Qty', 'Price', 'Amount'], true)
    for (const l of content.priced.lines) row([l.label, String(l.quantity), money(l.unitCents), money(l.amountCents)])
    if (content.priced.discountCents > 0) {
      row(['Subtotal', '', '', money(content.priced.subtotalCents)])
      row(['Discount', '', '', `-${money(content.priced.discountCents)}`])
    }
    row(['Total', '', '', money(content.priced.totalCents)], true)
    table.end()

    heading('Timeline')
    const timeline = child(root, 'L')
    for (const m of content.milestones)
      tag(timeline, 'LI', () =>
        doc
          .font('Helvetica')
          .fontSize(10.5)
          .fillColor(INK)
          .text(`${m.label}: ${m.date ? dayLabel(m.date) : 'date to agree'}`, left, doc.y, { width }),
      )
    timeline.end()

    heading('Payments')
    const payments = child(root, 'L')
    for (const p of content.priced.payments)
      tag(payments, 'LI', () =>
        doc
          .font('Helvetica')
          .fontSize(10.5)
          .fillColor(INK)
          .text(`${p.percent}% ${p.label.toLowerCase()}: ${money(p.amountCents)}`, left, doc.y, { width }),
      )
    payments.end()

    heading('Terms')
    for (const line of content.terms.split(/\r?\n/).filter((l) => l.trim())) para(line)

    doc.moveDown(1)
    para(`Version ${content.version}. SHA-256 of this version: ${sha256}`, MUTED)

    if (acceptance) {
      doc.addPage()
      tag(root, 'H1', () =>
        doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text('Certificate of acceptance', left, doc.y, { width }),
      )
      doc.moveDown(0.6)
      const facts: [string, string][] = [
        ['Document', `${content.title} (${content.agency})`],
        ['Version accepted', String(acceptance.version)],
        ['SHA-256 of that version', acceptance.sha256],
        ['Signed by (typed full name)', acceptance.signerName],
        ['Consent', 'Ticked "I agree to the terms and to sign electronically"'],
        ['When', when(acceptance.decidedAt, acceptance.timeZone)],
        ['From address', acceptance.ip ?? 'not known'],
        ['Browser', acceptance.userAgent || 'not given'],
      ]
      const list = child(root, 'L')
      for (const [k, v] of facts) {
        tag(list, 'LI', () => {
          doc.font('Helvetica-Bold').fontSize(10.5).fillColor(INK).text(`${k}: `, left, doc.y, { width, continued: true })
          doc.font('Helvetica').text(v)
        })
        doc.moveDown(0.3)
      }
      list.end()
      doc.moveDown(0.6)
      para(
        "The SHA-256 is taken of the version's canonical content, kept unchanged since it was sent; the same content always gives the same hash.",
        MUTED,
      )
    }
  })
}

export type InvoiceFacts = {
  label: string
  date: string
  agency: string
  agencyContact: string
  client: { name: string; business: string; email: string }
  proposalTitle: string
  version: number
  line: string
  amountCents: number
  totalCents: number
  paymentDetails: string
}

/** The deposit invoice as a tagged PDF: its number, who bills whom, the one line, how to pay. */
export function renderInvoicePdf(f: InvoiceFacts): Promise<Buffer> {
  const info = { Title: `Invoice ${f.label}`, Author: f.agency, Subject: `Deposit for ${f.proposalTitle}` }
  return renderTaggedPdf(info, ({ doc, root, left, width, tag: tagUnder }) => {
    const tag = (type: string, draw: () => void) => tagUnder(root, type, draw)
    const para = (text: string, color = INK, bold = false) =>
      tag('P', () =>
        doc
          .font(bold ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(10.5)
          .fillColor(color)
          .text(text, left, doc.y, { width }),
      )

    tag('P', () => doc.font('Helvetica-Bold').fontSize(12).fillColor(BRAND).text(f.agency, left, doc.y, { width }))
    para(f.agencyContact, MUTED)
    doc.moveDown(0.8)
    tag('H1', () => doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(`Invoice ${f.label}`, left, doc.y, { width }))
    para(`Date: ${dayLabel(f.date)}`, MUTED)
    doc.moveDown(0.8)
    tag('H2', () => doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text('Billed to', left, doc.y, { width }))
    para(`${f.client.name} (${f.client.business}), ${f.client.email}`)
    doc.moveDown(0.8)
    tag('H2', () => doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text('For', left, doc.y, { width }))
    para(`Deposit: ${f.line} of "${f.proposalTitle}" (version ${f.version}, accepted), total ${money(f.totalCents)}.`)
    doc.moveDown(0.5)
    para(`Amount due: ${money(f.amountCents)}`, INK, true)
    doc.moveDown(0.8)
    tag('H2', () => doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text('How to pay', left, doc.y, { width }))
    for (const line of f.paymentDetails.split(/\r?\n/).filter((l) => l.trim())) para(line)
  })
}
