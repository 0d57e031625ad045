import { expect, test } from '@playwright/test'
import { ADMIN, USERNAME, expectNoAxeViolations, login, sql, uid } from './admin-helpers.ts'

/**
 * One clock (issue 36 §2, docs/decisions/070): every back-office time is in the reader's zone (the
 * agency's from the settings, or their own from their profile), and each screen names that zone
 * once, not after every time.
 */

/** 'Nov 28, 2026, 3:05 AM' for a moment in a zone, as the back office writes it. */
const expected = (iso: string, timeZone: string) =>
  new Date(iso)
    .toLocaleString('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })
    .replace(/\s/g, ' ')

test.describe('one clock', () => {
  // The person is shared by the worker's tests: they read the agency's zone again after this one.
  test.afterEach(() => {
    sql('UPDATE admin_users SET time_zone = NULL WHERE username = ?', USERNAME)
  })

  test("a screen names the agency's zone once; a person's own zone from their profile is used and named instead", async ({ page }) => {
    await login(page)
    await page.goto(`${ADMIN}/settings/activity`)
    const named = page.getByTestId('times-in')
    await expect(named).toHaveCount(1)
    await expect(named).toHaveText('Times in Pacific Time (Los Angeles).')
    await expect(page.getByRole('main')).not.toContainText('(America/')
    await expectNoAxeViolations(page)

    await page.goto(`${ADMIN}/settings/profile`)
    const choice = page.getByLabel('Show times in')
    await expect(choice).toHaveValue('')
    await expect(choice.locator('option:checked')).toHaveText("The agency's: Pacific Time (Los Angeles)")
    await choice.selectOption('Europe/Berlin')
    await page.getByRole('button', { name: 'Save time zone' }).click()
    await expect(page.getByText('Time zone saved: the back office shows you times in Central European Time (Berlin).')).toBeVisible()
    await expect(page.getByLabel('Show times in')).toHaveValue('Europe/Berlin')
    await expectNoAxeViolations(page)

    // The change just made is the log's newest entry, at its time in Berlin; the zone is named once.
    await page.goto(`${ADMIN}/settings/activity`)
    await expect(named).toHaveCount(1)
    await expect(named).toHaveText('Times in Central European Time (Berlin), your own zone (Settings > Profile).')
    const newest = page.locator('main time').first()
    const at = (await newest.getAttribute('datetime')) ?? ''
    await expect(newest).toHaveText(expected(at, 'Europe/Berlin'))
    await expectNoAxeViolations(page)

    // Back to the agency's zone.
    await page.goto(`${ADMIN}/settings/profile`)
    await page.getByLabel('Show times in').selectOption('')
    await page.getByRole('button', { name: 'Save time zone' }).click()
    await expect(page.getByText("Time zone saved: the back office shows you times in the agency's zone.")).toBeVisible()
    await page.goto(`${ADMIN}/settings/activity`)
    await expect(named).toHaveText('Times in Pacific Time (Los Angeles).')
    await expect(page.locator('main time').first()).toHaveText(
      expected((await page.locator('main time').first().getAttribute('datetime')) ?? '', 'America/Los_Angeles'),
    )
  })

  test("a contact message's history and a lead's proposal editor name the zone once, in words", async ({ page }) => {
    const tag = uid()
    // 2026-07-04 18:30 UTC: 11:30 AM in Los Angeles (daylight time), a day and hour UTC would not show.
    const received = '2026-07-04T18:30:00.000Z'
    const message = Number(
      sql(
        'insert into contact_messages (name, email, message, is_read, created_at) values (?, ?, ?, 0, ?)',
        `Clock Message ${tag}`,
        `clock-message-${tag}@example.com`,
        `What time is it? ${tag}`,
        received,
      ).lastInsertRowid,
    )
    const lead = Number(
      sql(
        `insert into proposals (name, email, business_type, budget, requirements, status, date, kind) values (?, ?, 'retail', '500-1000', 'A shop.', 'pending', ?, 'proposal')`,
        `Clock Lead ${tag}`,
        `clock-lead-${tag}@example.com`,
        received,
      ).lastInsertRowid,
    )
    await login(page)

    await page.goto(`${ADMIN}/messages/${message}`)
    await expect(page.getByRole('heading', { level: 1, name: `Message from Clock Message ${tag}` })).toBeVisible()
    const named = page.getByTestId('times-in')
    await expect(named).toHaveCount(1)
    await expect(named).toHaveText('Times in Pacific Time (Los Angeles).')
    const history = page.getByRole('list', { name: 'History' })
    await expect(history.locator('time').first()).toHaveAttribute('datetime', received)
    await expect(history.locator('time').first()).toHaveText(expected(received, 'America/Los_Angeles'))
    await expect(page.getByRole('main')).not.toContainText('(America/')
    await expectNoAxeViolations(page)

    await page.goto(`${ADMIN}/proposals/${lead}/document`)
    await expect(page.getByRole('heading', { level: 1, name: `Proposal for Clock Lead ${tag}` })).toBeVisible()
    await expect(named).toHaveCount(1)
    await expect(named).toHaveText('Times in Pacific Time (Los Angeles).')
    await expect(page.getByRole('main')).not.toContainText('(America/')
    await expectNoAxeViolations(page)
  })
})
