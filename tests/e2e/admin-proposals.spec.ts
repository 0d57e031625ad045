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

/** The leads listed on the desk at this width (the table's name links, or the phone's compact rows). */
const leadLinks = (page: Page) => page.getByRole('main').locator('[data-row-link]').filter({ visible: true })

test('proposals: search, filter, status change, details, CSV export and delete', async ({ page }) => {
  const tag = uid()
  await submitProposal(page, {
    name: `Doe, Jane ${tag}`,
    email: `jane-${tag}@example.com`,
    phone: '+1 415 555 0100',
    requirements: `Line one\nLine two ${tag}`,
  })
  await submitProposal(page, {
    name: `=HYPERLINK("http://evil.example") ${tag}`,
    email: `formula-${tag}@example.com`,
    businessType: 'retail',
    budget: '5000+',
  })
  await login(page)

  await page.goto(`${ADMIN}/proposals`)
  await expect(page.getByRole('heading', { name: 'Proposal Management', level: 1 })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search proposals' }).fill(tag)
  await page.getByRole('button', { name: 'Filter', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`q=${tag}`))
  const leads = leadLinks(page)
  await expect(leads).toHaveCount(2)
  const filters = page.getByRole('navigation', { name: 'Filter proposals by status' })
  await expect(filters.getByRole('link', { name: 'All (2)' })).toBeVisible()
  await expect(filters.getByRole('link', { name: 'Pending (2)' })).toBeVisible()

  // The list row: name, email (at desktop width), status and the budget as the lead's value.
  const jane = page
    .getByRole('main')
    .locator(':is(tr, li)', { has: page.getByRole('link', { name: `Doe, Jane ${tag}` }) })
    .filter({ visible: true })
  await expect(jane).toContainText('$1,000 - $2,500')
  await expect(jane).toContainText('Pending')

  // View the lead (its own page): the whole request; the status is chosen, then applied.
  await leads.filter({ hasText: `Doe, Jane ${tag}` }).click()
  await expect(page.getByRole('heading', { name: `Proposal from Doe, Jane ${tag}`, level: 1 })).toBeVisible()
  const request = page.getByRole('region', { name: 'Request' })
  await expect(request).toContainText(`Line one\nLine two ${tag}`, { useInnerText: true })
  await expect(request).toContainText('+1 415 555 0100')
  await expect(request).toContainText(`jane-${tag}@example.com`)
  await expect(request).toContainText('Restaurant / Food Service')
  await page.getByLabel(`Status for Doe, Jane ${tag}`).selectOption('reviewed')
  await page.getByRole('button', { name: `Apply status for Doe, Jane ${tag}` }).click()
  await expectToast(page, 'Status Updated', 'Proposal status changed to reviewed')
  await expectNoAxeViolations(page)
  await expect(page.getByRole('link', { name: 'Back to Proposals' })).toHaveAttribute('href', `${ADMIN}/proposals`)
  await page.getByRole('link', { name: 'Back to Proposals' }).click()
  await page.getByRole('searchbox', { name: 'Search proposals' }).fill(tag)
  await page.getByRole('button', { name: 'Filter', exact: true }).click()
  // The searched list is in place (the whole desk's counts are larger) before a filter of it is chosen.
  await expect(filters.getByRole('link', { name: 'All (2)' })).toBeVisible()
  await filters.getByRole('link', { name: 'Reviewed (1)' }).click()
  await expect(page).toHaveURL(new RegExp(`q=${tag}&status=reviewed`))
  await expect(leads).toHaveCount(1)
  await expect(page.getByRole('main').locator(':is(tr, li)').filter({ visible: true }).filter({ hasText: tag })).toContainText('Reviewed')

  // CSV of the current search (all statuses): quoting and formula neutralisation.
  await filters.getByRole('link', { name: 'All (2)' }).click()
  await expect(leads).toHaveCount(2)
  const downloadPromise = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toBe('proposals.csv')
  const csv = readFileSync((await download.path())!, 'utf8')
  const lines = csv.split('\r\n')
  // The labels a person reads and the local date and time (Pacific), formulas still neutralised.
  expect(lines[0]).toBe('Name,Email,Phone,Business Type,Budget,Status,Date (Pacific Time),Source,Campaign,Landing page')
  expect(lines).toHaveLength(3)
  expect(csv).toMatch(
    new RegExp(
      `"Doe, Jane ${tag}",jane-${tag}@example.com,'\\+1 415 555 0100,Restaurant / Food Service,"\\$1,000 - \\$2,500",Reviewed,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},[^,]*,[^,]*,[^,]*\\r?$`,
      'm',
    ),
  )
  expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"") ${tag}",formula-${tag}@example.com,,Retail / E-commerce,"$5,000+",Pending,`)

  // Delete (on the lead's page) asks first; cancelling keeps the proposal.
  await leads.filter({ hasText: 'HYPERLINK' }).click()
  await expect(page.getByRole('heading', { name: /Proposal from =HYPERLINK/, level: 1 })).toBeVisible()
  await page.getByRole('button', { name: /Delete proposal/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('heading', { name: /Proposal from =HYPERLINK/, level: 1 })).toBeVisible()
  await page.getByRole('button', { name: /Delete proposal/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Proposal Deleted', 'The proposal has been removed.')
  await expect(page.getByRole('heading', { name: 'Proposal Management', level: 1 })).toBeVisible()
  await page.goto(`${ADMIN}/proposals?q=${tag}`)
  await expect(leads).toHaveCount(1)

  await page.getByRole('searchbox', { name: 'Search proposals' }).fill(`nothing-matches-${tag}`)
  await page.getByRole('button', { name: 'Filter', exact: true }).click()
  await expect(page.getByText('No proposals found matching your criteria.')).toBeVisible()
  await expectNoAxeViolations(page)
})

test('a failed status change shows the red Error notice', async ({ page }) => {
  const tag = uid()
  await submitProposal(page, { name: `Failing ${tag}`, email: `fail-${tag}@example.com` })
  await login(page)
  await page.goto(`${ADMIN}/proposals?q=${tag}`)
  await leadLinks(page).first().click()
  await expect(page.getByRole('heading', { name: `Proposal from Failing ${tag}`, level: 1 })).toBeVisible()
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  // The status form posts to the lead page's action (`/admin/proposals/:id.data` with JavaScript); the server fails.
  await page.route(`**${ADMIN}/proposals/*.data*`, (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
  )
  await page.getByLabel(`Status for Failing ${tag}`).selectOption('completed')
  await page.getByRole('button', { name: `Apply status for Failing ${tag}` }).click()
  await expectToast(page, 'Error', 'Failed to update proposal status.')
  // The page shows the stored value again.
  await expect(page.getByLabel(`Status for Failing ${tag}`)).toHaveValue('pending')
})

test('the dashboard counts proposals and links with the configured admin path', async ({ page }) => {
  const tag = uid()
  await submitProposal(page, { name: `Dash ${tag}`, email: `dash-${tag}@example.com` })
  await login(page)
  await page.goto(`${ADMIN}/dashboard`)
  for (const t of ['Total Proposals', 'Pending Proposals', 'Blog Posts', 'Total Views'])
    await expect(page.getByRole('heading', { name: t, exact: true })).toBeVisible()
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
