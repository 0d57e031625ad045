import { describe, expect, it } from 'vitest'
import {
  ESTIMATOR_ADDONS,
  EXTRA_PAGE_PRICE,
  EstimateError,
  INCLUDED_PAGES,
  URGENCY_OPTIONS,
  WEBSITE_TYPES,
  estimate,
  estimateRows,
  formatUsd,
  urgencyLabel,
} from '~/lib/estimator'
import { PLANS, PRICING_ADDONS } from '~/content/pricing'

describe('estimator constants', () => {
  it('lists the four website types with their base prices', () => {
    expect(WEBSITE_TYPES.map((t) => [t.id, t.label, t.base])).toEqual([
      ['static', 'Static Website', 299],
      ['business', 'Business Website', 599],
      ['ecommerce', 'E-commerce Store', 999],
      ['custom', 'Custom Web App', 1499],
    ])
  })

  it('includes 3 pages and charges 50 per extra page', () => {
    expect(INCLUDED_PAGES).toBe(3)
    expect(EXTRA_PAGE_PRICE).toBe(50)
  })

  it('lists the seven add-ons with exact prices', () => {
    expect(ESTIMATOR_ADDONS.map((a) => [a.id, a.label, a.price])).toEqual([
      ['ai-chat', 'AI Chat Assistant', 200],
      ['cms', 'Content Management', 150],
      ['seo', 'SEO Optimization', 100],
      ['analytics', 'Analytics Setup', 75],
      ['social', 'Social Media Integration', 50],
      ['booking', 'Booking System', 300],
      ['payment', 'Payment Gateway', 250],
    ])
  })

  it('lists the three urgency options', () => {
    expect(URGENCY_OPTIONS.map((u) => [u.id, urgencyLabel(u), u.multiplier])).toEqual([
      ['standard', 'Standard: 2-3 weeks', 1],
      ['rush', 'Rush: 1 week (+50%)', 1.5],
      ['emergency', 'Emergency: 3-5 days (+100%)', 2],
    ])
  })
})

describe('one price list', () => {
  it('prices the /pricing add-on cards and the estimator from the same entries', () => {
    for (const a of ESTIMATOR_ADDONS) {
      const card = PRICING_ADDONS.find((c) => c.id === a.id)
      expect(card, a.id).toBeDefined()
      expect([card?.name, card?.price]).toEqual([a.label, a.price])
    }
    // The only card the estimator leaves out is the monthly one: an estimate is a one-time price.
    expect(PRICING_ADDONS.filter((c) => !ESTIMATOR_ADDONS.some((a) => a.id === c.id)).map((c) => [c.name, c.price, c.unit])).toEqual([
      ['Monthly Maintenance', 25, 'per month'],
    ])
  })

  it('starts the plans at the website types of the same price', () => {
    expect(PLANS.map((p) => p.price)).toEqual([299, 599, 999])
    expect(WEBSITE_TYPES.slice(0, 3).map((t) => t.base)).toEqual([299, 599, 999])
  })
})

describe('estimate rows (the same on screen and on the PDF)', () => {
  it('says the pages the base price includes, and the urgency surcharge once', () => {
    const input = { websiteType: 'business', pages: 5, addons: ['cms', 'seo'], urgency: 'rush' }
    expect(estimateRows(input, estimate(input)).map((r) => [r.label, r.amount])).toEqual([
      ['Business Website (includes 3 pages)', '$599'],
      ['2 extra pages x $50', '$100'],
      ['Content Management', '$150'],
      ['SEO Optimization', '$100'],
      ['Subtotal', '$949'],
      ['Rush: 1 week (+50%)', '+$474.50'],
      ['Total', '$1,423.50'],
    ])
  })

  it('omits extra pages and urgency when there are none', () => {
    const input = { websiteType: 'static', pages: 1, addons: [] }
    expect(estimateRows(input, estimate(input)).map((r) => [r.label, r.amount])).toEqual([
      ['Static Website (includes 3 pages)', '$299'],
      ['Subtotal', '$299'],
      ['Total', '$299'],
    ])
  })
})

describe('estimate: website types', () => {
  it.each([
    ['static', 299],
    ['business', 599],
    ['ecommerce', 999],
    ['custom', 1499],
  ])('%s with 3 pages and nothing else costs %i', (websiteType, expected) => {
    const e = estimate({ websiteType, pages: 3, addons: [] })
    expect(e.base).toBe(expected)
    expect(e.subtotal).toBe(expected)
    expect(e.total).toBe(expected)
    expect(e.urgency).toBeNull()
    expect(e.multiplier).toBe(1)
    expect(e.urgencyCost).toBe(0)
  })
})

describe('estimate: pages', () => {
  it('1 page costs the base price (no discount for fewer pages)', () => {
    const e = estimate({ websiteType: 'static', pages: 1, addons: [] })
    expect(e.extraPages).toBe(0)
    expect(e.extraPagesCost).toBe(0)
    expect(e.total).toBe(299)
  })

  it('3 pages are included', () => {
    const e = estimate({ websiteType: 'static', pages: 3, addons: [] })
    expect(e.extraPages).toBe(0)
    expect(e.total).toBe(299)
  })

  it('4 pages add one extra page at 50', () => {
    const e = estimate({ websiteType: 'static', pages: 4, addons: [] })
    expect(e.extraPages).toBe(1)
    expect(e.extraPagesCost).toBe(50)
    expect(e.total).toBe(349)
  })

  it('20 pages add 17 extra pages', () => {
    const e = estimate({ websiteType: 'business', pages: 20, addons: [] })
    expect(e.extraPages).toBe(17)
    expect(e.extraPagesCost).toBe(850)
    expect(e.total).toBe(1449)
  })

  it('accepts the upper bound of 100 pages', () => {
    expect(estimate({ websiteType: 'static', pages: 100, addons: [] }).total).toBe(299 + 97 * 50)
  })
})

