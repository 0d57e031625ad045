import { devices, expect, test, type Page } from '@playwright/test'
import { ADMIN, expectNoAxeViolations, login, sql, uid } from './admin-helpers.ts'

/**
 * Where leads come from (issue 25): no public page sets a cookie; a visit's source and campaign
 * follow it to the proposal it sends, the lead desk, the CSV and the dashboard.
 */

// Each test is a visitor of its own: the site knows a visitor only by address and user agent, and
// every e2e test comes from 127.0.0.1 with the same browser.
test.use({
  userAgent: async ({ browserName: _ }, run, testInfo) => {
    await run(`${devices[testInfo.project.name === 'phone' ? 'Pixel 7' : 'Desktop Chrome'].userAgent} lead-${uid()}`)
  },
})

/**
 * A page as a visitor opens it. The server counts the view when it serves the page (issue 36,
 * docs/decisions/062): no beacon is sent for the page a browser loads, only for pages reached by
 * a click within the site.
 */
async function open(page: Page, url: string, referer?: string) {
  await page.goto(url, { referer })
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
}

/** Fills and sends the proposal form (with or without JavaScript) and waits for its confirmation. */
async function sendProposal(page: Page, name: string, email: string) {
  await page.getByLabel('Full Name').fill(name)
  await page.getByLabel('Email Address').fill(email)
  await page.getByLabel('Business Type').selectOption('retail')
  await page.getByLabel('Budget Range').selectOption('1000-2500')
  await page.getByLabel('Project Requirements').fill('An online shop with 20 products and card payments.')
  await page.getByRole('button', { name: 'Submit Proposal Request' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Proposal Request Submitted!' })).toBeVisible()
}

/** Signs in and reads where the lead of that name came from on its desk page: source, campaign, landing page, tools. */
async function leadOrigin(page: Page, name: string) {
  await login(page)
  const list = (await (await page.request.get(`/api/proposals?q=${encodeURIComponent(name)}`)).json()) as { id: number }[]
  expect(list).toHaveLength(1)
  await page.goto(`${ADMIN}/proposals/${list[0].id}`)
  return page.getByRole('region', { name: 'Where this lead came from' }).getByRole('definition')
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('discovery-popup-shown', 'true'))
  // The page-view limit counts per address, and every e2e test shares 127.0.0.1.
  sql("delete from rate_limits where key like 'pageview%'")
})

test('no public page sets a cookie, in a header or from a script', async ({ page, request }) => {
  const posts = (await (await request.get('/api/blogs')).json()) as { slug: string }[]
  const pages = [
    '/',
    '/services',
    '/portfolio',
    '/blog',
    `/blog/${posts[0].slug}`,
    '/about',
    '/faq',
    '/pricing',
    '/contact',
    '/privacy',
    '/terms',
    '/proposal',
    '/demo-builder',
    '/book',
    '/chat',
    '/no-such-page',
  ]
  const setCookies: string[] = []
  page.on('response', async (r) => {
    const header = await r.headerValue('set-cookie')
    if (header) setCookies.push(`${r.url()}: ${header}`)
  })
  for (const path of pages) {
    const res = await page.goto(path)
    expect(res, path).not.toBeNull()
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    expect(await page.evaluate(() => document.cookie), path).toBe('')
  }
  expect(setCookies).toEqual([])
  expect(await page.context().cookies()).toEqual([])
})

