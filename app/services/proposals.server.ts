import type { Db } from '~/db/db.server.ts'
import { budgetLabel, businessTypeLabel, type ProposalStatus } from '~/lib/constants.ts'
import type { ProposalInput } from '~/lib/schemas.ts'
import * as model from '~/models/proposals.server.ts'
import type { Proposal, ProposalQuery } from '~/models/proposals.server.ts'
import { insertOutboxMail } from '~/models/outbox.server.ts'
import type { Admin } from './auth.server.ts'
import { NotFoundError } from './errors.server.ts'
import { PROPOSAL_LIMIT, consume } from './rate-limit.server.ts'
import { getSettings } from './settings.server.ts'

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
    })
    if (settings.enableNotifications) {
      await insertOutboxMail(trx, {
        toAddress: settings.contactEmail,
        subject: `New proposal request from ${saved.name}`,
        body: notificationText(saved),
      })
    }
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

export async function setProposalStatus(db: Db, _admin: Admin, id: number, status: ProposalStatus): Promise<Proposal> {
  const p = await model.updateProposalStatus(db, id, status)
  if (!p) throw new NotFoundError('Proposal not found')
  return p
}

export async function deleteProposal(db: Db, _admin: Admin, id: number): Promise<void> {
  if (!(await model.deleteProposal(db, id))) throw new NotFoundError('Proposal not found')
}

export async function getProposalStats(db: Db, _admin: Admin): Promise<{ total: number; pending: number }> {
  const counts = await model.countProposals(db)
  const total = Object.values(counts).reduce((a, b) => a + b, 0)
  return { total, pending: counts.pending ?? 0 }
}
