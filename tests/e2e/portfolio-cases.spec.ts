import { expect, test, type Page } from '@playwright/test'
import { XMLParser } from 'fast-xml-parser'
import { ADMIN, expectNoAxeViolations as expectNoAdminAxeViolations, login } from './admin-helpers.ts'
import { BASE_URL, adminApi, expectNoAxeViolations, jsonLd, skipDiscoveryPopup, uid, visit } from './public-helpers.ts'

/** Issue 35 §5: proof. Each project's case page, the cards' links, testimonials with names, the editor's case fields. */

test.beforeEach(async ({ page }) => skipDiscoveryPopup(page))

test('a case page tells the story: problem, what was built, results with figures, the client’s words with a name, before and after; JSON-LD and meta', async ({
  page,
}) => {
  const res = await visit(page, '/portfolio/harbor-bakehouse-online-shop')
  expect(res?.status()).toBe(200)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Harbor Bakehouse Online Shop' })).toBeVisible()
  const cover = main.getByRole('img', { name: 'Website mockup for Harbor Bakehouse online shop' })
  await expect(cover).toHaveAttribute('width', '1200')
  await expect(cover).toHaveAttribute('height', '800')
  const results = main.getByRole('region', { name: 'Results' })
  await expect(results.getByRole('definition')).toHaveText(['41%', '6 hours', '0'])
  await expect(results.getByRole('term').first()).toHaveText('of orders placed online by the third month')
  await expect(main.getByRole('region', { name: 'The problem' })).toContainText('took every order by phone')
  await expect(main.getByRole('region', { name: 'What we built' })).toContainText('pick a next-morning pickup slot')
  const quote = main.getByRole('figure').filter({ hasText: 'Nadia Okafor' })
  await expect(quote.getByRole('blockquote')).toContainText('we have not lost one since')
  await expect(quote).toContainText('Owner, Harbor Bakehouse')
  const beforeAfter = main.getByRole('region', { name: 'Before and after' })
  await expect(beforeAfter.getByRole('heading', { level: 3 })).toHaveText(['Before', 'After'])
  await expect(main.getByRole('region', { name: 'What the site does' }).getByRole('listitem')).toHaveText([
    'Online ordering',
    'Pickup time slots',
    'Card and wallet payments',
    'Fast on phones',
  ])
  await expect(main.getByRole('link', { name: /^View Live Site/ })).toHaveAttribute('href', 'https://harborbakehouse.example')
  // The site's closing call to action.
  await expect(
    page.getByRole('region', { name: 'Want results like these for your business?' }).getByRole('link', { name: 'Book a call' }),
  ).toBeVisible()

  await expect(page).toHaveTitle(/^Harbor Bakehouse Online Shop: case study/)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${BASE_URL}/portfolio/harbor-bakehouse-online-shop`)
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${BASE_URL}/portfolio/harbor-bakehouse-online-shop`)
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')
  const work = (await jsonLd(page)).find((d) => d['@type'] === 'CreativeWork')
  expect(work).toMatchObject({
    '@context': 'https://schema.org',
    name: 'Harbor Bakehouse Online Shop',
    url: `${BASE_URL}/portfolio/harbor-bakehouse-online-shop`,
    review: { '@type': 'Review', author: { '@type': 'Person', name: 'Nadia Okafor', jobTitle: 'Owner, Harbor Bakehouse' } },
  })
  // No script of its own: what every page has (the JSON-LD is data).
  await expectNoAxeViolations(page)
})

