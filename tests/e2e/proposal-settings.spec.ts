import { expect, test, type Page } from '@playwright/test'
import { ADMIN, apiWrite, expectNoAxeViolations, expectToast, login, uid } from './admin-helpers.ts'
import { estimatorLead, mailedToken } from './proposal-helpers.ts'
import { pdfText } from './tools-helpers.ts'

// Issue 38 (docs/decisions/075): Settings > Proposals holds the payment details printed on the
// deposit invoice and the default terms of new proposals.

const DETAILS = ['First Test Bank, account 0123 4567 89', 'IFSC TEST0001234']

/** The settings are shared by every test of the run: both back to empty (no details, the standard terms). */
async function restore(page: Page) {
  await login(page)
  await apiWrite(page, 'PUT', '/api/settings', { paymentDetails: '', proposalTerms: '' })
}

test('payment details and default terms are saved on the Settings page; the next proposal starts with the terms and its deposit invoice shows the details', async ({
  page,
  browser,
}) => {
  const tag = uid()
  const terms = `Half up front, half at launch (${tag}).\nEach invoice is due within 14 days.`
  await login(page)
  await page.goto(`${ADMIN}/settings`)
  const section = page.getByRole('region', { name: 'Proposals' })
  await expect(section.getByLabel('Default terms for new proposals')).toHaveValue(/Work starts when the first payment is received/)
  await expect(section.getByLabel('Payment details')).toHaveValue('')
  await expect(section.getByLabel('Payment details')).toHaveAccessibleDescription(/Printed on each deposit invoice/)
  await expectNoAxeViolations(page)
  try {
    // Too long: refused beside the field before anything is sent, and focused.
    await section.getByLabel('Payment details').fill('x'.repeat(2001))
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expect(section.getByLabel('Payment details')).toHaveAccessibleDescription(/Payment details must be at most 2,000 characters/)
    await expect(section.getByLabel('Payment details')).toBeFocused()
    await expectNoAxeViolations(page)

    await section.getByLabel('Payment details').fill(DETAILS.join('\n'))
    await section.getByLabel('Default terms for new proposals').fill(terms)
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expectToast(page, 'Settings Updated', 'Your settings have been saved successfully.')
    await page.reload()
    await expect(section.getByLabel('Payment details')).toHaveValue(DETAILS.join('\n'))
    await expect(section.getByLabel('Default terms for new proposals')).toHaveValue(terms)

    // The next proposal starts with the terms.
    const name = `Settled ${tag}`
    const email = `settled-${tag}@example.com`
    const id = await estimatorLead(page, name, email)
    await page.goto(`${ADMIN}/proposals/${id}/document`)
    await expect(page.getByLabel('Terms of this proposal')).toHaveValue(terms)
    await page.getByRole('button', { name: 'Save proposal' }).click()
    await expectToast(page, 'Proposal Saved')
    await page.getByRole('button', { name: 'Keep in the outbox to send later' }).click()
    await expectToast(page, 'Proposal Kept')

    // The client accepts; the deposit invoice says how to pay.
    const client = await browser.newContext()
    const p = await client.newPage()
    await p.goto(`/p/${mailedToken(email)}`)
    await expect(p.getByText(terms.split('\n')[0])).toBeVisible()
    await p.getByLabel('Your full name').fill(name)
    await p.getByLabel('I agree to the terms and to sign electronically').check()
    await p.getByRole('button', { name: 'Accept and sign' }).click()
    await expect(p.getByRole('status')).toHaveText('Thank you: you accepted this proposal. We will be in touch to start.')
    const invoice = await p.request.get((await p.getByRole('link', { name: 'Download the deposit invoice (PDF)' }).getAttribute('href'))!)
    expect(invoice.status()).toBe(200)
    const text = pdfText(await invoice.body())
    for (const line of DETAILS) expect(text).toContain(line)
    expect(text).not.toContain('for our bank details')
    await client.close()
  } finally {
    await restore(page)
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the Proposals settings save through the plain form; a refused one comes back beside its field with what was typed', async ({
    page,
  }) => {
    const tag = uid()
    const terms = `Terms saved without JavaScript (${tag}).`
    await login(page)
    await page.goto(`${ADMIN}/settings`)
    const section = page.getByRole('region', { name: 'Proposals' })
    try {
      await section.getByLabel('Default terms for new proposals').fill('t'.repeat(20_001))
      await page.getByRole('button', { name: 'Save Settings' }).click()
      await expect(section.getByLabel('Default terms for new proposals')).toHaveAccessibleDescription(
        /Default terms must be at most 20,000 characters/,
      )
      await expect(section.getByLabel('Default terms for new proposals')).toHaveValue('t'.repeat(20_001))

      await section.getByLabel('Default terms for new proposals').fill(terms)
      await section.getByLabel('Payment details').fill(DETAILS[0])
      await page.getByRole('button', { name: 'Save Settings' }).click()
      await expect(page.getByText('Your settings have been saved successfully.')).toBeVisible()
      await page.goto(`${ADMIN}/settings`)
      await expect(section.getByLabel('Default terms for new proposals')).toHaveValue(terms)
      await expect(section.getByLabel('Payment details')).toHaveValue(DETAILS[0])

      const id = await estimatorLead(page, `Plain ${tag}`, `plain-${tag}@example.com`)
      await page.goto(`${ADMIN}/proposals/${id}/document`)
      await expect(page.getByLabel('Terms of this proposal')).toHaveValue(terms)
    } finally {
      await restore(page)
    }
  })
})
