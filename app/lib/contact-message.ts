import { z } from '~/lib/zod.ts'
import { requiredEmail } from './email-field.ts'
import { requiredText } from './text-field.ts'

/**
 * The /contact message form, checked the same way in the browser and by the route action.
 * Browser-safe (no server code).
 */
export const CONTACT_MESSAGE_FIELDS = ['name', 'email', 'message'] as const
export type ContactMessageField = (typeof CONTACT_MESSAGE_FIELDS)[number]
export type ContactMessageValues = Record<ContactMessageField, string>
export const EMPTY_CONTACT_MESSAGE: ContactMessageValues = { name: '', email: '', message: '' }

export const ContactMessageSchema = z.object({
  name: requiredText('Your name is required', 100, 'Name must be at most 100 characters'),
  email: requiredEmail(),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(5000, 'Message must be at most 5000 characters'),
  /** Honeypot: people never see it; bots fill it in. */
  website: z.string().max(0, 'Leave this field empty').optional(),
})
export type ContactMessageInput = z.infer<typeof ContactMessageSchema>

/** What the route action answers: stored (`ok`), or refused with messages beside the fields and the values sent. */
export type ContactMessageAnswer = { ok: boolean; errors: Record<string, string>; formError?: string; values?: ContactMessageValues }

/** Where the plain form lands once the message is stored (post/redirect/get). */
export const MESSAGE_SENT_PATH = '/contact?sent=1'
