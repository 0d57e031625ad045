import type { Db } from '~/db/db.server.ts'
import { formatMomentInWords } from '~/lib/agency-time.ts'
import { businessTypeLabel } from '~/lib/constants.ts'
import { money, todayIn, type DocumentContent } from '~/lib/proposal-document.ts'
import { attachmentsFit, insertOutboxMail, type MailAttachment } from '~/models/outbox.server.ts'
import { findPerson } from '~/models/people.server.ts'
import type { Proposal } from '~/models/proposals.server.ts'
import { renderInvoicePdf, renderProposalPdf, type Acceptance } from './proposal-pdf.server.ts'
import { getSettings } from './settings.server.ts'

/**
 * The mails of a proposal's life (issue 38, docs/decisions/068 and 074), all through the outbox:
 * the notices to the person the lead is assigned to, and on acceptance the confirmation to the
 * client and the notice to the agency, both carrying the signed proposal (with its certificate
 * page) and the deposit invoice as PDF attachments: the same files the client's page offers.
 */

/** 'INV-0007'. */
export const invoiceLabel = (n: number) => `INV-${String(n).padStart(4, '0')}`

export type PdfFile = { pdf: Buffer; filename: string }

/** The proposal as the client's page offers it: the version shown, with the certificate page once accepted. */
export async function proposalFile(content: DocumentContent, sha256: string, acceptance: Acceptance | null): Promise<PdfFile> {
  return {
    pdf: await renderProposalPdf(content, sha256, acceptance),
    filename: `proposal-v${content.version}${acceptance ? '-accepted' : ''}.pdf`,
  }
}

export type InvoiceRecord = { number: number; createdAt: string; label: string; amountCents: number }

/**
 * The deposit invoice as a PDF. The agency's payment details are the `paymentDetails` setting (Settings > Proposals);
 * without it, the invoice says whom to ask.
 */
export async function depositInvoiceFile(
  db: Db,
  invoice: InvoiceRecord,
  lead: Pick<Proposal, 'name' | 'businessType' | 'email'>,
  content: DocumentContent,
): Promise<PdfFile> {
  const settings = await getSettings(db)
  const label = invoiceLabel(invoice.number)
  const details = settings.paymentDetails.trim()
    ? settings.paymentDetails
    : `Write to ${settings.contactEmail} for our bank details, quoting ${label}.`
  const pdf = await renderInvoicePdf({
    label,
    date: todayIn(settings.timeZone, Date.parse(invoice.createdAt)),
    agency: settings.siteName,
    agencyContact: [settings.contactEmail, settings.contactPhone, settings.address].filter(Boolean).join(' · '),
    client: { name: lead.name, business: businessTypeLabel(lead.businessType), email: lead.email },
    proposalTitle: content.title,
    version: content.version,
    line: invoice.label,
    amountCents: invoice.amountCents,
    totalCents: content.priced.totalCents,
    paymentDetails: details,
  })
  return { pdf, filename: `invoice-${label}.pdf` }
}

/** The active person the lead is assigned to, with an email address; undefined when none. */
async function assigneeAddress(db: Db, lead: Proposal): Promise<string | undefined> {
  if (lead.assignedTo == null) return undefined
  const person = await findPerson(db, lead.assignedTo)
  return person?.email && person.status === 'active' ? person.email : undefined
}

/**
 * Tells the person the lead is assigned to (if any, with an email address and still active) that
 * the client opened or decided on the proposal, through the outbox.
 */
export async function mailAssignee(db: Db, lead: Proposal, subject: string, lines: string[]): Promise<void> {
  const to = await assigneeAddress(db, lead)
  if (!to) return
  const { siteName } = await getSettings(db)
  await insertOutboxMail(db, {
    toAddress: to,
    subject,
    body: [...lines, '', `Open the lead on the back office of ${siteName}: Proposals > ${lead.name}.`].join('\n'),
  })
}

