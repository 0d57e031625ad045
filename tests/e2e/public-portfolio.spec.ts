import { expect, test } from '@playwright/test'
import { adminApi, skipDiscoveryPopup, uid, visit, type AdminApi } from './public-helpers.ts'

const mark = uid()
let admin: AdminApi
const ids: number[] = []
const item = (title: string, extra: Record<string, unknown>) => ({
  title: `${title} ${mark}`,
  description: `A test project (${title}).`,
  category: 'Education',
  image: '/images/portfolio/brightpath-tutoring.svg',
  technologies: ['React', 'TypeScript', 'Vite', 'SQLite', 'Playwright'],
  ...extra,
})

test.beforeAll(async () => {
  admin = await adminApi()
  const items = [
    item('Bare domain', { isLive: true, liveUrl: `bare-${mark}.example` }),
    item('Full url', { isLive: true, liveUrl: `http://full-${mark}.example/path` }),
    item('Offline', { isLive: false, liveUrl: `offline-${mark}.example` }),
    item('No url', { isLive: true, liveUrl: '' }),
    item('Archived', { isLive: true, liveUrl: `archived-${mark}.example`, status: 'archived' }),
    item('Cafe', { category: 'Restaurant', isLive: false }),
  ]
  for (const i of items) ids.push(((await admin.call('POST', '/api/portfolio', i)) as { id: number }).id)
})

test.afterAll(async () => {
  for (const id of ids) await admin.call('DELETE', `/api/portfolio/${id}`)
  await admin.dispose()
})

test.beforeEach(async ({ page }) => skipDiscoveryPopup(page))

const card = (page: import('@playwright/test').Page, title: string) =>
  page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: `${title} ${mark}` }) })

test('the portfolio page: title, five filters applied to the grid, active projects only', async ({ page }) => {
  await visit(page, '/portfolio')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Our Portfolio' })).toBeVisible()
  await expect(main.getByText('Loading portfolio...')).toHaveCount(0)
  // Links the server answers (`?category=`), followed in place once hydrated (issue 22).
  const filters = main.getByRole('group', { name: 'Filter projects by category' }).getByRole('link')
  await expect(filters).toHaveText(['All Projects', 'E-commerce', 'Business', 'Education', 'Restaurant'])
  await expect(filters.first()).toHaveAttribute('aria-current', 'true')
  await expect(filters.first()).toHaveAttribute('href', '/portfolio')
  await expect(card(page, 'Bare domain')).toBeVisible()
  await expect(card(page, 'Cafe')).toBeVisible()
  await expect(main.getByText(`Archived ${mark}`)).toHaveCount(0)

  await filters.filter({ hasText: 'Restaurant' }).click()
  await expect(page).toHaveURL(/\/portfolio\?category=Restaurant$/)
  await expect(filters.filter({ hasText: 'Restaurant' })).toHaveAttribute('aria-current', 'true')
  await expect(filters.first()).not.toHaveAttribute('aria-current')
  await expect(card(page, 'Cafe')).toBeVisible()
  await expect(card(page, 'Bare domain')).toHaveCount(0)
  const badges = main.getByRole('article').locator('p > span')
  for (const b of await badges.all()) await expect(b).toHaveText('Restaurant')

  await filters.filter({ hasText: 'Education' }).click()
  await expect(card(page, 'Bare domain')).toBeVisible()
  await expect(card(page, 'Cafe')).toHaveCount(0)
  for (const b of await badges.all()) await expect(b).toHaveText('Education')

  await filters.filter({ hasText: 'All Projects' }).click()
  await expect(page).toHaveURL(/\/portfolio$/)
  await expect(card(page, 'Cafe')).toBeVisible()
  await expect(card(page, 'Bare domain')).toBeVisible()
})

test('cards show image, category, description and at most three tags (what the site does)', async ({ page }) => {
  await visit(page, '/portfolio')
  const c = card(page, 'Bare domain')
  const img = c.getByRole('img', { name: `Screenshot of Bare domain ${mark}` })
  await expect(img).toHaveAttribute('width', '1200')
  await expect(img).toHaveAttribute('height', '800')
  await expect(c.getByText('Education', { exact: true })).toBeVisible()
  await expect(c.getByText('A test project (Bare domain).')).toBeVisible()
  await expect(c.getByRole('list', { name: 'What the site does' }).getByRole('listitem')).toHaveText([
    'React',
    'TypeScript',
    'Vite',
    '+2 more',
  ])
})

test('every card links to its case page, live or not (issue 35 §5)', async ({ page }) => {
  await visit(page, '/portfolio')
  const main = page.getByRole('main')
  const cards = main.getByRole('article')
  const count = await cards.count()
  expect(count).toBeGreaterThanOrEqual(9)
  for (const c of await cards.all())
    await expect(c.getByRole('link', { name: /^Read the case study/ })).toHaveAttribute('href', /^\/portfolio\/[a-z0-9-]+$/)
  // A project that is not live still has its page.
  const offline = card(page, 'Offline')
  await expect(offline.getByRole('link', { name: /^Read the case study/ })).toHaveAttribute('href', `/portfolio/offline-${mark}`)
  await offline.getByRole('link', { name: /^Read the case study/ }).click()
  await expect(page).toHaveURL(new RegExp(`/portfolio/offline-${mark}$`))
  await expect(page.getByRole('heading', { level: 1, name: `Offline ${mark}` })).toBeVisible()
  await expect(page.getByText('A test project (Offline).')).toBeVisible()
})

test('the live-link button shows only for live projects with a URL and opens it in a new tab with https:// added', async ({ page }) => {
  await visit(page, '/portfolio')
  const bare = card(page, 'Bare domain').getByRole('link', { name: /^View Live Site/ })
  await expect(bare).toHaveAttribute('href', `https://bare-${mark}.example`)
  await expect(bare).toHaveAttribute('target', '_blank')
  await expect(bare).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(card(page, 'Full url').getByRole('link', { name: /^View Live Site/ })).toHaveAttribute(
    'href',
    `http://full-${mark}.example/path`,
  )
  await expect(card(page, 'Offline').getByRole('link', { name: /^View Live Site/ })).toHaveCount(0)
  await expect(card(page, 'No url').getByRole('link', { name: /^View Live Site/ })).toHaveCount(0)

  // Clicking opens a new tab (the external site itself is not reachable from the test network).
  await page.context().route(`https://bare-${mark}.example/**`, (r) => r.fulfill({ contentType: 'text/html', body: '<title>live</title>' }))
  const [popup] = await Promise.all([page.waitForEvent('popup'), bare.click()])
  await expect(popup).toHaveURL(`https://bare-${mark}.example/`)
  await popup.close()
})
