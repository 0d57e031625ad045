import { expect, test, type Page } from '@playwright/test'
import { ADMIN, PASSWORD, apiWrite, createPost, expectNoAxeViolations, expectToast, login, uid } from './admin-helpers.ts'

const DEFAULTS = {
  siteName: 'Launchpad Web Studio',
  contactEmail: 'hello@launchpad-web.example',
  contactPhone: '+1 (415) 555-0134',
  maintenanceMode: false,
}

/** Settings are shared by every test of the run: put the visible ones back. */
async function restoreSettings(page: Page) {
  await login(page)
  // The contact email back as it was: sudo mode, with the password in the same body.
  await apiWrite(page, 'PUT', '/api/settings', { ...DEFAULTS, currentPassword: PASSWORD })
}

test('General settings are saved and shown on the public site', async ({ page, browser }) => {
  const phone = `+1 (415) 555-${Math.floor(1000 + Math.random() * 8999)}`
  const email = `studio-${uid()}@example.com`
  await login(page)
  await page.goto(`${ADMIN}/settings`)
  await expectNoAxeViolations(page)
  try {
    await page.getByLabel('Contact Email').fill(email)
    await page.getByLabel('Contact Phone').fill(phone)
    await page.getByRole('button', { name: 'Save Settings' }).click()
    // New leads and messages are mailed to the contact email: the form asks for the password, in place.
    const confirm = page.getByLabel('Your password, to confirm')
    await expect(confirm).toBeVisible({ timeout: 20_000 })
    await expect(page.getByLabel('Contact Email')).toHaveValue(email)
    await confirm.fill(PASSWORD)
    // The "Confirm Your Password" notice stays while the pointer is on it, and on a phone it
    // covers the Save button: close it first.
    await page.getByTestId('toast').getByRole('button', { name: 'Dismiss notification' }).click()
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expectToast(page, 'Settings Updated', 'Your settings have been saved successfully.')
    await page.reload()
    await expect(page.getByLabel('Contact Email')).toHaveValue(email)

    const visitor = await (await browser.newContext()).newPage()
    await visitor.goto('/')
    const footer = visitor.getByRole('contentinfo')
    await expect(footer).toContainText(email)
    await expect(footer).toContainText(phone)
  } finally {
    await restoreSettings(page)
  }
})

test('the agency time zone is chosen in the settings and the blog editor takes times in it', async ({ page }) => {
  await login(page)
  const post = await createPost<{ id: number }>(page, { status: 'scheduled', publishAt: '2030-01-15T17:30:00.000Z' })
  await page.goto(`${ADMIN}/settings`)
  const zone = page.getByLabel('Agency Time Zone')
  await expect(zone).toHaveValue('America/Los_Angeles')
  await expect(zone).toHaveAccessibleDescription(/shows and takes times in this zone/)
  try {
    await zone.selectOption('Europe/Paris')
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expectToast(page, 'Settings Updated')
    // The stored moment (17:30 UTC) shown in Paris (CET, UTC+1), the zone named.
    await page.goto(`${ADMIN}/blogs/edit/${post.id}`)
    await expect(page.getByLabel(/^Publish at/)).toHaveValue('2030-01-15T18:30')
    await expect(page.getByText('Time zone: Europe/Paris (Central European Time)')).toBeVisible()
  } finally {
    await apiWrite(page, 'PUT', '/api/settings', { timeZone: 'America/Los_Angeles' })
  }
})

test('maintenance mode closes the public site and reopens it', async ({ page, browser }) => {
  await login(page)
  await page.goto(`${ADMIN}/settings`)
  const visitor = await (await browser.newContext()).newPage()
  try {
    const toggle = page.getByRole('switch', { name: 'Maintenance Mode' })
    await expect(toggle).not.toBeChecked()
    await toggle.click()
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expectToast(page, 'Settings Updated')
    const closed = await visitor.goto('/services')
    expect(closed?.status()).toBe(503)
    await expect(visitor.getByRole('heading', { name: "We'll be right back" })).toBeVisible()
    // The back office keeps working.
    await page.reload()
    await expect(page.getByRole('switch', { name: 'Maintenance Mode' })).toBeChecked()

    await page.getByRole('switch', { name: 'Maintenance Mode' }).click()
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expectToast(page, 'Settings Updated')
    const open = await visitor.goto('/services')
    expect(open?.status()).toBe(200)
  } finally {
    await restoreSettings(page)
  }
})

// The password change has its own form on the Security page: tests/e2e/admin-security.spec.ts.
