import { budgetLabel, businessTypeLabel } from './constants.ts'

/**
 * The reply a lead's page starts with, one template per kind of lead (issue 36 §1): a proposal
 * request, a contact message, a booked call. Each says only what the lead holds: no "a Other
 * website", no "a budget of ." for a call that came without either, no "You wrote:" over nothing.
 * The person edits it before it goes out.
 */
export type ReplyDraft = { subject: string; body: string }
export type Signature = { siteName: string; contactEmail: string; contactPhone?: string; sender?: string }

const quote = (text: string) =>
  text
    .trim()
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n')

function letter(name: string, opening: string, wrote: string, sig: Signature): string {
  const signature = [sig.sender, sig.siteName, sig.contactEmail, sig.contactPhone].filter(Boolean).join('\n')
  return [
    `Hello ${name.trim() || 'there'},`,
    '',
    ...(wrote.trim() ? [`${opening} You wrote:`, '', quote(wrote)] : [opening]),
    '',
    '',
    '',
    'Best regards,',
    signature,
  ].join('\n')
}

/** A proposal request: the kind of website and the budget when the visitor chose them, and their request. */
export function proposalReply(p: { name: string; businessType: string; budget: string; requirements: string }, sig: Signature): ReplyDraft {
  const type = p.businessType && p.businessType !== 'other' ? ` for a ${businessTypeLabel(p.businessType)} website` : ''
  const budget = p.budget ? `, with a budget of ${budgetLabel(p.budget)}` : ''
  return {
    subject: `Your proposal request - ${sig.siteName}`,
    body: letter(p.name, `Thank you for your proposal request${type}${budget}.`, p.requirements, sig),
  }
}

/** A contact message: thanks, and the message quoted. */
export function messageReply(m: { name: string; message: string }, sig: Signature): ReplyDraft {
  return {
    subject: `Your message to ${sig.siteName}`,
    body: letter(m.name, 'Thank you for your message.', m.message, sig),
  }
}

/** A booked call: the call's time when one is coming up (`when`, already in words), and the visitor's note when they left one. */
export function callReply(c: { name: string; note: string; when?: string }, sig: Signature): ReplyDraft {
  return {
    subject: `Your discovery call - ${sig.siteName}`,
    body: letter(c.name, `Thank you for booking a discovery call with us${c.when ? ` for ${c.when}` : ''}.`, c.note, sig),
  }
}
