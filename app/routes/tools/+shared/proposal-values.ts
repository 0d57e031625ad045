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
 * confirmation names it: sealed with the server's key and dated (a few minutes), after
 * SUBMITTED_PATH. Not a cookie (public pages set none: issue 25), and nothing readable in logs.
 */
export const SENT_TO_PARAM = 'to'
