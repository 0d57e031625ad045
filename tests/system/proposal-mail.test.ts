import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_CONTACT } from '~/content/site.ts'
import { openDatabase } from '~/db/db.server.ts'
import { documentFormValues } from '~/lib/proposal-document-schemas.ts'
import { PRICE_LIST } from '~/content/pricing.ts'
import { prefillDocument } from '~/services/proposal-document-drafting.server.ts'
import { dialects, resetPostgres, type Client } from '../helpers/app.ts'
import { attachmentName, mimeParts, startRecordingSmtp, subjectOf, type MimePart } from '../helpers/mime.ts'
import { pdfText } from '../helpers/pdf-text.ts'
import { ADMIN, postForm, startServer, tempDir, type RunningServer } from './server.ts'

/** The agency's address: the contact email of Settings (its default on a fresh install). */
const CONTACT = DEFAULT_CONTACT.contactEmail

/**
 * Issue 38 on the production build with mail set up (a real SMTP server on loopback): the client
 * accepts their proposal with the page's plain form, and their confirmation arrives with the
 * signed proposal and the deposit invoice as MIME attachments; so does the agency's notice; the
 * Outbox page lists the files (docs/decisions/074).
 */
describe.each(dialects())('the acceptance mails on %s', (name, url) => {
  let s: RunningServer | undefined
  let smtp: Awaited<ReturnType<typeof startRecordingSmtp>> | undefined
  let admin: Client
  let dbUrl: string
  beforeAll(async () => {
    smtp = await startRecordingSmtp()
    const dataDir = tempDir()
    dbUrl = name === 'sqlite' ? path.join(dataDir, 'site.db') : url()
    if (name === 'postgres') await resetPostgres(dbUrl)
    s = await startServer({ DATABASE_URL: dbUrl, DATA_DIR: dataDir, SMTP_URL: smtp.url })
    admin = await s.client().login(ADMIN.username, ADMIN.password)
    await admin.session()
  })
  afterAll(async () => {
    await s?.stop()
    await smtp?.close()
  })

  /** The first mail to `to` whose subject starts with `subject`, once the SMTP server has it (the outbox is polled every few seconds). */
  async function arrived(to: string, subject: string): Promise<MimePart[]> {
    const mail = await smtp!.mail((m) => m.to.includes(to) && subjectOf(m.raw).startsWith(subject))
    return mimeParts(mail.raw)
  }

  it("the client's confirmation arrives with the signed proposal and the deposit invoice attached, and so does the agency's notice", async () => {
    const email = `mailed.client.${name}@example.com`
    const lead = {
      name: 'Mae Mailed',
      email,
      businessType: 'restaurant',
      budget: '1000-2500',
      requirements: 'A menu site.',
      source: 'estimator',
      sourceData: 'type=business&pages=12&addons=seo&urgency=rush',
    }
    expect((await s!.client().post('/api/proposals', lead)).status).toBe(201)
    const [{ id }] = (await (await admin.get(`/api/proposals?q=${encodeURIComponent(email)}`)).json()) as { id: number }[]

    // The agency saves the pre-filled proposal and sends it with the editor's plain forms.
    const handle = openDatabase(dbUrl)
    const values = documentFormValues(PRICE_LIST, await prefillDocument(handle.db, id))
    await handle.close()
    const editor = `/admin/proposals/${id}/document`
    expect((await postForm(admin, editor, { ...values, intent: 'save' })).status).toBe(200)
    const sent = await postForm(admin, editor, { intent: 'send' })
    expect(await sent.text()).toContain('The link to the proposal is on its way to')

    // The client follows the link in the mail and signs with the page's form.
    const linkMail = (await arrived(email, 'Your proposal from')).map((p) => p.body.toString('utf8')).join('\n')
    const token = /\/p\/([A-Za-z0-9_-]{43})/.exec(linkMail)?.[1]
    expect(token).toBeDefined()
    const client = s!.client()
    const page = await (await client.get(`/p/${token}`)).text()
    const formToken = /name="_csrf" value="([^"]+)"/.exec(page)?.[1]
    const sha256 = /SHA-256 of this version: ([0-9a-f]{64})/.exec(page)?.[1]
    expect(formToken && sha256).toBeTruthy()
    const accepted = await postForm(
      client,
      `/p/${token}`,
      { intent: 'accept', version: '1', signerName: 'Mae A. Mailed', consent: 'yes' },
      formToken,
    )
    expect(accepted.status).toBe(302)
    expect(accepted.headers.get('location')).toBe(`/p/${token}?done=accepted`)
    // Mail is set up here, so the page may say the copy is on its way.
    expect(await (await client.get(`/p/${token}?done=accepted`)).text()).toContain(
      'Thank you: you accepted this proposal. We will be in touch to start. A copy of the signed proposal and the deposit invoice is on its way to your email.',
    )

    for (const [to, subject] of [
      [email, 'You accepted your proposal from'],
      [CONTACT, 'Mae Mailed accepted the proposal'],
    ]) {
      const parts = await arrived(to, subject)
      expect(parts[0].headers['content-type'], to).toMatch(/^text\/plain/)
      const files = parts.filter((p) => attachmentName(p))
      expect(
        files.map((p) => [attachmentName(p), p.headers['content-type'].split(';')[0]]),
        to,
      ).toEqual([
        ['proposal-v1-accepted.pdf', 'application/pdf'],
        ['invoice-INV-0001.pdf', 'application/pdf'],
      ])
      for (const f of files) expect(f.body.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      const signed = pdfText(files[0].body)
      for (const part of ['Certificate of acceptance', 'Mae A. Mailed', sha256!]) expect(signed, to).toContain(part)
      expect(pdfText(files[1].body)).toContain('Invoice INV-0001')
    }
    const agencyText = (await arrived(CONTACT, 'Mae Mailed accepted the proposal'))[0].body.toString('utf8')
    expect(agencyText).toContain('signed "Mae A. Mailed"')
    expect(agencyText).toContain('Deposit invoice: INV-0001')

    // The Outbox lists each mail's files by name and size, delivered.
    const outbox = await (await admin.get('/admin/settings/outbox')).text()
    const row = /<li[^>]*>(?:(?!<\/li>)[\s\S])*You accepted your proposal from(?:(?!<\/li>)[\s\S])*<\/li>/.exec(outbox)?.[0] ?? ''
    expect(row).toMatch(/2 files attached: proposal-v1-accepted\.pdf \(\d+ KB\), invoice-INV-0001\.pdf \(\d+ KB\)/)
    expect(row).toContain('The mail server accepted it.')
  })
})