describe('estimate: add-ons', () => {
  it.each([
    ['ai-chat', 'AI Chat Assistant', 200],
    ['cms', 'Content Management', 150],
    ['seo', 'SEO Optimization', 100],
    ['analytics', 'Analytics Setup', 75],
    ['social', 'Social Media Integration', 50],
    ['booking', 'Booking System', 300],
    ['payment', 'Payment Gateway', 250],
  ])('%s adds %s at %i', (id, label, price) => {
    const e = estimate({ websiteType: 'static', pages: 3, addons: [id] })
    expect(e.addons).toEqual([{ id, label, price }])
    expect(e.addonsTotal).toBe(price)
    expect(e.total).toBe(299 + price)
  })

  it('sums all seven add-ons', () => {
    const e = estimate({ websiteType: 'static', pages: 3, addons: ESTIMATOR_ADDONS.map((a) => a.id) })
    expect(e.addonsTotal).toBe(1125)
    expect(e.total).toBe(1424)
  })

  it('counts a duplicated add-on once', () => {
    const e = estimate({ websiteType: 'static', pages: 3, addons: ['seo', 'seo', 'cms', 'seo'] })
    expect(e.addons.map((a) => a.id)).toEqual(['seo', 'cms'])
    expect(e.addonsTotal).toBe(250)
    expect(e.total).toBe(549)
  })
})

describe('estimate: urgency', () => {
  it('standard keeps the subtotal', () => {
    const e = estimate({ websiteType: 'business', pages: 3, addons: [], urgency: 'standard' })
    expect(e.urgency).toEqual({ id: 'standard', name: 'Standard', delivery: '2-3 weeks', multiplier: 1 })
    expect(e.multiplier).toBe(1)
    expect(e.urgencyCost).toBe(0)
    expect(e.total).toBe(599)
  })

  it('rush adds 50%', () => {
    const e = estimate({ websiteType: 'business', pages: 3, addons: [], urgency: 'rush' })
    expect(e.multiplier).toBe(1.5)
    expect(e.urgencyCost).toBe(299.5)
    expect(e.total).toBe(898.5)
  })

  it('emergency doubles the price', () => {
    const e = estimate({ websiteType: 'static', pages: 3, addons: [], urgency: 'emergency' })
    expect(e.multiplier).toBe(2)
    expect(e.urgencyCost).toBe(299)
    expect(e.total).toBe(598)
  })

  it('no urgency (undefined, null or empty) means multiplier 1', () => {
    for (const urgency of [undefined, null, '']) {
      const e = estimate({ websiteType: 'ecommerce', pages: 3, addons: [], urgency })
      expect(e.urgency).toBeNull()
      expect(e.multiplier).toBe(1)
      expect(e.total).toBe(999)
    }
  })

  it('applies the multiplier to base + extra pages + add-ons', () => {
    const e = estimate({ websiteType: 'business', pages: 5, addons: ['seo', 'cms'], urgency: 'rush' })
    expect(e.base).toBe(599)
    expect(e.extraPagesCost).toBe(100)
    expect(e.addonsTotal).toBe(250)
    expect(e.subtotal).toBe(949)
    expect(e.urgencyCost).toBe(474.5)
    expect(e.total).toBe(1423.5)
    expect(formatUsd(e.total)).toBe('$1,423.50')
  })

  it('emergency on a large custom build', () => {
    const e = estimate({ websiteType: 'custom', pages: 10, addons: ['payment', 'booking'], urgency: 'emergency' })
    // (1499 + 7*50 + 250 + 300) * 2
    expect(e.subtotal).toBe(2399)
    expect(e.total).toBe(4798)
  })
})

describe('estimate: errors', () => {
  it('rejects an unknown or empty website type', () => {
    expect(() => estimate({ websiteType: 'blog', pages: 3, addons: [] })).toThrow(EstimateError)
    expect(() => estimate({ websiteType: '', pages: 3, addons: [] })).toThrow(EstimateError)
  })

  it('rejects an unknown add-on', () => {
    expect(() => estimate({ websiteType: 'static', pages: 3, addons: ['seo', 'crypto'] })).toThrow(/crypto/)
  })

  it('rejects an unknown urgency', () => {
    expect(() => estimate({ websiteType: 'static', pages: 3, addons: [], urgency: 'yesterday' })).toThrow(EstimateError)
  })

  it.each([0, -1, 101, 2.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects pages = %s', (pages) => {
    expect(() => estimate({ websiteType: 'static', pages, addons: [] })).toThrow(EstimateError)
  })

  it('EstimateError is an Error with its own name', () => {
    try {
      estimate({ websiteType: 'nope', pages: 3, addons: [] })
      expect.unreachable()
    } catch (err) {
      expect(err).toBeInstanceOf(Error)
      expect((err as Error).name).toBe('EstimateError')
    }
  })
})

describe('formatUsd', () => {
  it('formats whole dollars without cents', () => {
    expect(formatUsd(299)).toBe('$299')
    expect(formatUsd(1299)).toBe('$1,299')
    expect(formatUsd(0)).toBe('$0')
    expect(formatUsd(12500)).toBe('$12,500')
  })

  it('shows cents for fractional amounts', () => {
    expect(formatUsd(448.5)).toBe('$448.50')
    expect(formatUsd(1423.5)).toBe('$1,423.50')
    expect(formatUsd(10.05)).toBe('$10.05')
  })
})
