import { describe, expect, it } from 'vitest'
import { searchFaqs } from '~/lib/faq-search'

const faqs = [
  { question: 'How long does it take to build a website?', answer: 'Most sites are delivered in 7 days.', category: 'Timeline' },
  { question: 'Is hosting included?', answer: 'Hosting and domain are free for the first year.', category: 'Pricing' },
  { question: 'Do you offer support?', answer: '30 days of free support, then plans from $25/month.', category: 'Support' },
  { question: 'Can I update content myself?', answer: 'Yes, every site includes an admin panel.', category: 'Features' },
]

describe('searchFaqs', () => {
  it('returns all FAQs for an empty or blank query', () => {
    expect(searchFaqs(faqs, '')).toEqual(faqs)
    expect(searchFaqs(faqs, '   ')).toEqual(faqs)
  })

  it('matches the question case-insensitively', () => {
    expect(searchFaqs(faqs, 'HOSTING INCLUDED').map((f) => f.category)).toEqual(['Pricing'])
  })

  it('matches the answer', () => {
    expect(searchFaqs(faqs, '$25/month').map((f) => f.category)).toEqual(['Support'])
    expect(searchFaqs(faqs, '7 days').map((f) => f.category)).toEqual(['Timeline'])
  })

  it('matches the category', () => {
    expect(searchFaqs(faqs, 'features').map((f) => f.question)).toEqual(['Can I update content myself?'])
  })

  it('trims the query', () => {
    expect(searchFaqs(faqs, '  admin panel  ')).toHaveLength(1)
  })

  it('returns several matches in original order', () => {
    // 'site' appears in the Timeline question/answer and the Features answer
    expect(searchFaqs(faqs, 'site').map((f) => f.category)).toEqual(['Timeline', 'Features'])
  })

  it('returns an empty list when nothing matches', () => {
    expect(searchFaqs(faqs, 'blockchain')).toEqual([])
  })
})
