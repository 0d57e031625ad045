import Database from 'better-sqlite3'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { dataDir } from './admin-helpers.ts'
import { skipDiscoveryPopup, uid } from './tools-helpers.ts'
import { holdScripts, letScriptsRun } from './held-scripts.ts'

/**
 * Issue 22, "Early clicks are dropped": the demo builder's controls do their job as plain HTML
 * (one GET form the server answers), before the page's script runs and without it; once hydrated
 * they change the page at once, and each does so once.
 */

const preview = (page: Page) => page.getByRole('region', { name: /^Website preview/ })
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true })
const panel = (page: Page) => page.getByRole('tabpanel')
const hydrated = (page: Page) => page.locator('html[data-hydrated]')

/** The origin stored with a proposal request (read straight from the e2e server's SQLite file). */
function storedOrigin(email: string) {
  const db = new Database(path.join(dataDir(), 'site.db'), { readonly: true })
  try {
    return db.prepare('select source, source_data as sourceData from proposals where email = ?').get(email) as
      { source: string | null; sourceData: string | null } | undefined
  } finally {
    db.close()
  }
}

test.beforeEach(async ({ page }) => {
  await skipDiscoveryPopup(page)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  /**
   * axe on the page at this address as the server drew it. axe needs JavaScript to run, so it runs
   * in a second page whose scripts never arrive (the builder's state is all in the address).
   */
  async function expectNoAxeViolationsOnceLoaded(page: Page) {
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() })
    try {
      const drawn = await context.newPage()
      await drawn.route('**/assets/*.js', (r) => r.abort())
      await drawn.goto(page.url())
      await expect(drawn.locator('html[data-hydrated]')).toHaveCount(0)
      // NOTE: the chat launcher's link (before hydration, ADR 032) sits outside every landmark;
      // that is the chat's own finding, left out here so this checks the builder.
      const results = await new AxeBuilder({ page: drawn }).analyze()
      expect(results.violations).toEqual([])
    } finally {
      await context.close()
    }
  }

  test('the tabs switch, a template, a colour scheme and services are chosen, and the server draws the preview with them', async ({
    page,
  }, info) => {
    // About twenty page loads (each choice is one) and three axe runs.
    test.setTimeout(90_000)
    const name = `Plain Bistro ${uid()}`
    await page.goto('/demo-builder')
    await expect(tab(page, 'Basic')).toHaveAttribute('aria-selected', 'true')
    await page.getByLabel('Business Name').fill(name)
    await page.getByLabel('Industry').selectOption('restaurant')

    // A tab is a submit button: it opens the tab and keeps what was typed on the open one.
    await tab(page, 'Templates').click()
    await expect(page).toHaveURL(/[?&]tab=templates/)
    await expect(tab(page, 'Templates')).toHaveAttribute('aria-selected', 'true')
    await expect(preview(page).getByRole('heading', { name })).toBeVisible()
    const fineDining = panel(page).getByRole('button', { name: /Fine Dining/ })
    await fineDining.click()
    await expect(fineDining).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByTestId('preview-template')).toHaveText('Template: Fine Dining')
    await expect(preview(page)).toContainText('Reserve a Table')
    await expect(preview(page).getByTestId('site-preview')).toHaveCSS('background-color', 'rgb(15, 23, 42)')
    await expectNoAxeViolationsOnceLoaded(page)

    await tab(page, 'Design').click()
    const schemes = panel(page).getByRole('group', { name: 'Color Scheme' })
    await schemes.getByRole('button', { name: 'Forest Green' }).click()
    await expect(schemes.getByRole('button', { pressed: true })).toHaveText('Forest Green')
    await expect(preview(page).getByTestId('site-preview')).toHaveCSS('background-color', 'rgb(240, 253, 244)')

    // A service button toggles that service, one change per click.
    await tab(page, 'Services').click()
    for (const s of ['Online Ordering', 'Digital Menu', 'Logo Design'])
      await panel(page)
        .getByRole('button', { name: new RegExp(`^${s}`) })
        .click()
    await panel(page)
      .getByRole('button', { name: /^Logo Design/ })
      .click()
    await expect(panel(page).getByRole('button', { pressed: true })).toHaveCount(2)
    await expect(panel(page).getByText('2 selected.')).toBeVisible()
    await expect(preview(page).getByRole('list', { name: 'Previewed services' }).getByRole('listitem')).toHaveText([
      'Online Ordering',
      'Digital Menu',
    ])

    // Boxes and sliders are applied with "Update preview" (shown only until the script runs).
    await tab(page, 'Features').click()
    await panel(page).getByRole('checkbox', { name: 'Online Booking' }).check()
    await panel(page).getByRole('checkbox', { name: 'FAQ' }).check()
    await panel(page).getByRole('button', { name: 'Update preview' }).click()
    await expect(panel(page).getByRole('checkbox', { name: 'Online Booking' })).toBeChecked()
    await expect(preview(page)).toContainText('Online Booking')
    await expect(preview(page).getByRole('heading', { name: 'Questions & Answers' })).toBeVisible()
    await expectNoAxeViolationsOnceLoaded(page)

    // Enter in a field applies it and stays on the tab; the device switch redraws the preview.
    await tab(page, 'Basic').click()
    await page.getByLabel('Tagline').fill('Dinner by candlelight')
    await page.getByLabel('Tagline').press('Enter')
    await expect(preview(page)).toContainText('Dinner by candlelight')
    await expect(tab(page, 'Basic')).toHaveAttribute('aria-selected', 'true')
    await page.getByRole('group', { name: 'Preview width' }).getByRole('button', { name: 'Mobile' }).click()
    await expect(page.getByTestId('preview-frame').first()).toHaveAttribute('data-device', 'mobile')
    await expect(page.getByTestId('preview-template')).toHaveText('Template: Fine Dining')

    // The mini preview (phones) folds away with no script: a <details>.
    if (info.project.name === 'phone') {
      const mini = page.getByTestId('mini-preview')
      await expect(mini.getByTestId('site-preview')).toBeVisible()
      await mini.getByText('Hide preview').click()
      await expect(mini.getByTestId('site-preview')).toBeHidden()
      await mini.getByText('Show preview').click()
      await expect(mini.getByTestId('site-preview')).toBeVisible()
    }

    // Generate Advanced Preview: the server draws the full-screen preview; Close goes back.
    await page.getByRole('button', { name: 'Generate Advanced Preview' }).click()
    const full = page.getByRole('region', { name: `Advanced Preview: ${name}` })
    await expect(full).toBeVisible()
    await expect(full.getByTestId('preview-frame')).toHaveAttribute('data-device', 'mobile')
    await full.getByRole('button', { name: 'Tablet' }).click()
    await expect(full.getByTestId('preview-frame')).toHaveAttribute('data-device', 'tablet')
    const box = (await full.boundingBox())!
    expect(box.width).toBe(page.viewportSize()!.width)
    await expectNoAxeViolationsOnceLoaded(page)
    await full.getByRole('link', { name: 'Close preview' }).click()
    await expect(full).toHaveCount(0)
    await expect(page.getByTestId('preview-frame').first()).toHaveAttribute('data-device', 'tablet')

    // A reload shows the same design: it is all in the address.
    await page.reload()
    await expect(page.getByLabel('Business Name')).toHaveValue(name)
    await expect(page.getByTestId('preview-template')).toHaveText('Template: Fine Dining')
  })

  test('Convert to Real Website carries the visitor’s choices, typed ones included, to the proposal form, which stores the design', async ({
    page,
  }) => {
    const tag = uid()
    const name = `Carried Cafe ${tag}`
    await page.goto('/demo-builder')
    await page.getByLabel('Industry').selectOption('restaurant')
    await tab(page, 'Services').click()
    await panel(page)
      .getByRole('button', { name: /^Online Ordering/ })
      .click()
    await tab(page, 'Basic').click()
    // Typed and never applied: Convert sends it with the rest.
    await page.getByLabel('Business Name').fill(name)
    await page.getByRole('button', { name: 'Convert to Real Website' }).click()

    await expect(page).toHaveURL(/\/proposal\?from=builder/)
    const requirements = page.getByLabel('Project Requirements')
    await expect(requirements).toHaveValue(new RegExp(`Business name: ${name}`))
    await expect(requirements).toHaveValue(/Industry: Restaurant & Food/)
    await expect(requirements).toHaveValue(/Services: Online Ordering/)
    await expect(page.getByText('We added your website design from the demo builder')).toBeVisible()

    const email = `carried-${tag}@example.com`
    await page.getByLabel('Full Name').fill(`Carried Visitor ${tag}`)
    await page.getByLabel('Email Address').fill(email)
    await page.getByLabel('Business Type').selectOption('restaurant')
    await page.getByLabel('Budget Range').selectOption('1000-2500')
    await page.getByRole('button', { name: 'Submit Proposal Request' }).click()
    await expect(page).toHaveURL(/\/proposal\?submitted=1/)
    await expect(page.getByRole('status').filter({ hasText: 'Proposal Request Submitted!' })).toBeVisible()

    const origin = storedOrigin(email)
    expect(origin?.source).toBe('builder')
    expect(JSON.parse(origin!.sourceData!)).toMatchObject({
      businessName: name,
      industry: 'restaurant',
      selectedServices: ['online-ordering'],
    })
  })
})

