/**
 * The /contact message form's fields and answers. Browser-safe, and free of zod: the schema that
 * checks them (in the browser and in the route action) is contact-message-schema.ts, which the
 * form loads on first use (docs/decisions/083).
 */
export const CONTACT_MESSAGE_FIELDS = ['name', 'email', 'message'] as const
export type ContactMessageField = (typeof CONTACT_MESSAGE_FIELDS)[number]
export type ContactMessageValues = Record<ContactMessageField, string>
export const EMPTY_CONTACT_MESSAGE: ContactMessageValues = { name: '', email: '', message: '' }

/** What the route action answers: stored (`ok`), or refused with messages beside the fields and the values sent. */
export type ContactMessageAnswer = { ok: boolean; errors: Record<string, string>; formError?: string; values?: ContactMessageValues }

/** Where the plain form lands once the message is stored (post/redirect/get). */
export const MESSAGE_SENT_PATH = '/contact?sent=1'
