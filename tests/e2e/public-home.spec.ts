import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, skipDiscoveryPopup, visit } from './public-helpers.ts'

test.beforeEach(async ({ page }) => skipDiscoveryPopup(page))

test('the hero offers a proposal and the portfolio, with the promise badges', async ({ page }) => {
  await visit(page, '/')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Your business online in 7 days, not 7 weeks' })).toBeVisible()
  // The hero's (the page's closing band offers one too).
  await expect(main.getByRole('link', { name: 'Get Free Proposal' }).first()).toHaveAttribute('href', '/proposal')
  await expect(main.getByRole('link', { name: 'View Our Work' })).toHaveAttribute('href', '/portfolio')
  const badges = main.getByRole('list', { name: 'Why choose us' })
  for (const b of [
    'Websites in 7 days, stores in 10-14 days',
    'Free hosting & domain for year one',
    '30-day money-back guarantee',
    'Site monitoring around the clock',
    'Proposal within 24 hours',
  ]) {
    await expect(badges.getByText(b)).toBeVisible()
  }
  await main.getByRole('link', { name: 'View Our Work' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Our Portfolio' })).toBeVisible()
})

test('the still-offline section and the four-step process', async ({ page }) => {
  await visit(page, '/')
  await expect(page.getByRole('heading', { name: 'Is your business still offline?' })).toBeVisible()
  const steps = page.getByRole('region', { name: 'How we launch your website in 7 days' }).getByRole('heading', { level: 3 })
  await expect(steps).toHaveText([/Discovery$/, /Design & Prototyping$/, /Development$/, /Launch & Support$/])
})

test('the FAQ accordion: first open, one open at a time, clicking the open one closes it', async ({ page }) => {
  await visit(page, '/')
  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' })
  // The browser's own exclusive accordion (<details name>), each question a heading in its summary.
  const items = faq.locator('details')
  const q = faq.locator('summary')
  await expect(q).toHaveCount(3)
  await expect(q.getByRole('heading', { level: 3 })).toHaveCount(3)
  const answer0 = faq.getByText('Most websites go live within 7 days')
  const answer1 = faq.getByText('Business websites start at $299')
  await expect(items.nth(0)).toHaveAttribute('open')
  await expect(answer0).toBeVisible()
  await expect(answer1).toBeHidden()

  await q.nth(1).click()
  await expect(items.nth(1)).toHaveAttribute('open')
  await expect(answer1).toBeVisible()
  await expect(items.nth(0)).not.toHaveAttribute('open')
  await expect(answer0).toBeHidden()

  await q.nth(1).click()
  for (let i = 0; i < 3; i++) await expect(items.nth(i)).not.toHaveAttribute('open')
  await expect(answer1).toBeHidden()

  await faq.getByRole('link', { name: 'View All FAQs' }).click()
  await expect(page).toHaveURL(/\/faq$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible()
})

test('the portfolio section (#portfolio) filters projects and View All Projects opens the portfolio', async ({ page }) => {
  await visit(page, '/#portfolio')
  const section = page.locator('section#portfolio')
  await expect(section.getByRole('heading', { name: 'Our Portfolio' })).toBeVisible()
  await expect(section.getByText('Loading portfolio...')).toHaveCount(0)
  await expect(section.getByRole('heading', { name: 'Harbor Bakehouse Online Shop' })).toBeVisible()
  // The filters are links (`/?category=…#portfolio`), followed in place once the page is hydrated.
  const filters = section.getByRole('group', { name: 'Filter projects by category' })
  await expect(filters.getByRole('link', { name: 'All Projects' })).toHaveAttribute('aria-current', 'true')
  await expect(filters.getByRole('link', { name: 'Restaurant' })).toHaveAttribute('href', '/?category=Restaurant#portfolio')
  await filters.getByRole('link', { name: 'Restaurant' }).click()
  await expect(page).toHaveURL(/\/\?category=Restaurant$/)
  await expect(filters.getByRole('link', { name: 'Restaurant' })).toHaveAttribute('aria-current', 'true')
  await expect(filters.getByRole('link', { name: 'All Projects' })).not.toHaveAttribute('aria-current')
  await expect(section.getByRole('heading', { name: 'Saffron Table Restaurant' })).toBeVisible()
  await expect(section.getByRole('heading', { name: 'Harbor Bakehouse Online Shop' })).toHaveCount(0)

  await section.getByRole('link', { name: 'View All Projects' }).click()
  await expect(page).toHaveURL(/\/portfolio$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Our Portfolio' })).toBeVisible()
})

test('the logos strip shows client logos with names and fixed sizes', async ({ page }) => {
  await visit(page, '/')
  const strip = page.getByRole('region', { name: 'Trusted by local businesses' })
  const logos = strip.getByRole('img')
  await expect(logos).toHaveCount(6)
  await expect(strip.getByRole('img', { name: 'Harbor Bakehouse' })).toHaveAttribute('width', '160')
  await expect(strip.getByRole('img', { name: 'Harbor Bakehouse' })).toHaveAttribute('loading', 'lazy')
  await expectNoAxeViolations(page)
})
