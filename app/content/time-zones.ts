/**
 * The one place time zones are written out (docs/decisions/070): the agency's zone until the
 * settings say otherwise, each office's zone for its booking hours, and the zone the booking page
 * shows before it knows the visitor's. Everything else is handed a zone (settings.timeZone, a
 * person's own, an office's); eslint refuses a zone literal anywhere but here.
 * No imports: the root bundle reads the default.
 */

/** The head office's zone (San Francisco): Settings > General's "Agency Time Zone" until saved. */
export const DEFAULT_AGENCY_ZONE = 'America/Los_Angeles'
/** Its name as people say it, for the rare page drawn without the settings. */
export const DEFAULT_AGENCY_ZONE_NAME = 'Pacific Time'

/** Each office's own clock: the booking hours are written in it (booking settings' defaults). */
export const OFFICE_ZONES: { sf: string; gwalior: string } = {
  sf: 'America/Los_Angeles',
  gwalior: 'Asia/Kolkata',
}

/** Without JavaScript (and before the browser's zone is known) the booking page shows San Francisco's times. */
export const DEFAULT_VISITOR_ZONE = OFFICE_ZONES.sf
