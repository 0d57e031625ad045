import type { Db } from '~/db/db.server.ts'
import type { ProposalDocumentRow } from '~/db/schema.ts'
import { dayLabel, todayIn, type DocumentContent, type DocumentState } from '~/lib/proposal-document.ts'
import * as leads from '~/models/proposals.server.ts'
import * as model from '~/models/proposal-documents.server.ts'
import { recordActivity, type ActivityRecord } from './activity-log.server.ts'
import { hashToken, type Origin } from './actor.server.ts'
import { NotFoundError } from '~/infra/errors.server.ts'
import { getSettings } from './settings.server.ts'
import { depositInvoiceFile, invoiceLabel, mailAssignee, proposalFile, queueAcceptanceMails } from './proposal-mail.server.ts'
import { labelOf, leadOr404, nowIso, settleExpiry } from './proposal-document-record.server.ts'

/**
 * The client's side of a proposal document (issue 38, docs/decisions/068-signed-proposals.md):
 * reached by the link whose token only the client holds, read there (each view counted), accepted
 * with a typed name or declined, asked about, and downloaded as PDF with its deposit invoice.
 */

/** A client's accept, decline or question refused, with the sentence the page shows. */
export class DocumentRefusedError extends Error {}

export type ClientView = {
  state: DocumentState
  content: DocumentContent
  sha256: string
  decidedAt: string | null
  signerName: string | null
  firstView: boolean
}

/** The activity log's entry for what the client did on their proposal, signed with their name. */
function byClient(lead: { name: string }, proposalId: number, action: ActivityRecord['action'], detail: string): ActivityRecord {
  return {
    action,
    itemType: 'proposal',
    itemId: proposalId,
    itemLabel: labelOf(lead),
    detail,
    person: { id: null, name: `${lead.name} (client)` },
  }
}

async function rowByToken(db: Db, token: string): Promise<ProposalDocumentRow> {
  const row = /^[A-Za-z0-9_-]{43}$/.test(token) ? await model.findDocumentByTokenHash(db, hashToken(token)) : undefined
  if (!row) throw new NotFoundError('No proposal at this address')
  return row
}

/**
 * The client's page: the newest version, frozen. `count` records the view (no cookie: the first
 * time is kept and every view counted; the first makes a sent proposal 'viewed').
 */
export async function openDocument(
  db: Db,
  token: string,
  { count = true, now = Date.now() }: { count?: boolean; now?: number } = {},
): Promise<ClientView> {
  let row = await settleExpiry(db, await rowByToken(db, token), now)
  let firstView = false
  if (count) {
    firstView = await model.countDocumentView(db, row.id, nowIso(now))
    if (firstView) {
      const lead = await leadOr404(db, row.proposalId)
      await recordActivity(
        db,
        byClient(lead, row.proposalId, 'proposal-document.view', `Version ${row.version} opened for the first time.`),
      )
      await mailAssignee(db, lead, `${lead.name} opened their proposal`, [
        `${lead.name} opened the proposal "${row.title}" for the first time.`,
      ])
      row = (await model.findDocument(db, row.id))!
    }
  }
  const version = await model.findVersion(db, row.id, row.version)
  if (!version) throw new NotFoundError('No proposal at this address')
  return {
    state: row.state as DocumentState,
    content: JSON.parse(version.content) as DocumentContent,
    sha256: version.sha256,
    decidedAt: row.decidedAt,
    signerName: row.signerName,
    firstView,
  }
}

/** The plain sentence for a decision that came too late or for the wrong version. */
async function whyRefused(db: Db, row: ProposalDocumentRow, version: number, now: number): Promise<string> {
  const current = await settleExpiry(db, (await model.findDocument(db, row.id)) ?? row, now)
  if (current.state === 'accepted') {
    const { timeZone } = await getSettings(db)
    return `This proposal was already accepted${current.decidedAt ? ` on ${dayLabel(todayIn(timeZone, Date.parse(current.decidedAt)))}` : ''}: nothing more to sign.`
  }
  if (current.state === 'declined') return 'This proposal was already declined: ask us for a new one if you changed your mind.'
  if (current.state === 'expired') return `This proposal expired on ${dayLabel(current.validUntil)}: ask us for a new one.`
  if (current.version !== version) return 'This proposal has changed since you opened it: read the new version below, then accept that one.'
  return 'This proposal cannot be accepted now: ask us about it.'
}

/**
 * The client accepts version `version`, with their typed full name and the ticked consent. What
 * is kept: the name, the consent, the SHA-256 of that exact version, the time, the address and
 * the browser. One conditional update decides it, so of two accepts at once exactly one wins.
 */
