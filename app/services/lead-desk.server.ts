import type { Db } from '~/db/db.server.ts'
import { NO_ATTRIBUTION, type LeadAttribution } from '~/lib/lead-attribution.ts'
import { budgetLabel, businessTypeLabel, type ProposalStatus } from '~/lib/constants.ts'
import { formatZonedDateTimeNamed } from '~/lib/agency-time.ts'
import { callReply, proposalReply } from '~/lib/reply-templates.ts'
import { findBookingsForProposal } from '~/models/bookings.server.ts'
import { markProposalOpened } from '~/models/lead-desk.server.ts'
import { EstimateError, type EstimateInput, type EstimateRow } from '~/lib/estimator.ts'
import type { ProposalNoteInput, ProposalReplyInput } from '~/lib/lead-desk-schemas.ts'
import { decodeDesign, estimateFromQuery, isProposalSource, reopenHref } from '~/lib/proposal-source.ts'
import { insertOutboxMail } from '~/models/outbox.server.ts'
import * as model from '~/models/proposals.server.ts'
import type { Proposal, ProposalEvent } from '~/models/proposals.server.ts'
import type { Admin } from './actor.server.ts'
import { recordActivity } from './activity-log.server.ts'
import { DomainValidationError, NotFoundError } from '~/infra/errors.server.ts'
import { getSettings } from './settings.server.ts'
import { ESTIMATOR } from './estimate.server.ts'
import { listAssignees } from './people.server.ts'
import { requirePermission } from './actor.server.ts'
import { findPerson } from '~/models/people.server.ts'
import { leadHistory } from './lead-history.server.ts'
import { BUILDER, parseBuilderConfig } from './builder-design.server.ts'

export type { ProposalEvent }

/** A proposal request as a lead with a history (lead-history.server.ts). */
const PROPOSAL_LEAD = leadHistory<Proposal, ProposalEvent>({
  type: 'proposal',
  noun: 'Proposal',
  find: model.findProposal,
  setStatus: model.updateProposalStatus,
  insertEvent: (db, proposalId, event) => model.insertProposalEvent(db, { proposalId, ...event }),
})

/**
 * The lead desk: a proposal's notes, the history of its status changes and the replies sent
 * from it, all in one timeline (proposal_events), and where the request came from.
 */

/** What the estimator or the builder sent with a request, checked: the JSON to store, or null (dropped). */
export function checkProposalSource(
  source: string | undefined,
  sourceData: string | undefined,
): { source: string; sourceData: string; valueCents?: number } | null {
  if (!isProposalSource(source) || !sourceData) return null
  if (source === 'estimator') {
    const input = estimateFromQuery(new URLSearchParams(sourceData))
    if (!input) return null
    let total: number
    try {
      total = ESTIMATOR.estimate(input).total
    } catch (err) {
      if (err instanceof EstimateError) return null
      throw err
    }
    // The lead's value on the desk: the estimate as priced when the request came (issue 36).
    return { source, sourceData: JSON.stringify(input), valueCents: Math.round(total * 100) }
  }
  const value = decodeDesign(sourceData)
  if (typeof value !== 'object' || value === null) return null
  return { source, sourceData: JSON.stringify(parseBuilderConfig(value)) }
}

/** A request's origin as the desk shows it: the estimate's rows or the design's summary, and the link that reopens it. */
export type ProposalOrigin =
  | { source: 'estimator'; rows: EstimateRow[]; reopenHref: string }
  | {
      source: 'builder'
      items: { label: string; value: string }[]
      reopenHref: string
    }

function originOf(row: model.ProposalSourceRow | undefined): ProposalOrigin | null {
  if (!row?.source || !row.sourceData || !isProposalSource(row.source)) return null
  let data: unknown
  try {
    data = JSON.parse(row.sourceData)
  } catch {
    return null
  }
  if (row.source === 'estimator') {
    const input = data as EstimateInput
    try {
      // Priced again with today's price list, as the reopened estimator will show it.
      return {
        source: 'estimator',
        rows: ESTIMATOR.estimateRows(input, ESTIMATOR.estimate(input)),
        reopenHref: reopenHref('estimator', input),
      }
    } catch {
      return null
    }
  }
  const config = parseBuilderConfig(data)
  const items = BUILDER.summarizeConfig(config)
    .split('\n')
    .map((line) => {
      const at = line.indexOf(': ')
      return { label: line.slice(0, at), value: line.slice(at + 2) }
    })
  return {
    source: 'builder',
    items,
    reopenHref: reopenHref('builder', config),
  }
}

export type ProposalDesk = {
  proposal: Proposal
  /** The desk's own fields: the kind of lead, its value (the estimate), the next step, the first opening. */
  triage: model.ProposalTriage
  events: ProposalEvent[]
  origin: ProposalOrigin | null
  /** The visit that produced the request: source, campaign, landing page, tools used first. */
  visit: LeadAttribution
  replyDraft: ProposalReplyInput
  /** True when this was the lead's first opening (the menu's unread figure just went down). */
  firstOpening: boolean
}

