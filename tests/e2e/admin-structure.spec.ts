import { expect, test, type Locator, type Page } from '@playwright/test'
import { ADMIN, createPost, expectNoAxeViolations, expectToast, login, PASSWORD, sql, uid } from './admin-helpers.ts'

/*
 * The back office's brand, structure and words, and focus after a refused form (issue 36 §5, §6).
 * Runs at desktop and phone size.
 */

const GROUPS = ['Insights', 'Leads', 'Content', 'Settings']

/** The admin navigation as the person sees it: the sidebar, or the phone's drawer (opened). */
async function adminNav(page: Page, { javaScript = true } = {}): Promise<Locator> {
  const opener = page.getByLabel('Open admin menu')
  if (!(await opener.isVisible())) return page.locator('aside').getByRole('navigation', { name: 'Admin' })
  if (javaScript) await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await opener.click()
  return javaScript
    ? page.getByRole('dialog', { name: 'Admin menu' }).getByRole('navigation', { name: 'Admin' })
    : page.getByRole('navigation', { name: 'Admin' })
}

type Box = { x: number; y: number; width: number; height: number }
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

test.describe('with JavaScript', () => {
  test('the header shows the site name and logo; the menu is in groups that fold, remembered on the next page', async ({
    page,
    context,
  }) => {
    await login(page)
    await page.goto(`${ADMIN}/dashboard`)
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
    const brand = page.getByTestId('admin-brand').filter({ visible: true })
    // The site's name from Settings (the public header shows the same).
    const siteName = ((await (await page.request.get('/api/settings')).json()) as { siteName: string }).siteName
    await expect(brand).toHaveText(siteName)
    await expect(
      page
        .getByRole('link', { name: `${siteName} Back office` })
        .filter({ visible: true })
        .locator('svg'),
    ).toBeVisible()
    await expect(page.getByText('Admin Panel')).toHaveCount(0)

    const nav = await adminNav(page)
    await expect(nav.locator('summary')).toHaveText(GROUPS)
    const group = (name: string) => nav.locator('details', { has: page.locator('summary', { hasText: name }) })
    // One desk for every kind of lead (issue 36 §1): no separate Messages link for a role with the desk; a figure may follow a name.
    await expect(group('Leads').getByRole('link')).toHaveText([/^Lead desk(\d+ unread)?$/, /^Calls(\d+ new)?$/])
    await expect(group('Content').getByRole('link')).toHaveText(['Blog Posts', 'Portfolio'])
    await expect(group('Insights').getByRole('link')).toHaveText(['Dashboard'])
    const settings = (await group('Settings').getByRole('link').allTextContents()).map((t) => t.trim())
    expect(settings.slice(0, 7)).toEqual(['General', 'People', 'Booking hours', 'Security', 'Profile', 'Import and export', 'Activity log'])
    await expectNoAxeViolations(page)

    // Folded with the keyboard: the links go, the summary says it is collapsed.
    const content = nav.locator('summary', { hasText: 'Content' })
    await content.focus()
    await page.keyboard.press('Enter')
    await expect(group('Content')).not.toHaveAttribute('open')
    await expect(nav.getByRole('link', { name: 'Blog Posts' })).toBeHidden()
    expect((await context.cookies()).find((c) => c.name === 'admin_nav_closed')?.value).toBe('content')

    // Remembered: drawn folded by the server on the next page; the group of the page shown stays open.
    await page.goto(`${ADMIN}/calls`)
    const again = await adminNav(page)
    await expect(again.locator('details', { has: page.locator('summary', { hasText: 'Content' }) })).not.toHaveAttribute('open')
    await expect(again.getByRole('link', { name: 'Calls' })).toBeVisible()
    await page.goto(`${ADMIN}/blogs`)
    const onBlogs = await adminNav(page)
    await expect(onBlogs.getByRole('link', { name: 'Blog Posts' })).toBeVisible()
    // Opened again: forgotten.
    await page.goto(`${ADMIN}/dashboard`)
    const last = await adminNav(page)
    await last.locator('summary', { hasText: 'Content' }).click()
    await expect(last.getByRole('link', { name: 'Portfolio' })).toBeVisible()
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'admin_nav_closed')?.value).toBeUndefined()
  })

  test('the blog list is a compact table by default (cards on request); the portfolio shows each state once, as its control', async ({
    page,
  }) => {
    await login(page)
    const title = `Table first ${uid()}`
    await createPost(page, { title })
    await page.goto(`${ADMIN}/blogs?q=${encodeURIComponent(title)}`)
    const table = page.getByRole('table', { name: 'Blog posts' })
    await expect(table.getByRole('rowheader')).toContainText([title])
    await expect(page.getByRole('navigation', { name: 'List layout' }).getByRole('link', { name: 'Table' })).toHaveAttribute(
      'aria-current',
      'true',
    )
    await expectNoAxeViolations(page)
    await page.getByRole('navigation', { name: 'List layout' }).getByRole('link', { name: 'Cards' }).click()
    await expect(page).toHaveURL(/view=grid/)
    await expect(page.getByRole('list', { name: 'Blog posts' }).getByRole('heading', { name: title })).toBeVisible()
    await page.getByRole('navigation', { name: 'List layout' }).getByRole('link', { name: 'Table' }).click()
    await expect(page).not.toHaveURL(/view=/)
    await expect(table).toBeVisible()

    // One control per state: the status dropdown and the Live switch, no badge saying it again.
    await page.goto(`${ADMIN}/portfolio`)
    const card = page.getByRole('list', { name: 'Portfolio items' }).getByRole('listitem').first()
    await expect(card.getByRole('combobox')).toHaveCount(1)
    await expect(card.getByRole('switch')).toHaveCount(1)
    await expect(card.locator('span.inline-flex.rounded-full')).toHaveCount(0)
    await page.getByRole('navigation', { name: 'List layout' }).getByRole('link', { name: 'Table' }).click()
    const row = page.getByRole('table', { name: 'Portfolio items' }).getByRole('row').nth(1)
    await expect(row.getByRole('combobox')).toHaveCount(1)
    await expect(row.getByRole('switch')).toHaveCount(1)
    await expect(row.locator('span.inline-flex.rounded-full')).toHaveCount(0)
    await expectNoAxeViolations(page)
  })

  test("the dashboard: Recent Blog Posts' actions line up, the chart names each line once, and the sources table scrolls by keyboard at 320x256", async ({
    page,
  }) => {
    // A visit from a named source (before signing in: staff are not counted), so the sources table has a row.
    const { csrfToken } = (await (await page.request.get('/api/auth/session')).json()) as { csrfToken: string }
    sql("delete from rate_limits where key like 'pageview%'")
    await page.request.post('/api/pageviews', {
      data: { path: '/pricing', utm_source: 'a-newsletter-with-a-long-name', utm_campaign: 'autumn' },
      headers: { 'x-csrf-token': csrfToken },
    })
    await login(page)
    await createPost(page, { title: `A short one ${uid()}`, status: 'published' })
    await createPost(page, {
      title: `A much longer title that would push the actions of its row onto a line of their own ${uid()}`,
      status: 'published',
    })
    await page.goto(`${ADMIN}/dashboard`)

    const rows = page.getByTestId('recent-post')
    await expect(rows).toHaveCount(3)
    const lefts: number[] = []
    for (const row of await rows.all()) {
      const actions = (await row.getByTestId('recent-post-actions').boundingBox())!
      const title = (await row.locator('p').first().boundingBox())!
      lefts.push(Math.round(actions.x))
      // Beside the title, not on a line below it.
      expect(actions.y).toBeLessThan(title.y + title.height)
    }
    expect(new Set(lefts).size).toBe(1)

    const chart = page.getByTestId('activity-chart')
    await expect(chart.getByText('Requests', { exact: true })).toHaveCount(1)
    await expect(chart.getByText('Page views', { exact: true })).toHaveCount(1)

    await expect(page.getByRole('region', { name: 'Countries' })).toContainText(
      "Not set up: the site does not look up visitors' countries.",
    )
    await expectNoAxeViolations(page)

    await page.setViewportSize({ width: 320, height: 256 })
    const box = page.getByRole('region', { name: 'Top sources (table)' })
    await expect(box).toHaveAttribute('tabindex', '0')
    await box.focus()
    await expect(box).toBeFocused()
    await expectNoAxeViolations(page)
  })

  test('a notice after Save never covers the editor’s buttons, and closes by itself under a resting pointer', async ({
    page,
  }, testInfo) => {
    const phone = testInfo.project.name === 'phone'
    if (!phone) await page.setViewportSize({ width: 1280, height: 800 })
    await login(page)
    await page.goto(`${ADMIN}/blogs/new`)
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    await page.getByLabel(/^Title/).fill(`Half done ${uid()}`)
    const bar = page.locator('[data-save-bar]')
    const save = bar.getByRole('button', { name: 'Save' })
    await save.click()
    await expectToast(page, 'Missing Required Fields', 'Please fill in all required fields.')
    const toast = (await page.getByTestId('toast').boundingBox())!
    // Once the bar has made way (it moves above the notice).
    await expect
      .poll(async () => {
        const buttons = await bar.locator('a, button').all()
        for (const b of buttons) if (intersects(toast, (await b.boundingBox())!)) return `covers ${await b.textContent()}`
        return 'clear'
      })
      .toBe('clear')
    // The Preview button can be pressed while the notice shows.
    await bar.getByRole('button', { name: 'Preview' }).click({ trial: true })
    await expect(page.getByTestId('toast')).toBeVisible()
    // The pointer stays where Save was: not over the notice, so it goes after its 5 seconds.
    await expect(page.getByTestId('toast')).toBeHidden({ timeout: 10_000 })
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--notice-space'))).toBe('')
  })

  test('Booking hours and People: focus goes to the first refused field', async ({ page }) => {
    await login(page)
    await page.goto(`${ADMIN}/settings/booking`)
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    await page.getByLabel('Call length (minutes)').fill('')
    await page.getByLabel('Days off').fill('2026-13-45')
    await page.getByRole('button', { name: 'Save booking hours' }).click()
    await expectToast(page, 'Error', 'Please correct the marked fields.')
    await expect(page.getByLabel('Call length (minutes)')).toBeFocused()
    await page.getByLabel('Call length (minutes)').fill('15')
    await page.getByRole('button', { name: 'Save booking hours' }).click()
    await expect(page.getByLabel('Days off')).toBeFocused()

    await page.goto(`${ADMIN}/settings/people`)
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    const invite = page.getByRole('region', { name: 'Invite a person' }).locator('form', { has: page.getByLabel('Email') })
    await invite.getByLabel('Email').fill('someone@localhost')
    const sudo = invite.getByLabel('Your password, to confirm')
    if (await sudo.isVisible()) await sudo.fill(PASSWORD)
    await invite.getByRole('button', { name: 'Send invitation' }).click()
    await expect(invite.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
    await expect(invite.getByLabel('Email')).toBeFocused()
    await expectNoAxeViolations(page)
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the menu groups fold, and a refused form focuses its first refused field', async ({ page }) => {
    await login(page)
    await page.goto(`${ADMIN}/dashboard`)
    const nav = await adminNav(page, { javaScript: false })
    await expect(nav.locator('summary')).toHaveText(GROUPS)
    await nav.locator('summary', { hasText: 'Leads' }).click()
    await expect(nav.getByRole('link', { name: /^Lead desk/ })).toBeHidden()
    await nav.locator('summary', { hasText: 'Leads' }).click()
    await expect(nav.getByRole('link', { name: /^Lead desk/ })).toBeVisible()

    await page.goto(`${ADMIN}/settings/booking`)
    await page.getByLabel('Days off').fill('not a date')
    await page.getByRole('button', { name: 'Save booking hours' }).click()
    await expect(page.getByLabel('Days off')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Days off')).toBeFocused()

    await page.goto(`${ADMIN}/settings/people`)
    const invite = page.getByRole('region', { name: 'Invite a person' }).locator('form', { has: page.getByLabel('Email') })
    await invite.getByLabel('Email').fill('someone@localhost')
    const sudo = invite.getByLabel('Your password, to confirm')
    if (await sudo.isVisible()) await sudo.fill(PASSWORD)
    await invite.getByRole('button', { name: 'Send invitation' }).click()
    const email = page.getByRole('region', { name: 'Invite a person' }).getByLabel('Email')
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toBeFocused()
  })
})
