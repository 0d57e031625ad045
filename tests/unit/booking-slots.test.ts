import { describe, expect, it } from 'vitest'
import { DEFAULT_AVAILABILITY } from '~/content/booking-defaults'
import { freeSlots, heldCells, isOfferedStart, slotsByDay, timeLabel, type Availability, type Slot } from '~/lib/booking-slots'

const iso = (ms: number) => new Date(ms).toISOString()
const at = (s: string) => Date.parse(s)
const closed = [null, null, null, null, null, null, null]

/** One office, open the given weekdays (1 = Monday) at the given hours. */
function officeOnly(zone: string, days: number[], start: string, end: string, over: Partial<Availability> = {}): Availability {
  const week = closed.map((_, i) => (days.includes(i + 1) ? { start, end } : null))
  return {
    ...DEFAULT_AVAILABILITY,
    noticeHours: 0,
    offices: [{ id: 'x', name: 'X', zone, week, host: '', videoUrl: '', phone: '' }],
    ...over,
  }
}

/** The first slot on a calendar day in `zone`, as UTC ISO. */
const firstStartOn = (slots: Slot[], day: string, zone = 'America/Los_Angeles') => {
  const first = slotsByDay(slots, zone).get(day)?.[0]
  return first && iso(first.start)
}

describe('discovery-call slots', () => {
  it('keeps San Francisco at 9:00 local across the March change (PST to PDT)', () => {
    const a = officeOnly('America/Los_Angeles', [1, 2, 3, 4, 5], '09:00', '17:00')
    const slots = freeSlots(a, at('2026-03-05T00:00:00Z'))
    // Friday 6 March is still PST (UTC-8), Monday 9 March is PDT (UTC-7): 2026's change is Sunday 8 March.
    expect(firstStartOn(slots, '2026-03-06')).toBe('2026-03-06T17:00:00.000Z')
    expect(firstStartOn(slots, '2026-03-09')).toBe('2026-03-09T16:00:00.000Z')
    expect(timeLabel(at('2026-03-09T16:00:00Z'), 'America/Los_Angeles')).toBe('9:00 AM')
  })

  it('keeps San Francisco at 9:00 local across the November change (PDT to PST)', () => {
    const a = officeOnly('America/Los_Angeles', [1, 2, 3, 4, 5], '09:00', '17:00')
    const slots = freeSlots(a, at('2026-10-29T00:00:00Z'))
    expect(firstStartOn(slots, '2026-10-30')).toBe('2026-10-30T16:00:00.000Z')
    expect(firstStartOn(slots, '2026-11-02')).toBe('2026-11-02T17:00:00.000Z')
  })

  it('counts real minutes on the change days themselves: the short and the long Sunday', () => {
    const a = officeOnly('America/Los_Angeles', [7], '01:00', '04:00', { horizonDays: 2 })
    // 8 March: 01:00 PST to 04:00 PDT is two real hours (02:00-03:00 does not exist).
    const march = freeSlots(a, at('2026-03-08T00:00:00Z')).filter((s) => iso(s.start).startsWith('2026-03-08'))
    expect(iso(march[0].start)).toBe('2026-03-08T09:00:00.000Z')
    expect(march).toHaveLength(4) // every half hour (15 + 5 minutes, rounded up to quarter hours), the last ending by 11:00Z
    expect(iso(march.at(-1)!.end)).toBe('2026-03-08T10:45:00.000Z')
    // 1 November: 01:00 PDT to 04:00 PST is four real hours (01:00-02:00 happens twice).
    const november = freeSlots(a, at('2026-11-01T00:00:00Z'))
    expect(iso(november[0].start)).toBe('2026-11-01T08:00:00.000Z')
    expect(november).toHaveLength(8)
  })

  it('keeps Gwalior at the same UTC time all year: India has no daylight saving', () => {
    const a = officeOnly('Asia/Kolkata', [1, 2, 3, 4, 5], '10:00', '18:00')
    for (const day of ['2026-03-06', '2026-03-09', '2026-10-30', '2026-11-02', '2026-07-01']) {
      const slots = freeSlots(a, at(`${day}T00:00:00Z`) - 86_400_000)
      expect(firstStartOn(slots, day, 'Asia/Kolkata'), day).toBe(`${day}T04:30:00.000Z`)
    }
  })

  it('offers both offices, one slot per start, in order, and shows each in the visitor zone', () => {
    const slots = freeSlots(DEFAULT_AVAILABILITY, at('2026-12-01T00:00:00Z'))
    const starts = slots.map((s) => s.start)
    expect(new Set(starts).size).toBe(starts.length)
    expect([...starts].sort((x, y) => x - y)).toEqual(starts)
    // Tuesday 1 December: Gwalior from 04:30Z, San Francisco from 17:00Z (PST).
    expect(starts).toContain(at('2026-12-01T04:30:00Z'))
    expect(starts).toContain(at('2026-12-01T17:00:00Z'))
    // The 04:30Z Gwalior call is Monday evening in California.
    const days = slotsByDay(slots, 'America/Los_Angeles')
    expect(days.get('2026-11-30')?.some((s) => s.start === at('2026-12-01T04:30:00Z'))).toBe(true)
  })

  it('respects minimum notice, the horizon, days off and the buffer around bookings', () => {
    const a = officeOnly('America/Los_Angeles', [1, 2, 3, 4, 5], '09:00', '17:00', {
      noticeHours: 4,
      horizonDays: 7,
      daysOff: ['2026-12-03'],
    })
    const now = at('2026-12-01T17:00:00Z') // 9:00 on Tuesday in San Francisco
    const slots = freeSlots(a, now)
    expect(iso(slots[0].start)).toBe('2026-12-01T21:00:00.000Z') // 13:00, four hours later
    const days = slotsByDay(slots, 'America/Los_Angeles')
    expect(days.has('2026-12-02')).toBe(true)
    expect(days.has('2026-12-03')).toBe(false)
    expect(Math.max(...slots.map((s) => s.start))).toBeLessThanOrEqual(now + 7 * 86_400_000)
    expect(firstStartOn(slots, '2026-12-08')).toBe('2026-12-08T17:00:00.000Z') // 7 days ahead exactly, still in
    expect(days.has('2026-12-09')).toBe(false)

    // A booking at 13:30 holds 13:30-13:50 (call + buffer): 13:00 and 14:00 stay free.
    const booked = at('2026-12-01T21:30:00Z')
    const busy = [{ start: booked, end: booked + 20 * 60_000 }]
    const around = freeSlots(a, now, busy)
      .map((s) => iso(s.start))
      .filter((s) => s.startsWith('2026-12-01T2'))
    expect(around.slice(0, 2)).toEqual(['2026-12-01T21:00:00.000Z', '2026-12-01T22:00:00.000Z'])
    // A call booked off this grid (made before quarter hours, or another office's) blocks every slot it overlaps.
    const odd = at('2026-12-01T21:20:00Z')
    const blocked = freeSlots(a, now, [{ start: odd, end: odd + 20 * 60_000 }])
      .map((s) => iso(s.start))
      .filter((s) => s.startsWith('2026-12-01T2'))
    expect(blocked.slice(0, 2)).toEqual(['2026-12-01T21:00:00.000Z', '2026-12-01T22:00:00.000Z'])
  })

  it('tells an offered start from any other time, and lists the cells a call holds', () => {
    const a = officeOnly('America/Los_Angeles', [1, 2, 3, 4, 5], '09:00', '17:00')
    const now = at('2026-12-01T00:00:00Z')
    expect(isOfferedStart(a, now, at('2026-12-01T17:30:00Z'))).toBe(true)
    expect(isOfferedStart(a, now, at('2026-12-01T17:20:00Z'))).toBe(false) // off the quarter hours
    expect(isOfferedStart(a, now, at('2026-12-01T17:10:00Z'))).toBe(false)
    expect(isOfferedStart(a, now, at('2026-12-05T17:00:00Z'))).toBe(false) // a Saturday
    expect(heldCells(at('2026-12-01T17:20:00Z'), 20)).toEqual([
      '2026-12-01T17:20:00.000Z',
      '2026-12-01T17:25:00.000Z',
      '2026-12-01T17:30:00.000Z',
      '2026-12-01T17:35:00.000Z',
    ])
  })

  it('starts every call on a quarter hour, whatever the call length, buffer and opening time, in a :30 zone too', () => {
    const quarter = 15 * 60_000
    const cases: [string, string, number, number][] = [
      ['America/Los_Angeles', '09:00', 15, 5],
      ['America/Los_Angeles', '09:05', 25, 10],
      ['Asia/Kolkata', '10:00', 15, 5],
      ['Asia/Kolkata', '10:10', 35, 0],
      ['Asia/Kathmandu', '09:50', 45, 15],
    ]
    for (const [zone, open, callMinutes, bufferMinutes] of cases) {
      const a = officeOnly(zone, [1, 2, 3, 4, 5], open, '17:00', { callMinutes, bufferMinutes, horizonDays: 7 })
      const slots = freeSlots(a, at('2026-12-01T00:00:00Z'))
      expect(slots.length, `${zone} ${open}`).toBeGreaterThan(10)
      for (const s of slots) expect(s.start % quarter, `${zone} ${open} ${callMinutes}+${bufferMinutes}: ${iso(s.start)}`).toBe(0)
      // And on the quarter hour on the office's own clock.
      for (const s of slots) expect([0, 15, 30, 45]).toContain(Number(timeLabel(s.start, zone).split(':')[1].slice(0, 2)))
    }
    // Gwalior opens at 10:00 IST = 04:30Z, and the next start is half an hour later (15 + 5 rounded up).
    const gwalior = freeSlots(officeOnly('Asia/Kolkata', [2], '10:00', '18:00'), at('2026-12-01T00:00:00Z'))
    expect(gwalior.slice(0, 3).map((s) => timeLabel(s.start, 'Asia/Kolkata'))).toEqual(['10:00 AM', '10:30 AM', '11:00 AM'])
  })
})
