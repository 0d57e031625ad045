import { z } from '~/lib/zod.ts'
import { requiredEmail } from './email-field.ts'
import { requiredText } from './text-field.ts'
import type { ContactMessageField } from './contact-message.ts'
import { schemaCheck } from './schema-check.ts'

/** The /contact message form's schema, used by the route action and (loaded on first use) by the form. */
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

/** The form's own check (the honeypot is left to the server). */
export const contactMessageCheck = schemaCheck<ContactMessageField>(ContactMessageSchema.omit({ website: true }))
