import type { Db } from '~/db/db.server.ts'
import { DEFAULT_AGENCY_ZONE } from '~/content/site.ts'
import { isTimeZone, knownZone, zoneTitle } from '~/lib/agency-time.ts'
import * as people from '~/models/people.server.ts'
import { findSettingValues } from '~/models/settings.server.ts'
import type { Admin } from './actor.server.ts'

/**
 * The back office's one clock (docs/decisions/070): the zone a person reads every time in. Their
 * own when they chose one in Settings > Profile, else the agency's (settings.timeZone).
 */
export type ReaderZone = {
  /** The IANA name every time on their screens is written in. */
  id: string
  /** 'Pacific Time (Los Angeles)': how each screen names it, once. */
  title: string
  /** Their own choice (true) or the agency's (false). */
  own: boolean
  /** The agency's zone, for the profile's "the agency's" choice. */
  agency: string
}

/**
 * The agency's zone: settings.timeZone as getSettings reads it (a stored value the runtime does
 * not know falls back to the default). Read here from the model so the activity log, which the
 * settings service writes to, can ask for it without a circle of imports.
 */
export async function agencyZone(db: Db): Promise<string> {
  const stored = (await findSettingValues(db)).timeZone
  return typeof stored === 'string' && isTimeZone(stored.trim()) ? stored.trim() : DEFAULT_AGENCY_ZONE
}

/** The zone `admin` reads the back office in. */
export async function readerZone(db: Db, admin: Pick<Admin, 'id'>): Promise<ReaderZone> {
  const [own, agency] = await Promise.all([people.findPersonTimeZone(db, admin.id), agencyZone(db)])
  // A zone the runtime has since dropped reads as the agency's rather than breaking their pages.
  const id = own && isTimeZone(own) ? own : knownZone(agency)
  return { id, title: zoneTitle(id), own: id === own, agency }
}
