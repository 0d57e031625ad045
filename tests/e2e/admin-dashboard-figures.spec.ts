import { expect, test } from '@playwright/test'
import { ADMIN, expectNoAxeViolations, login } from './admin-helpers.ts'

/**
 * Issue 36 §3: every figure of the dashboard says what it counts, beside it (a "?" reached by the
 * keyboard), leads show their split, and the period reads in words on the agency's days.
 */
test('each figure carries its definition, leads their split, the period its words', async ({ page }) => {
  await login(page)
  await page.goto(`${ADMIN}/dashboard?period=30d`)
  const report = page.getByRole('region', { name: 'Visitors and leads' })
  // "Oct 29 – Nov 27, compared with Sep 29 – Oct 28. Days run midnight to midnight, Pacific Time (Los Angeles)."
  await expect(page.getByTestId('traffic-period')).toHaveText(
    /^[A-Z][a-z]{2} \d{1,2} – [A-Z][a-z]{2} \d{1,2}, compared with [A-Z][a-z]{2} \d{1,2} – [A-Z][a-z]{2} \d{1,2}\. Days run midnight to midnight, Pacific Time \(Los Angeles\)\.$/,
  )
  const leads = report.getByRole('term').filter({ hasText: 'Leads' }).locator('..')
  await expect(leads.getByRole('definition').nth(1)).toHaveText(/^\d+ proposals?, \d+ messages?, \d+ calls?$/)

  // Every figure's "?" is a control of its own, and opens its definition from the keyboard.
  for (const name of ['Visitors', 'Page views', 'Leads', 'Conversion', 'Total Proposals', 'Pending Proposals', 'Total Views']) {
    await expect(page.getByText(`What ${name} means`, { exact: true })).toHaveCount(1)
  }
  const conversion = page.locator('summary', { hasText: 'What Conversion means' })
  await conversion.focus()
  await page.keyboard.press('Enter')
  const note = page.getByRole('note').filter({ hasText: 'visitors who sent a lead ÷ visitors' })
  await expect(note).toBeVisible()
  await expect(note).toContainText('It never passes 100%')
  await expect(note).toContainText('Shown from 20 visitors on')
  // The screen stays within its width with a definition open (the phone too).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true)
  await expectNoAxeViolations(page)
  await page.keyboard.press('Enter')
  await expect(note).toBeHidden()

  const total = page.locator('summary', { hasText: 'What Total Proposals means' })
  await total.click()
  await expect(page.getByRole('note').filter({ hasText: 'including those a booked call opened' })).toBeVisible()
})
