import { expect, test } from '@playwright/test'
import { FAQS } from '../../app/content/faq.ts'
import { searchFaqs } from '../../app/lib/faq-search.ts'
import { skipDiscoveryPopup, visit } from './public-helpers.ts'

test.beforeEach(async ({ page }) => skipDiscoveryPopup(page))

test('services: six cards with features and proposal links, the comparison table and stats', async ({ page }) => {
  await visit(page, '/services')
  const main = page.getByRole('main')
  const cards = main.getByRole('region', { name: 'Our services' }).getByRole('heading', { level: 2 })
  await expect(cards).toHaveText(['Custom Websites', 'E-commerce', 'SEO', 'Admin Panel / CMS', 'Online Marketing', 'Maintenance & Support'])
  await expect(main.getByRole('list', { name: 'Custom Websites features' }).getByRole('listitem')).toHaveCount(5)
  const proposalLinks = main.getByRole('region', { name: 'Our services' }).getByRole('link', { name: 'Get Free Proposal' })
  await expect(proposalLinks).toHaveCount(6)
  for (const link of await proposalLinks.all()) await expect(link).toHaveAttribute('href', '/proposal')

  const table = main.getByRole('table')
  await expect(table.getByRole('columnheader')).toHaveText(['Feature', /Launchpad|.+/, 'Typical agencies'])
  const delivery = table.getByRole('row', { name: /Delivery time/ })
  await expect(delivery.getByRole('cell')).toHaveText(['7 days (online stores 10-14 days)', '3-4 weeks'])
  for (const feature of ['Free domain + hosting', 'AI chat assistant', 'Admin panel', 'Instant PDF proposal', 'Transparent pricing']) {
    await expect(table.getByRole('row', { name: new RegExp(feature.replace('+', '\\+')) }).getByRole('cell')).toHaveText([/Yes/, /No/])
  }
  await expect(main.getByText('100+', { exact: true })).toBeVisible()
  await expect(main.getByText('Client satisfaction')).toBeVisible()
  // One client count, and no unsourced conversion figure (issue 35).
  await expect(main.getByText('Businesses served')).toHaveCount(0)
  await expect(main.getByText(/increase in conversions/)).toHaveCount(0)

  await proposalLinks.first().click()
  await expect(page).toHaveURL(/\/proposal$/)
})

test('about: story, four values, two offices with a map that loads only when scrolled to, team of five', async ({ page }) => {
  // The map provider is outside the test network: answer the reachability probe (an image) with a
  // 1×1 GIF and the frame with an empty page. (When Google cannot be reached, see builder-and-visual.spec.ts.)
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
  await page.route('https://www.google.com/**', (route) =>
    route.request().resourceType() === 'image'
      ? route.fulfill({ contentType: 'image/gif', body: gif })
      : route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>map</title>' }),
  )
  await visit(page, '/about')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Our Story' })).toBeVisible()
  await expect(main.getByText(/started in 2020/)).toBeVisible()
  await expect(main.getByRole('region', { name: 'Our Values' }).getByRole('heading', { level: 3 })).toHaveText([
    'Mission Driven',
    'Client First',
    'Quality Excellence',
    'Team Spirit',
  ])
  const offices = main.getByRole('region', { name: 'One team, two offices, around the clock' })
  await expect(offices.getByRole('heading', { name: 'San Francisco, USA' })).toBeAttached()
  await expect(offices.getByRole('heading', { name: 'Gwalior, India' })).toBeAttached()

  // Not loaded at the top of the page: placeholders only.
  await expect(page.locator('iframe')).toHaveCount(0)
  await expect(page.locator('[data-map-placeholder]')).toHaveCount(2)
  await offices.getByRole('heading', { name: 'San Francisco, USA' }).scrollIntoViewIfNeeded()
  const map = page.locator('iframe[title="Map of our San Francisco office"]')
  await expect(map).toHaveCount(1)
  await expect(map).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps\?q=.+&output=embed$/)

  const team = main.getByRole('region', { name: 'Meet the Team' })
  await expect(team.getByRole('heading', { level: 3 })).toHaveCount(5)
  const portraits = team.getByRole('img')
  await expect(portraits).toHaveCount(5)
  for (const img of await portraits.all()) {
    await expect(img).toHaveAttribute('width', '256')
    await expect(img).toHaveAttribute('height', '256')
    await expect(img).toHaveAttribute('src', /^\/images\/team\/.+\.svg$/)
  }
})

