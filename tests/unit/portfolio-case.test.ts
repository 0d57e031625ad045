import { describe, expect, it } from 'vitest'
import { readPortfolioForm } from '~/components/admin/portfolio-form'
import { caseStudyJsonLd } from '~/lib/json-ld'
import { isCacheablePath, PORTFOLIO_SLUG_PATH } from '~/lib/public-paths'
import { PortfolioItemPatchSchema, QUOTE_NEEDS_AUTHOR, RESULT_NEEDS_BOTH } from '~/lib/schemas'

describe('portfolio case pages (issue 35 §5)', () => {
  it('a case address follows the slug rule; only those reach the page cache', () => {
    expect(isCacheablePath('/portfolio/harbor-bakehouse-online-shop')).toBe(true)
    for (const path of [
      '/portfolio/123',
      '/portfolio/Harbor',
      '/portfolio/a--b',
      '/portfolio/-a',
      `/portfolio/${'a'.repeat(81)}`,
      '/portfolio/a/b',
      '/portfolio/',
    ]) {
      expect(PORTFOLIO_SLUG_PATH.test(path), path).toBe(false)
      expect(isCacheablePath(path), path).toBe(false)
    }
  })

  it('JSON-LD: a CreativeWork by the agency with the client’s Review only when the words have a name', () => {
    const base = {
      slug: 'a-b',
      title: 'A B',
      description: 'D',
      category: 'Business',
      image: '/x.svg',
      createdAt: '2026-11-01T00:00:00Z',
      updatedAt: '2026-11-02T10:00:00Z',
      quote: 'Good.',
      quoteAuthor: 'Ann Lee',
      quoteRole: '',
    }
    const work = caseStudyJsonLd('https://studio.example', 'Studio', base)
    expect(work).toMatchObject({
      '@type': 'CreativeWork',
      url: 'https://studio.example/portfolio/a-b',
      image: 'https://studio.example/x.svg',
      dateModified: '2026-11-02',
      review: { '@type': 'Review', reviewBody: 'Good.', author: { '@type': 'Person', name: 'Ann Lee' } },
    })
    expect((work.review as { author: object }).author).not.toHaveProperty('jobTitle')
    expect(caseStudyJsonLd('https://studio.example', 'Studio', { ...base, quoteAuthor: '' })).not.toHaveProperty('review')
  })

  it('the editor’s result rows pair in order; blank rows go, half rows are refused on results; a quote needs a name', () => {
    const form = new FormData()
    for (const [f, l] of [
      ['41%', 'of orders online'],
      ['', ''],
      ['12', ''],
    ]) {
      form.append('resultFigure', f)
      form.append('resultLabel', l)
    }
    form.set('quote', 'Words.')
    form.set('quoteAuthor', '')
    const values = readPortfolioForm(form)
    expect(values.results).toEqual([
      { figure: '41%', label: 'of orders online' },
      { figure: '', label: '' },
      { figure: '12', label: '' },
    ])
    const checked = PortfolioItemPatchSchema.safeParse({ results: values.results, quote: values.quote, quoteAuthor: values.quoteAuthor })
    expect(checked.success).toBe(false)
    const messages = Object.fromEntries(checked.error!.issues.map((i) => [i.path.join('.'), i.message]))
    expect(messages).toEqual({ results: RESULT_NEEDS_BOTH(2), quoteAuthor: QUOTE_NEEDS_AUTHOR })
    expect(PortfolioItemPatchSchema.parse({ results: values.results.slice(0, 2) }).results).toEqual([
      { figure: '41%', label: 'of orders online' },
    ])
  })
})
