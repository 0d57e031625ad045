import { spawn, type ChildProcess } from 'node:child_process'
import { Secret, TOTP } from 'otpauth'
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { expectNoAxeViolations, PASSWORD, USERNAME } from './admin-helpers.ts'
import { spareWorkerPort } from './ports.ts'

/**
 * Settings > Security on a server of its own: WebAuthn refuses an IP address as the relying
 * party, so this server's SITE_URL is http://localhost:PORT (the shared one is 127.0.0.1), and
 * the changes made here (two-step sign-in, ended sessions, a new password) touch no other spec.
 */
const PORT = spareWorkerPort(3)
const ORIGIN = `http://localhost:${PORT}`
const ADMIN = `${ORIGIN}/admin`
let server: ChildProcess

// Every password sign-in runs scrypt on a shared, busy machine: generous waits.
test.describe.configure({ mode: 'serial', timeout: 180_000 })

test.beforeAll(async () => {
  test.setTimeout(90_000)
  server = spawn(process.execPath, ['tests/e2e/server.js'], {
    env: { ...process.env, PORT: String(PORT), E2E_PORT: String(PORT), E2E_SITE_URL: ORIGIN },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  // Up when /readyz answers 200 (polled: the machine is slow and shared).
  for (let i = 0; i < 160; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('the security spec server did not start')
})

test.afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r))
    server.kill('SIGTERM')
    await exited
  }
})

/** A notice with this title (others may still be showing); slow answers on a busy machine. */
async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByTestId('toast').filter({ hasText: title })
  await expect(toast).toBeVisible({ timeout: 30_000 })
  if (description) await expect(toast).toContainText(description)
}