test('faq: case-insensitive search over question, answer and category; one item open at a time', async ({ page }) => {
  await visit(page, '/faq')
  const main = page.getByRole('main')
  const search = main.getByPlaceholder('Search FAQs...')
  // The browser's own exclusive accordion: a summary holding the question's heading.
  const items = main.locator('details')
  const questions = main.locator('summary')
  const total = await questions.count()
  expect(total).toBeGreaterThanOrEqual(10)
  await expect(questions.getByRole('heading', { level: 2 })).toHaveCount(total)
  await expect(items.first()).toHaveAttribute('open')

  // One open at a time, and clicking the open one closes it.
  await questions.nth(3).click()
  await expect(items.nth(3)).toHaveAttribute('open')
  await expect(main.locator('details[open]')).toHaveCount(1)
  await questions.nth(3).click()
  await expect(main.locator('details[open]')).toHaveCount(0)

  // Question text, any case.
  await search.fill('MONEY-BACK')
  await expect(questions).toHaveCount(1)
  await expect(questions.first()).toContainText('What if I am not happy with the result?')

  // Answer text only ('Gwalior' is in answers, not in questions).
  await search.fill('gwalior')
  await expect(questions).toHaveCount(searchFaqs(FAQS, 'gwalior').length)
  expect(searchFaqs(FAQS, 'gwalior').every((f) => !/gwalior/i.test(f.question))).toBe(true)
  await expect(questions.first()).toContainText('Who is Launchpad Web Studio?')

  // Category ('Support' is a category; the page shows exactly what the search rule selects).
  await search.fill('Support')
  const expected = searchFaqs(FAQS, 'support').map((f) => f.question)
  expect(expected.length).toBeGreaterThanOrEqual(4)
  await expect(questions).toContainText(expected)
  await expect(questions).toHaveCount(expected.length)

  await search.fill('zzzz no such thing')
  await expect(main.getByText('No FAQs found matching your search.')).toBeVisible()
  await expect(questions).toHaveCount(0)

  await search.fill('')
  await expect(questions).toHaveCount(total)
})

test('pricing: three plans linking to /proposal, add-ons, the estimator and the pricing FAQ', async ({ page }) => {
  await visit(page, '/pricing')
  const main = page.getByRole('main')
  const plans = main.getByRole('region', { name: 'Plans' })
  await expect(plans.getByRole('heading', { level: 2 })).toHaveText(['Starter', 'Business', 'Premium'])
  for (const price of ['$299', '$599', '$999']) await expect(plans.getByText(price, { exact: true })).toBeVisible()
  await expect(plans.getByText('Most Popular')).toBeVisible()
  await expect(plans.getByText('Up to 5 pages')).toBeVisible()
  await expect(plans.getByText('6 months support')).toBeVisible()
  await expect(plans.getByText('Live in 7 days')).toHaveCount(3)
  const buttons = plans.getByRole('link', { name: /^Get Started/ })
  await expect(buttons).toHaveCount(3)
  for (const b of await buttons.all()) await expect(b).toHaveAttribute('href', '/proposal')

  const addons = main.getByRole('region', { name: 'Add-ons' })
  // One price list with the estimator (docs/decisions/023-one-price-list.md).
  for (const name of [
    'AI Chat Assistant',
    'Content Management',
    'SEO Optimization',
    'Analytics Setup',
    'Social Media Integration',
    'Booking System',
    'Payment Gateway',
    'Monthly Maintenance',
  ]) {
    await expect(addons.getByRole('heading', { name })).toBeVisible()
  }
  await expect(main.getByRole('region', { name: 'Estimate your project' })).toBeVisible()

  const faq = main.getByRole('region', { name: 'Pricing questions' })
  const items = faq.locator('details')
  const q = faq.locator('summary')
  await expect(q).toHaveCount(5)
  await expect(items.first()).toHaveAttribute('open')
  await q.nth(2).click()
  await expect(items.nth(2)).toHaveAttribute('open')
  await expect(items.first()).not.toHaveAttribute('open')
  await expect(faq.getByText(/30-day|within 30 days/)).toBeVisible()

  await buttons.nth(1).click()
  await expect(page).toHaveURL(/\/proposal$/)
})

test('privacy and terms are real pages', async ({ page }) => {
  await visit(page, '/privacy')
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  await expect(page.getByText(/Last updated/)).toBeVisible()
  await visit(page, '/terms')
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible()
  expect(await page.getByRole('main').getByRole('heading', { level: 2 }).count()).toBeGreaterThan(2)
})
