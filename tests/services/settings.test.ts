import { describe, expect, it } from 'vitest'
import { officesOf } from '~/content/site.ts'
import { onContentChange } from '~/infra/content-events.server.ts'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { upsertSettingValues } from '~/models/settings.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { DEFAULT_SETTINGS, getSettings } from '~/services/settings.server.ts'
import { updateSettings } from '~/services/settings-update.server.ts'
import { confirmSudo } from '~/services/sudo.server.ts'
import { ADMIN_PASSWORD, dialects } from '../helpers/app.ts'
import { seededDatabaseWithAdmin } from './db.ts'

describe.each(dialects())('settings service on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  // Seeded: the seed's own marker in the settings table must not show up as a setting.
  seededDatabaseWithAdmin(url, (db, signedIn) => {
    h = db
    admin = signedIn
  })

  // NOTE: runs first, on the untouched install; the tests after it change the settings.
  it('gives the defaults on a new install', async () => {
    expect(await getSettings(h.db)).toEqual(DEFAULT_SETTINGS)
    // The head office is in San Francisco.
    expect(DEFAULT_SETTINGS.timeZone).toBe('America/Los_Angeles')
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
    // A new contact email needs sudo mode (docs/decisions/027).
    await confirmSudo(h.db, admin, ADMIN_PASSWORD)
    const all = {
      siteName: 'Studio “Ünïcode” 🚀',
      siteDescription: '',
      contactEmail: 'team@studio.example',
      contactPhone: '',
      address: 'Line 1\nLine 2',
      hours: 'Mon-Fri 9-5',
      gwaliorAddress: 'Lashkar, Gwalior',
      gwaliorPhone: '',
      gwaliorHours: 'Mon-Sat 10-7',
      enableNotifications: true,
      enableAnalytics: false,
      maintenanceMode: true,
      timeZone: 'Asia/Kolkata',
      paymentDetails: 'Bank “Ünïcode” 🚀\nAccount 0123',
      proposalTerms: 'Net 7.\nHalf up front.',
    }
    expect(await updateSettings(h.db, admin, all)).toEqual(all)
    expect(await getSettings(h.db)).toEqual(all)
    await updateSettings(h.db, admin, { enableAnalytics: true, maintenanceMode: false, timeZone: DEFAULT_SETTINGS.timeZone })
  })

  it('keeps one set of contact details for both offices, defaulting to the Harrison Street headquarters', async () => {
    expect(DEFAULT_SETTINGS.address).toBe('548 Harrison Street, Suite 310, San Francisco, CA 94105, USA')
    expect(DEFAULT_SETTINGS.gwaliorAddress).toContain('Gwalior, Madhya Pradesh')
    const versions: string[] = []
    const stop = onContentChange(h.db, (v) => versions.push(v))
    try {
      const saved = await updateSettings(h.db, admin, { address: '1 Test Way, San Francisco, CA 94107', gwaliorHours: 'Mon-Fri, 9-6 IST' })
      expect(officesOf(saved).map((o) => [o.city, o.address, o.hours])).toEqual([
        ['San Francisco', '1 Test Way, San Francisco, CA 94107', saved.hours],
        ['Gwalior', saved.gwaliorAddress, 'Mon-Fri, 9-6 IST'],
      ])
      // Every page shows the details, so a change drops the cached pages.
      expect(versions).toHaveLength(1)
    } finally {
      stop()
      await updateSettings(h.db, admin, { address: DEFAULT_SETTINGS.address, gwaliorHours: DEFAULT_SETTINGS.gwaliorHours })
    }
  })

  it('falls back to the default for each stored value that no longer validates, keeping the others', async () => {
    await updateSettings(h.db, admin, { siteName: 'Kept Name', enableNotifications: false, enableAnalytics: false })
    const saved = await getSettings(h.db)
    // e.g. written by an older version or by hand: not an email; not a boolean.
    await upsertSettingValues(h.db, { contactEmail: 'not-an-email', maintenanceMode: 'yes', timeZone: 'Nowhere/Atlantis' })
    try {
      // The admin's valid choices stand (notifications and analytics stay off, the name stays);
      // only the broken values take their defaults.
      expect(await getSettings(h.db)).toEqual({
        ...saved,
        contactEmail: DEFAULT_SETTINGS.contactEmail,
        maintenanceMode: DEFAULT_SETTINGS.maintenanceMode,
        timeZone: DEFAULT_SETTINGS.timeZone,
      })
    } finally {
      await upsertSettingValues(h.db, {
        contactEmail: saved.contactEmail,
        maintenanceMode: saved.maintenanceMode,
        timeZone: saved.timeZone,
      })
    }
  })
})
