import { describe, expect, it } from 'vitest'
import { ESTIMATOR_ADDONS, deliverySentence, estimate, estimateRows, urgencyLabel } from '~/components/estimator/price-list'
import { EXTRA_PAGE_PRICE, INCLUDED_PAGES, PLANS, PRICING_ADDONS, QUOTED, URGENCY_OPTIONS, WEBSITE_TYPES } from '~/content/pricing'
import { EstimateError, formatUsd } from '~/lib/estimator'

describe('estimator constants', () => {
  it('lists the website types with their plans, base prices, included pages and delivery', () => {
    expect(WEBSITE_TYPES.map((t) => [t.id, t.label, t.plan, t.base, t.includedPages, t.delivery])).toEqual([
      ['static', 'Static Website', 'starter', 299, 5, 'website'],
      ['business', 'Business Website', 'business', 599, 10, 'website'],
      ['premium', 'Premium Website', 'premium', 999, null, 'website'],
      ['ecommerce', 'E-commerce Store', undefined, 999, 3, 'store'],
      ['custom', 'Custom Web App', undefined, 1499, 3, 'app'],
    ])
  })

  it('starts the page field at 3 and charges 50 per extra page', () => {
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

  it('lists the three urgency options, named with their delivery once a type is chosen', () => {
    expect(URGENCY_OPTIONS.map((u) => [u.id, urgencyLabel(u), u.multiplier])).toEqual([
      ['standard', 'Standard', 1],
      ['rush', 'Rush (+50%)', 1.5],
      ['emergency', 'Emergency (+100%)', 2],
    ])
    const labels = (type: string) => URGENCY_OPTIONS.map((u) => urgencyLabel(u, type))
    for (const type of ['static', 'business', 'premium'])
      expect(labels(type)).toEqual(['Standard: 7 days', 'Rush: 5 days (+50%)', 'Emergency: 3 days (+100%)'])
    expect(labels('ecommerce')).toEqual(['Standard: 10-14 days', 'Rush: 7-10 days (+50%)', 'Emergency: 5-7 days (+100%)'])
    expect(labels('custom')).toEqual([
      'Standard: quoted in your proposal',
      'Rush: quoted in your proposal, about a third sooner (+50%)',
      'Emergency: quoted in your proposal, in about half the time (+100%)',
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

  it("prices each plan's own pages at its card price in the estimator (issue 35)", () => {
    expect(PLANS.map((p) => [p.name, p.price, p.pages, p.support])).toEqual([
      ['Starter', 299, 'Up to 5 pages', '30 days'],
      ['Business', 599, 'Up to 10 pages', '90 days'],
      ['Premium', 999, 'Unlimited pages', '6 months'],
    ])
    for (const [plan, pages] of [
      ['starter', 5],
      ['business', 10],
      ['premium', 100],
    ] as const) {
      const p = PLANS.find((x) => x.id === plan)!
      for (let n = 1; n <= pages; n++)
        expect(estimate({ websiteType: p.websiteType, pages: n, addons: [] }).total, `${plan} ${n}`).toBe(p.price)
    }
    // One page past a plan's pages costs one extra page.
    expect(estimate({ websiteType: 'static', pages: 6, addons: [] }).total).toBe(349)
    expect(estimate({ websiteType: 'business', pages: 11, addons: [] }).total).toBe(649)
  })

  it("shows each plan's pages, delivery and support period on its card", () => {
    expect(PLANS.map((p) => [p.features[0], ...p.features.slice(-2)])).toEqual([
      ['Up to 5 pages', 'Live in 7 days', '30 days support'],
      ['Up to 10 pages', 'Live in 7 days', '90 days support'],
      ['Unlimited pages', 'Live in 7 days', '6 months support'],
    ])
    expect(QUOTED.supportByPlan).toBe('30 days on Starter, 90 days on Business and 6 months on Premium')
    expect([QUOTED.websiteDelivery, QUOTED.storeDelivery]).toEqual(['7 days', '10-14 days'])
  })
})

describe('estimate rows (the same on screen and on the PDF)', () => {
  it('says the pages the base price includes, and the urgency surcharge once', () => {
    const input = { websiteType: 'business', pages: 12, addons: ['cms', 'seo'], urgency: 'rush' }
    expect(estimateRows(input, estimate(input)).map((r) => [r.label, r.amount])).toEqual([
      ['Business Website (Business plan, includes 10 pages)', '$599'],
      ['2 extra pages x $50', '$100'],
      ['Content Management', '$150'],
      ['SEO Optimization', '$100'],
      ['Subtotal', '$949'],
      ['Rush: 5 days (+50%)', '+$474.50'],
      ['Total', '$1,423.50'],
    ])
  })

  it('names the delivery for the chosen type and urgency', () => {
    expect(deliverySentence('business', null)).toBe('Delivery: 7 days.')
    expect(deliverySentence('business', 'standard')).toBe('Delivery: 7 days.')
    expect(deliverySentence('static', 'rush')).toBe('Delivery: 5 days with Rush (7 days at the standard pace).')
    expect(deliverySentence('ecommerce', 'emergency')).toBe('Delivery: 5-7 days with Emergency (10-14 days at the standard pace).')
    expect(deliverySentence('custom', null)).toBe('Delivery: quoted in your proposal.')
    expect(deliverySentence('custom', 'rush')).toBe('Delivery: quoted in your proposal, about a third sooner with Rush.')
    expect(estimate({ websiteType: 'ecommerce', pages: 3, addons: [], urgency: 'rush' }).delivery).toBe('7-10 days')
  })

  it('omits extra pages and urgency when there are none', () => {
    const input = { websiteType: 'static', pages: 1, addons: [] }
    expect(estimateRows(input, estimate(input)).map((r) => [r.label, r.amount])).toEqual([
      ['Static Website (Starter plan, includes 5 pages)', '$299'],
      ['Subtotal', '$299'],
      ['Total', '$299'],
    ])
  })
})

describe('estimate: website types', () => {
  it.each([
    ['static', 299],
    ['business', 599],
    ['premium', 999],
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

  it('a Static Website includes 5 pages (the Starter plan), an online store 3', () => {
    expect(estimate({ websiteType: 'static', pages: 5, addons: [] })).toMatchObject({ includedPages: 5, extraPages: 0, total: 299 })
    expect(estimate({ websiteType: 'ecommerce', pages: 3, addons: [] })).toMatchObject({ includedPages: 3, extraPages: 0, total: 999 })
  })

  it('a page past the included ones adds one extra page at 50', () => {
    const e = estimate({ websiteType: 'ecommerce', pages: 4, addons: [] })
    expect(e.extraPages).toBe(1)
    expect(e.extraPagesCost).toBe(50)
    expect(e.total).toBe(1049)
  })

  it('20 pages of a Business Website add 10 extra pages', () => {
    const e = estimate({ websiteType: 'business', pages: 20, addons: [] })
    expect(e.extraPages).toBe(10)
    expect(e.extraPagesCost).toBe(500)
    expect(e.total).toBe(1099)
  })

  it('a Premium Website includes every page', () => {
    expect(estimate({ websiteType: 'premium', pages: 100, addons: [] })).toMatchObject({ includedPages: null, extraPages: 0, total: 999 })
  })

  it('accepts the upper bound of 100 pages', () => {
    expect(estimate({ websiteType: 'static', pages: 100, addons: [] }).total).toBe(299 + 95 * 50)
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
    expect(e.urgency).toEqual({ id: 'standard', name: 'Standard', multiplier: 1 })
    expect(e.delivery).toBe('7 days')
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
    const e = estimate({ websiteType: 'business', pages: 12, addons: ['seo', 'cms'], urgency: 'rush' })
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