async function signInWithPassword(page: Page, password = PASSWORD) {
  await page.goto(`${ADMIN}/login`)
  // Shown once the page runs (passkeys need JavaScript): the page is hydrated.
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible()
  await page.getByLabel('Username').fill(USERNAME)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

async function signedIn(page: Page) {
  await signInWithPassword(page)
  await expect(page).toHaveURL(`${ADMIN}/dashboard`, { timeout: 30_000 })
}

async function openSecurity(page: Page) {
  await page.goto(`${ADMIN}/settings/security`)
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible()
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
}

/** The sidebar's Logout (in the drawer on a phone). */
async function clickLogout(page: Page) {
  const logout = page.getByRole('button', { name: 'Logout' })
  if (!(await logout.isVisible())) await page.getByRole('button', { name: 'Open admin menu' }).click()
  await logout.click()
}

async function signOut(page: Page) {
  await page.goto(`${ADMIN}/dashboard`)
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await clickLogout(page)
  await expect(page).toHaveURL(/\/admin\/login\?loggedOut=1$|\/admin\/login$/)
}

/** Chromium's DevTools virtual authenticator: a platform authenticator with resident keys and UV. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, authenticatorId }
}

/**
 * Sudo mode (docs/decisions/027): the form that was refused for want of a recent password now asks
 * for it in place; type it and send the same form again.
 */
async function confirmInPlace(scope: Page | ReturnType<Page['getByTestId']>, page: Page, password = PASSWORD) {
  const field = scope.getByLabel('Your password, to confirm')
  await expect(field).toBeVisible({ timeout: 30_000 })
  await expect(field).toBeFocused()
  await field.fill(password)
  return page
}

async function newPage(browser: Browser) {
  const context = await browser.newContext()
  return { context, page: await context.newPage() }
}

test('passkeys: register one, sign out, sign in with it (button, then autofill), rename, remove it', async ({ browser }) => {
  const { context, page } = await newPage(browser)
  const { cdp, authenticatorId } = await virtualAuthenticator(context, page)
  // Chromium offers conditional UI (passkeys in the username autofill), and the virtual
  // authenticator answers it at once. To press the button first, this tab can pretend to be a
  // browser without it.
  await context.addInitScript(() => {
    if (sessionStorage.getItem('no-conditional-ui')) PublicKeyCredential.isConditionalMediationAvailable = async () => false
  })
  const conditionalUi = (on: boolean) =>
    page.evaluate((off) => (off ? sessionStorage.setItem('no-conditional-ui', '1') : sessionStorage.removeItem('no-conditional-ui')), !on)
  await signedIn(page)
  await conditionalUi(false)
  await openSecurity(page)
  await expect(page.getByText('No passkeys yet.')).toBeVisible()

  // Adding asks for a name first.
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Give the passkey a name' })).toBeFocused()
  await page.getByLabel('New passkey name').fill('Test laptop')
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  // Not in sudo mode (signing in does not count): the password first, in the same form.
  await expect(page.getByRole('alert').filter({ hasText: 'Enter your password to confirm it is you.' })).toBeVisible({ timeout: 20_000 })
  await confirmInPlace(page, page)
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Passkey "Test laptop" added.' })).toBeVisible({ timeout: 20_000 })
  const rows = page.getByTestId('passkey-row')
  await expect(rows).toHaveCount(1)
  await expect(rows.getByLabel('Name', { exact: true })).toHaveValue('Test laptop')
  await expect(rows).toContainText('Last used —')
  // A discoverable credential for this site's host name, held by the authenticator.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(credentials).toHaveLength(1)
  expect(credentials[0].isResidentCredential).toBe(true)
  expect(credentials[0].rpId).toBe('localhost')

  // The button: no username, no password.
  await signOut(page)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page).toHaveURL(`${ADMIN}/dashboard`, { timeout: 30_000 })
  await expectToast(page, 'Login Successful')

  // Conditional UI: the login page asks for a passkey through autofill as it loads.
  await conditionalUi(true)
  // (a new document: the init script reads the flag as a page loads)
  await page.goto(`${ADMIN}/dashboard`)
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await Promise.all([page.waitForURL(/\/admin\/login/), clickLogout(page)])
  await page.waitForURL(`${ADMIN}/dashboard`, { timeout: 30_000 })
  await expectToast(page, 'Login Successful')
  await conditionalUi(false)
  await page.reload()

  await openSecurity(page)
  await expect(rows).not.toContainText('Last used —')
  await rows.getByLabel('Name', { exact: true }).fill('Work laptop')
  await rows.getByRole('button', { name: 'Rename passkey Test laptop' }).click()
  await expectToast(page, 'Security Updated', 'Passkey renamed.')
  await expect(rows.getByLabel('Name', { exact: true })).toHaveValue('Work laptop')
  await expectNoAxeViolations(page)

  await rows.getByRole('button', { name: 'Remove passkey Work laptop' }).click()
  // A new session since the password was entered: asked again, in that row.
  await confirmInPlace(rows, page)
  await rows.getByRole('button', { name: 'Remove passkey Work laptop' }).click()
  await expectToast(page, 'Security Updated', 'Passkey removed.')
  await expect(page.getByText('No passkeys yet.')).toBeVisible()

  // The authenticator still holds it, but the site no longer accepts it.
  await signOut(page)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  const error = page.locator('#login-error').filter({ hasText: 'That passkey could not sign you in' })
  await expect(error).toBeVisible({ timeout: 20_000 })
  await expect(error).toBeFocused()
  await expect(page).toHaveURL(/\/admin\/login/)
  await context.close()
})

