import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { upsertSettingValues } from '~/models/settings.server.ts'
import type { Admin } from '~/services/auth.server.ts'
import { DEFAULT_SETTINGS, getSettings, updateSettings } from '~/services/settings.server.ts'
import { dialects } from '../helpers/app.ts'
import { freshDatabase, signInAdmin } from './db.ts'

describe.each(dialects())('settings service on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  beforeAll(async () => {
    // Seeded: the seed's own marker in the settings table must not show up as a setting.
    h = await freshDatabase(url(), { seed: true })
    admin = await signInAdmin(h.db)
  })
  afterAll(async () => {
    await h.close()
  })

  // NOTE: runs first, on the untouched install; the tests after it change the settings.
  it('gives the defaults on a new install', async () => {
    expect(await getSettings(h.db)).toEqual(DEFAULT_SETTINGS)
  })

  it('changes only the keys of a partial update, and keeps them', async () => {
    const before = await getSettings(h.db)
    const returned = await updateSettings(h.db, admin, { siteName: 'Acme Studio', enableNotifications: false })
    const expected = { ...before, siteName: 'Acme Studio', enableNotifications: false }
    expect(returned).toEqual(expected)
    expect(await getSettings(h.db)).toEqual(expected)

    // A later partial update leaves the earlier change alone; undefined means "not sent".
    const next = await updateSettings(h.db, admin, { contactPhone: '+91 751 000 0000', siteName: undefined })
    expect(next).toEqual({ ...expected, contactPhone: '+91 751 000 0000' })
  })

  it('stores every kind of value faithfully on both databases', async () => {
    const all = {
      siteName: 'Studio “Ünïcode” 🚀',
      siteDescription: '',
      contactEmail: 'team@studio.example',
      contactPhone: '',
      address: 'Line 1\nLine 2',
      enableNotifications: true,
      enableAnalytics: false,
      maintenanceMode: true,
    }
    expect(await updateSettings(h.db, admin, all)).toEqual(all)
    expect(await getSettings(h.db)).toEqual(all)
    await updateSettings(h.db, admin, { enableAnalytics: true, maintenanceMode: false })
  })

  it('falls back to the default for each stored value that no longer validates, keeping the others', async () => {
    await updateSettings(h.db, admin, { siteName: 'Kept Name', enableNotifications: false, enableAnalytics: false })
    const saved = await getSettings(h.db)
    // e.g. written by an older version or by hand: not an email; not a boolean.
    await upsertSettingValues(h.db, { contactEmail: 'not-an-email', maintenanceMode: 'yes' })
    try {
      // The admin's valid choices stand (notifications and analytics stay off, the name stays);
      // only the broken values take their defaults.
      expect(await getSettings(h.db)).toEqual({
        ...saved,
        contactEmail: DEFAULT_SETTINGS.contactEmail,
        maintenanceMode: DEFAULT_SETTINGS.maintenanceMode,
      })
    } finally {
      await upsertSettingValues(h.db, { contactEmail: saved.contactEmail, maintenanceMode: saved.maintenanceMode })
    }
  })
})
