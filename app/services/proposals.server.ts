import type { Db } from '~/db/db.server.ts'
import { budgetLabel, businessTypeLabel, type ProposalStatus } from '~/lib/constants.ts'
import type { ProposalInput } from '~/lib/schemas.ts'
import * as model from '~/models/proposals.server.ts'
import type { Proposal, ProposalQuery } from '~/models/proposals.server.ts'
import { insertOutboxMail } from '~/models/outbox.server.ts'
import type { Admin } from './auth.server.ts'
import { NotFoundError } from './errors.server.ts'
import { PROPOSAL_LIMIT, consume } from './rate-limit.server.ts'
import { getSettings, type Settings } from './settings.server.ts'
import { changeProposalStatus, checkProposalSource } from './lead-desk.server.ts'

export type { Proposal }

/**
 * Stores a visitor's request (status pending, dated now) and, when notifications are on,
 * queues the notification mail in the same transaction: both are kept or neither is.
 * `maxPerHour` overrides PROPOSAL_LIMIT.max (config PROPOSAL_RATE_LIMIT_PER_HOUR).
 */
export async function submitProposal(
  db: Db,
  input: ProposalInput,
  clientKey: string,
  now = Date.now(),
  maxPerHour = PROPOSAL_LIMIT.max,
): Promise<Proposal> {
  const limit = { ...PROPOSAL_LIMIT, max: maxPerHour }
  const settings = await getSettings(db)
  const proposal = await db.transaction().execute(async (trx) => {
    // Counted and checked in one statement that holds the counter's lock until this commit, so
    // parallel posts from one address (on any instance) queue here; one over the limit rolls back.
    await consume(trx, limit, clientKey, now)
    const saved = await model.insertProposal(trx, {
      name: input.name,
      email: input.email,
      phone: input.phone || null,
      businessType: input.businessType,
      budget: input.budget,
      requirements: input.requirements,
      date: new Date(now).toISOString(),
      // Where it came from (estimator, builder), kept only when it checks out (lead desk).
      ...checkProposalSource(input.source, input.sourceData),
    })
    if (settings.enableNotifications) {
      await insertOutboxMail(trx, {
        toAddress: settings.contactEmail,
        subject: `New proposal request from ${saved.name}`,
        body: notificationText(saved),
      })
    }
    // The visitor's own receipt, whatever the agency's notification setting: what they sent and what happens next.
    await insertOutboxMail(trx, {
      toAddress: saved.email,
      subject: `We received your proposal request, ${saved.name}`,
      body: confirmationText(saved, settings),
    })
    return saved
  })
  return proposal
}

function notificationText(p: Proposal): string {
  return [
    'A new proposal request arrived on the website.',
    '',
    `Name: ${p.name}`,
    `Email: ${p.email}`,
    `Phone: ${p.phone ?? '-'}`,
    `Business type: ${businessTypeLabel(p.businessType)}`,
    `Budget: ${budgetLabel(p.budget)}`,
    `Received: ${p.date}`,
    '',
    'Requirements:',
    p.requirements,
  ].join('\n')
}

/** The visitor's confirmation: the next step (proposal within 24 hours, to this address), their request and how to reach the agency. */
function confirmationText(p: Proposal, s: Settings): string {
  return [
    `Hello ${p.name},`,
    '',
    `Thank you for your proposal request to ${s.siteName}. We will send your custom proposal with a fixed price within 24 hours, to this address (${p.email}).`,
    '',
    'What you sent us:',
    `Business type: ${businessTypeLabel(p.businessType)}`,
    `Budget: ${budgetLabel(p.budget)}`,
    `Phone: ${p.phone ?? '-'}`,
    'Requirements:',
    p.requirements,
    '',
    'Questions in the meantime? Reply to this email or contact us:',
    [s.contactEmail, s.contactPhone].filter(Boolean).join('  |  '),
    '',
    `${s.siteName}`,
  ].join('\n')
}

export type ProposalListQuery = ProposalQuery

export async function listProposals(db: Db, _admin: Admin, query: ProposalListQuery = {}) {
  const [proposals, counts] = await Promise.all([model.findProposals(db, query), model.countProposals(db, query.q)])
  const pending = counts.pending ?? 0
  const reviewed = counts.reviewed ?? 0
  const completed = counts.completed ?? 0
  return { proposals, counts: { all: pending + reviewed + completed, pending, reviewed, completed } }
}

export async function getProposal(db: Db, _admin: Admin, id: number): Promise<Proposal> {
  const p = await model.findProposal(db, id)
  if (!p) throw new NotFoundError('Proposal not found')
  return p
}

/** The status change, recorded in the proposal's history (lead desk), from the admin pages and the API alike. */
export async function setProposalStatus(db: Db, admin: Admin, id: number, status: ProposalStatus): Promise<Proposal> {
  return changeProposalStatus(db, admin, id, status)
}

export async function deleteProposal(db: Db, _admin: Admin, id: number): Promise<void> {
  if (!(await model.deleteProposal(db, id))) throw new NotFoundError('Proposal not found')
}

export async function getProposalStats(db: Db, _admin: Admin): Promise<{ total: number; pending: number }> {
  const counts = await model.countProposals(db)
  const total = Object.values(counts).reduce((a, b) => a + b, 0)
  return { total, pending: counts.pending ?? 0 }
}
