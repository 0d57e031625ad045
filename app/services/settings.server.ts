import type { Db } from '~/db/db.server.ts'
import { settingsSchema, type Settings } from '~/lib/schemas.ts'
import * as model from '~/models/settings.server.ts'
import { DEFAULT_PROPOSAL_TERMS } from '~/content/proposal-terms.ts'
import { COMPANY, DEFAULT_AGENCY_ZONE, DEFAULT_CONTACT, DEFAULT_SITE_DESCRIPTION } from '~/content/site.ts'
import type { ContentMemo } from '~/infra/content-memo.server.ts'

export type { Settings }

export const DEFAULT_SETTINGS: Settings = {
  siteName: COMPANY.name,
  siteDescription: DEFAULT_SITE_DESCRIPTION,
  // The one set of contact details every page, the structured data and the PDF estimate read.
  ...DEFAULT_CONTACT,
  enableNotifications: true,
  enableAnalytics: true,
  maintenanceMode: false,
  timeZone: DEFAULT_AGENCY_ZONE,
  // Printed on each deposit invoice; empty, the invoice says whom to ask (issue 38).
  paymentDetails: '',
  proposalTerms: DEFAULT_PROPOSAL_TERMS,
}

/** What a stored setting must be to be read back. */
const SETTINGS_SCHEMA = settingsSchema(DEFAULT_AGENCY_ZONE)

/** Settings whose saved '' means "the standard one": emptied on the Settings page, the default comes back. */
const BLANK_IS_DEFAULT = new Set<string>(['proposalTerms'])

/**
 * Saved settings over the defaults. Each stored value is checked on its own: one that no longer
 * validates falls back to its default, and the others are kept. Default terms saved empty are the
 * standard terms (app/content/proposal-terms.ts).
 */
export async function getSettings(db: Db): Promise<Settings> {
  const stored = await model.findSettingValues(db)
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS }
  for (const [key, field] of Object.entries(SETTINGS_SCHEMA.shape)) {
    if (!(key in stored)) continue
    const parsed = field.safeParse(stored[key])
    if (parsed.success && !(BLANK_IS_DEFAULT.has(key) && parsed.data === '')) settings[key] = parsed.data
  }
  return settings as Settings
}

/**
 * getSettings for public pages: read once per content version (a save announces itself), shared
 * by every request until then, so frozen.
 */
export function getPublicSettings(db: Db, memo: ContentMemo): Promise<Readonly<Settings>> {
  return memo('settings', () => getSettings(db).then((s) => Object.freeze(s)))
}
