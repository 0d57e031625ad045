import type { Db } from '~/db/db.server.ts'
import { SettingsSchema, type Settings } from '~/lib/schemas.ts'
import * as model from '~/models/settings.server.ts'
import type { Admin } from './auth.server.ts'

export type { Settings }

export const DEFAULT_SETTINGS: Settings = {
  siteName: 'Launchpad Web Studio',
  siteDescription: 'Custom websites for small businesses, delivered in 7 days, with free hosting and domain for the first year.',
  contactEmail: 'hello@launchpad-web.example',
  contactPhone: '+1 (415) 555-0134',
  address: '548 Market Street, Suite 210, San Francisco, CA 94104',
  enableNotifications: true,
  enableAnalytics: true,
  maintenanceMode: false,
}

/** Saved settings over the defaults; a stored value that no longer validates falls back. */
export async function getSettings(db: Db): Promise<Settings> {
  const stored = await model.findSettingValues(db)
  const merged = { ...DEFAULT_SETTINGS, ...stored }
  const parsed = SettingsSchema.safeParse(merged)
  return parsed.success ? parsed.data : DEFAULT_SETTINGS
}

export async function updateSettings(db: Db, _admin: Admin, patch: Partial<Settings>): Promise<Settings> {
  const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
  await db.transaction().execute((trx) => model.upsertSettingValues(trx, clean))
  return getSettings(db)
}
