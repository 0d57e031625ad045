import { z } from '~/lib/zod.ts'
import { requiredText } from './text-field.ts'

/** The second step of sign-in: a 6-digit code, or a recovery code (letters and digits, any dashes). */
export const SecondStepSchema = z.object({
  code: requiredText('Enter the code from your authenticator app', 32, 'That code is too long'),
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
  name: requiredText('Give the passkey a name', 60, 'Use at most 60 characters'),
})

export const IdSchema = z.object({ id: z.coerce.number().int().positive() })
