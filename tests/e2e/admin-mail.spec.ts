import { expect, test, type Page } from '@playwright/test'
import { ADMIN, PASSWORD, expectNoAxeViolations, expectToast, login, sql, uid } from './admin-helpers.ts'

/**
 * Mail that never claims it was sent (issue 36 §4, docs/decisions/054). The e2e server runs
 * without SMTP_URL, as a fresh install does: every screen that mails says so, and the outbox
 * keeps the mail as waiting.
 */
const BANNER = 'Mail is not being delivered: set SMTP_URL'
const NEVER = '9999-12-31T00:00:00.000Z'

/** A mail the SMTP server once refused for good, as the outbox keeps it. */
function refusedMail(subject: string, to: string) {
  const at = new Date().toISOString()
  sql(
    'insert into mail_outbox (to_address, subject, body, status, attempts, next_attempt_at, last_error, created_at, server_answer, tried_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    to,
    subject,
    'Body.',
    'failed',
    1,
    NEVER,
    '550 5.1.1 No such user here',
    at,
    '550 5.1.1 No such user here',
    at,
  )
}

const mailItem = (page: Page, subject: string) =>
  page.getByRole('list', { name: 'Mail' }).getByRole('listitem').filter({ hasText: subject })

test("The dashboard says mail is not delivered and how to set it; the outbox lists each mail with its state and the server's answer, and Retry says truthfully what happened", async ({
  page,
}) => {
  await login(page)
  await page.goto(`${ADMIN}/dashboard`)
  const banner = page.getByTestId('mail-banner')
  await expect(banner).toContainText(BANNER)
  await expect(banner).toContainText(
    "set SMTP_URL in the server's environment (for example smtp://user:password@mail.example.com:587) and restart the site",
  )
  await expectNoAxeViolations(page)
  await banner.getByRole('link', { name: 'See what is waiting in the outbox' }).click()
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible()

  const subject = `Refused ${uid()}`
  refusedMail(subject, 'nobody@example.com')
  await page.reload()
  const item = mailItem(page, subject)
  await expect(item).toContainText('To nobody@example.com')
  await expect(item).toContainText('Failed')
  await expect(item).toContainText("Mail server's answer: 550 5.1.1 No such user here")
  await expect(item).toContainText('Not delivered; mail is not set up now, so it is kept until it is.')
  await expectNoAxeViolations(page)

  await item.getByRole('button', { name: `Retry the mail "${subject}" to nobody@example.com` }).click()
  await expectToast(
    page,
    'Mail Kept',
    'Kept in the outbox, not sent: mail is not set up (SMTP_URL). It will be sent to nobody@example.com once mail is set up.',
  )
  // Nothing was tried: the answer shown is still the server's last one.
  await expect(mailItem(page, subject)).toContainText('Failed')
  await expectNoAxeViolations(page)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('Retry on the outbox is a plain form: the answer is on the page', async ({ page }) => {
    await login(page)
    const subject = `No script ${uid()}`
    refusedMail(subject, 'plain@example.com')
    await page.goto(`${ADMIN}/settings/outbox`)
    await mailItem(page, subject)
      .getByRole('button', { name: /^Retry the mail/ })
      .click()
    await expect(page.getByTestId('toast')).toContainText('Mail Kept')
    await expect(page.getByTestId('toast')).toContainText('It will be sent to plain@example.com once mail is set up.')
    await expect(mailItem(page, subject)).toBeVisible()
  })
})

test('Settings sends a test mail to the signed-in person and says it was kept, not sent, while mail is not set up', async ({ page }) => {
  await login(page)
  await page.goto(`${ADMIN}/settings`)
  const card = page.getByRole('region', { name: 'Mail' })
  await expect(card.getByTestId('mail-banner')).toContainText(BANNER)
  const address = (await card.getByText(/^To your address, /).textContent())!.replace(/^To your address, /, '').replace(/\.$/, '')
  await card.getByRole('button', { name: 'Send a test mail' }).click()
  const answer = card.getByRole('status')
  await expect(answer).toContainText(
    `Mail Kept. Kept in the outbox, not sent: mail is not set up (SMTP_URL). It will be sent to ${address} once mail is set up.`,
  )
  await expectNoAxeViolations(page)
  await answer.getByRole('link', { name: 'Open the outbox' }).click()
  const item = page.getByRole('list', { name: 'Mail' }).getByRole('listitem').first()
  await expect(item).toContainText(`To ${address}`)
  await expect(item).toContainText('Waiting')
  await expect(item).toContainText('Kept, not sent: it will be sent when mail is set up.')
})

test('An invitation says its mail is kept, shows its link once to copy, and a pending one can get a new link (the old one stops working)', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await login(page)
  await page.goto(`${ADMIN}/settings/people`)
  const region = page.getByRole('region', { name: 'Invite a person' })
  await expect(region.getByTestId('mail-banner')).toContainText('The invitation is kept in the outbox, not sent.')
  const email = `linked-${uid()}@example.com`
  const invite = region.locator('form', { has: page.getByLabel('Email') })
  await invite.getByLabel('Email').fill(email)
  await invite.getByLabel('Your password, to confirm').fill(PASSWORD)
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Invitation made. Its mail is kept in the outbox, not sent: mail is not set up' }),
  ).toBeVisible()
  const first = page.getByLabel(`Invitation link for ${email} (shown once)`)
  await expect(first).toHaveValue(/\/admin\/invite\/[\w-]{40,}$/)
  const firstLink = await first.inputValue()
  await page.getByRole('button', { name: 'Copy invitation link' }).click()
  await expect(page.getByText('Copied.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstLink)
  await expectNoAxeViolations(page)

  // Later (a reload shows no link: only its fingerprint is kept): a new link for the pending invitation.
  await page.goto(`${ADMIN}/settings/people`)
  await expect(page.getByLabel(`Invitation link for ${email} (shown once)`)).toHaveCount(0)
  await page.getByRole('button', { name: `Make a new link for ${email}` }).click()
  const renewed = page.getByLabel(`New invitation link for ${email} (shown once)`)
  await expect(renewed).toHaveValue(/\/admin\/invite\/[\w-]{40,}$/)
  const newLink = await renewed.inputValue()
  expect(newLink).not.toBe(firstLink)
  await expect(
    page.getByRole('status').filter({ hasText: 'New invitation link made: the link mailed before no longer works.' }),
  ).toBeVisible()
  await expectNoAxeViolations(page)

  await page.context().clearCookies()
  await page.goto(new URL(firstLink).pathname)
  await expect(page.getByRole('alert')).toContainText('This invitation link is not valid')
  await page.goto(new URL(newLink).pathname)
  await expect(page.getByRole('heading', { name: 'Join the back office' })).toBeVisible()
})
