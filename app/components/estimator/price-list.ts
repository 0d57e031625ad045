/** The estimator (app/lib/estimator.ts) bound once to the one price list (app/content/pricing.ts) for the pages. */
import { PRICE_LIST } from '~/content/pricing.ts'
import { estimator } from '~/lib/estimator.ts'

export const ESTIMATOR = estimator(PRICE_LIST)
export const {
  addons: ESTIMATOR_ADDONS,
  planOf,
  deliveryText,
  urgencyLabel,
  deliverySentence,
  estimate,
  websiteTypeLine,
  estimateRows,
} = ESTIMATOR
