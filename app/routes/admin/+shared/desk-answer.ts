import type { Toast } from '~/components/ui/toast.tsx'

/**
 * What each form of a lead's page (a proposal request, a contact message) gets back from its
 * action: the notice, the messages beside the fields, what was typed, and the history entry made.
 */
export type DeskAnswer<I extends string> = {
  ok: boolean
  intent: I
  notice?: Toast
  fields: Record<string, string>
  values?: Record<string, string>
  eventId?: number
}