test('sessions: the list shows each device; ending one signs that browser out', async ({ browser }) => {
  const a = await newPage(browser)
  const b = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' })
  const bPage = await b.newPage()
  const c = await newPage(browser)
  await signedIn(a.page)
  await signedIn(bPage)
  await signedIn(c.page)

  await openSecurity(a.page)
  const rows = a.page.getByTestId('session-row')
  await expect(rows).toHaveCount(3)
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1)
  const firefox = rows.filter({ hasText: 'Firefox 133 on Linux' })
  await expect(firefox).toContainText('127.0.0.1')
  await expect(firefox).toContainText('Last seen')

  await firefox.getByRole('button', { name: /^End session/ }).click()
  // Ending another session needs the password: asked in that row, then the same button again.
  await expectToast(a.page, 'Confirm Your Password', 'Enter your password to confirm it is you.')
  await confirmInPlace(firefox, a.page)
  await firefox.getByRole('button', { name: /^End session/ }).click()
  await expectToast(a.page, 'Security Updated', 'Session ended.')
  await expect(rows).toHaveCount(2)
  // The other browser is signed out at its next request.
  await bPage.goto(`${ADMIN}/dashboard`)
  await expect(bPage).toHaveURL(/\/admin\/login\?redirectTo=/, { timeout: 20_000 })

  // Within ten minutes of the password: no second prompt. The page says what else it ends.
  await expect(a.page.getByTestId('sudo-state')).toContainText('Password confirmed')
  await expect(a.page.getByText('Signs out every session but this one.')).toBeVisible()
  await a.page.getByRole('button', { name: 'Sign out all other sessions' }).click()
  await expectToast(a.page, 'Security Updated', 'All other sessions have been signed out.')
  await expect(rows).toHaveCount(1)
  await c.page.goto(`${ADMIN}/dashboard`)
  await expect(c.page).toHaveURL(/\/admin\/login\?redirectTo=/, { timeout: 20_000 })
  await a.page.goto(`${ADMIN}/dashboard`)
  await expect(a.page).toHaveURL(`${ADMIN}/dashboard`, { timeout: 30_000 })
  for (const ctx of [a.context, b, c.context]) await ctx.close()
})

const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at })

test('authenticator codes: set up with a code, then password and code; a recovery code once; turned off again', async ({ browser }) => {
  const { context, page } = await newPage(browser)
  const other = await newPage(browser)
  await signedIn(page)
  await signedIn(other.page)
  await openSecurity(page)

  await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
  await confirmInPlace(page, page)
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim()
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await page.getByLabel('Code from the app').fill('000000' === codeAt(secret, Date.now()) ? '111111' : '000000')
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.locator('#code-error')).toContainText('That code is not right')
  await expect(page.getByLabel('Code from the app')).toBeFocused()
  await page.getByLabel('Code from the app').fill(codeAt(secret, Date.now()))
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expectToast(page, 'Security Updated', 'Two-step sign-in is on.')
  const codes = (await page.getByTestId('recovery-codes').locator('li').allTextContents()).map((s) => s.trim())
  expect(codes).toHaveLength(10)
  await expect(page.getByTestId('recovery-left')).toHaveText('10')
  // The secret is not on the page any more.
  await expect(page.getByTestId('totp-secret')).toHaveCount(0)
  expect(await page.content()).not.toContain(secret)
  // Turning it on signed the other browser out.
  await other.page.goto(`${ADMIN}/dashboard`)
  await expect(other.page).toHaveURL(/\/admin\/login\?redirectTo=/, { timeout: 20_000 })

  // Password, then the code: the next step's code (the current one was used to turn it on).
  await signOut(page)
  await signInWithPassword(page)
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible()
  await expect(page.getByLabel('Authentication code')).toBeFocused()
  await page.getByLabel('Authentication code').fill('12345x')
  await page.getByRole('button', { name: 'Verify' }).click()
  const error = page.locator('#login-error').filter({ hasText: 'That code is not valid' })
  await expect(error).toBeVisible()
  await expect(error).toBeFocused()
  // The field is marked and points at the alert; no toast says it a second time.
  await expect(page.getByLabel('Authentication code')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Authentication code')).toHaveAttribute('aria-describedby', /(^| )login-error( |$)/)
  await expect(page.getByTestId('toast').filter({ hasText: 'Login Failed' })).toHaveCount(0)
  await page.getByLabel('Authentication code').fill(codeAt(secret, Date.now() + 30_000))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(`${ADMIN}/dashboard`, { timeout: 30_000 })

  // A recovery code instead of the app's code, once.
  await signOut(page)
  await signInWithPassword(page)
  await page.getByLabel('Authentication code').fill(codes[0])
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(`${ADMIN}/dashboard`, { timeout: 30_000 })
  await signOut(page)
  await signInWithPassword(page)
  await page.getByLabel('Authentication code').fill(codes[0])
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.locator('#login-error').filter({ hasText: 'That code is not valid' })).toBeVisible()
  await page.getByLabel('Authentication code').fill(codes[1])
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(`${ADMIN}/dashboard`, { timeout: 30_000 })

  await openSecurity(page)
  await expect(page.getByTestId('recovery-left')).toHaveText('8')
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click()
  // A wrong password is refused in place (and counted); the right one carries on.
  await confirmInPlace(page, page, 'not-the-password')
  await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click()
  await expect(page.locator('#sudo-totp-disable-error')).toHaveText('That password is not right.')
  await confirmInPlace(page, page)
  await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click()
  await expectToast(page, 'Security Updated', 'Two-step sign-in is off.')
  await expect(page.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible()
  await signOut(page)
  await signedIn(page)
  for (const ctx of [context, other.context]) await ctx.close()
})

