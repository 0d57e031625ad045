import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { estimateReference, renderEstimatePdf } from '~/services/estimate.server.ts'
import { updateSettings } from '~/services/settings-update.server.ts'
import { confirmSudo } from '~/services/sudo.server.ts'
import { ADMIN_PASSWORD, dialects } from '../helpers/app.ts'
import { seededDatabaseWithAdmin } from './db.ts'

/** The text a person reads, line by line (pdfkit writes each line as hex strings in a TJ array; compress is off). */
function pdfText(pdf: Buffer): string {
  const lines: string[] = []
  for (const m of pdf.toString('latin1').matchAll(/\[((?:<[0-9a-fA-F]*>\s*-?\d*\.?\d*\s*)+)\]\s*TJ/g)) {
    lines.push(Buffer.from([...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => x[1]).join(''), 'hex').toString('latin1'))
  }
  return lines.join('\n')
}

const example = { websiteType: 'business', pages: 12, addons: ['cms', 'seo'], urgency: 'rush' }
const DAY = new Date('2026-11-23T10:00:00Z')

describe.each(dialects())('the PDF estimate on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  seededDatabaseWithAdmin(url, (db, signedIn) => {
    h = db
    admin = signedIn
  })

  it('reads as a document a client keeps: who, reference, dates, the items as on screen, total, next steps, contact', async () => {
    // A new contact email needs sudo mode (docs/decisions/027).
    await confirmSudo(h.db, admin, ADMIN_PASSWORD)
    await updateSettings(h.db, admin, {
      siteName: 'Acme Web Studio',
      contactEmail: 'studio@acme.example',
      contactPhone: '+1 (415) 555-0199',
      address: '9 Test Street, San Francisco, CA 94107',
      gwaliorAddress: '7 Fort Road, Gwalior 474001',
    })
    const pdf = await renderEstimatePdf(h.db, example, { siteUrl: 'https://acme.example', date: DAY })
    const text = pdfText(pdf)
    const lines = text.split('\n')
    expect(lines).toContain('Acme Web Studio')
    expect(lines).toContain('Website Cost Estimate')
    const reference = estimateReference(example, DAY)
    expect(reference).toMatch(/^EST-20261123-[0-9A-F]{6}$/)
    expect(lines).toContain(`Reference: ${reference}`)
    expect(lines).toContain('Date: November 23, 2026')
    expect(lines).toContain('Valid until: December 23, 2026 (30 days)')
    // The rows of the on-screen table, with their amounts; the pages the base price includes and
    // the surcharge said once.
    for (const row of [
      'Business Website (Business plan, includes 10 pages)',
      '$599',
      '2 extra pages x $50',
      '$100',
      'Content Management',
      '$150',
      'SEO Optimization',
      'Subtotal',
      '$949',
      'Rush: 5 days (+50%)',
      '+$474.50',
      'Estimated total',
      '$1,423.50',
    ]) {
      expect(lines, row).toContain(row)
    }
    expect(text).not.toContain('base price')
    expect(text).not.toContain('(x1.5)')
    expect(lines).toContain('Next steps')
    expect(text).toContain('Within 24 hours we send a written proposal with a fixed price')
    expect(text).toContain('1. Request your free proposal at https://acme.example/proposal, quoting the reference above.')
    // Contact details come from the settings, both offices.
    expect(text).toContain('Email: studio@acme.example')
    expect(text).toContain('Phone: +1 (415) 555-0199')
    expect(lines).toContain('9 Test Street, San Francisco, CA 94107')
    expect(lines).toContain('7 Fort Road, Gwalior 474001')
    expect(text).not.toContain('Harrison')
  })

  it('is a tagged PDF: marked, with a structure tree (heading, table, list), its language and its title shown (issue 27)', async () => {
    const raw = (await renderEstimatePdf(h.db, example, { siteUrl: 'https://acme.example', date: DAY })).toString('latin1')
    // The catalog points at the MarkInfo dictionary, which says the content is marked.
    const markInfo = raw.match(/\/MarkInfo (\d+) 0 R/)?.[1]
    expect(markInfo).toBeDefined()
    expect(raw).toMatch(new RegExp(`\\n${markInfo} 0 obj\\s*<<\\s*/Marked true`))
    expect(raw).toContain('/StructTreeRoot')
    expect(raw).toMatch(/\/Lang \(en-US\)/)
    expect(raw).toMatch(/\/DisplayDocTitle true/)
    for (const type of ['/H1', '/P', '/Table', '/TR', '/TD', '/L', '/LI']) expect(raw, type).toContain(`/S ${type}\n`)
  })

  it('gives the same choices on the same day the same reference, and other choices another', () => {
    expect(estimateReference({ ...example, addons: ['seo', 'cms'] }, DAY)).toBe(estimateReference(example, DAY))
    expect(estimateReference({ ...example, pages: 6 }, DAY)).not.toBe(estimateReference(example, DAY))
  })
})
