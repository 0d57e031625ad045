import { z } from '~/lib/zod.ts'
import { requiredEmail } from './email-field.ts'
import { PASSWORD_MISMATCH } from './schemas.ts'
import { ROLES } from './permissions.ts'
import { isTimeZone } from './zone-check.ts'
import { daysSpan } from './agency-days.ts'
import { requiredText } from './text-field.ts'

/** An invitation's link works this long. */
export const INVITATION_DAYS = 7
/** A password reset link works this long (docs/decisions/047). */
export const PASSWORD_RESET_MINUTES = 60

const role = z.enum(ROLES, { error: 'Choose a role' })
const displayName = z.string().trim().max(80, 'Use at most 80 characters')

/** The owner's invitation: where to send the link, and the role the person will have. */
export const InviteSchema = z.object({
  email: requiredEmail(),
  role,
  displayName: displayName.optional().default(''),
})

export const RoleChangeSchema = z.object({ id: z.coerce.number().int().positive(), role })

/** A username: letters, digits, dots, dashes and underscores, as the shell commands take it. */
export const usernameField = z
  .string({ error: 'Choose a username' })
  .trim()
  .min(2, 'Use at least 2 characters')
  .max(64, 'Use at most 64 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, dots, dashes and underscores only')

/** Accepting an invitation: the invitee's own username, name and password. */
export const AcceptInvitationSchema = z
  .object({
    username: usernameField,
    displayName: displayName.min(1, 'Enter your name as readers and clients will see it'),
    newPassword: z.string({ error: 'Choose a password' }).min(8, 'Use at least 8 characters').max(256),
    confirmPassword: z.string({ error: 'Confirm the password' }).max(256),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORD_MISMATCH })

/** One's own profile: the name shown on posts and replies, and a picture (a site path from an upload). */
export const ProfileSchema = z.object({
  displayName: displayName.min(1, 'Enter your name as readers and clients will see it'),
  picture: z
    .string()
    .trim()
    .max(300)
    .regex(/^(\/[^\\\s]*)?$/, 'Upload a picture, or leave it empty')
    .optional()
    .default(''),
})

/** An API token lasts this many days unless another choice is made (docs/decisions/051). */
export const API_TOKEN_DEFAULT_DAYS = 30
/** The choices of the token form's expiry list: days, or a date of one's own. */
export const API_TOKEN_EXPIRY_CHOICES = ['30', '60', '90', 'date'] as const
/** The latest date a token may be given: a year ahead. */
export const API_TOKEN_MAX_DAYS = 366
const DAY_MS = 24 * 60 * 60_000

/** 'YYYY-MM-DD' of a time, in UTC. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * A new API token: what will use it, and how long it works (30, 60 or 90 days, or until a chosen
 * day begins, UTC: tomorrow at the earliest, a year ahead at the latest).
 */
export const ApiTokenSchema = z
  .object({
    name: z.string({ error: 'Name the token' }).trim().min(1, 'Name the token (what will use it)').max(60, 'Use at most 60 characters'),
    expiresIn: z.enum(API_TOKEN_EXPIRY_CHOICES, { error: 'Choose when the token expires' }).default('30'),
    expiresOn: z.string().trim().max(10).optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (v.expiresIn !== 'date') return
    const today = utcDay(Date.now())
    const latest = utcDay(Date.now() + API_TOKEN_MAX_DAYS * DAY_MS)
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.expiresOn) || Number.isNaN(Date.parse(`${v.expiresOn}T00:00:00Z`))) {
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: 'Choose the day the token expires' })
    } else if (v.expiresOn <= today) {
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: 'Choose a day after today' })
    } else if (v.expiresOn > latest) {
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: `Choose a day at most a year ahead (${latest} at the latest)` })
    }
  })

/**
 * When a token made at `now` with this choice stops working (ISO): after the days, or as the chosen
 * day begins in `zone` (the reader's, who chose the day and reads it back: docs/decisions/070).
 */
export function apiTokenExpiresAt(
  choice: { expiresIn: (typeof API_TOKEN_EXPIRY_CHOICES)[number]; expiresOn: string },
  now = Date.now(),
  zone = 'UTC',
): string {
  if (choice.expiresIn === 'date') return daysSpan(zone, choice.expiresOn, choice.expiresOn).from
  return new Date(now + Number(choice.expiresIn) * DAY_MS).toISOString()
}

/** One's own email address, where one's security notices and password reset links go. */
export const NoticeEmailSchema = z.object({ email: requiredEmail() })

export const RequireSecondFactorSchema = z.object({ requireSecondFactor: z.enum(['on', 'off']) })

/** "Forgot your password?": the username or the email address on file. */
export const ForgotPasswordSchema = z.object({
  account: requiredText('Enter your username or email address', 254, 'Use at most 254 characters'),
})

/** A person's own zone (Settings > Profile): one the runtime knows, or '' for the agency's. */
export const OwnTimeZoneSchema = z.object({
  timeZone: z
    .string()
    .trim()
    .refine((v) => v === '' || isTimeZone(v), 'Choose a time zone from the list'),
})