export type AcceptedFacts = {
  lead: Proposal
  content: DocumentContent
  /** Who signed, when, from where: the certificate page's facts. */
  acceptance: Acceptance
  invoice: InvoiceRecord
}

/**
 * On acceptance, in the acceptance's transaction: the confirmation to the client and a notice to
 * the agency (the site's contact email), each with the signed proposal and the deposit invoice as
 * PDF attachments, and the assignee's short notice (unless the assignee is the agency's address,
 * which has the full one). Files over the outbox's limit (5 MB a mail) are left off, and the mails
 * say where to find them instead: the acceptance itself never fails for a mail.
 */
export async function queueAcceptanceMails(db: Db, facts: AcceptedFacts): Promise<void> {
  const { lead, content, acceptance, invoice } = facts
  const { siteName, contactEmail, timeZone } = await getSettings(db)
  const [proposal, bill] = await Promise.all([
    proposalFile(content, acceptance.sha256, acceptance),
    depositInvoiceFile(db, invoice, lead, content),
  ])
  const files: MailAttachment[] = [
    { filename: proposal.filename, contentType: 'application/pdf', content: proposal.pdf },
    { filename: bill.filename, contentType: 'application/pdf', content: bill.pdf },
  ]
  const attached = attachmentsFit(files)
  const label = invoiceLabel(invoice.number)
  const signed = `"${content.title}" (version ${acceptance.version}), signed "${acceptance.signerName}"`
  // The agency's zone in words ('Pacific Time (Los Angeles)'), as the back office names it.
  const when = formatMomentInWords(acceptance.decidedAt, timeZone)

  await insertOutboxMail(db, {
    toAddress: lead.email,
    subject: `You accepted your proposal from ${siteName}`,
    body: [
      `Hello ${lead.name},`,
      '',
      `Thank you: you accepted ${signed}.`,
      '',
      attached
        ? `Attached: the signed proposal, ending with its certificate of acceptance (${proposal.filename}), and the deposit invoice ${label} for ${money(invoice.amountCents)} (${bill.filename}). Both are also on your proposal's page (the link in our first mail).`
        : `The signed proposal, with its certificate of acceptance, and the deposit invoice ${label} for ${money(invoice.amountCents)} are on your proposal's page (the link in our first mail): they were too large to attach.`,
      '',
      `Questions? Write to ${contactEmail}.`,
    ].join('\n'),
    attachments: attached ? files : [],
  })

  await insertOutboxMail(db, {
    toAddress: contactEmail,
    subject: `${lead.name} accepted the proposal "${content.title}"`,
    body: [
      `${lead.name} (${lead.email}) accepted ${signed}.`,
      '',
      `Total: ${money(content.priced.totalCents)}.`,
      `Deposit invoice: ${label}, ${invoice.label}, ${money(invoice.amountCents)}.`,
      `Accepted: ${when}, from ${acceptance.ip ?? 'an unknown address'}.`,
      `SHA-256 of the version accepted: ${acceptance.sha256}`,
      '',
      attached
        ? `Attached: the signed proposal with its certificate page (${proposal.filename}) and the invoice (${bill.filename}), as the client received them.`
        : "The signed proposal and the invoice were too large to attach: they are on the client's page and in the back office.",
      '',
      `Open the lead on the back office of ${siteName}: Proposals > ${lead.name}.`,
    ].join('\n'),
    attachments: attached ? files : [],
  })

  // The assignee keeps their short notice, unless it would land in the same mailbox as the agency's.
  const assignee = await assigneeAddress(db, lead)
  if (assignee && assignee.toLowerCase() !== contactEmail.toLowerCase()) {
    await mailAssignee(db, lead, `${lead.name} accepted their proposal`, [
      `${lead.name} accepted version ${acceptance.version} of the proposal "${content.title}", signed "${acceptance.signerName}".`,
      `Value: ${money(content.priced.totalCents)}. Deposit invoice ${label}.`,
    ])
  }
}
