import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { DEFAULT_PROPOSAL_TERMS } from '~/content/proposal-terms.ts'
import { DEFAULT_AGENCY_ZONE } from '~/content/site.ts'
import { fieldErrors, ProposalSchema, settingsPatchSchema } from '~/lib/schemas.ts'
import { findActivity } from '~/models/activity-log.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { saveDocument, sendDocument } from '~/services/proposal-documents.server.ts'
import { prefillDocument, saveDefaultTerms } from '~/services/proposal-document-drafting.server.ts'
import { acceptDocument, invoicePdf } from '~/services/proposal-document-client.server.ts'
import { submitProposal } from '~/services/proposals.server.ts'
import { getSettings } from '~/services/settings.server.ts'
import { updateSettings } from '~/services/settings-update.server.ts'
import { dialects, validProposal } from '../helpers/app.ts'
import { freshDatabase, signInAdmin } from './db.ts'

const SettingsPatchSchema = settingsPatchSchema(DEFAULT_AGENCY_ZONE)

/** The text a person reads in a PDF (pdfkit writes each line as hex strings in a TJ array; compress is off). */
function pdfText(pdf: Buffer): string {
  const lines: string[] = []
  for (const m of pdf.toString('latin1').matchAll(/\[((?:<[0-9a-fA-F]*>\s*-?\d*\.?\d*\s*)+)\]\s*TJ/g)) {
    lines.push(Buffer.from([...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => x[1]).join(''), 'hex').toString('latin1'))
  }
  return lines.join('\n')
}

// Issue 38: the agency's payment details (on the deposit invoice) and the default terms of new
// proposals are settings the Settings page writes (docs/decisions/075).
describe.each(dialects())('proposal settings on %s', (_name, url) => {
  let h: DatabaseHandle
  let admin: Admin
  let n = 0
  beforeAll(async () => {
    h = await freshDatabase(url())
    admin = await signInAdmin(h.db)
  })
  afterAll(async () => {
    await h.close()
  })

  const lead = async (name: string) =>
    submitProposal(
      h.db,
      ProposalSchema.parse({ ...validProposal(), name, email: `settings-lead${++n}@example.com` }),
      `settings-client-${n}`,
    )

  /** A lead's proposal written, sent and accepted: the client's token. */
  const accepted = async (name: string) => {
    const l = await lead(name)
    await saveDocument(h.db, admin, l.id, await prefillDocument(h.db, l.id))
    let token = ''
    await sendDocument(h.db, admin, l.id, (t) => (token = t))
    await acceptDocument(h.db, token, { signerName: name, consent: true, version: 1 }, { ip: '198.51.100.9', userAgent: 'Test browser' })
    return token
  }

  it('a new install has no payment details and the standard terms', async () => {
    const s = await getSettings(h.db)
    expect(s.paymentDetails).toBe('')
    expect(s.proposalTerms).toBe(DEFAULT_PROPOSAL_TERMS)
  })

  it('the payment details saved in the settings are printed on the next deposit invoice; without them it says whom to ask', async () => {
    const first = await accepted('Ivy Invoice')
    const before = pdfText((await invoicePdf(h.db, first)).pdf)
    expect(before).toMatch(/Write to \S+@\S+ for our bank details, quoting INV-\d{4}\./)

    await updateSettings(h.db, admin, {
      paymentDetails: 'First Test Bank, account 0123 4567 89\nIFSC TEST0001234\nReference: your invoice number',
    })
    const second = await accepted('Ike Invoice')
    const after = pdfText((await invoicePdf(h.db, second)).pdf)
    for (const line of ['First Test Bank, account 0123 4567 89', 'IFSC TEST0001234', 'Reference: your invoice number'])
      expect(after).toContain(line)
    expect(after).not.toContain('for our bank details')

    // Emptied, the invoice asks again.
    await updateSettings(h.db, admin, { paymentDetails: '' })
    expect(pdfText((await invoicePdf(h.db, second)).pdf)).toContain('for our bank details')
  })

  it('the default terms saved in the settings start each new proposal; one already written keeps its own; emptied, the standard terms come back', async () => {
    const written = await lead('Wes Written')
    await saveDocument(h.db, admin, written.id, await prefillDocument(h.db, written.id))

    const saved = await updateSettings(h.db, admin, { proposalTerms: '  Half up front, half at launch.\nNet 7 days.  ' })
    expect(saved.proposalTerms).toBe('Half up front, half at launch.\nNet 7 days.')
    const fresh = await lead('Nia New')
    expect((await prefillDocument(h.db, fresh.id)).terms).toBe('Half up front, half at launch.\nNet 7 days.')
    // The proposal written before keeps the terms it was written with.
    const kept = await h.db.selectFrom('proposalDocuments').select('draft').where('proposalId', '=', written.id).executeTakeFirstOrThrow()
    expect(JSON.parse(kept.draft).terms).toBe(DEFAULT_PROPOSAL_TERMS)

    // The editor's tick box writes the same setting: the Settings page shows what it saved.
    await saveDefaultTerms(h.db, admin, 'Terms from the editor.')
    expect((await getSettings(h.db)).proposalTerms).toBe('Terms from the editor.')

    await updateSettings(h.db, admin, { proposalTerms: '' })
    expect((await getSettings(h.db)).proposalTerms).toBe(DEFAULT_PROPOSAL_TERMS)
    expect((await prefillDocument(h.db, fresh.id)).terms).toBe(DEFAULT_PROPOSAL_TERMS)
  })

  it('records a change of either in the activity log, by name', async () => {
    await updateSettings(h.db, admin, { paymentDetails: 'Pay by transfer to account 42.', proposalTerms: 'Net 14 days.' })
    const [entry] = await findActivity(h.db, { itemType: 'settings' })
    expect(entry).toMatchObject({
      action: 'settings.update',
      itemLabel: 'Site settings',
      detail: 'Changed payment details and proposal terms.',
    })
  })

  it('refuses payment details or terms over their limits, each beside its field', () => {
    const checked = SettingsPatchSchema.safeParse({ paymentDetails: 'x'.repeat(2001), proposalTerms: 'y'.repeat(20_001) })
    expect(checked.success).toBe(false)
    if (checked.success) return
    expect(fieldErrors(checked.error)).toEqual({
      paymentDetails: 'Payment details must be at most 2,000 characters',
      proposalTerms: 'Default terms must be at most 20,000 characters',
    })
    expect(SettingsPatchSchema.safeParse({ paymentDetails: 'x'.repeat(2000), proposalTerms: 'y'.repeat(20_000) }).success).toBe(true)
  })
})
