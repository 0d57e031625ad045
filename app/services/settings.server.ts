import type { Db } from '~/db/db.server.ts'
import { SettingsSchema, type Settings } from '~/lib/schemas.ts'
import * as model from '~/models/settings.server.ts'
import { securityChanged, type Admin, type Origin } from './auth.server.ts'
import { announceContentChange } from './content-events.server.ts'
import { changedFields, recordActivity } from './activity-log.server.ts'
import { COMPANY, DEFAULT_AGENCY_ZONE, DEFAULT_CONTACT, DEFAULT_SITE_DESCRIPTION } from '~/content/site.ts'
import { requireSudo } from './sudo.server.ts'

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
 * Saves the settings sent. The contact email is where new proposals and messages are mailed, so
 * changing it needs sudo mode (docs/decisions/027), and the notice of the change goes to the
 * address on file before it. (Security notices go to each person's own email since issue 33.)
 */
export async function updateSettings(db: Db, admin: Admin, patch: Partial<Settings>, opts: { now?: number; origin?: Origin } = {}): Promise<Settings> {
  const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
  const before = await getSettings(db)
  const newContact = patch.contactEmail !== undefined && patch.contactEmail !== before.contactEmail ? patch.contactEmail : undefined
  if (newContact !== undefined) await requireSudo(db, admin, opts.now)
  const changed = Object.keys(clean).filter((k) => JSON.stringify(clean[k]) !== JSON.stringify(before[k as keyof Settings]))
  await db.transaction().execute(async (trx) => {
    await model.upsertSettingValues(trx, clean)
    if (changed.length) await recordActivity(trx, { action: 'settings.update', itemType: 'settings', itemLabel: 'Site settings', detail: `Changed ${changedFields(changed)}.` })
  })
  await announceContentChange(db)
  if (newContact !== undefined) {
    await securityChanged(db, admin, (who) => `The contact email, where new proposals and messages are mailed, was changed from ${before.contactEmail} to ${newContact} by ${who}.`, opts.origin, {
      notify: before.contactEmail,
      keepSessions: true,
    })
  }
  return getSettings(db)
}
