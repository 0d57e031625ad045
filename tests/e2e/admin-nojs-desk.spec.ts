import { expect, test, type Page } from '@playwright/test'
import { ADMIN, PASSWORD, apiWrite, expectToast, login, openAdminNav, uid } from './admin-helpers.ts'

// The proposals, settings and sign-out before hydration (slow phone, script blocked): every write
// is a plain HTML form posted to the route's action, and the answer is a page with the notice.
test.use({ javaScriptEnabled: false })

const DEFAULTS = {
  siteName: 'Launchpad Web Studio',
  contactEmail: 'hello@launchpad-web.example',
  contactPhone: '+1 (415) 555-0134',
  maintenanceMode: false,
}

/** What the admin API says is stored (read with the page's admin cookie). */
async function findProposal(page: Page, email: string) {
  const rows = (await (await page.request.get(`/api/proposals?q=${encodeURIComponent(email)}`)).json()) as {
    email: string
    status: string
  }[]
  return rows.find((r) => r.email === email)
}

test("a proposal's status is changed without JavaScript", async ({ page }) => {
  const tag = uid()
  const name = `Plain Status ${tag}`
  const email = `plain-${tag}@example.com`
  await apiWrite(page, 'POST', '/api/proposals', { name, email, businessType: 'retail', budget: '500-1000', requirements: 'A shop.' })
  await login(page)
  await page.goto(`${ADMIN}/proposals?q=${tag}`)
  // The desk's row (a table at desktop width, a compact row on a phone) leads to the lead's page.
  const row = page
    .getByRole('main')
    .locator(':is(tr, li)', { has: page.getByRole('link', { name }) })
    .filter({ visible: true })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Pending')
  await row.getByRole('link', { name }).click()

  await page.getByLabel(`Status for ${name}`).selectOption('completed')
  await page.getByRole('button', { name: `Apply status for ${name}` }).click()
  await expectToast(page, 'Status Updated', 'Proposal status changed to completed')
  await expect(page.getByLabel(`Status for ${name}`)).toHaveValue('completed')
  await page.goto(`${ADMIN}/proposals?q=${tag}`)
  await expect(row).toContainText('Completed')
  await expect(
    page.getByRole('navigation', { name: 'Filter proposals by status' }).getByRole('link', { name: 'Completed (1)' }),
  ).toBeVisible()
  expect(await findProposal(page, email)).toMatchObject({ status: 'completed' })
})

test('settings are refused, saved and the password mismatch is caught without JavaScript', async ({ page, browser }) => {
  const phone = `+1 (415) 555-${Math.floor(1000 + Math.random() * 8999)}`
  await login(page)
  await page.goto(`${ADMIN}/settings`)
  try {
    // A refusal comes back beside the field, with everything typed kept.
    await page.getByLabel('Contact Phone').fill(phone)
    await page.getByLabel('Contact Email').fill('not-an-email')
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expectToast(page, 'Error', 'Enter a valid contact email')
    await expect(page.getByLabel('Contact Email')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Contact Email')).toHaveAccessibleDescription('Enter a valid contact email')
    await expect(page.getByLabel('Contact Email')).toHaveValue('not-an-email')
    await expect(page.getByLabel('Contact Phone')).toHaveValue(phone)

    await page.getByLabel('Contact Email').fill(DEFAULTS.contactEmail)
    await page.getByRole('switch', { name: 'Maintenance Mode' }).check()
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expectToast(page, 'Settings Updated', 'Your settings have been saved successfully.')
    await page.goto(`${ADMIN}/settings`)
    await expect(page.getByLabel('Contact Phone')).toHaveValue(phone)
    await expect(page.getByRole('switch', { name: 'Maintenance Mode' })).toBeChecked()
    const visitor = await (await browser.newContext()).newPage()
    expect((await visitor.goto('/services'))?.status()).toBe(503)

    // Switched off again: an unchecked switch is not sent, and the action reads that as off.
    await page.getByRole('switch', { name: 'Maintenance Mode' }).uncheck()
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expectToast(page, 'Settings Updated')
    expect((await visitor.goto('/services'))?.status()).toBe(200)
    await expect(visitor.getByRole('contentinfo')).toContainText(phone)

    // The password form (on the Security page) is checked by the action: a mismatch is refused and nothing changes.
    await page.goto(`${ADMIN}/settings/security`)
    await page.getByLabel('Current Password').fill(PASSWORD)
    await page.getByLabel('New Password').fill('new-password-1')
    await page.getByLabel('Confirm Password').fill('new-password-2')
    await page.getByRole('button', { name: 'Change Password' }).click()
    await expectToast(page, 'Password Mismatch', "New password and confirmation don't match.")
    await expect(page.getByLabel('Confirm Password')).toHaveAccessibleDescription("New password and confirmation don't match.")
    await expect(page.getByLabel('Current Password')).toHaveValue('')
    expect(await page.content()).not.toContain('new-password-1')
  } finally {
    await apiWrite(page, 'PUT', '/api/settings', DEFAULTS)
  }
})

test('signing out without JavaScript ends the session and shows Logged Out', async ({ page }) => {
  await login(page)
  await page.goto(`${ADMIN}/dashboard`)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await openAdminNav(page, { javaScript: false })
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/login\\?loggedOut=1$`))
  await expectToast(page, 'Logged Out', 'You have been successfully logged out.')
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible()
  // Ended on the server, not only in this browser.
  expect(((await (await page.request.get('/api/auth/session')).json()) as { authenticated: boolean }).authenticated).toBe(false)
  await page.goto(`${ADMIN}/dashboard`)
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/)
})

test('signing out is a POST: the logout address does nothing on a GET', async ({ page }) => {
  await login(page)
  await page.goto(`${ADMIN}/logout`)
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/dashboard$`))
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
})