test('a visit from a campaign follows its proposal to the lead desk, the CSV and the dashboard', async ({ page }) => {
  const tag = uid()
  const campaign = `e2e-${tag}`
  const name = `Campaign Lead ${tag}`

  await open(page, `/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`, 'https://news.example.org/story')
  await open(page, '/proposal')
  await page.getByLabel('Full Name').fill(name)
  await page.getByLabel('Email Address').fill(`lead-${tag}@example.com`)
  await page.getByLabel('Business Type').selectOption('retail')
  await page.getByLabel('Budget Range').selectOption('1000-2500')
  await page.getByLabel('Project Requirements').fill('An online shop with 20 products and card payments.')
  await page.getByRole('button', { name: 'Submit Proposal Request' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Proposal Request Submitted!' })).toBeVisible()
  // Still no cookie after sending the form.
  expect(await page.context().cookies()).toEqual([])

  await login(page)
  const list = (await (await page.request.get(`/api/proposals?q=${encodeURIComponent(name)}`)).json()) as { id: number }[]
  expect(list).toHaveLength(1)
  await page.goto(`${ADMIN}/proposals/${list[0].id}`)
  const origin = page.getByRole('region', { name: 'Where this lead came from' })
  await expect(origin).toContainText('Source')
  await expect(origin.getByRole('definition')).toHaveText(['newsletter', campaign, '/pricing', 'none'])

  const csv = await (await page.request.get(`/api/proposals/export.csv?q=${encodeURIComponent(name)}`)).text()
  const [header, row] = csv.split('\r\n')
  expect(header).toBe('Name,Email,Phone,Business Type,Budget,Status,Date (Pacific Time),Source,Campaign,Landing page')
  expect(row).toMatch(new RegExp(`^${name},lead-${tag}@example.com,.*,newsletter,${campaign},/pricing$`))

  await page.goto(`${ADMIN}/dashboard?period=7d`)
  await expect(page.getByRole('navigation', { name: 'Period' }).getByRole('link', { name: 'Last 7 days' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  const campaigns = page.getByRole('table', { name: 'Campaigns' })
  // One visitor is too few for a conversion rate (docs/METRICS.md): '–'.
  await expect(campaigns.getByRole('row', { name: new RegExp(`${campaign} \\(newsletter\\)`) }).getByRole('cell')).toHaveText([
    '1',
    '1',
    '–',
  ])
  await expect(page.getByRole('table', { name: 'Funnel' }).getByRole('rowheader')).toHaveText([
    'Landed',
    'Pricing, estimator or builder',
    'Proposal form opened',
    'Request sent',
  ])
  await expect(page.getByRole('region', { name: 'Countries' })).toContainText("Not set up: the site does not look up visitors' countries.")
  const sourcesCsv = await (await page.request.get(`/api/dashboard/traffic.csv?table=campaigns&period=7d`)).text()
  expect(sourcesCsv.split('\r\n')).toContain(`newsletter,${campaign},1,1,`)
  // Readable on a phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true)
  await expectNoAxeViolations(page)
})

test('a visitor whose browser asks not to be tracked is not recorded', async ({ page }) => {
  const tag = uid()
  // A browser with Global Privacy Control on says so in a header and to scripts.
  await page.setExtraHTTPHeaders({ 'sec-gpc': '1' })
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }))
  let sent = 0
  page.on('request', (r) => {
    if (r.url().endsWith('/api/pageviews')) sent++
  })
  await page.goto(`/services?utm_source=gpc&utm_campaign=gpc-${tag}`)
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await page.goto('/about')
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await page.getByRole('link', { name: 'Services' }).first().click()
  await expect(page).toHaveURL(/\/services$/)
  expect(sent).toBe(0)
  // Nor when the pages were served: the campaign never reaches the dashboard.
  await page.setExtraHTTPHeaders({})
  await login(page)
  const traffic = (await (await page.request.get('/api/dashboard/traffic?period=7d')).json()) as { campaigns: { campaign: string }[] }
  expect(traffic.campaigns.map((c) => c.campaign)).not.toContain(`gpc-${tag}`)
})

// Issue 36 §3: the source of a lead never depends on how fast its first page hydrated.
test('a visitor who goes on to the proposal form at once keeps the campaign that brought them', async ({ page }) => {
  const tag = uid()
  const name = `Quick Lead ${tag}`
  // The next page is asked for as soon as the first one's answer begins: its scripts never run.
  await page.goto(`/pricing?utm_source=x-${tag}&utm_campaign=y-${tag}`, { waitUntil: 'commit' })
  await page.goto('/proposal')
  await sendProposal(page, name, `quick-${tag}@example.com`)
  await expect(await leadOrigin(page, name)).toHaveText([`x-${tag}`, `y-${tag}`, '/pricing', 'none'])
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a visit with no script at all still brings its campaign to the lead', async ({ page }) => {
    const tag = uid()
    const name = `NoJS Lead ${tag}`
    await page.goto(`/pricing?utm_source=x-${tag}&utm_campaign=y-${tag}`)
    await page.goto('/proposal')
    await sendProposal(page, name, `nojs-${tag}@example.com`)
    await expect(await leadOrigin(page, name)).toHaveText([`x-${tag}`, `y-${tag}`, '/pricing', 'none'])
  })
})
