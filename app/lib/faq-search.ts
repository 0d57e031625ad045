/**
 * FAQ page search (spec section 2). The accordion is the browser's own (<details name>).
 */

export interface FaqItem {
  question: string
  answer: string
  category: string
}

/**
 * Filters FAQs by a case-insensitive substring of the question, answer or
 * category. The query is trimmed; an empty query returns every FAQ so the
 * page shows the full list before the visitor types.
 */
export function searchFaqs<T extends FaqItem>(faqs: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase()
  if (!q) return [...faqs]
  return faqs.filter(
    (f) => f.question.toLowerCase().includes(q) || f.answer.toLowerCase().includes(q) || f.category.toLowerCase().includes(q),
  )
}
