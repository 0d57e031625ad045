import type { DeskAnswer } from './desk-answer.ts'

/** A lead's page (proposal.tsx): which of its forms posted (`intent`) and what the action answers. */

export const INTENTS = ['note', 'status', 'reply', 'assign', 'next'] as const
export type Intent = (typeof INTENTS)[number]

/** The red notice of each form when its write fails. */
export const FAILED: Record<Intent, string> = {
  note: 'Failed to add the note.',
  status: 'Failed to update proposal status.',
  reply: 'Failed to send the reply.',
  assign: 'Failed to assign the proposal.',
  next: 'Failed to save the next step.',
}

/** What each of the page's forms gets back: the notice, the messages beside the fields, what was typed. */
export type Answer = DeskAnswer<Intent>

/** Whether a posted `intent` names one of the page's forms. */
export const isIntent = (v: unknown): v is Intent => (INTENTS as readonly unknown[]).includes(v)
