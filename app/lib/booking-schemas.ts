import { z } from '~/lib/zod.ts'
import { requiredEmail } from './email-field.ts'
import { CELL_MINUTES, isTimeZone } from './booking-slots.ts'
import { requiredText } from './text-field.ts'

/** A phone number, or '' for none: a visitor's, or an office's for its calls. */
const optionalPhone = z
  .string()
  .trim()
  .max(40, 'Phone must be at most 40 characters')
  .refine((v) => v === '' || /^[0-9+().\-\s]{5,40}$/.test(v), 'Enter a valid phone number')
  .optional()
  .default('')

/** A visitor's booking (the /book form and the move forms share `start`). */
export const BookingSchema = z.object({
  start: z.iso.datetime({ error: 'Choose a time' }),
  tz: z.string().refine(isTimeZone, 'Choose a time zone'),
  name: requiredText('Name is required', 100, 'Name must be at most 100 characters'),
  email: requiredEmail(),
  phone: optionalPhone,
  note: z.string().trim().max(1000, 'Note must be at most 1000 characters').optional().default(''),
  /** Honeypot: people never see it; bots fill it in (as on the proposal form). */
  website: z.string().max(0, 'Leave this field empty').optional(),
})
export type BookingInput = z.infer<typeof BookingSchema>

export const MoveSchema = z.object({ start: z.iso.datetime({ error: 'Choose a new time' }) })

const onGrid = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be whole minutes`)
    .min(min, `${label} must be at least ${min} minutes`)
    .max(max, `${label} must be at most ${max} minutes`)
    .refine((v) => v % CELL_MINUTES === 0, `${label} must be a multiple of ${CELL_MINUTES} minutes`)

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5][05]$/, `Use a time like 09:00, in ${CELL_MINUTES}-minute steps`)
const dayHours = z
  .object({ start: clock, end: clock })
  .nullable()
  .refine((h) => !h || h.start < h.end, 'The end must be after the start')

export const AvailabilitySchema = z.object({
  offices: z
    .array(
      z.object({
        id: z.string().min(1).max(40),
        name: z.string().trim().min(1).max(60),
        zone: z.string().refine(isTimeZone, 'Unknown time zone'),
        week: z.array(dayHours).length(7),
        host: z.string().trim().max(80, 'Host must be at most 80 characters').optional().default(''),
        videoUrl: z
          .string()
          .trim()
          .max(300, 'Video link must be at most 300 characters')
          .refine((v) => v === '' || /^https:\/\/[^\s/]+\.[^\s]+$/.test(v), 'Give a video link starting with https://')
          .optional()
          .default(''),
        phone: optionalPhone,
      }),
    )
    .min(1)
    .max(5),
  callMinutes: onGrid('Call length', 5, 120),
  bufferMinutes: onGrid('Buffer', 0, 120),
  noticeHours: z.coerce
    .number({ error: 'Minimum notice must be a number' })
    .int('Minimum notice must be whole hours')
    .min(0, 'Minimum notice cannot be negative')
    .max(24 * 14, 'Minimum notice must be at most 336 hours'),
  horizonDays: z.coerce
    .number({ error: 'Days ahead must be a number' })
    .int('Days ahead must be whole days')
    .min(1, 'Days ahead must be at least 1')
    .max(180, 'Days ahead must be at most 180'),
  daysOff: z.array(z.iso.date('Write days off as YYYY-MM-DD, one a line')).max(366),
})
