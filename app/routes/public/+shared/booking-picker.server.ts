import { dayLabel, isTimeZone, slotsByDay, timeLabel, whenLabel, type Slot } from '~/lib/booking-slots.ts'
import type { Picker, PickerSlot } from '~/components/booking/slot-picker.tsx'

/** Without JavaScript (and before the browser's zone is known) times are shown for San Francisco. */
export const DEFAULT_VISITOR_ZONE = 'America/Los_Angeles'

let zones: string[] | undefined
/** Every IANA zone the runtime knows, for the time zone list. */
function allZones(): string[] {
  zones ??= [...Intl.supportedValuesOf('timeZone'), 'UTC'].sort()
  return zones
}

/** The visitor's zone from `?tz=` (checked), or the default. */
export function zoneFrom(url: URL, fallback = DEFAULT_VISITOR_ZONE): { tz: string; chosen: boolean } {
  const tz = url.searchParams.get('tz') ?? ''
  return isTimeZone(tz) ? { tz, chosen: true } : { tz: fallback, chosen: false }
}

export const pickerSlot = (s: Slot, tz: string): PickerSlot => ({ start: new Date(s.start).toISOString(), label: timeLabel(s.start, tz), when: whenLabel(s.start, tz) })

/**
 * What the slot picker shows, server-rendered: the days with free times in the visitor's zone
 * (`?tz=`), and the times of one day (`?day=`, else the first), labels made here so the page
 * reads the same before and after hydration.
 */
export function pickerFor(url: URL, slots: Slot[], fallbackTz = DEFAULT_VISITOR_ZONE): Picker {
  const { tz, chosen } = zoneFrom(url, fallbackTz)
  const byDay = slotsByDay(slots, tz)
  const asked = url.searchParams.get('day') ?? ''
  const day = byDay.has(asked) ? asked : ([...byDay.keys()][0] ?? null)
  const list = allZones()
  return {
    tz,
    tzChosen: chosen,
    zones: list.includes(tz) ? list : [tz, ...list],
    days: [...byDay.entries()].map(([d, s]) => ({ day: d, label: dayLabel(d), count: s.length })),
    day,
    dayLabel: day ? dayLabel(day) : '',
    slots: day ? (byDay.get(day) ?? []).map((s) => pickerSlot(s, tz)) : [],
  }
}

/** The next `n` free times from `after` (ms), for the "just taken" message. */
export function nextFree(slots: Slot[], after: number, tz: string, n = 5): PickerSlot[] {
  return slots
    .filter((s) => s.start >= after)
    .slice(0, n)
    .map((s) => pickerSlot(s, tz))
}