/**
 * Everything the proposal's page shows. Opening it records the lead's first opening (the desk's
 * "unread" is "never opened by anyone on the staff"; later openings change nothing).
 */
export async function getProposalDesk(db: Db, admin: Admin, id: number, now = Date.now()): Promise<ProposalDesk> {
  const proposal = await model.findProposal(db, id)
  if (!proposal) throw new NotFoundError('Proposal not found')
  const firstOpening = await markProposalOpened(db, id, new Date(now).toISOString())
  const [events, source, visit, settings, triage, calls] = await Promise.all([
    model.findProposalEvents(db, id),
    model.findProposalSource(db, id),
    model.findProposalAttribution(db, id),
    getSettings(db),
    model.findProposalTriage(db, id),
    findBookingsForProposal(db, id),
  ])
  if (!triage) throw new NotFoundError('Proposal not found')
  // Signed with the sender's name once they set one in their profile (a username is not a name).
  const sig = { ...settings, sender: admin.displayName !== admin.username ? admin.displayName : undefined }
  let replyDraft: ProposalReplyInput
  if (triage.kind === 'call') {
    const next = calls.find((c) => c.status === 'booked' && Date.parse(c.startAt) > now)
    const latest = calls.at(-1)
    replyDraft = callReply(
      { name: proposal.name, note: latest?.note ?? '', when: next ? formatZonedDateTimeNamed(next.startAt, settings.timeZone) : undefined },
      sig,
    )
  } else {
    replyDraft = proposalReply(proposal, sig)
  }
  return { proposal, triage, events, origin: originOf(source), visit: visit ?? NO_ATTRIBUTION, replyDraft, firstOpening }
}

/** Sets (or, with '', clears) what happens next with the lead, and notes it in its history. */
export async function setProposalNextStep(db: Db, admin: Pick<Admin, 'username'>, id: number, nextStep: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await PROPOSAL_LEAD.requireLead(trx, id)
    await model.updateProposalNextStep(trx, id, nextStep || null)
    await PROPOSAL_LEAD.note(trx, admin, id, nextStep ? `Next step: ${nextStep}` : 'Next step cleared.')
  })
}

export async function addProposalNote(db: Db, admin: Admin, id: number, input: ProposalNoteInput): Promise<ProposalEvent> {
  const p = await PROPOSAL_LEAD.requireLead(db, id)
  await recordActivity(db, { action: 'proposal.note', itemType: 'proposal', itemId: id, itemLabel: `Proposal from ${p.name}` })
  return PROPOSAL_LEAD.note(db, admin, id, input.note)
}

/**
 * Changes the status and records the change (who, when, from what) in the same transaction. Choosing
 * the status it already has changes nothing and records nothing.
 */
export async function changeProposalStatus(db: Db, admin: Pick<Admin, 'username'>, id: number, status: ProposalStatus): Promise<Proposal> {
  return PROPOSAL_LEAD.changeStatus(db, admin, id, status)
}

/** Queues the admin's reply to the visitor through the outbox and keeps it in the history, both or neither. */
export async function replyToProposal(db: Db, admin: Admin, id: number, input: ProposalReplyInput): Promise<ProposalEvent> {
  return PROPOSAL_LEAD.reply(db, admin, id, input)
}

/**
 * Assigns a lead to a person whose role includes the lead desk (or to nobody, with null). The
 * history says who assigned it to whom, and the assignee gets a notice by mail (through the
 * outbox) when they have an address.
 */
export async function assignProposal(db: Db, admin: Admin, id: number, assigneeId: number | null): Promise<void> {
  requirePermission(admin, 'leads')
  const assignees = await listAssignees(db)
  const assignee = assigneeId === null ? null : assignees.find((a) => a.id === assigneeId)
  if (assignee === undefined) throw new DomainValidationError({ assignedTo: 'Choose someone whose role includes proposals.' })
  await db.transaction().execute(async (trx) => {
    const p = await PROPOSAL_LEAD.requireLead(trx, id)
    await model.updateProposalAssignee(trx, id, assigneeId)
    await PROPOSAL_LEAD.note(trx, admin, id, assignee ? `Assigned to ${assignee.name}.` : 'No longer assigned to anyone.')
    const email = assignee && assignee.id !== admin.id ? (await findPerson(trx, assignee.id))?.email : null
    if (email) {
      const { siteName } = await getSettings(trx)
      // Only what the lead holds: a booked call has no business type or budget (issue 36).
      const what = (await model.findProposalTriage(trx, id))?.kind === 'call' ? 'booked call' : 'proposal request'
      const about = [
        p.businessType && p.businessType !== 'other' ? businessTypeLabel(p.businessType) : '',
        p.budget ? budgetLabel(p.budget) : '',
      ]
        .filter(Boolean)
        .join(', ')
      await insertOutboxMail(trx, {
        toAddress: email,
        subject: `Lead assigned to you: ${p.name}`,
        body: [
          `${admin.displayName} assigned you the ${what} from ${p.name}${about ? ` (${about})` : ''} on the back office of ${siteName}.`,
          '',
          'Open it on the lead desk: choose yourself under "Assigned to".',
        ].join('\n'),
      })
    }
  })
}
