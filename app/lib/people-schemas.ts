import { z } from '~/lib/zod.ts'
import { requiredEmail } from './email-field.ts'
import { PASSWORD_MISMATCH } from './schemas.ts'
import { ROLES } from './permissions.ts'

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

export const ApiTokenNameSchema = z.object({
  name: z.string({ error: 'Name the token' }).trim().min(1, 'Name the token (what will use it)').max(60, 'Use at most 60 characters'),
})

export const RequireSecondFactorSchema = z.object({ requireSecondFactor: z.enum(['on', 'off']) })

/** "Forgot your password?": the username or the email address on file. */
export const ForgotPasswordSchema = z.object({
  account: z.string({ error: 'Enter your username or email address' }).trim().min(1, 'Enter your username or email address').max(254, 'Use at most 254 characters'),
})
