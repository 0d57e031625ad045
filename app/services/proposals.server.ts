import type { Db } from '~/db/db.server.ts'
import { budgetLabel, businessTypeLabel, type ProposalStatus } from '~/lib/constants.ts'
import type { ProposalInput } from '~/lib/schemas.ts'
import * as model from '~/models/proposals.server.ts'
import type { Proposal, ProposalQuery } from '~/models/proposals.server.ts'
import { insertOutboxMail } from '~/models/outbox.server.ts'
import { attributeLead, flushPendingViews, type VisitorKey } from './analytics.server.ts'
import { requirePermission, type Admin } from './actor.server.ts'
import { recordActivity } from './activity-log.server.ts'
import { NotFoundError } from '~/infra/errors.server.ts'
import { PROPOSAL_LIMIT, RECEIPT_LIMIT, WHOLE_SITE, addressSubject, consume, withinLimit } from '~/infra/rate-limit.server.ts'
import { getSettings, type Settings } from './settings.server.ts'
import { storeOnce, submissionKey } from './submission-once.server.ts'
import { changeProposalStatus, checkProposalSource } from './lead-desk.server.ts'

export type { Proposal }

/**
 * Stores a visitor's request (status pending, dated now, with the visit that produced it when
 * `client` names the user agent too: attributeLead) and, when notifications are on,
 * queues the notification mail in the same transaction: both are kept or neither is.
 * Counted against PROPOSAL_LIMIT for the client address (an IPv6 address by its /64;
 * `maxPerHour` overrides the max: config PROPOSAL_RATE_LIMIT_PER_HOUR).
 *
 * The visitor gets a receipt at the address they typed, which nobody has verified: so it carries
 * nothing they wrote (the site must not relay a stranger's text to a third party), and the whole
 * site sends at most RECEIPT_LIMIT of them an hour (`receiptsPerHour` overrides its max). Beyond
 * that the request is still stored and the agency told that no receipt went out (ADR 030).
 */
export async function submitProposal(
  db: Db,
  input: ProposalInput,
  client: string | VisitorKey,
  now = Date.now(),
  maxPerHour = PROPOSAL_LIMIT.max,
  receiptsPerHour = RECEIPT_LIMIT.max,
): Promise<Proposal> {
  const limit = { ...PROPOSAL_LIMIT, max: maxPerHour }
  const visitor = typeof client === 'string' ? { ip: client, userAgent: '' } : client
  const clientIp = visitor.ip
  const settings = await getSettings(db)
  // The page view counted when the form's page was served may still wait in this process's batch.
  await flushPendingViews(db)
  // The same request posted twice (a double click on the plain form) is stored and mailed once.
  const key = submissionKey('proposal', { ...input, website: undefined })
  const { item } = await db.transaction().execute((trx) =>
    storeOnce(
      trx,
      key,
      'proposal',
      now,
      (id) => model.findProposal(trx, id),
      async () => {
        // Counted and checked in one statement that holds the counter's lock until this commit, so
        // parallel posts from one address (on any instance) queue here; one over the limit rolls back.
        await consume(trx, limit, addressSubject(clientIp), now)
        const attribution = await attributeLead(trx, visitor, 'proposal', new Date(now))
        const saved = await model.insertProposal(trx, {
          ...attribution,
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
        // Counted last: the site-wide counter's lock is held only from here to the commit.
        const receipt = await withinLimit(trx, { ...RECEIPT_LIMIT, max: receiptsPerHour }, WHOLE_SITE, now)
        if (settings.enableNotifications) {
          await insertOutboxMail(trx, {
            toAddress: settings.contactEmail,
            subject: `New proposal request from ${saved.name}`,
            body: notificationText(saved, receipt ? undefined : receiptsPerHour),
          })
        }
        if (receipt) await insertOutboxMail(trx, { toAddress: saved.email, ...receiptMail(settings) })
        return saved
      },
    ),
  )
  return item
}

function notificationText(p: Proposal, skippedReceiptCap?: number): string {
  return [
    'A new proposal request arrived on the website.',
    ...(skippedReceiptCap === undefined
      ? []
      : [
          '',
          `No receipt was sent to the visitor: the site already sent ${skippedReceiptCap} this hour (its limit). Reply to them yourself.`,
        ]),
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

/**
 * The visitor's receipt: that the request arrived and what happens next, in the agency's words
 * only. Nothing the visitor typed (not their name, not their text, not even the address) goes in:
 * the address is unverified, and whoever typed it may not own it (ADR 030).
 */
export function receiptMail(s: Pick<Settings, 'siteName' | 'contactEmail' | 'contactPhone'>): { subject: string; body: string } {
  return {
    subject: `${s.siteName}: we received your proposal request`,
    body: [
      'Hello,',
      '',
      `Thank you for your proposal request to ${s.siteName}. We will send your custom proposal with a fixed price within 24 hours, to this address.`,
      '',
      'Questions in the meantime? Reply to this email or contact us:',
      [s.contactEmail, s.contactPhone].filter(Boolean).join('  |  '),
      '',
      'If you did not ask us for a proposal, someone may have typed your address by mistake: you can ignore this email.',
      '',
      `${s.siteName}`,
    ].join('\n'),
  }
}

export type ProposalListQuery = ProposalQuery

export async function listProposals(db: Db, admin: Admin, query: ProposalListQuery = {}) {
  requirePermission(admin, 'leads')
  const [proposals, counts] = await Promise.all([model.findProposals(db, query), model.countProposals(db, query.q, query.assignedTo)])
  const pending = counts.pending ?? 0
  const reviewed = counts.reviewed ?? 0
  const completed = counts.completed ?? 0
  return { proposals, counts: { all: pending + reviewed + completed, pending, reviewed, completed } }
}

/** The list for the CSV export: each request with the visit that produced it. */
export async function exportProposals(db: Db, admin: Admin, query: ProposalListQuery = {}) {
  requirePermission(admin, 'leads')
  const rows = await model.findProposalsWithAttribution(db, query)
  const filter = [query.status && `status ${query.status}`, query.q && `search "${query.q}"`].filter(Boolean).join(', ')
  await recordActivity(db, {
    action: 'proposals.export',
    itemType: 'proposal',
    itemLabel: 'Proposals CSV',
    detail: `${rows.length} proposals${filter ? ` (${filter})` : ''}.`,
  })
  return rows
}

export async function getProposal(db: Db, admin: Admin, id: number): Promise<Proposal> {
  requirePermission(admin, 'leads')
  const p = await model.findProposal(db, id)
  if (!p) throw new NotFoundError('Proposal not found')
  return p
}

/** The status change, recorded in the proposal's history (lead desk), from the admin pages and the API alike. */
export async function setProposalStatus(db: Db, admin: Admin, id: number, status: ProposalStatus): Promise<Proposal> {
  return changeProposalStatus(db, admin, id, status)
}

export async function deleteProposal(db: Db, admin: Admin, id: number): Promise<void> {
  requirePermission(admin, 'leads')
  const gone = await model.findProposal(db, id)
  if (!gone || !(await model.deleteProposal(db, id))) throw new NotFoundError('Proposal not found')
  await recordActivity(db, { action: 'proposal.delete', itemType: 'proposal', itemId: id, itemLabel: `Proposal from ${gone.name}` })
}

export async function getProposalStats(db: Db, admin: Admin): Promise<{ total: number; pending: number }> {
  requirePermission(admin, 'leads')
  const counts = await model.countProposals(db)
  const total = Object.values(counts).reduce((a, b) => a + b, 0)
  return { total, pending: counts.pending ?? 0 }
}