test.describe('with the scripts held back', () => {
  test('clicks made before the script runs do what they say, and after hydration each control acts once', async ({ page }) => {
    const scripts = await holdScripts(page)
    await page.goto('/demo-builder')
    await page.getByLabel('Industry').selectOption('restaurant')
    // At once, with no script yet: the Templates tab, then a template.
    await tab(page, 'Templates').click()
    await expect(tab(page, 'Templates')).toHaveAttribute('aria-selected', 'true')
    const fineDining = panel(page).getByRole('button', { name: /Fine Dining/ })
    await fineDining.click()
    await expect(fineDining).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByTestId('preview-template')).toHaveText('Template: Fine Dining')
    await expect(hydrated(page)).toHaveCount(0)
    // A box ticked before the script runs, not applied: the script picks it up once.
    await tab(page, 'Features').click()
    await expect(tab(page, 'Features')).toHaveAttribute('aria-selected', 'true')
    const booking = panel(page).getByRole('checkbox', { name: 'Online Booking' })
    await booking.check()
    await expect(hydrated(page)).toHaveCount(0)

    await letScriptsRun(page, scripts)
    await expect(booking).toBeChecked()
    await expect(preview(page)).toContainText('Online Booking')
    await expect(page.getByTestId('preview-template')).toHaveText('Template: Fine Dining')
    await expect(panel(page).getByRole('button', { name: 'Update preview' })).toHaveCount(0)

    // From now on nothing navigates: a marker on this document survives every click.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))
    const sameDocument = () => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)

    // One click on a box, one toggle.
    await booking.click()
    await expect(booking).not.toBeChecked()
    await booking.click()
    await expect(booking).toBeChecked()

    // One click on a template, one change (a second would drop it again).
    await tab(page, 'Templates').click()
    const casual = panel(page).getByRole('button', { name: /Casual Eatery/ })
    await casual.click()
    await expect(casual).toHaveAttribute('aria-pressed', 'true')
    await expect(panel(page).getByRole('button', { pressed: true })).toHaveCount(1)
    await expect(page.getByTestId('preview-template')).toHaveText('Template: Casual Eatery')

    // One click on a service, one toggle.
    await tab(page, 'Services').click()
    await expect(tab(page, 'Services')).toHaveAttribute('aria-selected', 'true')
    await panel(page)
      .getByRole('button', { name: /^Online Ordering/ })
      .click()
    await expect(panel(page).getByRole('button', { pressed: true })).toHaveCount(1)
    await expect(panel(page).getByText('1 selected.')).toBeVisible()

    // One click on a colour, one change.
    await tab(page, 'Design').click()
    await panel(page).getByRole('group', { name: 'Color Scheme' }).getByRole('button', { name: 'Royal Purple' }).click()
    await expect(panel(page).getByRole('group', { name: 'Color Scheme' }).getByRole('button', { pressed: true })).toHaveText('Royal Purple')

    expect(await sameDocument()).toBe(true)
    // The address follows, so a reload shows the same.
    await expect(page).toHaveURL(/[?&]tab=design\b/)
    // The address is written 300 ms after the last change: the last choice may still be on its way.
    const addressDesign = () =>
      JSON.parse(Buffer.from(new URL(page.url()).searchParams.get('design') ?? 'e30', 'base64url').toString()) as unknown
    await expect.poll(addressDesign).toMatchObject({ colorScheme: 'purple' })
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await page.reload()
    await expect(tab(page, 'Design')).toHaveAttribute('aria-selected', 'true')
    await expect(panel(page).getByRole('group', { name: 'Color Scheme' }).getByRole('button', { pressed: true })).toHaveText('Royal Purple')
    await expect(page.getByTestId('preview-template')).toHaveText('Template: Casual Eatery')
  })
})
