import type { Db } from '~/db/db.server.ts'
import { PRICE_LIST, URGENCY_OPTIONS, WEBSITE_TYPES, type AddonId, type UrgencyId, type WebsiteTypeId } from '~/content/pricing.ts'
import { businessTypeLabel } from '~/lib/constants.ts'
import type { EstimateInput } from '~/lib/estimator.ts'
import {
  DEFAULT_PAYMENTS,
  DEFAULT_VALID_DAYS,
  documentAddons,
  addDays,
  defaultMilestones,
  priceDocument,
  todayIn,
  type DocumentContent,
  type DocumentDraft,
} from '~/lib/proposal-document.ts'
import { upsertSettingValues } from '~/models/settings.server.ts'
import * as leads from '~/models/proposals.server.ts'
import { recordActivity } from './activity-log.server.ts'
import { requirePermission, type Admin } from './actor.server.ts'
import { sanitizeBlogHtml } from '~/infra/sanitize.server.ts'
import { getSettings } from './settings.server.ts'
import { leadOr404 } from './proposal-document-record.server.ts'
import { BUILDER, designEstimate, parseBuilderConfig } from './builder-design.server.ts'

/**
 * What a proposal document says before and as it is saved (issue 38): the agency's default terms,
 * the first draft made from the lead, and the content the client reads, priced from the one
 * price list.
 */

/** The agency's terms for a new proposal: the `proposalTerms` setting (Settings > Proposals), or the standard ones. */
export async function defaultTerms(db: Db): Promise<string> {
  return (await getSettings(db)).proposalTerms
}

/**
 * Makes `terms` the default of new proposals (the `proposalTerms` setting): a change to the
 * site's settings, so it needs the settings permission (owners and administrators).
 */
export async function saveDefaultTerms(db: Db, admin: Admin, terms: string): Promise<void> {
  requirePermission(admin, 'settings')
  await db.transaction().execute(async (trx) => {
    await upsertSettingValues(trx, { proposalTerms: terms })
    await recordActivity(trx, {
      action: 'settings.update',
      itemType: 'settings',
      itemLabel: 'Site settings',
      detail: 'Changed the default terms of new proposals.',
    })
  })
}

/**
 * What the lead chose before asking: the estimate they sent from the cost estimator, or the
 * design they made in the demo builder, read as an estimate, with its summary. Nothing for a
 * plain request, a message or a call.
 */
function leadChoices(source: leads.ProposalSourceRow | undefined): { estimate: EstimateInput; design?: string } | null {
  if (!source?.sourceData) return null
  try {
    if (source.source === 'builder') {
      const config = parseBuilderConfig(JSON.parse(source.sourceData))
      return { estimate: designEstimate(config), design: BUILDER.summarizeConfig(config) }
    }
    if (source.source !== 'estimator') return null
    const input = JSON.parse(source.sourceData) as EstimateInput
    return WEBSITE_TYPES.some((t) => t.id === input.websiteType) ? { estimate: input } : null
  } catch {
    return null
  }
}

/**
 * What "Write a proposal" starts with: the lead's estimate or builder design (plan, pages beyond
 * the plan's, add-ons, urgency; the design's summary as a section of the scope), their name, business and requirements, the timeline from the price list's
 * delivery times counted from today in the agency's zone, 50% to start and 50% at launch, the
 * agency's terms, open for 30 days.
 */
export async function prefillDocument(db: Db, proposalId: number, now = Date.now()): Promise<DocumentDraft> {
  const lead = await leadOr404(db, proposalId)
  const [source, settings, terms] = await Promise.all([leads.findProposalSource(db, proposalId), getSettings(db), defaultTerms(db)])
  const choices = leadChoices(source)
  const est = choices?.estimate
  const type = est ? WEBSITE_TYPES.find((t) => t.id === est.websiteType) : undefined
  const plan = (type?.id ?? null) as WebsiteTypeId | null
  const urgency = (URGENCY_OPTIONS.find((u) => u.id === est?.urgency)?.id ?? 'standard') as UrgencyId
  const addons: Partial<Record<AddonId, number>> = {}
  for (const id of est?.addons ?? []) if (documentAddons(PRICE_LIST).some((a) => a.id === id)) addons[id as AddonId] = 1
  const extraPages = type && type.includedPages != null && est ? Math.max(0, est.pages - type.includedPages) : 0
  const today = todayIn(settings.timeZone, now)
  const business = businessTypeLabel(lead.businessType)
  return {
    title: `Website proposal for ${lead.name}`,
    summaryHtml: sanitizeBlogHtml(
      `<p>Thank you, ${escapeText(lead.name)}, for telling us about your ${escapeText(business.toLowerCase())} business. This proposal sets out what we will build, when, and for how much.</p>`,
    ),
    scope: [
      { heading: 'What you asked for', body: lead.requirements },
      ...(choices?.design ? [{ heading: 'The design you made in our demo builder', body: choices.design }] : []),
    ],
    lines: { plan, extraPages, addons, urgency, custom: null, discountCents: 0 },
    milestones: defaultMilestones(PRICE_LIST, plan, urgency, today),
    payments: DEFAULT_PAYMENTS.map((p) => ({ ...p })),
    terms,
    validUntil: addDays(today, DEFAULT_VALID_DAYS),
  }
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The draft as the client reads it, priced from today's price list. */
export function contentOf(
  draft: DocumentDraft,
  lead: { name: string; businessType: string },
  agency: string,
  version: number,
): DocumentContent {
  const { payments, ...rest } = draft
  void payments
  return {
    version,
    agency,
    client: { name: lead.name, business: businessTypeLabel(lead.businessType) },
    title: rest.title,
    summaryHtml: sanitizeBlogHtml(rest.summaryHtml),
    scope: rest.scope,
    priced: priceDocument(PRICE_LIST, draft.lines, draft.payments),
    milestones: rest.milestones,
    terms: rest.terms,
    validUntil: rest.validUntil,
  }
}
