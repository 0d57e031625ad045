import { z } from '~/lib/zod.ts'

/**
 * A required email address with the messages the public forms show (proposal, contact). Its own
 * module so that the contact form's schema does not bring every other schema into its page.
 */
export const requiredEmail = () =>
  z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .pipe(z.email('Enter a valid email address'))
