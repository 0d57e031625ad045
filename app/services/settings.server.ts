import type { Db } from '~/db/db.server.ts'
import { SettingsSchema, type Settings } from '~/lib/schemas.ts'
import * as model from '~/models/settings.server.ts'
import { COMPANY, DEFAULT_AGENCY_ZONE, DEFAULT_CONTACT, DEFAULT_SITE_DESCRIPTION } from '~/content/site.ts'
import type { ContentMemo } from './content-memo.server.ts'

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
}

/**
 * Saved settings over the defaults. Each stored value is checked on its own: one that no longer
 * validates falls back to its default, and the others are kept.
 */
export async function getSettings(db: Db): Promise<Settings> {
  const stored = await model.findSettingValues(db)
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS }
  for (const [key, field] of Object.entries(SettingsSchema.shape)) {
    if (!(key in stored)) continue
    const parsed = field.safeParse(stored[key])
    if (parsed.success) settings[key] = parsed.data
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