test('a project that is not live has a case page with no live link; unknown and archived projects are 404; an old slug moves (301)', async ({
  page,
  request,
}) => {
  await visit(page, '/portfolio/saffron-table-restaurant')
  await expect(page.getByRole('heading', { level: 1, name: 'Saffron Table Restaurant' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('figure').filter({ hasText: 'Vikram Rao' })).toBeVisible()
  await expect(page.getByRole('link', { name: /^View Live Site/ })).toHaveCount(0)

  const missing = await page.goto('/portfolio/no-such-project')
  expect(missing?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Project Not Found' })).toBeVisible()

  const admin = await adminApi()
  const mark = uid()
  const item = (await admin.call('POST', '/api/portfolio', {
    title: `Moved ${mark}`,
    description: 'A project that moves.',
    category: 'Business',
    image: '/images/portfolio/summit-dental.svg',
  })) as { id: number; slug: string }
  try {
    expect(item.slug).toBe(`moved-${mark}`)
    await admin.call('PUT', `/api/portfolio/${item.id}`, { slug: `new-home-${mark}` })
    const old = await request.get(`/portfolio/moved-${mark}`, { maxRedirects: 0 })
    expect(old.status()).toBe(301)
    expect(old.headers().location).toBe(`/portfolio/new-home-${mark}`)
    await admin.call('PUT', `/api/portfolio/${item.id}`, { status: 'archived' })
    expect((await request.get(`/portfolio/new-home-${mark}`)).status()).toBe(404)
  } finally {
    await admin.call('DELETE', `/api/portfolio/${item.id}`)
    await admin.dispose()
  }
})

test('the sitemap lists every active project’s case page', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text()
  const urls = new XMLParser().parse(xml).urlset.url as { loc: string; lastmod?: string }[]
  for (const slug of ['harbor-bakehouse-online-shop', 'summit-dental-care', 'saffron-table-restaurant', 'brightpath-tutoring']) {
    const entry = urls.find((u) => u.loc === `${BASE_URL}/portfolio/${slug}`)
    expect(entry?.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  }
})

async function expectTestimonials(page: Page) {
  const section = page.getByRole('region', { name: 'What our clients say' })
  const quotes = section.getByRole('list', { name: 'Client testimonials' }).getByRole('figure')
  await expect(quotes.filter({ hasText: 'Nadia Okafor' })).toContainText('Owner, Harbor Bakehouse')
  await expect(quotes.filter({ hasText: 'Dr. Priya Menon' })).toContainText('Dentist and owner, Summit Dental Care')
  await expect(quotes.filter({ hasText: 'Vikram Rao' })).toBeVisible()
  await expect(quotes.filter({ hasText: 'Hannah Lee' })).toBeVisible()
  await expect(section.getByRole('link', { name: 'Read the Summit Dental Care story' })).toHaveAttribute(
    'href',
    '/portfolio/summit-dental-care',
  )
}

test('testimonials with names on the home page and on /services, from the projects’ quotes', async ({ page }) => {
  await visit(page, '/')
  await expectTestimonials(page)
  await expectNoAxeViolations(page)
  await visit(page, '/services')
  await expectTestimonials(page)
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Read the Summit Dental Care story' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Summit Dental Care' })).toBeVisible()
})

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled })

    test('the editor’s case fields: saved and shown on the page; a refused field is named beside it and nothing typed is lost', async ({
      page,
    }) => {
      const mark = uid()
      const admin = await adminApi()
      const item = (await admin.call('POST', '/api/portfolio', {
        title: `Case ${mark}`,
        description: 'A project to tell.',
        category: 'Business',
        image: '/images/portfolio/summit-dental.svg',
      })) as { id: number }
      try {
        await login(page)
        await page.goto(`${ADMIN}/portfolio/edit/${item.id}`)
        const form = page.locator('#portfolio-form')
        await expect(form.getByLabel('Case page address')).toHaveValue(`case-${mark}`)
        await form.getByLabel('The problem').fill('Bookings by phone only.')
        await form.getByLabel('What we built').fill('Online booking.')
        await form.getByLabel('Result 1 figure').fill('30%')
        await form.getByLabel('Result 1: what it counts').fill('of bookings made online')
        await form.getByLabel('Result 2 figure').fill('12')
        await form.getByLabel("Client's words").fill('It just works.')
        await form.getByLabel('Role and business').fill('Owner, Test Shop')
        await form.getByLabel('Before', { exact: true }).fill('Phone calls.')
        await form.getByLabel('After', { exact: true }).fill('A booking page.')
        await page.getByRole('button', { name: 'Update Project' }).click()

        // Refused: a result without its label, a quote without a name; each said beside its field.
        const results = page.getByRole('group', { name: 'Results' })
        await expect(results.getByText('Result 2 needs both a figure and what it counts')).toBeVisible()
        await expect(form.getByLabel('Said by (name)')).toHaveAttribute('aria-invalid', 'true')
        await expect(page.locator('#item-quoteAuthor-error')).toHaveText('Name the person who said it')
        if (javaScriptEnabled) await expect(form.getByLabel('Result 1 figure')).toBeFocused()
        await expect(form.getByLabel('The problem')).toHaveValue('Bookings by phone only.')
        await expect(form.getByLabel('Result 2 figure')).toHaveValue('12')
        await expect(form.getByLabel('Before', { exact: true })).toHaveValue('Phone calls.')
        // axe runs in the page, so only where scripts run.
        if (javaScriptEnabled) await expectNoAdminAxeViolations(page)

        await form.getByLabel('Result 2: what it counts').fill('new clients a month')
        await form.getByLabel('Said by (name)').fill('Sam Rivera')
        // An address another project has: refused by the server, beside the field.
        await form.getByLabel('Case page address').fill('summit-dental-care')
        await page.getByRole('button', { name: 'Update Project' }).click()
        await expect(page.locator('#item-slug-error')).toHaveText('Another project already uses this address; choose another')
        await expect(form.getByLabel('Said by (name)')).toHaveValue('Sam Rivera')
        await form.getByLabel('Case page address').fill(`case-study-${mark}`)
        await page.getByRole('button', { name: 'Update Project' }).click()
        await expect(page).toHaveURL(new RegExp(`${ADMIN}/portfolio\\?saved=updated$|${ADMIN}/portfolio$`))

        await page.goto(`/portfolio/case-study-${mark}`)
        const main = page.getByRole('main')
        await expect(main.getByRole('heading', { level: 1, name: `Case ${mark}` })).toBeVisible()
        await expect(main.getByRole('region', { name: 'Results' }).getByRole('definition')).toHaveText(['30%', '12'])
        await expect(main.getByRole('figure').filter({ hasText: 'Sam Rivera' })).toContainText('Owner, Test Shop')
        await expect(main.getByRole('region', { name: 'Before and after' })).toContainText('A booking page.')
      } finally {
        await admin.call('DELETE', `/api/portfolio/${item.id}`)
        await admin.dispose()
      }
    })
  })
}
