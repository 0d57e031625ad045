/**
 * The agency's own clock for what the back office writes out (the lead desk's times, the CSV
 * export). The agency works from San Francisco, so Pacific Time; stated on the page and in the
 * CSV header so nobody takes it for their own zone. Fixed rather than the browser's zone, so the
 * server's HTML and the hydrated page agree.
 */
export const AGENCY_TIME_ZONE = 'America/Los_Angeles'
export const AGENCY_TIME_ZONE_LABEL = 'Pacific Time'

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
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value ?? ''
    return /^GMT[+-]/.test(name) ? '' : name
  } catch {
    return ''
  }
}

/** Every zone the runtime knows, UTC first: the choices of the settings page's list. */
export function timeZoneChoices(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')]
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: AGENCY_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
})

/** 'Nov 23, 2026, 6:05 AM PST'; an unreadable value is returned as it is. */
export function formatAgencyDateTime(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d)
}

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: AGENCY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** '2026-11-23 06:05' in the agency's zone: sorts as text and spreadsheets read it as a date. */
export function agencyLocalStamp(iso: string): string {
  // A bare day has no time to convert: it stays that day.
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  const p = Object.fromEntries(parts.formatToParts(d).map((x) => [x.type, x.value]))
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`
}
