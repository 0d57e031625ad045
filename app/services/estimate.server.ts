import { createHash } from 'node:crypto'
import type { Db } from '~/db/db.server.ts'
import { COMPANY, officesOf, type ContactDetails } from '~/content/site.ts'
import { PRICE_LIST } from '~/content/pricing.ts'
import { EstimateError, estimator, type Estimate, type EstimateInput, type EstimateRow } from '~/lib/estimator.ts'
import { DomainValidationError } from '~/infra/errors.server.ts'
import { dayLabel } from '~/lib/proposal-document.ts'
import { getSettings } from './settings.server.ts'
import { PDF_BRAND as BRAND, PDF_INK as INK, PDF_MUTED as MUTED, renderTaggedPdf } from './tagged-pdf.server.ts'

/** The estimator bound to the one price list: the server prices every estimate again with it. */
export const ESTIMATOR = estimator(PRICE_LIST)
const { estimate, estimateRows, deliverySentence } = ESTIMATOR

/** How long the figures on an estimate hold. */
export const ESTIMATE_VALID_DAYS = 30

/**
 * The estimate's reference: the day and a digest of the choices, so the same choices on the same
 * day give the same reference (nothing is stored), and a visitor can quote it in the proposal.
 */
export function estimateReference(input: EstimateInput, date: Date): string {
  const day = date.toISOString().slice(0, 10)
  const choices = JSON.stringify([input.websiteType, input.pages, [...input.addons].sort(), input.urgency ?? ''])
  const digest = createHash('sha256').update(choices).digest('hex').slice(0, 6).toUpperCase()
  return `EST-${day.replaceAll('-', '')}-${digest}`
}

/**
 * The estimate as a PDF (A4, one page), priced here with the same estimate() the browser uses:
 * the caller passes only the visitor's choices, never a price (STYLE.md 14). The agency's name
 * and contact details come from the settings (their one source); `siteUrl` is SITE_URL.
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
  const date = opts.date ?? new Date()
  return renderPdf({
    siteName: settings.siteName,
    siteUrl: opts.siteUrl,
    contact: settings,
    date,
    reference: estimateReference(input, date),
    rows: estimateRows(input, priced),
    delivery: deliverySentence(input.websiteType, input.urgency),
    deliveryTime: priced.delivery,
  })
}

type PdfOptions = {
  siteName: string
  siteUrl: string
  contact: ContactDetails
  date: Date
  reference: string
  rows: EstimateRow[]
  /** 'Delivery: 5 days with Rush (7 days at the standard pace).' */
  delivery: string
  /** '5 days', or 'quoted in your proposal' for a custom web app. */
  deliveryTime: string
}

/** 'November 28, 2026': the estimate's day (UTC, as it always was), with the one date library. */
const longDate = (d: Date) => dayLabel(d.toISOString().slice(0, 10))

