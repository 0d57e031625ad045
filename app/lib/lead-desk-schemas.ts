import { z } from '~/lib/zod.ts'

/** The lead desk's forms (a proposal's note and reply), checked in the route action. */

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)

export const ProposalNoteSchema = z.object({ note: text('Note', 5000) })
export type ProposalNoteInput = z.infer<typeof ProposalNoteSchema>

export const ProposalReplySchema = z.object({
  // No line breaks in a subject: it goes into a mail header.
  subject: text('Subject', 200).refine((v) => !/[\r\n]/.test(v), 'Subject must be one line'),
  body: text('Message', 20_000),
})
export type ProposalReplyInput = z.infer<typeof ProposalReplySchema>

/** Assigning a lead: a person's id, or '' for no one. */
export const AssignSchema = z.object({
  assignedTo: z
    .string()
    .regex(/^\d{0,9}$/, 'Choose someone from the list')
    .transform((v) => (v ? Number(v) : null)),
})

/** A lead's next step (triage): a short line, or '' to clear it. */
export const NextStepSchema = z.object({
  nextStep: z
    .string({ error: 'Next step must be text' })
    .trim()
    .max(200, 'Next step must be at most 200 characters')
    .refine((v) => !/[\r\n]/.test(v), 'Next step must be one line'),
})
