import { expect, test, type Page } from '@playwright/test'
import { BOOK_URL, PUBLIC_PAGES, adminApi, expectNoAxeViolations, skipDiscoveryPopup, visit, uid } from './public-helpers.ts'

const NAV = ['Home', 'Services', 'Portfolio', 'Pricing', 'Blog', 'About', 'Demo Builder', 'FAQ', 'Contact']

/** Pages that end with the band offering both ways to hire us (issue 35); the forms and legal pages do not. */
const CLOSING_CTA_PAGES = ['/', '/services', '/portfolio', '/blog', '/about', '/faq', '/pricing', '/contact']

test.beforeEach(async ({ page }) => skipDiscoveryPopup(page))

/** The visible navigation: the bar on desktop, the drawer (opened here) on a phone. */
async function openNavigation(page: Page, isMobile: boolean) {
  if (!isMobile) return page.getByRole('navigation', { name: 'Main' })
  await page.getByRole('button', { name: 'Open menu' }).click()
  const drawer = page.getByRole('dialog', { name: 'Site menu' })
  await expect(drawer).toBeVisible()
  return drawer
}

test('the navigation links every section and highlights the current page', async ({ page, isMobile }) => {
  await visit(page, '/services')
  const nav = await openNavigation(page, isMobile)
  for (const name of NAV) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Services', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute('aria-current', 'page')

  await nav.getByRole('link', { name: 'Blog', exact: true }).click()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible()
  const after = await openNavigation(page, isMobile)
  await expect(after.getByRole('link', { name: 'Blog', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(after.getByRole('link', { name: 'Services', exact: true })).not.toHaveAttribute('aria-current', 'page')
  // The proposal button: in the bar on wide screens, in the drawer on phones.
  const cta = isMobile
    ? after.getByRole('link', { name: 'Get Free Proposal' })
    : page.getByRole('banner').getByRole('link', { name: 'Get Free Proposal' })
  await expect(cta).toHaveAttribute('href', '/proposal')
  await cta.click()
  await expect(page).toHaveURL(/\/proposal$/)
})

test('small screens use a side drawer; wide screens show the links in the bar', async ({ page, isMobile }) => {
  await visit(page, '/')
  const menuButton = page.getByRole('button', { name: 'Open menu' })
  if (!isMobile) {
    await expect(menuButton).toBeHidden()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Get Free Proposal' })).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Book a call' })).toBeVisible()
    return
  }
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  await menuButton.click()
  const drawer = page.getByRole('dialog', { name: 'Site menu' })
  await expect(drawer).toBeVisible()
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await menuButton.click()
  await drawer.getByRole('button', { name: 'Close menu' }).click()
  await expect(drawer).toBeHidden()
  // Following a link closes the drawer and lands on the page.
  await menuButton.click()
  await drawer.getByRole('link', { name: 'About', exact: true }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(drawer).toBeHidden()
})

/** The header's ways to hire us and the new links, where a visitor sees them: the bar, or the drawer on a phone. */
async function expectHireLinks(page: Page, isMobile: boolean) {
  const nav = await openNavigation(page, isMobile)
  await expect(nav.getByRole('link', { name: 'Pricing', exact: true })).toHaveAttribute('href', '/pricing')
  await expect(nav.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('href', '/contact')
  const where = isMobile ? page.getByRole('dialog', { name: 'Site menu' }) : page.getByRole('banner')
  const book = where.getByRole('link', { name: 'Book a call', exact: true })
  const proposal = where.getByRole('link', { name: 'Get Free Proposal', exact: true })
  await expect(book).toBeVisible()
  await expect(book).toHaveAttribute('href', '/book')
  await expect(proposal).toBeVisible()
  await expect(proposal).toHaveAttribute('href', '/proposal')
  return { nav, book }
}

test('every public page offers Pricing, Contact and Book a call in the header (the drawer on a phone), and ends with both ways to hire us', async ({
  page,
  isMobile,
}) => {
  test.setTimeout(120_000)
  for (const path of [...PUBLIC_PAGES, '/blog/how-to-prepare-content-for-your-new-website', '/proposal', '/book', '/demo-builder']) {
    await test.step(path, async () => {
      await visit(page, path)
      await expectHireLinks(page, isMobile)
      if (isMobile) await page.keyboard.press('Escape')
      const main = page.getByRole('main')
      const closing = main.getByRole('region', { name: /./ }).filter({ has: page.locator('#closing-cta-title') })
      if (!CLOSING_CTA_PAGES.includes(path) && !path.startsWith('/blog/')) return expect(closing).toHaveCount(0)
      await expect(closing).toHaveCount(1)
      await expect(closing.getByRole('link', { name: 'Get Free Proposal' })).toHaveAttribute('href', '/proposal')
      await expect(closing.getByRole('link', { name: 'Book a call' })).toHaveAttribute('href', '/book')
      // It is what the page ends with: nothing of the page's own comes after it.
      expect(
        await closing.evaluate(
          (el) =>
            [...el.parentElement!.children].filter((c) => c.tagName !== 'SCRIPT' && c.getBoundingClientRect().height > 0).at(-1) === el,
        ),
      ).toBe(true)
    })
  }
  // The home page's band leads on: Book a call opens booking.
  await visit(page, '/')
  await page.getByRole('main').getByRole('link', { name: 'Book a call' }).click()
  await expect(page).toHaveURL(/\/book(\?tz=[\w%/+-]+)?$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Free Discovery Call' })).toBeVisible()
})

test('the new header links work and stay axe clean, in the bar or the open drawer', async ({ page, isMobile }) => {
  await visit(page, '/pricing')
  const { nav } = await expectHireLinks(page, isMobile)
  await expect(nav.getByRole('link', { name: 'Pricing', exact: true })).toHaveAttribute('aria-current', 'page')
  await expectNoAxeViolations(page)
  await nav.getByRole('link', { name: 'Contact', exact: true }).click()
  await expect(page).toHaveURL(/\/contact$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
  const again = await expectHireLinks(page, isMobile)
  await expect(again.nav.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('aria-current', 'page')
  await again.book.click()
  await expect(page).toHaveURL(/\/book(\?tz=[\w%/+-]+)?$/)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the header or the drawer (invoker commands) holds Pricing, Contact and Book a call', async ({ page, isMobile }) => {
    await page.goto('/faq')
    const { book } = await expectHireLinks(page, isMobile)
    await book.click()
    await expect(page).toHaveURL(BOOK_URL)
    await expect(page.getByRole('heading', { level: 1, name: 'Book a Free Discovery Call' })).toBeVisible()
  })
})

test('the blog post that ends "request a free proposal" links it to the proposal form', async ({ page }) => {
  await visit(page, '/blog/how-to-prepare-content-for-your-new-website')
  const link = page.getByRole('article').getByRole('link', { name: 'request a free proposal' })
  await expect(link).toHaveAttribute('href', '/proposal')
  await link.click()
  await expect(page).toHaveURL(/\/proposal$/)
})

test('the footer has the company links, social links and real privacy and terms pages', async ({ page }) => {
  await visit(page, '/')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('navigation', { name: 'More' }).getByRole('link', { name: 'Book a call' })).toHaveAttribute('href', '/book')
  await expect(footer.getByRole('navigation', { name: 'More' }).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing')
  await expect(footer.getByRole('navigation', { name: 'More' }).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact')
  const company = footer.getByRole('navigation', { name: 'Company' })
  for (const [name, href] of [
    ['About Us', '/about'],
    ['Portfolio', '/portfolio'],
    ['Demo Builder', '/demo-builder'],
    ['Blog', '/blog'],
    ['FAQ', '/faq'],
  ]) {
    await expect(company.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
  }
  for (const name of ['Facebook', 'Instagram', 'LinkedIn', 'YouTube']) {
    const link = footer.getByRole('link', { name: new RegExp(`^${name}`) })
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  }
  await footer.getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page).toHaveURL(/\/privacy$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Page-view counts without cookies' })).toBeVisible()
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click()
  await expect(page).toHaveURL(/\/terms$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible()
})

test('the footer and /contact show the contact details saved in the settings', async ({ page }) => {
  const admin = await adminApi()
  const before = await admin.call('GET', '/api/settings')
  const mark = uid()
  const saved = {
    contactEmail: `hello-${mark}@example.com`,
    contactPhone: `+1 (555) 010-${mark.slice(-4)}`,
    address: `${mark} Market Street, San Francisco`,
  }
  try {
    // A new contact email needs the password (sudo mode, docs/decisions/027).
    await admin.call('PUT', '/api/settings', { ...saved, currentPassword: 'e2e-admin-password' })
    await visit(page, '/')
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: saved.contactEmail })).toHaveAttribute('href', `mailto:${saved.contactEmail}`)
    await expect(footer.getByText(saved.contactPhone)).toBeVisible()
    await expect(footer.getByText(saved.address)).toBeVisible()

    await visit(page, '/contact')
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
    await expect(main.getByRole('link', { name: saved.contactEmail })).toBeVisible()
    // The phone is on the Phone card and on the headquarters' office card.
    await expect(main.getByRole('link', { name: saved.contactPhone })).toHaveCount(2)
    await expect(main.getByText(saved.address)).toBeVisible()
    await expect(main.getByRole('heading', { name: 'San Francisco, United States' })).toBeVisible()
    await expect(main.getByRole('heading', { name: 'Gwalior, India' })).toBeVisible()
    await expect(main.getByRole('link', { name: 'Get Free Proposal' })).toHaveAttribute('href', '/proposal')
  } finally {
    await admin.call('PUT', '/api/settings', {
      contactEmail: before.contactEmail,
      contactPhone: before.contactPhone,
      address: before.address,
    })
    await admin.dispose()
  }
})

test('an unknown path shows 404 Page Not Found with status 404 inside the site layout', async ({ page }) => {
  const res = await page.goto(`/no-such-page-${uid()}`)
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible()
  await expect(page).toHaveTitle(/^404 Page Not Found \| /)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await page.getByRole('link', { name: 'Back to Home' }).click()
  await expect(page).toHaveURL(/\/$/)

  const deep = await page.request.get('/blog/1/extra/segments')
  expect(deep.status()).toBe(404)
})

test('axe finds no accessibility violations on any public page', async ({ page }) => {
  test.setTimeout(120_000)
  for (const path of [...PUBLIC_PAGES, '/no-such-page', '/blog/999999']) {
    await visit(page, path)
    await test.step(path, () => expectNoAxeViolations(page))
  }
})
