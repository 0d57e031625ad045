import type { Db } from '~/db/db.server.ts'
import { SettingsSchema, type Settings } from '~/lib/schemas.ts'
import * as model from '~/models/settings.server.ts'
import type { Admin } from './auth.server.ts'
import { announceContentChange } from './content-events.server.ts'
import { COMPANY, DEFAULT_CONTACT } from '~/content/site.ts'

export type { Settings }

export const DEFAULT_SETTINGS: Settings = {
  siteName: COMPANY.name,
  siteDescription: 'Custom websites for small businesses, delivered in 7 days, with free hosting and domain for the first year.',
  // The one set of contact details every page, the structured data and the PDF estimate read.
  ...DEFAULT_CONTACT,
  enableNotifications: true,
  enableAnalytics: true,
  maintenanceMode: false,
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

export async function updateSettings(db: Db, _admin: Admin, patch: Partial<Settings>): Promise<Settings> {
  const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
  await db.transaction().execute((trx) => model.upsertSettingValues(trx, clean))
  await announceContentChange(db)
  return getSettings(db)
}
