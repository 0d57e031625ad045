import { expect, test, type Browser } from '@playwright/test'
import { ADMIN, expectNoAxeViolations, expectToast, login, uid } from './admin-helpers.ts'
import { estimatorLead, mailedToken } from './proposal-helpers.ts'

// Issue 38: the agency writes a proposal from a lead and sends it; the client reads it at
// /p/<token> (no account, no cookie) and accepts, declines or asks, with or without JavaScript.

/** Writes and sends the pre-filled proposal through the editor's plain forms (in the no-JavaScript tests, without JavaScript too); the client's token. */
async function sentProposal(browser: Browser): Promise<{ token: string; name: string; email: string }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const tag = uid()
  const name = `Client ${tag}`
  const email = `client-${tag}@example.com`
  await login(page)
  const id = await estimatorLead(page, name, email, 'type=business&pages=12&addons=seo&urgency=rush')
  await page.goto(`${ADMIN}/proposals/${id}/document`)
  await page.getByRole('button', { name: 'Save proposal' }).click()
  await expectToast(page, 'Proposal Saved')
  await page.getByRole('button', { name: 'Keep in the outbox to send later' }).click()
  await expectToast(page, 'Proposal Kept')
  await context.close()
  return { token: mailedToken(email), name, email }
}

test('the agency writes a proposal from the lead, previews it and sends it; the lead shows its state and value', async ({ page }) => {
  const tag = uid()
  const name = `Writer ${tag}`
  const email = `writer-${tag}@example.com`
  await login(page)
  const id = await estimatorLead(page, name, email, 'type=business&pages=12&addons=seo&urgency=rush')
  await page.goto(`${ADMIN}/proposals/${id}`)
  await expect(page.getByRole('region', { name: 'Proposal to the client' })).toContainText('No proposal written yet.')
  await page.getByRole('link', { name: 'Write a proposal' }).click()

  // Pre-filled from the lead's estimate and requirements.
  await expect(page.getByRole('heading', { level: 1, name: `Proposal for ${name}` })).toBeVisible()
  await expect(page.getByLabel('Title')).toHaveValue(`Website proposal for ${name}`)
  await expect(page.getByLabel('Plan')).toHaveValue('business')
  await expect(page.getByLabel('Extra pages')).toHaveValue('2')
  await expect(page.getByLabel('Urgency')).toHaveValue('rush')
  await expect(page.getByLabel('Section 1 text')).toHaveValue('A menu site with table booking.')
  await expectNoAxeViolations(page)

  // A refused field is marked beside itself, and gets the focus.
  await page.getByLabel('Title').fill('')
  await page.getByLabel('Payment 1 (%)').fill('60')
  await page.getByRole('button', { name: 'Save proposal' }).click()
  await expect(page.getByLabel('Title')).toHaveAccessibleDescription('Title is required')
  await expect(page.getByLabel('Payment 1', { exact: true })).toHaveAccessibleDescription('The payments must add up to 100%')
  await expect(page.getByLabel('Title')).toBeFocused()

  await page.getByLabel('Title').fill(`Menu site for ${name}`)
  await page.getByLabel('Payment 1 (%)').fill('50')
  await page.getByLabel('Custom line').fill('Menu photography')
  await page.getByLabel('Its price ($)').fill('200')
  await page.getByLabel('Discount ($)').fill('50')
  await page.getByRole('button', { name: 'Save proposal' }).click()
  // $599 + 2 x $50 + $100 = $799, +50% Rush = $1,198.50, + $200 - $50.
  await expectToast(page, 'Proposal Saved', 'Saved as a draft. Total $1,348.50.')

  await page.getByRole('link', { name: 'Preview as the client sees it' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Menu site for ${name}` })).toBeVisible()
  await expect(page.getByTestId('proposal-total')).toHaveText('$1,348.50')
  await expect(page.getByRole('row', { name: /Rush delivery \(\+50%\)/ })).toContainText('$399.50')
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Back to the editor' }).click()

  // Mail is not set up in this run: the page never says "sent".
  await page.getByRole('button', { name: 'Keep in the outbox to send later' }).click()
  await expectToast(page, 'Proposal Kept', `The mail with the link to ${email} is kept in the outbox, not sent: mail is not set up.`)
  expect(mailedToken(email)).toMatch(/^[A-Za-z0-9_-]{43}$/)
  await page.goto(`${ADMIN}/proposals/${id}`)
  const summary = page.getByTestId('document-summary')
  await expect(summary).toContainText('Sent')
  await expect(summary).toContainText('$1,348.50')
  // The desk's row names the proposal too, at every width.
  await page.goto(`${ADMIN}/proposals?q=${tag}`)
  await expect(page.getByRole('main').locator(':is(tr, li)').filter({ visible: true }).filter({ hasText: tag })).toContainText(
    'Our proposal: Sent, $1,348.50',
  )
})

test('the client reads the proposal with no cookie and a private answer, and accepts it by typing their name and ticking the box', async ({
  browser,
  page,
}) => {
  const { token, name, email } = await sentProposal(browser)
  const res = await page.goto(`/p/${token}`)
  expect(res?.status()).toBe(200)
  const headers = res!.headers()
  expect(headers['set-cookie']).toBeUndefined()
  expect(headers['cache-control']).toBe('private, no-store')
  expect(headers['x-robots-tag']).toBe('noindex, nofollow')
  expect(await page.context().cookies()).toEqual([])
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
  await expect(page.getByRole('heading', { level: 1, name: `Website proposal for ${name}` })).toBeVisible()
  await expect(page.getByText('Launchpad Web Studio').first()).toBeVisible()
  await expectNoAxeViolations(page)
  // Printed, it is the document alone: the forms and links under it are left out.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('button', { name: 'Accept and sign' })).toBeHidden()
  await expect(page.getByTestId('proposal-total')).toBeVisible()
  await page.emulateMedia({ media: 'screen' })

  // Nothing typed: each message beside its field, the name focused.
  await page.getByRole('button', { name: 'Accept and sign' }).click()
  await expect(page.getByLabel('Your full name')).toHaveAccessibleDescription('Type your full name to sign')
  await expect(page.getByLabel('I agree to the terms and to sign electronically')).toHaveAccessibleDescription(
    'Tick the box to agree to the terms and to sign electronically',
  )
  await expect(page.getByLabel('Your full name')).toBeFocused()
  await expectNoAxeViolations(page)

  await page.getByLabel('Your full name').fill(name)
  await page.getByLabel('I agree to the terms and to sign electronically').check()
  await page.getByRole('button', { name: 'Accept and sign' }).click()
  await expect(page.getByRole('status')).toHaveText('Thank you: you accepted this proposal. We will be in touch to start.')
  await expect(page.getByText(`Accepted by ${name} on`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Accept and sign' })).toHaveCount(0)
  expect(await page.context().cookies()).toEqual([])
  await expectNoAxeViolations(page)

  // The signed copy: a PDF with its certificate of acceptance, private like the page.
  const link = page.getByRole('link', { name: 'Download the proposal as a PDF, with its certificate of acceptance' })
  const pdf = await page.request.get((await link.getAttribute('href'))!)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect(pdf.headers()['content-disposition']).toBe('attachment; filename="proposal-v1-accepted.pdf"')
  expect(pdf.headers()['cache-control']).toBe('private, no-store')
  expect((await pdf.body()).subarray(0, 8).toString('latin1')).toBe('%PDF-1.5')
  const invoice = await page.request.get(
    (await page.getByRole('link', { name: 'Download the deposit invoice (PDF)' }).getAttribute('href'))!,
  )
  expect(invoice.status()).toBe(200)
  expect(invoice.headers()['content-disposition']).toMatch(/^attachment; filename="invoice-INV-\d{4}\.pdf"$/)

  // The agency's dashboard counts it.
  const staff = await browser.newContext()
  const desk = await staff.newPage()
  await login(desk)
  await desk.goto(`${ADMIN}/dashboard`)
  const figures = desk.getByRole('region', { name: 'Proposals to clients, last 30 days' })
  await expect(figures).toContainText('Value accepted')
  await expect(figures).not.toContainText('None accepted yet')
  await expectNoAxeViolations(desk)

  // The confirmation carries both PDFs (issue 38); mail is not set up in this run, so the Outbox says it is kept, not sent.
  await desk.goto(`${ADMIN}/settings/outbox`)
  const confirmation = desk.getByRole('listitem').filter({ hasText: 'You accepted your proposal from' }).filter({ hasText: email })
  await expect(confirmation).toContainText(/2 files attached: proposal-v1-accepted\.pdf \(\d+ KB\), invoice-INV-\d{4}\.pdf \(\d+ KB\)/)
  await expect(confirmation).toContainText('Kept, not sent: it will be sent when mail is set up.')
  const agency = desk.getByRole('listitem').filter({ hasText: `${name} accepted the proposal` })
  await expect(agency).toContainText(/2 files attached: proposal-v1-accepted\.pdf/)
  await expectNoAxeViolations(desk)
  await staff.close()
})

test('an unknown link answers 404 with a plain page', async ({ page }) => {
  const res = await page.goto(`/p/${'A'.repeat(43)}`)
  expect(res?.status()).toBe(404)
  expect(res?.headers()['cache-control']).toBe('private, no-store')
  await expect(page.getByRole('heading', { level: 1, name: 'Proposal not found' })).toBeVisible()
  await expect(page.getByRole('navigation')).toHaveCount(0)
  await expectNoAxeViolations(page)
  expect((await page.request.get(`/p/${'A'.repeat(43)}/proposal.pdf`)).status()).toBe(404)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the client asks a question, then declines with a reason; a refused form keeps what was typed', async ({ browser, page }) => {
    const { token } = await sentProposal(browser)
    await page.goto(`/p/${token}`)
    await page.getByLabel('Your question').fill('Can the launch move a week later?')
    await page.getByRole('button', { name: 'Send the question' }).click()
    await expect(page.getByRole('status')).toHaveText('Your question is on its way to us. We will answer by email.')

    // Accepting without the box ticked: refused beside the box, the name kept.
    await page.getByLabel('Your full name').fill('Half Signed')
    await page.getByRole('button', { name: 'Accept and sign' }).click()
    await expect(page.getByLabel('I agree to the terms and to sign electronically')).toHaveAccessibleDescription(
      'Tick the box to agree to the terms and to sign electronically',
    )
    await expect(page.getByLabel('Your full name')).toHaveValue('Half Signed')

    await page.getByLabel('Why are you declining?').fill('We found a cheaper offer.')
    await page.getByRole('button', { name: 'Decline the proposal' }).click()
    await expect(page.getByRole('status')).toHaveText('You declined this proposal. Thank you for telling us why.')
    await expect(page.getByText('This proposal was declined.')).toBeVisible()
    expect(await page.context().cookies()).toEqual([])
    // axe runs in the page: the declined page is checked in a context with JavaScript.
    const withJs = await browser.newContext({ javaScriptEnabled: true })
    const checked = await withJs.newPage()
    await checked.goto(`/p/${token}?done=declined`)
    await expect(checked.getByText('This proposal was declined.')).toBeVisible()
    await expectNoAxeViolations(checked)
    await withJs.close()
  })

  test('the client accepts with the plain form: the name typed, the box ticked, the signed copy offered', async ({ browser, page }) => {
    const { token, name } = await sentProposal(browser)
    await page.goto(`/p/${token}`)
    await page.getByLabel('Your full name').fill(name)
    await page.getByLabel('I agree to the terms and to sign electronically').check()
    await page.getByRole('button', { name: 'Accept and sign' }).click()
    await expect(page).toHaveURL(new RegExp(`/p/${token}\\?done=accepted$`))
    await expect(page.getByRole('status')).toHaveText('Thank you: you accepted this proposal. We will be in touch to start.')
    await expect(page.getByText(`Accepted by ${name} on`)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Accept and sign' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Download the proposal as a PDF, with its certificate of acceptance' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Download the deposit invoice (PDF)' })).toBeVisible()
    expect(await page.context().cookies()).toEqual([])
  })
})
