import { expect, test } from '@playwright/test'
import { ADMIN, createPost, expectNoAxeViolations, login, uid } from './admin-helpers.ts'

test('A change shows in the activity log, found with the filter and in the CSV link', async ({ page }) => {
  await login(page)
  const title = `Activity ${uid()}`
  const post = await createPost(page, { title })
  await page.goto(`${ADMIN}/settings`)
  await page
    .getByRole('link', { name: /Activity log/ })
    .first()
    .click()
  await expect(page.getByRole('heading', { name: 'Activity log', level: 1 })).toBeVisible()
  await expectNoAxeViolations(page)

  // The filter is a plain GET form: kind of change and item type.
  await page.getByLabel('Kind of change').selectOption({ label: 'Post created' })
  await page.getByLabel('Item type').selectOption({ label: 'Blog post' })
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/action=post\.create/)
  const entry = page.getByRole('article').filter({ hasText: title })
  await expect(entry).toBeVisible()
  await expect(entry).toContainText('Post created')
  await expect(entry).toContainText('By: admin')
  // The item's type in the filter's words; its number only in the CSV (issue 36).
  await expect(entry).toContainText('Item type: Blog post')
  await expect(entry).not.toContainText(`Blog post ${post.id}`)
  await expect(entry).toContainText(/Device: Chrome/)
  await expect(entry).toContainText(/Address: \S+/)
  // Every entry listed is of the kind asked for.
  const headings = await page.getByRole('list', { name: 'Activity' }).getByRole('heading', { level: 3 }).allTextContents()
  expect(headings.every((h) => h.startsWith('Post created'))).toBe(true)
  await expectNoAxeViolations(page)

  // The export link carries the same filter, and answers CSV with the entry.
  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')
  expect(href).toContain('action=post.create')
  const csv = await page.request.get(href!)
  expect(csv.headers()['content-type']).toContain('text/csv')
  expect(await csv.text()).toContain(`Post created,Blog post,${title},${post.id}`)

  // A filter that matches nothing says so; Clear goes back to everything.
  await page.getByLabel('From day').fill('2001-01-01')
  await page.getByLabel('To day').fill('2001-01-02')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page.getByText('No activity matches the filter.')).toBeVisible()
  await page.getByRole('link', { name: 'Clear' }).click()
  await expect(page.getByRole('article').filter({ hasText: title }).first()).toBeVisible()
})

test('The retention is checked beside its field', async ({ page }) => {
  await login(page)
  await page.goto(`${ADMIN}/settings/activity`)
  const field = page.getByLabel('Keep activity for (days)')
  await expect(field).toHaveValue(/^\d+$/)
  const kept = await field.inputValue()
  await field.fill('0')
  await page.getByRole('button', { name: 'Save retention' }).click()
  await expect(page.getByText('Keep activity for at least 1 day')).toBeVisible()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page)
  // A change made through the page (a route action) is recorded with the person and device too.
  // Enter submits from the field: on a phone the error's notice may still cover the button, and it
  // closes by itself at a moment no test should guess.
  const other = String(Number(kept) === 3650 ? 3649 : Number(kept) + 1)
  await field.fill(other)
  await field.press('Enter')
  await expect(page.getByTestId('toast')).toContainText('Retention Saved')
  await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  // Newest first (the desktop and phone runs share one server).
  const entry = page
    .getByRole('article')
    .filter({ hasText: `Keep activity for ${other} days (was ${kept}).` })
    .first()
  await expect(entry).toContainText('By: admin')
  await expect(entry).toContainText(/Device: Chrome/)
  // Put it back for the other tests.
  await field.fill(kept)
  await field.press('Enter')
  await expect(
    page
      .getByRole('article')
      .filter({ hasText: `Keep activity for ${kept} days (was ${other}).` })
      .first(),
  ).toBeVisible()
})
