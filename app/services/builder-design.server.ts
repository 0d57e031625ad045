import { BUILDER_OPTIONS } from '~/content/builder-options.ts'
import { WEBSITE_TYPES, type AddonId, type WebsiteTypeId } from '~/content/pricing.ts'
import { builderFor, type BuilderConfig, type BuilderFeatures } from '~/lib/builder.ts'
import { builderConfigParser } from '~/lib/builder-config.ts'
import type { EstimateInput } from '~/lib/estimator.ts'

/** The builder's choices on the server, against which a design a lead carried is read and summed up. */
export const BUILDER = builderFor(BUILDER_OPTIONS)
export const { parseBuilderConfig } = builderConfigParser(BUILDER)

/**
 * A demo-builder design read as a cost estimate (issue 38): what "Write a proposal" starts from
 * when the lead came from the builder, and the lead's value on the desk. The builder asks for no
 * price, so this is the agency's first reading of the design, which the proposal's editor changes
 * freely: a shop or a web application by its features, otherwise the smallest website whose
 * included pages hold the design's pages; the features the price list sells as add-ons; standard
 * pace (the builder does not ask how soon).
 */

/** Builder features the price list sells as an add-on. */
const ADDON_OF_FEATURE: Partial<Record<keyof BuilderFeatures, AddonId>> = {
  chatbot: 'ai-chat',
  aiAssistant: 'ai-chat',
  seo: 'seo',
  analytics: 'analytics',
  booking: 'booking',
  paymentGateway: 'payment',
}

/** Features no website plan covers: they make the design a custom web application. */
const APPLICATION_FEATURES: readonly (keyof BuilderFeatures)[] = ['membershipPortal', 'crm', 'inventoryManagement', 'mobileApp']

function websiteTypeOf(config: BuilderConfig): WebsiteTypeId {
  if (config.features.ecommerce) return 'ecommerce'
  if (APPLICATION_FEATURES.some((f) => config.features[f])) return 'custom'
  const plans = WEBSITE_TYPES.filter((t) => t.plan)
  const fits = plans.find((t) => t.includedPages == null || t.includedPages >= config.pages)
  return (fits ?? plans[plans.length - 1]).id
}

export function designEstimate(config: BuilderConfig): EstimateInput {
  const addons = new Set<AddonId>()
  for (const [feature, addon] of Object.entries(ADDON_OF_FEATURE) as [keyof BuilderFeatures, AddonId][]) {
    if (config.features[feature]) addons.add(addon)
  }
  // A shop takes payments already: its price includes the checkout.
  const websiteType = websiteTypeOf(config)
  if (websiteType === 'ecommerce') addons.delete('payment')
  return { websiteType, pages: config.pages, addons: [...addons], urgency: 'standard' }
}