function renderPdf(opts: PdfOptions): Promise<Buffer> {
  const info = { Title: `Website cost estimate ${opts.reference}`, Author: opts.siteName, Subject: 'Website cost estimate' }
  return renderTaggedPdf(info, ({ doc, root, left, width, tag, child }) => {
    const validUntil = new Date(opts.date.getTime() + ESTIMATE_VALID_DAYS * 24 * 60 * 60 * 1000)

    // Letterhead: the rocket mark (the favicon's drawing, as vectors) and the agency's name.
    doc.markContent('Artifact', { type: 'Layout' })
    drawLogo(doc, left, 52, 40)
    doc.endMarkedContent()
    tag(root, 'P', () =>
      doc
        .font('Helvetica-Bold')
        .fontSize(20)
        .fillColor(BRAND)
        .text(opts.siteName, left + 52, 54, { width: width - 52 }),
    )
    tag(root, 'P', () =>
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(MUTED)
        .text(COMPANY.tagline, left + 52, doc.y, { width: width - 52 }),
    )
    doc.y = Math.max(doc.y, 100) + 18

    tag(root, 'H1', () => doc.font('Helvetica-Bold').fontSize(16).fillColor(INK).text('Website Cost Estimate', left, doc.y))
    doc.moveDown(0.4)
    const facts: [string, string][] = [
      ['Reference', opts.reference],
      ['Date', longDate(opts.date)],
      ['Valid until', `${longDate(validUntil)} (${ESTIMATE_VALID_DAYS} days)`],
    ]
    for (const [k, v] of facts) tag(root, 'P', () => doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`${k}: ${v}`, left, doc.y))
    doc.moveDown(1.2)

    // The items as on screen: the same rows as the estimator's table, one table row each.
    const table = child(root, 'Table')
    const row = (label: string, amount: string, style: 'item' | 'subtotal' | 'total') => {
      const y = doc.y
      doc
        .font(style === 'item' ? 'Helvetica' : 'Helvetica-Bold')
        .fontSize(style === 'total' ? 13 : 11)
        .fillColor(INK)
      const tr = child(table, 'TR')
      tag(tr, 'TD', () => doc.text(label, left, y, { width: width - 120 }))
      const afterLabel = doc.y
      tag(tr, 'TD', () => doc.text(amount, left + width - 120, y, { width: 120, align: 'right' }))
      doc.y = Math.max(afterLabel, doc.y) + 6
      doc.x = left
    }
    for (const r of opts.rows) {
      if (r.kind === 'total') {
        doc.markContent('Artifact', { type: 'Layout' })
        doc
          .moveTo(left, doc.y)
          .lineTo(left + width, doc.y)
          .strokeColor('#cbd5e1')
          .stroke()
        doc.endMarkedContent()
        doc.y += 8
        row('Estimated total', r.amount, 'total')
      } else row(r.label, r.amount, r.kind)
    }
    table.end()
    tag(root, 'P', () => doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(opts.delivery, left, doc.y, { width }))
    doc.moveDown(0.3)
    doc.font('Helvetica').fontSize(9).fillColor(MUTED)
    tag(root, 'P', () =>
      doc.text('Prices in US dollars, one-time. Free hosting and domain for the first year are included.', left, doc.y, { width }),
    )

    doc.moveDown(1.5)
    tag(root, 'H2', () => doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text('Next steps', left, doc.y))
    doc.moveDown(0.3)
    const proposalUrl = `${opts.siteUrl.replace(/\/$/, '')}/proposal`
    const steps = [
      `Request your free proposal at ${proposalUrl}, quoting the reference above.`,
      'Within 24 hours we send a written proposal with a fixed price for your project.',
      /^\d/.test(opts.deliveryTime)
        ? `Once you accept it, we design and build your site: live in ${opts.deliveryTime}.`
        : 'Once you accept it, we design and build your app by the date the proposal names.',
    ]
    const list = child(root, 'L')
    steps.forEach((s, i) =>
      tag(list, 'LI', () =>
        doc
          .font('Helvetica')
          .fontSize(10)
          .fillColor(INK)
          .text(`${i + 1}. ${s}`, left, doc.y, { width }),
      ),
    )
    list.end()

    doc.moveDown(1.5)
    tag(root, 'H2', () => doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text('Contact us', left, doc.y))
    doc.moveDown(0.3)
    const c = opts.contact
    const reach = [
      c.contactEmail && `Email: ${c.contactEmail}`,
      c.contactPhone && `Phone: ${c.contactPhone}`,
      `Web: ${opts.siteUrl}`,
    ].filter(Boolean)
    tag(root, 'P', () => doc.font('Helvetica').fontSize(10).fillColor(INK).text(reach.join('   '), left, doc.y, { width }))
    for (const o of officesOf(c)) {
      doc.moveDown(0.4)
      tag(root, 'H3', () => doc.font('Helvetica-Bold').fontSize(10).text(`${o.label}, ${o.city}`, left, doc.y, { width }))
      tag(root, 'P', () => doc.font('Helvetica').fontSize(10).text(o.address, left, doc.y, { width }))
      const more = [o.id !== 'san-francisco' && o.phone && `Phone: ${o.phone}`, o.hours].filter(Boolean).join('   ')
      if (more) tag(root, 'P', () => doc.fillColor(MUTED).text(more, left, doc.y, { width }).fillColor(INK))
    }
  })
}

/** The favicon's rocket (public/favicon.svg), drawn as vectors so it stays sharp when printed. */
function drawLogo(doc: PDFKit.PDFDocument, x: number, y: number, size: number) {
  doc.save()
  doc.translate(x, y).scale(size / 32)
  doc.roundedRect(0, 0, 32, 32, 7).fill(BRAND)
  doc.path('M16 4c4 3 6 8 6 13l-2 4h-8l-2-4c0-5 2-10 6-13z').fill('#ffffff')
  doc.circle(16, 13, 2.5).fill(BRAND)
  doc.path('M10.5 16.5 7 22h4.5zM21.5 16.5 25 22h-4.5z').fill('#93c5fd')
  doc.path('M13 22.5h6L16 29z').fill('#f97316')
  doc.restore()
}
