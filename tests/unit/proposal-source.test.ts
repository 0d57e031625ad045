import { describe, expect, it } from 'vitest'
import { niceStep } from '~/components/admin/activity-chart.tsx'
import { estimateProposalHref } from '~/components/estimator/estimate-links.ts'
import { estimate } from '~/components/estimator/price-list.ts'
import {
  decodeDesign,
  encodeDesign,
  estimateFromQuery,
  fromBase64Url,
  reopenHref,
  sourceFromUrl,
  toBase64Url,
} from '~/lib/proposal-source.ts'

describe('proposal source links', () => {
  it('round-trips UTF-8 text through base64url, and refuses what is not', () => {
    for (const text of ['', 'plain', 'Café Ümlaut – “quotes” 🚀', '{"a":[1,2,3]}']) expect(fromBase64Url(toBase64Url(text))).toBe(text)
    expect(toBase64Url('??>>')).not.toMatch(/[+/=]/)
    expect(fromBase64Url('%%%')).toBeNull()
    expect(decodeDesign('bm90IGpzb24')).toBeUndefined()
    expect(decodeDesign(encodeDesign({ businessName: 'Ünïcode' }))).toEqual({ businessName: 'Ünïcode' })
  })

  it('carries the estimator’s choices from its proposal link into the form’s hidden fields', () => {
    const input = { websiteType: 'business', pages: 5, addons: ['seo', 'cms'], urgency: 'rush' }
    const href = estimateProposalHref(input, estimate(input))
    const url = new URL(href, 'http://site.example')
    expect(url.searchParams.get('summary')).toContain('Cost estimate from the pricing page')
    expect(sourceFromUrl(url)).toEqual({ source: 'estimator', sourceData: 'type=business&pages=5&addons=seo%2Ccms&urgency=rush' })
    expect(estimateFromQuery(new URLSearchParams(sourceFromUrl(url)!.sourceData))).toEqual(input)
    expect(reopenHref('estimator', input)).toBe('/pricing?type=business&pages=5&addons=seo%2Ccms&urgency=rush#estimator-title')
  })

  it('carries a builder design, and nothing for the plain form', () => {
    const url = new URL(`http://site.example/proposal?from=builder&design=${encodeDesign({ pages: 3 })}`)
    expect(sourceFromUrl(url)).toEqual({ source: 'builder', sourceData: encodeDesign({ pages: 3 }) })
    expect(sourceFromUrl(new URL('http://site.example/proposal'))).toBeNull()
    expect(sourceFromUrl(new URL('http://site.example/proposal?from=estimator'))).toBeNull()
  })
})

describe('the chart’s axis steps', () => {
  it('are whole, nice numbers that fit the peak in four steps', () => {
    expect(niceStep(0)).toBe(1)
    expect(niceStep(3)).toBe(1)
    expect(niceStep(5)).toBe(2)
    expect(niceStep(9)).toBe(5)
    expect(niceStep(40)).toBe(10)
    expect(niceStep(90)).toBe(25)
    expect(niceStep(1234)).toBe(500)
    for (const peak of [1, 7, 13, 99, 101, 999, 5000]) expect(niceStep(peak) * 4).toBeGreaterThanOrEqual(peak)
  })
})
