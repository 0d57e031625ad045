import { XMLParser } from 'fast-xml-parser'
import { expect, test, type Page } from '@playwright/test'
import { BASE_URL, PUBLIC_PAGES, adminApi, jsonLd, skipDiscoveryPopup, uid, visit } from './public-helpers.ts'

const parser = new XMLParser({ ignoreAttributes: false })

test.beforeEach(async ({ page }) => skipDiscoveryPopup(page))

test('every public page is server-rendered with title suffix, description, keywords, social tags and canonical link', async ({
  request,
}) => {
  for (const path of PUBLIC_PAGES) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(200)
    const html = await res.text()
    const attr = (re: RegExp) => html.match(re)?.[1]
    expect(attr(/<title>([^<]+)<\/title>/), path).toMatch(/^.+ \| .+$/)
    expect(attr(/<meta name="description" content="([^"]+)"/)?.length, path).toBeGreaterThan(50)
    expect(attr(/<meta name="keywords" content="([^"]+)"/), path).toBeTruthy()
    for (const p of ['og:title', 'og:description', 'og:image', 'og:url'])
      expect(attr(new RegExp(`<meta property="${p}" content="([^"]+)"`)), `${path} ${p}`).toBeTruthy()
    for (const n of ['twitter:card', 'twitter:title', 'twitter:description', 'twitter:image'])
      expect(attr(new RegExp(`<meta name="${n}" content="([^"]+)"`)), `${path} ${n}`).toBeTruthy()
    expect(attr(/<link rel="canonical" href="([^"]+)"/), path).toBe(`${BASE_URL}${path}`)
    expect(attr(/<meta property="og:image" content="([^"]+)"/), path).toMatch(new RegExp(`^${BASE_URL}/`))
  }
})

test('each page has valid JSON-LD: the organization with both offices everywhere, FAQPage and Offers where they belong', async ({
  page,
}) => {
  for (const path of PUBLIC_PAGES) {
    await page.goto(path)
    const blocks = await jsonLd(page)
    const org = blocks.find((b) => b['@type'] === 'Organization')
    expect(org, path).toBeTruthy()
    expect(
      org!.location.map((l: { address: { addressLocality: string } }) => l.address.addressLocality),
      path,
    ).toEqual(['San Francisco', 'Gwalior'])
    if (path === '/faq') {
      const faq = blocks.find((b) => b['@type'] === 'FAQPage')
      expect(faq?.mainEntity.length).toBeGreaterThanOrEqual(10)
      expect(faq?.mainEntity[0]).toMatchObject({ '@type': 'Question', acceptedAnswer: { '@type': 'Answer' } })
    }
    if (path === '/pricing') {
      const service = blocks.find((b) => Array.isArray(b.offers))
      expect(service?.offers.map((o: { price: string }) => o.price)).toEqual(['299.00', '599.00', '999.00'])
      expect(service?.offers[0]).toMatchObject({ '@type': 'Offer', priceCurrency: 'USD' })
    }
  }
})

