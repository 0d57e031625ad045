import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { ADMIN, expectNoAxeViolations, expectToast, login, uid } from './admin-helpers.ts'

/** Visitors' requests arrive through the public API, exactly as the proposal form sends them. */
async function submitProposal(page: Page, fields: Record<string, string>) {
  const session = await page.request.get('/api/auth/session')
  const { csrfToken } = (await session.json()) as { csrfToken: string }
  const res = await page.request.post('/api/proposals', {
    data: { phone: '', businessType: 'restaurant', budget: '1000-2500', requirements: 'A menu site.', ...fields },
    headers: { 'x-csrf-token': csrfToken },
  })
  expect(res.status()).toBe(201)
}

test('proposals: search, filter, status change, details, CSV export and delete', async ({ page }) => {
  const tag = uid()
  await submitProposal(page, { name: `Doe, Jane ${tag}`, email: `jane-${tag}@example.com`, phone: '+1 415 555 0100', requirements: `Line one\nLine two ${tag}` })
  await submitProposal(page, { name: `=HYPERLINK("http://evil.example") ${tag}`, email: `formula-${tag}@example.com`, businessType: 'retail', budget: '5000+' })
  await login(page)

  await page.goto(`${ADMIN}/proposals`)
  await expect(page.getByRole('heading', { name: 'Proposal Management', level: 1 })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search proposals' }).fill(tag)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`q=${tag}`))
  const cards = page.getByRole('list', { name: 'Proposals' }).getByRole('article')
  await expect(cards).toHaveCount(2)
  const filters = page.getByRole('navigation', { name: 'Filter proposals by status' })
  await expect(filters.getByRole('link', { name: 'All (2)' })).toBeVisible()
  await expect(filters.getByRole('link', { name: 'Pending (2)' })).toBeVisible()

  const jane = cards.filter({ hasText: `Doe, Jane ${tag}` })
  await expect(jane).toContainText(`jane-${tag}@example.com`)
  await expect(jane).toContainText('+1 415 555 0100')
  await expect(jane).toContainText('Restaurant / Food Service')
  await expect(jane).toContainText('$1,000 - $2,500')
  await expect(jane).toContainText('Pending')

  // Status change (chosen, then applied): notice, badge, counts.
  await jane.getByLabel(`Status for Doe, Jane ${tag}`).selectOption('reviewed')
  await jane.getByRole('button', { name: `Apply status for Doe, Jane ${tag}` }).click()
  await expectToast(page, 'Status Updated', 'Proposal status changed to reviewed')
  await expect(filters.getByRole('link', { name: 'Reviewed (1)' })).toBeVisible()
  await filters.getByRole('link', { name: 'Reviewed (1)' }).click()
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toContainText('Reviewed')

  // View Details opens the proposal's own page (the lead desk) with the whole request.
  await cards.first().getByRole('link', { name: /View Details/ }).click()
  await expect(page.getByRole('heading', { name: `Proposal from Doe, Jane ${tag}`, level: 1 })).toBeVisible()
  const request = page.getByRole('region', { name: 'Request' })
  await expect(request).toContainText(`Line one\nLine two ${tag}`, { useInnerText: true })
  await expect(request).toContainText('+1 415 555 0100')
  await expectNoAxeViolations(page)
  await expect(page.getByRole('link', { name: 'Back to Proposals' })).toHaveAttribute('href', `${ADMIN}/proposals`)
  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`q=${tag}&status=reviewed`))
  await expect(cards).toHaveCount(1)

  // CSV of the current search (all statuses): quoting and formula neutralisation.
  await filters.getByRole('link', { name: 'All (2)' }).click()
  await expect(cards).toHaveCount(2)
  const downloadPromise = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toBe('proposals.csv')
  const csv = readFileSync((await download.path())!, 'utf8')
  const lines = csv.split('\r\n')
  // The labels a person reads and the local date and time (Pacific), formulas still neutralised.
  expect(lines[0]).toBe('Name,Email,Phone,Business Type,Budget,Status,Date (Pacific Time),Source,Campaign,Landing page')
  expect(lines).toHaveLength(3)
  expect(csv).toMatch(new RegExp(`"Doe, Jane ${tag}",jane-${tag}@example.com,'\\+1 415 555 0100,Restaurant / Food Service,"\\$1,000 - \\$2,500",Reviewed,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},[^,]*,[^,]*,[^,]*\\r?$`, 'm'))
  expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"") ${tag}",formula-${tag}@example.com,,Retail / E-commerce,"$5,000+",Pending,`)

  // Delete asks first; cancelling keeps the proposal.
  const formula = cards.filter({ hasText: `formula-${tag}` })
  await formula.getByRole('button', { name: /Delete proposal/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()
  await expect(cards).toHaveCount(2)
  await formula.getByRole('button', { name: /Delete proposal/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Proposal Deleted', 'The proposal has been removed.')
  await expect(cards).toHaveCount(1)

  await page.getByRole('searchbox', { name: 'Search proposals' }).fill(`nothing-matches-${tag}`)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('No proposals found matching your criteria.')).toBeVisible()
  await expectNoAxeViolations(page)
})

test('a failed status change shows the red Error notice', async ({ page }) => {
  const tag = uid()
  await submitProposal(page, { name: `Failing ${tag}`, email: `fail-${tag}@example.com` })
  await login(page)
  await page.goto(`${ADMIN}/proposals?q=${tag}`)
  // The dropdown posts to the list route's action (`/admin/proposals.data` with JavaScript); the server fails.
  await page.route(`**${ADMIN}/proposals.data*`, (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{}' }) : route.continue()))
  await page.getByLabel(`Status for Failing ${tag}`).selectOption('completed')
  await page.getByRole('button', { name: `Apply status for Failing ${tag}` }).click()
  await expectToast(page, 'Error', 'Failed to update proposal status.')
  // The list shows the stored value again after reloading.
  await expect(page.getByLabel(`Status for Failing ${tag}`)).toHaveValue('pending')
})

test('the dashboard counts proposals and links with the configured admin path', async ({ page }) => {
  const tag = uid()
  await submitProposal(page, { name: `Dash ${tag}`, email: `dash-${tag}@example.com` })
  await login(page)
  await page.goto(`${ADMIN}/dashboard`)
  for (const t of ['Total Proposals', 'Pending Proposals', 'Blog Posts', 'Total Views']) await expect(page.getByRole('heading', { name: t, exact: true })).toBeVisible()
  await expect(page.getByText('From website visitors')).toBeVisible()
  await expect(page.getByText('Requires attention')).toBeVisible()
  await expect(page.getByText(/\d+ published, \d+ drafts/)).toBeVisible()
  await expect(page.getByText('Blog post views')).toBeVisible()
  const recent = page.getByRole('region', { name: 'Recent Proposals' })
  await expect(recent.getByText(`Dash ${tag}`)).toBeVisible()
  await expect(recent.getByRole('listitem')).toHaveCount(3)
  await expect(page.getByRole('table', { name: /Proposals and page views per day/ }).getByRole('row')).toHaveCount(31)
  await expect(page.getByRole('link', { name: 'New Post' })).toHaveAttribute('href', `${ADMIN}/blogs/new`)
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'View All' }).click()
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/proposals$`))
})
