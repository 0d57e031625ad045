import { schemaCheck } from './schema-check.ts'
import { ProposalSchema } from './schemas.ts'

/** The proposal form's own check (the honeypot is left to the server), loaded on first use. */
export const proposalCheck = schemaCheck(ProposalSchema.omit({ website: true }))
