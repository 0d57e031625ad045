import express from 'express'
import PDFDocument from 'pdfkit'
import { z } from 'zod'
import { EstimateError, WEBSITE_TYPES, estimate, formatUsd, type Estimate } from '~/lib/estimator.ts'
import { getSettings } from '~/services/settings.server.ts'
import { BadRequestError, ctx, route } from './http.server.ts'

/**
 * Query of GET /api/estimate/pdf. The client sends only its choices, never a price: the server
 * prices them again with the same estimate() the browser uses (STYLE.md 14).
 */
const EstimateQuerySchema = z.object({
  type: z.string({ error: 'Choose a website type' }).min(1, 'Choose a website type').max(40),
  pages: z.coerce.number({ error: 'Pages must be a number' }).int('Pages must be a whole number'),
  addons: z
    .string()
    .max(500)
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : [])),
  urgency: z.string().max(40).optional(),
})

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

/** GET /api/estimate/pdf?type=business&pages=5&addons=seo,cms&urgency=rush: the estimate as a PDF download. */
export function createEstimateRouter() {
  const router = express.Router()
  router.get(
    '/pdf',
    route(async (req, res) => {
      const parsed = EstimateQuerySchema.safeParse(req.query)
      if (!parsed.success) {
        const fields: Record<string, string> = {}
        for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? '_query')] ??= issue.message
        throw new BadRequestError(fields)
      }
      const q = parsed.data
      let result: Estimate
      try {
        result = estimate({ websiteType: q.type, pages: q.pages, addons: q.addons, urgency: q.urgency || null })
      } catch (err) {
        if (err instanceof EstimateError) throw new BadRequestError({ _query: err.message })
        throw err
      }
      const { db, config } = ctx(req)
      const settings = await getSettings(db)
      const pdf = await renderPdf({
        siteName: settings.siteName,
        siteUrl: config.siteUrl,
        contactEmail: settings.contactEmail,
        date: new Date(),
        lines: estimateLines(q.type, q.pages, result),
        total: result.total,
      })
      res.setHeader('Content-Type', 'application/pdf')
      res.setHeader('Content-Disposition', 'attachment; filename="estimate.pdf"')
      res.setHeader('Cache-Control', 'no-store')
      res.send(pdf)
    }),
  )
  return router
}
