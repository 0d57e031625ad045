import { MONEY_BACK_DAYS } from './pricing.ts'

/**
 * The terms a new proposal starts with (issue 38), unless the settings hold the agency's own
 * (the `proposalTerms` setting); each proposal may change them before it is sent.
 */
export const DEFAULT_PROPOSAL_TERMS = [
  'Work starts when the first payment is received, and the dates of the timeline count from then.',
  'Each payment is due within 7 days of its invoice.',
  'The price covers the scope above; anything more is quoted and agreed in writing first.',
  `If you are not happy within ${MONEY_BACK_DAYS} days of launch, we refund what you paid.`,
  'You own the site and its content once it is paid in full.',
].join('\n')
