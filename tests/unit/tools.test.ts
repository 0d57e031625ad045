import { describe, expect, it } from 'vitest'
import type { Db } from '~/db/db.server.ts'
import { DomainValidationError } from '~/infra/errors.server.ts'
import { renderEstimatePdf } from '~/services/estimate.server.ts'
import { budgetForTotal, estimatePdfHref, estimateProposalHref, estimateSummary } from '~/components/estimator/estimate-links.ts'
import {
  buttonStyle,
  contrastRatio,
  pageNames,
  readableOn,
  sectionPadding,
  textOnPrimary,
  DEVICE_WIDTHS,
} from '~/components/builder/preview-style.ts'
import { COLOR_SCHEMES } from '~/content/builder-options.ts'
import { createDefaultConfig } from '~/lib/builder.ts'
import { estimate } from '~/components/estimator/price-list.ts'
import { prefillFromUrl } from '~/routes/tools/+shared/proposal.server.ts'

const example = { websiteType: 'business', pages: 12, addons: ['cms', 'seo'], urgency: 'rush' }

describe('estimate links', () => {
  it('maps a total to the proposal budget range that contains it', () => {
    expect(budgetForTotal(299)).toBe('100-500')
    expect(budgetForTotal(500)).toBe('100-500')
    expect(budgetForTotal(500.5)).toBe('500-1000')
    expect(budgetForTotal(1000)).toBe('500-1000')
    expect(budgetForTotal(1423.5)).toBe('1000-2500')
    expect(budgetForTotal(5000)).toBe('2500-5000')
    expect(budgetForTotal(5998)).toBe('5000+')
  })

  it('summarises the estimate in plain text for the proposal', () => {
    expect(estimateSummary(example, estimate(example)).split('\n')).toEqual([
      'Cost estimate from the pricing page:',
      '- Website type: Business Website',
      '- Pages: 12',
      '- Add-ons: Content Management, SEO Optimization',
      '- Timeline: Rush: 5 days (+50%)',
      '- Estimated total: $1,423.50',
    ])
    const plain = { websiteType: 'static', pages: 1, addons: [], urgency: null }
    expect(estimateSummary(plain, estimate(plain))).toContain(
      '- Add-ons: None\n- Timeline: No preference (7 days)\n- Estimated total: $299',
    )
  })

  it('sends only the choices to the PDF endpoint, never a price', () => {
    expect(estimatePdfHref(example)).toBe('/api/estimate/pdf?type=business&pages=12&addons=cms%2Cseo&urgency=rush')
    expect(estimatePdfHref({ websiteType: 'static', pages: 2, addons: [], urgency: null })).toBe('/api/estimate/pdf?type=static&pages=2')
  })

  it('opens the proposal with the summary and the matching budget', () => {
    const url = new URL(estimateProposalHref(example, estimate(example)), 'http://x')
    expect(url.pathname).toBe('/proposal')
    expect(url.searchParams.get('from')).toBe('estimator')
    expect(url.searchParams.get('budget')).toBe('1000-2500')
    expect(url.searchParams.get('summary')).toContain('Estimated total: $1,423.50')
  })
})

describe('estimate PDF', () => {
  // The rows themselves (the same on screen and on the PDF) are tested in estimator.test.ts.
  it('refuses choices the estimator cannot price with a typed error, before touching the database', async () => {
    const db = new Proxy(
      {},
      {
        get: () => {
          throw new Error('database used')
        },
      },
    ) as Db
    for (const input of [
      { websiteType: 'mansion', pages: 5, addons: [] },
      { websiteType: 'business', pages: 0, addons: [] },
      { websiteType: 'business', pages: 5, addons: ['jacuzzi'] },
      { websiteType: 'business', pages: 5, addons: [], urgency: 'yesterday' },
    ]) {
      const err = await renderEstimatePdf(db, input, { siteUrl: 'http://x' }).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(DomainValidationError)
      expect(Object.keys((err as DomainValidationError).fields)).toEqual(['_query'])
    }
  })
})

describe('proposal prefill', () => {
  it('takes the summary and a known budget from the query string', () => {
    const v = prefillFromUrl(new URL('http://x/proposal?from=builder&summary=Business%20name%3A%20Acme&budget=500-1000'))
    expect(v).toEqual({ name: '', email: '', phone: '', businessType: '', budget: '500-1000', requirements: 'Business name: Acme' })
  })

  it('ignores an unknown budget and caps the summary at the schema limit', () => {
    const v = prefillFromUrl(new URL(`http://x/proposal?summary=${'a'.repeat(6000)}&budget=lots`))
    expect(v.budget).toBe('')
    expect(v.requirements).toHaveLength(5000)
  })

  it('starts empty without parameters', () => {
    expect(prefillFromUrl(new URL('http://x/proposal')).requirements).toBe('')
  })
})

describe('builder preview styling', () => {
  it('keeps text on primary and secondary fills readable (WCAG AA) in every scheme', () => {
    for (const s of COLOR_SCHEMES) {
      expect(contrastRatio(textOnPrimary(s), s.primary), s.id).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(readableOn(s.secondary), s.secondary), s.id).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1)
  })

  it('shapes the call-to-action by button style and border radius', () => {
    const c = createDefaultConfig()
    expect(buttonStyle(c)).toMatchObject({ borderRadius: 8, background: '#2563eb', color: '#ffffff' })
    c.customizations.buttonStyle = 'pill'
    expect(buttonStyle(c).borderRadius).toBe(9999)
    c.customizations.buttonStyle = 'square'
    expect(buttonStyle(c).borderRadius).toBe(0)
    c.customizations.buttonStyle = 'outline'
    expect(buttonStyle(c)).toMatchObject({ background: 'transparent', color: '#1f2937' })
    c.customizations.buttonStyle = 'gradient'
    expect(String(buttonStyle(c).background)).toContain('linear-gradient')
  })

  it('scales section padding with spacing and density', () => {
    const c = createDefaultConfig()
    expect(sectionPadding(c)).toBe(24)
    c.customizations.layoutDensity = 'spacious'
    expect(sectionPadding(c)).toBe(36)
    c.customizations.layoutDensity = 'compact'
    c.customizations.spacing = 8
    expect(sectionPadding(c)).toBe(9)
  })

  it('names as many pages as configured, between 1 and 20', () => {
    expect(pageNames(4)).toEqual(['Home', 'About', 'Services', 'Contact'])
    expect(pageNames(0)).toEqual(['Home'])
    expect(pageNames(20)).toHaveLength(20)
    expect(pageNames(99)).toHaveLength(20)
  })

  it('lays devices out at desktop, tablet and phone widths', () => {
    expect(DEVICE_WIDTHS).toEqual({ desktop: 1024, tablet: 768, mobile: 375 })
  })
})
