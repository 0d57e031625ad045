/** The visible fields of the proposal form, in order (the honeypot `website` is separate). */
export const PROPOSAL_FIELDS = ['name', 'email', 'phone', 'businessType', 'budget', 'requirements'] as const
export type ProposalField = (typeof PROPOSAL_FIELDS)[number]
export type ProposalValues = Record<ProposalField, string>

export const EMPTY_PROPOSAL: ProposalValues = { name: '', email: '', phone: '', businessType: '', budget: '', requirements: '' }
