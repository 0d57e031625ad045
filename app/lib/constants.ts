/**
 * The fixed value sets of the data model (business types, budgets, statuses, categories, filters)
 * and their labels. Plain data with no imports, so any page (the home page included) can use them
 * without loading zod; app/lib/schemas.ts builds its schemas on them.
 */

export const BUSINESS_TYPES = ['restaurant', 'retail', 'healthcare', 'professional', 'technology', 'nonprofit', 'other'] as const
export const BUSINESS_TYPE_LABELS: Record<(typeof BUSINESS_TYPES)[number], string> = {
  restaurant: 'Restaurant / Food Service',
  retail: 'Retail / E-commerce',
  healthcare: 'Healthcare',
  professional: 'Professional Services',
  technology: 'Technology',
  nonprofit: 'Non-profit',
  other: 'Other',
}
export const BUDGETS = ['100-500', '500-1000', '1000-2500', '2500-5000', '5000+'] as const
export const BUDGET_LABELS: Record<(typeof BUDGETS)[number], string> = {
  '100-500': '$100 - $500',
  '500-1000': '$500 - $1,000',
  '1000-2500': '$1,000 - $2,500',
  '2500-5000': '$2,500 - $5,000',
  '5000+': '$5,000+',
}
export const PROPOSAL_STATUSES = ['pending', 'reviewed', 'completed'] as const
export const BLOG_STATUSES = ['draft', 'scheduled', 'published'] as const
export const BLOG_CATEGORIES = ['Web Design', 'AI Technology', 'Performance', 'Security', 'Mobile Design', 'SEO'] as const
export const PORTFOLIO_STATUSES = ['active', 'archived'] as const
export const PORTFOLIO_FILTERS = ['All Projects', 'E-commerce', 'Business', 'Education', 'Restaurant'] as const

export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number]
export type BlogStatus = (typeof BLOG_STATUSES)[number]
export type PortfolioStatus = (typeof PORTFOLIO_STATUSES)[number]

/** The label of a stored business type or budget; an unknown value (an old row) shows as stored. */
export const businessTypeLabel = (v: string): string => BUSINESS_TYPE_LABELS[v as keyof typeof BUSINESS_TYPE_LABELS] ?? v
export const budgetLabel = (v: string): string => BUDGET_LABELS[v as keyof typeof BUDGET_LABELS] ?? v
