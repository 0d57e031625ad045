import PDFDocument from 'pdfkit'
import type { Db } from '~/db/db.server.ts'
import { EstimateError, WEBSITE_TYPES, estimate, formatUsd, type Estimate, type EstimateInput } from '~/lib/estimator.ts'
import { DomainValidationError } from './errors.server.ts'
import { getSettings } from './settings.server.ts'

export type EstimateLine = { label: string; amount: string }

/** The rows printed on the estimate, shared by the PDF and (indirectly) its tests. */
export function estimateLines(typeId: string, pages: number, e: Estimate): EstimateLine[] {
  const type = WEBSITE_TYPES.find((t) => t.id === typeId)
  const lines: EstimateLine[] = [{ label: `${type?.label ?? typeId} (base price, ${pages} page${pages === 1 ? '' : 's'})`, amount: formatUsd(e.base) }]
  if (e.extraPages > 0) {
    lines.push({ label: `Extra pages (${e.extraPages} x ${formatUsd(e.extraPagesCost / e.extraPages)})`, amount: formatUsd(e.extraPagesCost) })
  }
  for (const a of e.addons) lines.push({ label: `Add-on: ${a.label}`, amount: formatUsd(a.price) })
  lines.push({ label: 'Subtotal', amount: formatUsd(e.subtotal) })
  if (e.urgency) {
    lines.push({ label: `Urgency: ${e.urgency.label} (x${e.multiplier})`, amount: `+${formatUsd(e.urgencyCost)}` })
  }
  return lines
}

/**
 * The estimate as a PDF (A4, one page or so), priced here with the same estimate() the browser
 * uses: the caller passes only the visitor's choices, never a price (STYLE.md 14). Site name and
 * contact email come from the settings; `siteUrl` is the configured SITE_URL.
 * Throws DomainValidationError for choices the estimator cannot price.
 */
export async function renderEstimatePdf(db: Db, input: EstimateInput, opts: { siteUrl: string; date?: Date }): Promise<Buffer> {
  let priced: Estimate
  try {
    priced = estimate(input)
  } catch (err) {
    // NOTE: `_query` (the whole request, not one field) is the key GET /api/estimate/pdf has always answered with.
    if (err instanceof EstimateError) throw new DomainValidationError({ _query: err.message })
    throw err
  }
  const settings = await getSettings(db)
  return renderPdf({
    siteName: settings.siteName,
    siteUrl: opts.siteUrl,
    contactEmail: settings.contactEmail,
    date: opts.date ?? new Date(),
    lines: estimateLines(input.websiteType, input.pages, priced),
    total: priced.total,
  })
}

function renderPdf(opts: { siteName: string; siteUrl: string; contactEmail: string; date: Date; lines: EstimateLine[]; total: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // NOTE: compress: false keeps the text streams readable, so tests (and curious users) can find
    // the figures without a PDF library; an estimate is a page or so, size does not matter.
    const doc = new PDFDocument({ size: 'A4', margin: 56, compress: false, info: { Title: 'Website cost estimate', Author: opts.siteName } })
    const chunks: Buffer[] = []
    doc.on('data', (c: Buffer) => chunks.push(c))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)

    const left = doc.page.margins.left
    const width = doc.page.width - left - doc.page.margins.right
    const dateText = opts.date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

    doc.font('Helvetica-Bold').fontSize(20).fillColor('#1d4ed8').text(opts.siteName, left, 56)
    doc.font('Helvetica').fontSize(10).fillColor('#334155').text(`${opts.siteUrl}  |  ${opts.contactEmail}`)
    doc.moveDown(1.5)
    doc.font('Helvetica-Bold').fontSize(16).fillColor('#0f172a').text('Website Cost Estimate')
    doc.font('Helvetica').fontSize(10).fillColor('#334155').text(`Date: ${dateText}`)
    doc.moveDown(1.2)

    const row = (label: string, amount: string, bold = false) => {
      const y = doc.y
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 13 : 11).fillColor('#0f172a')
      doc.text(label, left, y, { width: width - 120 })
      const afterLabel = doc.y
      doc.text(amount, left + width - 120, y, { width: 120, align: 'right' })
      doc.y = Math.max(afterLabel, doc.y) + 6
      doc.x = left
    }
    for (const line of opts.lines) row(line.label, line.amount)
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor('#cbd5e1').stroke()
    doc.y += 8
    row('Estimated total', formatUsd(opts.total), true)

    doc.moveDown(1.5)
    doc.font('Helvetica').fontSize(9).fillColor('#475569')
    doc.text(
      'Prices in US dollars. Free hosting and domain for the first year are included. This is an estimate, not an invoice: ' +
        'request a free proposal and we will send your fixed price within 24 hours.',
      left,
      doc.y,
      { width },
    )
    doc.text(`${opts.siteUrl}/proposal`, { width })
    doc.end()
  })
}