export async function acceptDocument(
  db: Db,
  token: string,
  input: { signerName: string; consent: true; version: number },
  origin: Origin,
  now = Date.now(),
): Promise<{ sha256: string; invoiceNumber: number }> {
  const row = await rowByToken(db, token)
  const { timeZone } = await getSettings(db)
  const version = await model.findVersion(db, row.id, input.version)
  const at = nowIso(now)
  const userAgent = (origin.userAgent ?? '').slice(0, 500)
  const outcome = await db.transaction().execute(async (trx) => {
    const won =
      !!version &&
      (await model.decideDocument(
        trx,
        row.id,
        { version: input.version, today: todayIn(timeZone, now) },
        {
          state: 'accepted',
          decidedAt: at,
          signerName: input.signerName,
          signerConsent: 1,
          signedHash: version.sha256,
          signerIp: origin.ip,
          signerUserAgent: userAgent,
        },
      ))
    if (!won || !version) return null
    // The deposit invoice: the first payment of the version accepted, numbered in this transaction.
    const content = JSON.parse(version.content) as DocumentContent
    const deposit = content.priced.payments[0]
    const invoiceNumber = await model.takeInvoiceNumber(trx)
    const invoice = {
      number: invoiceNumber,
      label: deposit ? `${deposit.percent}% ${deposit.label.toLowerCase()}` : 'Deposit',
      amountCents: deposit?.amountCents ?? 0,
      createdAt: at,
    }
    await model.insertInvoice(trx, { ...invoice, documentId: row.id, kind: 'deposit' })
    const lead = await leadOr404(trx, row.proposalId)
    await recordActivity(
      trx,
      byClient(
        lead,
        row.proposalId,
        'proposal-document.accept',
        `Version ${input.version} accepted, signed "${input.signerName}", SHA-256 ${version.sha256}. Deposit invoice ${invoiceLabel(invoiceNumber)}.`,
      ),
    )
    // The client's confirmation and the agency's notice, each with the signed PDF and the invoice.
    await queueAcceptanceMails(trx, {
      lead,
      content,
      acceptance: {
        signerName: input.signerName,
        decidedAt: at,
        ip: origin.ip,
        userAgent,
        sha256: version.sha256,
        version: input.version,
        timeZone,
      },
      invoice,
    })
    return { sha256: version.sha256, invoiceNumber }
  })
  if (!outcome) throw new DocumentRefusedError(await whyRefused(db, row, input.version, now))
  return outcome
}

/** The client declines the version they read, saying why. */
export async function declineDocument(db: Db, token: string, input: { reason: string; version: number }, now = Date.now()): Promise<void> {
  const row = await rowByToken(db, token)
  const { timeZone } = await getSettings(db)
  const won = await model.decideDocument(
    db,
    row.id,
    { version: input.version, today: todayIn(timeZone, now) },
    { state: 'declined', decidedAt: nowIso(now), declineReason: input.reason },
  )
  if (!won) throw new DocumentRefusedError((await whyRefused(db, row, input.version, now)).replace('then accept that one', 'then decide'))
  const lead = await leadOr404(db, row.proposalId)
  await recordActivity(
    db,
    byClient(lead, row.proposalId, 'proposal-document.decline', `Version ${input.version} declined: ${input.reason}`),
  )
  await mailAssignee(db, lead, `${lead.name} declined their proposal`, [
    `${lead.name} declined the proposal "${row.title}".`,
    '',
    'Their reason:',
    input.reason,
  ])
}

/** The client's question: it lands on the lead desk, in the lead's history, signed with their name. */
export async function askAboutDocument(db: Db, token: string, input: { question: string }, now = Date.now()): Promise<void> {
  const row = await rowByToken(db, token)
  await db.transaction().execute(async (trx) => {
    const lead = await leadOr404(trx, row.proposalId)
    await leads.insertProposalEvent(trx, {
      proposalId: row.proposalId,
      kind: 'question',
      body: input.question,
      author: `${lead.name} (client)`,
      createdAt: nowIso(now),
    })
    await recordActivity(trx, byClient(lead, row.proposalId, 'proposal-document.question', `About version ${row.version}.`))
  })
}

/**
 * The client's proposal as a tagged PDF: the version the link shows; once accepted, with the
 * certificate page. Downloading it counts no view.
 */
export async function documentPdf(db: Db, token: string, now = Date.now()): Promise<{ pdf: Buffer; filename: string }> {
  const row = await settleExpiry(db, await rowByToken(db, token), now)
  const version = await model.findVersion(db, row.id, row.version)
  if (!version) throw new NotFoundError('No proposal at this address')
  const content = JSON.parse(version.content) as DocumentContent
  const { timeZone } = await getSettings(db)
  const accepted =
    row.state === 'accepted' && row.signerName && row.decidedAt
      ? {
          signerName: row.signerName,
          decidedAt: row.decidedAt,
          ip: row.signerIp,
          userAgent: row.signerUserAgent,
          sha256: row.signedHash ?? version.sha256,
          version: row.version,
          timeZone,
        }
      : null
  return proposalFile(content, version.sha256, accepted)
}

/**
 * The deposit invoice of an accepted proposal as a PDF (404 before acceptance): the same file the
 * acceptance mails carry (depositInvoiceFile).
 */
export async function invoicePdf(db: Db, token: string): Promise<{ pdf: Buffer; filename: string }> {
  const row = await rowByToken(db, token)
  const invoice = await model.findInvoice(db, row.id)
  const version = invoice && (await model.findVersion(db, row.id, row.version))
  if (!invoice || !version) throw new NotFoundError('No invoice for this proposal')
  const lead = await leadOr404(db, row.proposalId)
  const content = JSON.parse(version.content) as DocumentContent
  return depositInvoiceFile(
    db,
    { number: invoice.number, createdAt: invoice.createdAt, label: invoice.label, amountCents: Number(invoice.amountCents) },
    lead,
    content,
  )
}