test('without JavaScript: a sign-in change asks for the password in place, then carries on', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`${ADMIN}/login`)
  await page.getByLabel('Username').fill(USERNAME)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL(`${ADMIN}/dashboard`, { timeout: 30_000 })
  await page.goto(`${ADMIN}/settings/security`)
  await expect(page.getByTestId('sudo-state')).toContainText('ask for your password')

  // A plain form post: the page comes back with the password field in that form.
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
  const field = page.getByLabel('Your password, to confirm')
  await expect(field).toBeVisible({ timeout: 30_000 })
  await expect(page.locator('#sudo-totp-start-error')).toHaveText('Enter your password to confirm it is you.')
  await expect(page.getByTestId('totp-secret')).toHaveCount(0)
  await field.fill('not-the-password')
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
  await expect(page.locator('#sudo-totp-start-error')).toHaveText('That password is not right.', { timeout: 30_000 })
  await page.getByLabel('Your password, to confirm').fill(PASSWORD)
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
  // Confirmed and carried on in the same post: the setup is under way.
  await expect(page.getByTestId('totp-secret')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('sudo-state')).toContainText('Password confirmed')
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible({ timeout: 30_000 })
  await context.close()
})

test('password change on the Security page: mismatch refused in the browser, wrong current password shown, then the new one works', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  const newPassword = `new-pass-${Date.now().toString(36)}`
  await signedIn(page)
  await openSecurity(page)
  let sent = 0
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/admin/settings/security')) sent++
  })
  await page.getByLabel('Current Password').fill(PASSWORD)
  await page.getByLabel('New Password').fill(newPassword)
  await page.getByLabel('Confirm Password').fill(`${newPassword}x`)
  await page.getByRole('button', { name: 'Change Password' }).click()
  await expectToast(page, 'Password Mismatch', "New password and confirmation don't match.")
  expect(sent).toBe(0)

  await page.getByLabel('Current Password').fill('wrong-current-password')
  await page.getByLabel('Confirm Password').fill(newPassword)
  await page.getByRole('button', { name: 'Change Password' }).click()
  await expect(page.locator('#currentPassword-error')).toHaveText('Current password is incorrect.')
  await expect(page.getByLabel('Current Password')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Current Password')).toBeFocused()

  await page.getByLabel('Current Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Change Password' }).click()
  // Checking the old password and hashing the new one: two scrypt runs on a busy machine.
  await expect(page.getByTestId('toast').filter({ hasText: 'Password Changed' })).toContainText('Your password has been changed.', {
    timeout: 30_000,
  })
  await expect(page.getByLabel('Current Password')).toHaveValue('')

  await signOut(page)
  await signInWithPassword(page, PASSWORD)
  await expect(page.locator('#login-error').filter({ hasText: 'Invalid credentials' })).toBeFocused()
  await signInWithPassword(page, newPassword)
  await expect(page).toHaveURL(`${ADMIN}/dashboard`, { timeout: 30_000 })
  await context.close()
})
