import { describe, expect, it } from 'vitest'
import { estimatePdfHref, estimateProposalHref } from '~/components/estimator/estimate-links'
import { ESTIMATOR, estimate } from '~/components/estimator/price-list'
import { CHOOSE_TYPE_MESSAGE, ESTIMATOR_PARAMS, PAGES_MESSAGE, fieldsToInput, readEstimatorQuery } from '~/lib/estimator-query'
import { estimateQuery, reopenHref } from '~/lib/proposal-source'
import { QUERY_READING_PAGES, isCacheableQuery } from '~/lib/public-paths'

const read = (query: string) => readEstimatorQuery(new URLSearchParams(query), ESTIMATOR)

describe('the estimator priced from the address (its GET form, issue 22)', () => {
  it('gives nothing for an address without its parameters', () => {
    expect(read('')).toBeNull()
    expect(read('cb=3&utm_source=mail')).toBeNull()
  })

  it('prices what the form sends: repeated add-ons, an urgency, the page count', () => {
    // Business, 5 pages, SEO + CMS, rush: (599 + 2 x 50 + 100 + 150) x 1.5.
    const q = read('type=business&pages=12&addons=seo&addons=cms&urgency=rush')!
    expect(q.typeError).toBeUndefined()
    expect(q.pagesError).toBeUndefined()
    expect(q.fields).toEqual({ websiteType: 'business', pages: '12', addons: ['cms', 'seo'], urgency: 'rush' })
    expect(q.calculated!.input).toEqual({ websiteType: 'business', pages: 12, addons: ['cms', 'seo'], urgency: 'rush' })
    expect(q.calculated!.result.total).toBe(1423.5)
    expect(q.calculated!.result).toEqual(estimate(q.calculated!.input))
  })

  it('reads the one-list form of the PDF, proposal and reopen links the same way', () => {
    const input = { websiteType: 'ecommerce', pages: 8, addons: ['cms', 'seo'], urgency: 'emergency' }
    const fromForm = read('type=ecommerce&pages=8&addons=cms&addons=seo&urgency=emergency')!
    for (const href of [
      estimatePdfHref(input),
      estimateProposalHref(input, estimate(input)),
      reopenHref('estimator', input),
      `/pricing?${estimateQuery(input).toString()}`,
    ]) {
      const q = read(new URL(href, 'http://x').search.slice(1))!
      expect(q.calculated, href).toEqual(fromForm.calculated)
    }
  })

  it('the form as the browser holds it compares equal to what the server priced (no stale notice)', () => {
    const q = read('type=static&pages=3&addons=seo,ai-chat')!
    expect(fieldsToInput(q.fields, ESTIMATOR)).toEqual(q.calculated!.input)
    expect(q.calculated!.input.urgency).toBeNull()
  })

  it('never refuses the page: a missing or unknown type keeps the form with its message', () => {
    for (const query of ['pages=5', 'type=', 'type=mansion&pages=5&addons=seo', 'addons=seo']) {
      const q = read(query)!
      expect(q.calculated, query).toBeNull()
      expect(q.typeError, query).toBe(CHOOSE_TYPE_MESSAGE)
      expect(q.fields.websiteType, query).toBe('')
    }
    expect(read('type=mansion&pages=5&addons=seo')!.fields).toMatchObject({ pages: '5', addons: ['seo'] })
  })

  it('shows a page count out of range again with the estimator’s own message', () => {
    for (const pages of ['0', '101', '2.5', 'abc', '-3', '1e2', '9999999999999999']) {
      const q = read(`type=business&pages=${encodeURIComponent(pages)}`)!
      expect(q.calculated, pages).toBeNull()
      expect(q.pagesError, pages).toBe(PAGES_MESSAGE)
      expect(q.typeError, pages).toBeUndefined()
      expect(q.fields.pages.length, pages).toBeLessThanOrEqual(12)
    }
    // No page count: the three included pages.
    expect(read('type=business')!.calculated!.input.pages).toBe(3)
  })

  it('drops add-ons and urgencies the price list does not have', () => {
    const q = read('type=static&pages=1&addons=jacuzzi,seo&addons=&urgency=yesterday')!
    expect(q.fields).toEqual({ websiteType: 'static', pages: '1', addons: ['seo'], urgency: '' })
    expect(q.calculated!.result.total).toBe(399)
  })

  it('bounds what it reads from a long address', () => {
    const q = read(`type=static&pages=1&${Array.from({ length: 500 }, () => 'addons=seo').join('&')}&urgency=${'x'.repeat(5000)}`)!
    expect(q.fields.addons).toEqual(['seo'])
    expect(q.fields.urgency).toBe('')
  })
})

describe('the page cache and the query-reading pages', () => {
  it('renders /pricing for itself when it carries an estimator parameter, and only then', () => {
    expect(QUERY_READING_PAGES['/pricing']).toEqual([...ESTIMATOR_PARAMS])
    expect(isCacheableQuery('/pricing', '')).toBe(true)
    expect(isCacheableQuery('/pricing', 'cb=7')).toBe(true)
    expect(isCacheableQuery('/pricing', 'utm_source=x&ref=y')).toBe(true)
    for (const p of ESTIMATOR_PARAMS) expect(isCacheableQuery('/pricing', `cb=1&${p}=`), p).toBe(false)
    expect(isCacheableQuery('/pricing', 'type=business&pages=5')).toBe(false)
    // Other pages read no query.
    expect(isCacheableQuery('/services', 'type=business')).toBe(true)
  })
})
