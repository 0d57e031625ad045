import { expect, test, type Page } from '@playwright/test'
import { ADMIN, PASSWORD, apiWrite, createPost, expectToast, login, sql, uid } from './admin-helpers.ts'

/**
 * Issue 27, WCAG 2.4.3 in the back office: after each of these actions focus lands on a named
 * element, never on <body>. Every check is on document.activeElement (toBeFocused), not on time.
 */

// Password confirmations run scrypt on a busy shared machine: generous waits.
test.describe.configure({ timeout: 90_000 })

const tool = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true })

type Post = { id: number; slug: string }
const newPost = (page: Page, over: Record<string, unknown> = {}) =>
  createPost<Post>(page, { title: `Focus ${uid()}`, content: '<p>The quick brown fox.</p>', ...over })

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 20_000 })
}

test('Insert image: Escape, Cancel and the close button give focus back to the toolbar button, or to the text', async ({ page }) => {
  await login(page)
  await page.goto(`${ADMIN}/blogs/new`)
  const text = page.getByRole('textbox', { name: 'Content', exact: true })
  await expect(text).toBeVisible({ timeout: 15_000 })
  const opener = tool(page, 'Insert image')
  const dialog = page.getByRole('dialog', { name: 'Insert image' })

  // From the keyboard the toolbar button has the focus: it gets it back.
  await opener.focus()
  await page.keyboard.press('Enter')
  await expect(dialog.getByLabel('Image file')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(dialog.getByLabel('Image file')).toBeFocused()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()

  // A click on a tool leaves the caret in the text (the toolbar keeps it there): back to the text.
  await text.click()
  await opener.click()
  await expect(dialog.getByLabel('Image file')).toBeFocused()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(text).toBeFocused()
})

test('Leave without saving: "Stay on this page" and Escape give focus back to the link that was followed', async ({ page }) => {
  await login(page)
  const post = await newPost(page)
  await page.goto(`${ADMIN}/blogs/edit/${post.id}`)
  await hydrated(page)
  await page.getByLabel('Excerpt').fill('Changed and not saved')
  const back = page.getByRole('link', { name: 'Back to Blogs' })
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' })

  await back.click()
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Stay on this page' }).click()
  await expect(ask).toBeHidden()
  await expect(back).toBeFocused()

  await back.click()
  await expect(ask).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(ask).toBeHidden()
  await expect(back).toBeFocused()
  await expect(page.getByLabel('Excerpt')).toHaveValue('Changed and not saved')
})

test('Revisions: Compare is named with a readable time; closing the comparison says so and focuses its Compare link', async ({ page }) => {
  await login(page)
  const post = await newPost(page)
  await apiWrite(page, 'PUT', `/api/blogs/${post.id}`, { content: '<p>The slow brown dog.</p>' })
  await page.goto(`${ADMIN}/blogs/edit/${post.id}`)
  await hydrated(page)
  const revisions = page.getByRole('list', { name: 'Saved revisions, newest first' }).getByRole('listitem')
  await expect(revisions).toHaveCount(2)
  const compare = revisions.nth(1).getByRole('link', { name: /^Compare/ })
  // A date and time as people say it (e.g. "Nov 25, 2026, 3:02 PM", in the zone the page names once), not an ISO stamp.
  await expect(compare).toHaveAccessibleName(
    /^Compare the revision of [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M with the current text$/,
  )
  await expect(compare).not.toHaveAccessibleName(/\d{4}-\d{2}-\d{2}T/)

  const said = page.getByRole('region', { name: 'Revisions' }).getByRole('status')
  await compare.click()
  await expect(page.getByTestId('revision-diff')).toBeVisible()
  await expect(said).toHaveText('Comparison shown above the revisions.')
  await page.getByRole('link', { name: 'Close comparison' }).click()
  await expect(page.getByTestId('revision-diff')).toHaveCount(0)
  await expect(said).toHaveText('Comparison closed.')
  await expect(compare).toBeFocused()
})

test('Messages: "Mark as read" keeps the focus while it is saved', async ({ page }) => {
  const name = `Focus ${uid()}`
  sql(
    'INSERT INTO contact_messages (name, email, message, is_read, created_at) VALUES (?, ?, ?, 0, ?)',
    name,
    'focus@example.com',
    'Please call me back.',
    new Date().toISOString(),
  )
  await login(page)
  await page.goto(`${ADMIN}/messages`)
  await hydrated(page)
  const card = page.getByRole('article', { name })
  await card.getByRole('button', { name: /Mark as read/ }).focus()
  await page.keyboard.press('Enter')
  await expectToast(page, 'Marked as Read')
  await expect(card).not.toContainText('Unread')
  await expect(card.getByRole('button', { name: /Mark as unread/ })).toBeFocused()
})

/** Sudo mode: the refused form asks for the password in place; type it and send again. */
async function confirmPassword(page: Page) {
  const field = page.getByLabel('Your password, to confirm')
  await expect(field).toBeVisible({ timeout: 30_000 })
  await field.fill(PASSWORD)
}

async function openSecurity(page: Page) {
  await page.goto(`${ADMIN}/settings/security`)
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible()
  await hydrated(page)
}

test('Security: ending a session focuses the End button that took its place', async ({ page, browser }) => {
  // Two more sessions of this admin, so one End button is left after ending one.
  const others = await Promise.all([browser.newContext(), browser.newContext()])
  for (const context of others) await login(await context.newPage())
  await login(page)
  await openSecurity(page)
  const end = page.getByRole('button', { name: /^End session/ })
  const count = await end.count()
  expect(count).toBeGreaterThanOrEqual(2)

  await end.first().click()
  await confirmPassword(page)
  await end.first().click()
  await expectToast(page, 'Security Updated', 'Session ended.')
  await expect(end).toHaveCount(count - 1, { timeout: 30_000 })
  await expect(end.first()).toBeFocused()
  for (const context of others) await context.close()
})

test('Security: setting up an authenticator app focuses step 1; cancelling focuses the section', async ({ page }) => {
  // Starts from no set-up under way (an earlier run may have left one).
  sql("DELETE FROM auth_challenges WHERE kind = 'totp-enrol'")
  await login(page)
  await openSecurity(page)
  const setUp = page.getByRole('button', { name: 'Set up an authenticator app' })
  await setUp.click()
  await confirmPassword(page)
  await setUp.click()
  const steps = page.getByRole('list', { name: 'Set-up steps' })
  await expect(steps).toBeVisible({ timeout: 30_000 })
  await expect(steps).toBeFocused()
  await expect(steps.getByRole('listitem').first()).toContainText('Scan this QR code')

  // Put it back (nothing was turned on), which replaces the Cancel button too.
  await page.getByRole('region', { name: 'Two-step sign-in' }).getByRole('button', { name: 'Cancel', exact: true }).click()
  await expect(setUp).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeFocused()
})

test('Sign-in: an empty submit is answered beside the fields, and the first one is focused', async ({ page }) => {
  await page.goto(`${ADMIN}/login`)
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  const username = page.getByLabel('Username')
  const password = page.getByLabel('Password', { exact: true })
  await expect(username).toHaveAttribute('aria-invalid', 'true', { timeout: 20_000 })
  await expect(username).toHaveAccessibleDescription('Username is required')
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect(password).toHaveAccessibleDescription('Password is required')
  await expect(username).toBeFocused()
  await expect(page).toHaveURL(/\/admin\/login/)
})

test('Toasts stay while hovered or focused, and close 5 seconds after they are left', async ({ page }) => {
  await page.clock.install()
  await login(page)
  await openSecurity(page)
  // A password change refused in the browser shows a notice without asking the server.
  const mismatch = async () => {
    await page.getByLabel('Current Password').fill('anything-here')
    await page.getByLabel('New Password').fill('a-new-password-1')
    await page.getByLabel('Confirm Password').fill('another-password-2')
    await page.getByRole('button', { name: 'Change Password' }).click()
  }
  const toast = page.getByTestId('toast')

  await mismatch()
  await expect(toast).toContainText('Password Mismatch')
  await toast.hover()
  await page.clock.fastForward(6000)
  await expect(toast).toBeVisible()
  await page.mouse.move(0, 0)
  await page.clock.fastForward(6000)
  await expect(toast).toHaveCount(0)

  await mismatch()
  await expect(toast).toContainText('Password Mismatch')
  await toast.getByRole('button', { name: 'Dismiss notification' }).focus()
  await page.clock.fastForward(6000)
  await expect(toast).toBeVisible()
  await page.getByLabel('Current Password').focus()
  await page.clock.fastForward(6000)
  await expect(toast).toHaveCount(0)
})
