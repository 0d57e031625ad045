/** The shape of a frequently asked question (content/faq.ts, and the pricing questions in content/pricing.ts). */
export type FaqCategory = 'General' | 'Pricing' | 'Process' | 'Technical' | 'Support'

export type Faq = {
  question: string
  answer: string
  category: FaqCategory
}
