import { DateTime } from 'luxon'
import { isTimeZone } from './zone-check.ts'

/**
 * One clock for the back office (docs/decisions/070): every time is shown in the zone it is handed,
 * the reader's (their own from Settings > Profile, else the agency's from Settings > General),
 * and each screen names that zone once ("Times in Pacific Time (Los Angeles)"). luxon writes the
 * text from its own English tables, not the runtime's ICU, so the server's HTML and the hydrated
 * page agree.
 */

export { isTimeZone }

/** `zone` when the runtime knows it, else UTC: a zone that cannot be read never breaks a page. */
export const knownZone = (zone: string): string => (isTimeZone(zone) ? zone : 'UTC')

/** Generic names by zone, worked out once each. */
const zoneNames = new Map<string, string>()

/**
 * 'Pacific Time': the runtime's English name of a zone, '' when it has only an offset ('GMT+05:00')
 * to give. Server-side only for server-rendered text: browsers' ICU versions word it differently.
 */
export function zoneGenericName(zone: string): string {
  // Every page's root data names the agency's zone: a new Intl.DateTimeFormat per call was 4% of
  // an uncached page's CPU. The generic name ('Pacific Time') does not change with the date.
  let name = zoneNames.get(zone)
  if (name === undefined) {
    name = genericNameOf(zone)
    if (zoneNames.size >= 1000) zoneNames.clear()
    zoneNames.set(zone, name)
  }
  return name
}

function genericNameOf(zone: string): string {
  try {
    const name =
      new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longGeneric' })
        .formatToParts(new Date())
        .find((p) => p.type === 'timeZoneName')?.value ?? ''
    return /^GMT[+-]/.test(name) ? '' : name
  } catch {
    return ''
  }
}

/** 'Los Angeles' for America/Los_Angeles: the place a zone is named after. */
const zonePlace = (zone: string) => (zone.split('/').pop() ?? zone).replace(/_/g, ' ')

/**
 * A zone as a screen names it once: 'Pacific Time (Los Angeles)', 'India Standard Time (Kolkata)',
 * 'UTC'; the place alone when the runtime has no name for it. Server-side (see zoneGenericName).
 */
export function zoneTitle(zone: string): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC'
  const name = zoneGenericName(zone)
  return name ? `${name} (${zonePlace(zone)})` : zonePlace(zone)
}

/** What a CSV's date column says it is in: 'Pacific Time', or the place when the zone has no name. */
export const zoneColumnName = (zone: string) => zoneGenericName(zone) || zonePlace(zone)

/** Every zone the runtime knows, UTC first: the choices of the settings' and the profile's lists. */
export function timeZoneChoices(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')]
}

const at = (iso: string, zone: string) => DateTime.fromISO(iso, { setZone: true }).setZone(knownZone(zone)).setLocale('en-US')

/** 'Nov 23, 2026, 6:05 AM PST': for a text read on its own (an error message), where no page names the zone. */
export function formatZonedDateTimeNamed(iso: string, zone: string): string {
  const d = at(iso, zone)
  return d.isValid ? `${d.toFormat('LLL d, yyyy, h:mm a')} ${d.offsetNameShort ?? ''}`.trim() : iso
}

/**
 * 'November 23, 2026 at 6:05 AM Pacific Time (Los Angeles)': a moment in a text read on its own (a
 * mail, a PDF), its zone named in words, never as an id ('America/Los_Angeles').
 */
export function formatMomentInWords(iso: string, zone: string): string {
  const d = at(iso, zone)
  return d.isValid ? `${d.toFormat("LLLL d, yyyy 'at' h:mm a")} ${zoneTitle(knownZone(zone))}` : iso
}

/** 'Nov 23, 2026': the day a moment falls on in `zone`; a bare day ('2026-11-23') is that day. */
export function formatZonedDate(iso: string, zone: string): string {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? DateTime.fromISO(iso, { zone: 'utc' }).setLocale('en-US') : at(iso, zone)
  return d.isValid ? d.toFormat('LLL d, yyyy') : iso
}

/** '2026-11-23 06:05' in `zone`: sorts as text and spreadsheets read it as a date. */
export function localStamp(iso: string, zone: string): string {
  // A bare day has no time to convert: it stays that day.
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso
  const d = at(iso, zone)
  return d.isValid ? d.toFormat('yyyy-MM-dd HH:mm') : iso
}
