import { expect, test, type Page } from '@playwright/test'
import { ADMIN, PASSWORD, USERNAME } from './admin-helpers.ts'

// Sign-in before hydration (slow phone, script blocked): the plain HTML form must POST, so the
// credentials never end up in a URL, the history or a server log.
test.use({ javaScriptEnabled: false })

/** Every request URL the page makes, and the method of each navigation to the login page. */
function recordRequests(page: Page) {
  const urls: string[] = []
  const loginPosts: string[] = []
  page.on('request', (req) => {
    urls.push(req.url())
    if (req.isNavigationRequest() && new URL(req.url()).pathname === `${ADMIN}/login` && req.method() === 'POST') loginPosts.push(req.url())
  })
  return { urls, loginPosts }
}

async function signIn(page: Page, password: string) {
  await page.getByLabel('Username').fill(USERNAME)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

test('signing in without JavaScript posts the form and lands on the dashboard', async ({ page }) => {
  const seen = recordRequests(page)
  await page.goto(`${ADMIN}/login`)
  await signIn(page, PASSWORD)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  expect(seen.loginPosts).toHaveLength(1)
  expect(seen.urls.filter((u) => u.includes('password'))).toEqual([])
  expect(page.url()).not.toContain('password')
  // Nothing in this tab's history carries the password either (Back returns to the login form).
  await page.goBack()
  expect(page.url()).not.toContain('password')
})

test('a wrong password without JavaScript shows the message on the page and keeps the username', async ({ page }) => {
  const seen = recordRequests(page)
  await page.goto(`${ADMIN}/login`)
  await signIn(page, 'not-the-password')
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials. Please try again.' })).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/login$/)
  await expect(page.getByLabel('Username')).toHaveValue(USERNAME)
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
  expect(await page.content()).not.toContain('not-the-password')
  expect(seen.loginPosts).toHaveLength(1)
  expect(seen.urls.filter((u) => u.includes('password'))).toEqual([])

  // The re-rendered form (with its CSRF token) takes the next attempt.
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
})

test('signing in without JavaScript from a redirect lands on the page asked for', async ({ page }) => {
  const seen = recordRequests(page)
  await page.goto(`${ADMIN}/settings`)
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fsettings/)
  await signIn(page, PASSWORD)
  await expect(page).toHaveURL(/\/admin\/settings$/)
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  expect(seen.loginPosts).toHaveLength(1)
  expect(seen.urls.filter((u) => u.includes('password'))).toEqual([])
})

test('the login page never takes credentials from the URL', async ({ page }) => {
  await page.goto(`${ADMIN}/login?username=${USERNAME}&password=${PASSWORD}`)
  await expect(page).toHaveURL(/\/admin\/login\?/)
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible()
  await page.goto(`${ADMIN}/dashboard`)
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/)
})
