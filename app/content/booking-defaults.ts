/**
 * The booking hours a new site starts with (Settings > Booking until saved): each office's
 * hours are written in its own clock (OFFICE_ZONES).
 */
import type { Availability, DayHours } from '~/lib/booking-slots.ts'
import { OFFICE_ZONES } from './site.ts'

const weekdays = (start: string, end: string): DayHours[] => [...Array(5).fill({ start, end }), null, null] as DayHours[]

/** Works on first start: both offices on weekdays, 15-minute calls, 5 minutes apart, 4 h notice, three weeks ahead. */
export const DEFAULT_AVAILABILITY: Availability = {
  offices: [
    {
      id: 'sf',
      name: 'San Francisco',
      zone: OFFICE_ZONES.sf,
      week: weekdays('09:00', '17:00'),
      host: 'Maya Robinson',
      videoUrl: '',
      phone: '',
    },
    {
      id: 'gwalior',
      name: 'Gwalior',
      zone: OFFICE_ZONES.gwalior,
      week: weekdays('10:00', '18:00'),
      host: 'Arjun Sharma',
      videoUrl: '',
      phone: '',
    },
  ],
  callMinutes: 15,
  bufferMinutes: 5,
  noticeHours: 4,
  horizonDays: 21,
  daysOff: [],
}
