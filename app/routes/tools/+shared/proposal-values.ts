/** The visible fields of the proposal form, in order (the honeypot `website` is separate). */
export const PROPOSAL_FIELDS = ['name', 'email', 'phone', 'businessType', 'budget', 'requirements'] as const
export type ProposalField = (typeof PROPOSAL_FIELDS)[number]
export type ProposalValues = Record<ProposalField, string>

export const EMPTY_PROPOSAL: ProposalValues = { name: '', email: '', phone: '', businessType: '', budget: '', requirements: '' }

/** Where the action sends the plain form once the request is stored (post/redirect/get). */
export const SUBMITTED_PATH = '/proposal?submitted=1'

/**
 * What the form shows after a submission: stored (`ok`), or refused with the messages beside the
 * fields, a message for the whole form (429, expired token) and, without JavaScript, the values sent.
 */
export type ProposalAnswer = { ok: boolean; errors: Record<string, string>; formError?: string; values?: ProposalValues; sentTo?: string }

/**
 * Carries the address a stored request's proposal goes to across the plain form's redirect, so the
 * confirmation names it (an HttpOnly cookie of a few minutes, not the URL: nothing personal in logs).
 */
export const SENT_TO_COOKIE = 'proposal_sent_to'
