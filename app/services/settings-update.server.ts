import type { Db } from '~/db/db.server.ts'
import * as model from '~/models/settings.server.ts'
import type { Admin, Origin } from './actor.server.ts'
import { changedFields, recordActivity } from './activity-log.server.ts'
import { announceContentChange } from '~/infra/content-events.server.ts'
import { securityChanged } from './security-notice.server.ts'
import { getSettings, type Settings } from './settings.server.ts'
import { requireSudo } from './sudo.server.ts'

/**
 * Saves the settings sent. The contact email is where new proposals and messages are mailed, so
 * changing it needs sudo mode (docs/decisions/027), and the notice of the change goes to the
 * address on file before it. (Security notices go to each person's own email since issue 33.)
 */
export async function updateSettings(
  db: Db,
  admin: Admin,
  patch: Partial<Settings>,
  opts: { now?: number; origin?: Origin } = {},
): Promise<Settings> {
  const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
  const before = await getSettings(db)
  const newContact = patch.contactEmail !== undefined && patch.contactEmail !== before.contactEmail ? patch.contactEmail : undefined
  if (newContact !== undefined) await requireSudo(db, admin, opts.now)
  const changed = Object.keys(clean).filter((k) => JSON.stringify(clean[k]) !== JSON.stringify(before[k as keyof Settings]))
  await db.transaction().execute(async (trx) => {
    await model.upsertSettingValues(trx, clean)
    if (changed.length)
      await recordActivity(trx, {
        action: 'settings.update',
        itemType: 'settings',
        itemLabel: 'Site settings',
        detail: `Changed ${changedFields(changed)}.`,
      })
  })
  await announceContentChange(db)
  if (newContact !== undefined) {
    await securityChanged(
      db,
      admin,
      (who) =>
        `The contact email, where new proposals and messages are mailed, was changed from ${before.contactEmail} to ${newContact} by ${who}.`,
      opts.origin,
      {
        notify: before.contactEmail,
        keepSessions: true,
      },
    )
  }
  return getSettings(db)
}