test('robots.txt, sitemap.xml and rss.xml parse and list what they should', async ({ request }) => {
  const admin = await adminApi()
  const mark = uid()
  const post = await admin.call('POST', '/api/blogs', {
    title: `Feed check ${mark} & friends`,
    subheading: 'Sub',
    excerpt: 'An excerpt with <angle> brackets & ampersands.',
    content: '<p>x</p>',
    category: 'SEO',
    status: 'published',
  })
  const draft = await admin.call('POST', '/api/blogs', {
    title: `Feed draft ${mark}`,
    subheading: 's',
    excerpt: 'e',
    content: '<p>x</p>',
    category: 'SEO',
    status: 'draft',
  })
  try {
    const robots = await request.get('/robots.txt')
    expect(robots.headers()['content-type']).toContain('text/plain')
    const txt = await robots.text()
    expect(txt).toMatch(/^User-agent: \*$/m)
    expect(txt).toMatch(/^Disallow: \/admin\/$/m)
    expect(txt).toMatch(/^Disallow: \/api\/$/m)
    expect(txt).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`)

    const sitemap = await request.get('/sitemap.xml')
    expect(sitemap.headers()['content-type']).toContain('xml')
    const urls = parser.parse(await sitemap.text()).urlset.url as { loc: string; lastmod?: string }[]
    const locs = urls.map((u) => u.loc)
    for (const p of ['/', '/services', '/portfolio', '/blog', '/about', '/faq', '/pricing', '/contact', '/proposal', '/demo-builder'])
      expect(locs).toContain(`${BASE_URL}${p}`)
    const entry = urls.find((u) => u.loc === `${BASE_URL}/blog/${post.slug}`)
    expect(entry?.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(locs).not.toContain(`${BASE_URL}/blog/${draft.slug}`)
    expect(locs.some((l) => l.includes('/admin'))).toBe(false)

    const rss = await request.get('/rss.xml')
    expect(rss.headers()['content-type']).toContain('application/rss+xml')
    const channel = parser.parse(await rss.text()).rss.channel
    expect(channel.link).toBe(`${BASE_URL}/blog`)
    const items = channel.item as { title: string; link: string; description: string; pubDate: string }[]
    const item = items.find((i) => i.link === `${BASE_URL}/blog/${post.slug}`)
    expect(item?.title).toBe(`Feed check ${mark} & friends`)
    expect(item?.description).toBe('An excerpt with <angle> brackets & ampersands.')
    expect(Number.isNaN(Date.parse(item!.pubDate))).toBe(false)
    expect(items.some((i) => i.title.includes(`Feed draft ${mark}`))).toBe(false)
  } finally {
    await admin.call('DELETE', `/api/blogs/${post.id}`)
    await admin.call('DELETE', `/api/blogs/${draft.id}`)
    await admin.dispose()
  }
})

/** Collects the page-view beacons the page sends. */
function beacons(page: Page) {
  const sent: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/pageviews')) sent.push((r.postDataJSON() as { path: string }).path)
  })
  return sent
}

/**
 * A positive signal that a client-side navigation's beacon, had there been one, is already among
 * the recorded requests: the new page's heading took focus (an effect of the same commit as the
 * beacon's), then a request made after it is seen (the browser reports requests in order).
 */
async function navigationSettled(page: Page) {
  await expect(page.locator('main h1')).toBeFocused()
  const sentinel = page.waitForRequest((r) => r.url().endsWith('/healthz?after-navigation'))
  await page.evaluate(() => fetch('/healthz?after-navigation'))
  await sentinel
}

test('the first-party page-view beacon: sent per page reached within the site, not under Do Not Track or GPC, not when analytics is off', async ({
  page,
  browser,
}) => {
  const sent = beacons(page)
  // The page the browser loads was counted when the server served it (issue 36, docs/decisions/062):
  // the beacon only counts the pages reached by a click after that.
  await visit(page, '/services')
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click()
  await expect.poll(() => sent).toEqual(['/about'])
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ', exact: true }).click()
  await expect.poll(() => sent).toEqual(['/about', '/faq'])

  for (const optOut of [
    "Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })",
    "Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })",
  ]) {
    const ctx = await browser.newContext()
    const other = await ctx.newPage()
    await other.addInitScript(optOut)
    const none = beacons(other)
    await visit(other, '/faq')
    await other.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click()
    await expect(other).toHaveURL(/\/about$/)
    await navigationSettled(other)
    expect(none, optOut).toEqual([])
    await ctx.close()
  }

  const admin = await adminApi()
  try {
    await admin.call('PUT', '/api/settings', { enableAnalytics: false })
    const ctx = await browser.newContext()
    const off = await ctx.newPage()
    const none = beacons(off)
    await visit(off, '/faq')
    await off.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click()
    await expect(off).toHaveURL(/\/about$/)
    await navigationSettled(off)
    expect(none).toEqual([])
    await ctx.close()
  } finally {
    await admin.call('PUT', '/api/settings', { enableAnalytics: true })
    await admin.dispose()
  }
})

test('maintenance mode: public pages answer 503 with Retry-After; the admin keeps working', async ({ request }) => {
  const admin = await adminApi()
  try {
    await admin.call('PUT', '/api/settings', { maintenanceMode: true })
    const home = await request.get('/')
    expect(home.status()).toBe(503)
    expect(home.headers()['retry-after']).toBeTruthy()
    expect(await home.text()).toContain('maintenance')
    expect((await request.get('/blog')).status()).toBe(503)
    expect((await request.get('/admin/login')).status()).toBe(200)
    expect((await admin.call('GET', '/api/settings')).maintenanceMode).toBe(true)
  } finally {
    await admin.call('PUT', '/api/settings', { maintenanceMode: false })
    await admin.dispose()
  }
  expect((await request.get('/')).status()).toBe(200)
})
