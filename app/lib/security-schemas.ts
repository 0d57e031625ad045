import { z } from '~/lib/zod.ts'

/** The second step of sign-in: a 6-digit code, or a recovery code (letters and digits, any dashes). */
export const SecondStepSchema = z.object({
  code: z
    .string({ error: 'Enter the code from your authenticator app' })
    .trim()
    .min(1, 'Enter the code from your authenticator app')
    .max(32, 'That code is too long'),
})

export const TotpConfirmSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code your app shows'),
})

export const CurrentPasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(256),
})

export const PasskeyNameSchema = z.object({
  name: z.string({ error: 'Give the passkey a name' }).trim().min(1, 'Give the passkey a name').max(60, 'Use at most 60 characters'),
})

export const IdSchema = z.object({ id: z.coerce.number().int().positive() })
