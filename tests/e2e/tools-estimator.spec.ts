import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, pdfText, visit } from './tools-helpers.ts'
import { holdScripts, letScriptsRun } from './held-scripts.ts'

const estimator = (page: Page) => page.getByRole('region', { name: 'Cost Estimator' })

/** Business website, 12 pages (10 included), SEO + CMS, rush: (599 + 2 x 50 + 100 + 150) x 1.5 = $1,423.50. */
async function chooseExample(page: Page) {
  const e = estimator(page)
  await e.getByRole('radio', { name: /Business Website/ }).check()
  await e.getByLabel('Number of Pages').fill('12')
  await e.getByRole('checkbox', { name: /SEO Optimization/ }).check()
  await e.getByRole('checkbox', { name: /Content Management/ }).check()
  await e.getByLabel(/Timeline/).selectOption('rush')
}

test.describe('cost estimator', () => {
  test('choices made before the page’s script has run are kept when it does', async ({ page }) => {
    // The page is drawn first and its scripts start after that (docs/decisions/024): hold them back.
    const scripts = await holdScripts(page)
    await page.goto('/pricing')
    await chooseExample(page)
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0)
    await letScriptsRun(page, scripts)
    const e = estimator(page)
    await expect(e.getByRole('radio', { name: /Business Website/ })).toBeChecked()
    await e.getByRole('button', { name: 'Calculate' }).click()
    await expect(e.getByRole('region', { name: 'Your estimate' })).toContainText('$1,423.50')
  })

  test('Calculate is disabled until a website type is chosen and the estimate changes only when pressed', async ({ page }) => {
    await visit(page, '/pricing')
    const e = estimator(page)
    const calculate = e.getByRole('button', { name: 'Calculate' })
    await expect(calculate).toBeDisabled()
    await expect(e.getByRole('region', { name: 'Your estimate' })).toHaveCount(0)

    await chooseExample(page)
    await expect(calculate).toBeEnabled()
    await expect(e.getByRole('region', { name: 'Your estimate' })).toHaveCount(0)
    await calculate.click()
    const result = e.getByRole('region', { name: 'Your estimate' })
    await expect(result).toContainText('Estimated total: $1,423.50')
    const rows = result.getByRole('row')
    await expect(rows.filter({ hasText: 'Business Website (Business plan, includes 10 pages)' })).toContainText('$599')
    await expect(rows.filter({ hasText: '2 extra pages' })).toContainText('$100')
    await expect(rows.filter({ hasText: 'SEO Optimization' })).toContainText('$100')
    await expect(rows.filter({ hasText: 'Content Management' })).toContainText('$150')
    await expect(rows.filter({ hasText: 'Subtotal' })).toContainText('$949')
    // The surcharge is said once.
    await expect(rows.filter({ hasText: 'Rush: 5 days (+50%)' })).toContainText('+$474.50')
    await expect(result).not.toContainText('x1.5')
    // The delivery for the chosen type and urgency: Rush shortens the Business plan's 7 days.
    await expect(result).toContainText('Delivery: 5 days with Rush (7 days at the standard pace).')

    // Changing a choice does not touch the shown estimate until Calculate is pressed again.
    await e.getByLabel(/Timeline/).selectOption('')
    await expect(result).toContainText('Estimated total: $1,423.50')
    await expect(result).toContainText('Press Calculate to update the estimate.')
    await calculate.click()
    await expect(result).toContainText('Estimated total: $949')
    await expect(result).toContainText('Delivery: 7 days.')
    await expect(result).not.toContainText('Press Calculate')

    await expectNoAxeViolations(page)
  })

  test('says its own message beside Number of Pages (the browser’s max does not swallow it) and focuses the field', async ({ page }) => {
    await visit(page, '/pricing')
    const e = estimator(page)
    await expect(e.locator('form')).toHaveAttribute('novalidate', '')
    await e.getByRole('radio', { name: /Static Website/ }).check()
    const pages = e.getByLabel('Number of Pages')
    await expect(pages).toHaveAttribute('max', '100')
    await pages.fill('500')
    await e.getByRole('button', { name: 'Calculate' }).click()
    await expect(pages).toBeFocused()
    await expect(pages).toHaveAttribute('aria-invalid', 'true')
    await expect(pages).toHaveAccessibleDescription(/Enter a whole number of pages from 1 to 100\./)
    await expect(e.getByRole('region', { name: 'Your estimate' })).toHaveCount(0)
    await expectNoAxeViolations(page)
    // The message goes as soon as the number is one the estimator takes.
    await pages.fill('5')
    await expect(pages).not.toHaveAttribute('aria-invalid', 'true')
    await expect(e.getByText('Enter a whole number of pages')).toHaveCount(0)
    await e.getByRole('button', { name: 'Calculate' }).click()
    // The Starter plan's 5 pages cost its card price (issue 35).
    await expect(e.getByRole('region', { name: 'Your estimate' })).toContainText('Estimated total: $299')
  })

  test('downloads the estimate as a PDF priced by the server', async ({ page }) => {
    await visit(page, '/pricing')
    await chooseExample(page)
    await estimator(page).getByRole('button', { name: 'Calculate' }).click()
    const downloading = page.waitForEvent('download')
    await estimator(page).getByRole('link', { name: 'Download estimate (PDF)' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('estimate.pdf')
    const pdf = await readFile(await download.path())
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = pdfText(pdf)
    const lines = text.split('\n')
    // The agency's letterhead, reference, date and validity, the rows as on screen, next steps and contact.
    expect(lines).toContain('Launchpad Web Studio')
    expect(lines).toContain('Website Cost Estimate')
    expect(text).toMatch(/Reference: EST-\d{8}-[0-9A-F]{6}/)
    expect(text).toMatch(/Valid until: \w+ \d{1,2}, \d{4} \(30 days\)/)
    for (const row of [
      'Business Website (Business plan, includes 10 pages)',
      '2 extra pages x $50',
      'SEO Optimization',
      'Content Management',
      'Subtotal',
      'Rush: 5 days (+50%)',
      'Estimated total',
      '$1,423.50',
      'Delivery: 5 days with Rush (7 days at the standard pace).',
    ]) {
      expect(lines, row).toContain(row)
    }
    expect(text).not.toContain('base price')
    expect(text).not.toContain('(x1.5)')
    expect(lines).toContain('Next steps')
    expect(lines).toContain('Contact us')
    expect(text).toContain('548 Harrison Street, Suite 310, San Francisco, CA 94105, USA')
  })

  test('the PDF endpoint rejects bad input and ignores any total sent by the client', async ({ request }) => {
    const ok = await request.get('/api/estimate/pdf?type=static&pages=1&total=1')
    expect(ok.status()).toBe(200)
    expect(ok.headers()['content-type']).toBe('application/pdf')
    expect(ok.headers()['content-disposition']).toBe('attachment; filename="estimate.pdf"')
    const text = pdfText(await ok.body())
    expect(text).toContain('$299')
    expect(text).not.toContain('$1\n')

    for (const query of [
      'type=mansion&pages=5',
      'type=business&pages=0',
      'type=business&pages=abc',
      'type=business&pages=5&addons=jacuzzi',
      'type=business&pages=5&urgency=yesterday',
      'pages=5',
    ]) {
      const bad = await request.get(`/api/estimate/pdf?${query}`)
      expect(bad.status(), query).toBe(400)
      expect((await bad.json()) as { error: string }).toMatchObject({ error: 'Validation failed' })
    }
  })

  test('Request this proposal carries the estimate into the proposal form', async ({ page }) => {
    await visit(page, '/pricing')
    await chooseExample(page)
    await estimator(page).getByRole('button', { name: 'Calculate' }).click()
    await estimator(page).getByRole('link', { name: 'Request this proposal' }).click()
    await expect(page).toHaveURL(/\/proposal\?from=estimator/)
    const requirements = page.getByLabel('Project Requirements')
    await expect(requirements).toHaveValue(/Website type: Business Website/)
    await expect(requirements).toHaveValue(/Add-ons: Content Management, SEO Optimization/)
    await expect(requirements).toHaveValue(/Estimated total: \$1,423\.50/)
    await expect(page.getByLabel('Budget Range')).toHaveValue('1000-2500')
    await expect(page.getByText('We added your cost estimate to the project requirements below.')).toBeVisible()
    // The visitor can still edit what was carried in.
    await requirements.fill('Only the SEO package, please.')
    await expect(requirements).toHaveValue('Only the SEO package, please.')
  })
})
