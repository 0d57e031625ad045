import { expect, test, type Page } from '@playwright/test'
import { FAQS } from '../../app/content/faq.ts'
import { searchFaqs } from '../../app/lib/faq-search.ts'
import { holdScripts, letScriptsRun, type HeldScripts } from './held-scripts.ts'
import { adminApi, expectNoAxeViolations, settled, skipDiscoveryPopup, uid, visit, type AdminApi } from './public-helpers.ts'

/**
 * Issue 22, "Early clicks are dropped": public pages are drawn before their scripts start
 * (docs/decisions/024), so every control of the public pages does its job as plain HTML: the
 * accordions are the browser's own (<details name>), the FAQ search is a GET form, the blog's
 * filter and Load More Articles and the portfolio filter are links the server answers, the phone
 * menu opens by invoker commands. The scripts only add polish, and never make a control act twice.
 */

const notHydrated = (page: Page) => expect(page.locator('html[data-hydrated]')).toHaveCount(0)

/** Opens a page without waiting for anything but its HTML (its scripts may be held back). */
const open = (page: Page, path: string) => page.goto(path, { waitUntil: 'domcontentloaded' })

const PHONE = { width: 390, height: 844 }

type Post = { id: number; category: string; status: string }

const mark = uid()
const created: Post[] = []
let admin: AdminApi
/** The published posts, as the public API lists them. */
let published: Post[] = []

/** Enough posts for three pages (the seven sample posts and twelve of ours, dated before them). */
test.beforeAll(async () => {
  admin = await adminApi()
  for (let i = 1; i <= 12; i++) {
    created.push(
      await admin.call('POST', '/api/blogs', {
        title: `Early click ${mark} number ${i}`,
        subheading: `Subheading ${i}`,
        excerpt: `Excerpt ${i} for the early-click check.`,
        content: `<p>Body ${i}.</p>`,
        category: 'Mobile Design',
        status: 'published',
        image: '/images/blog/security-checklist.svg',
        date: `2019-02-${String(i).padStart(2, '0')}`,
      }),
    )
  }
  published = (await admin.call<Post[]>('GET', '/api/blogs?published=true')).filter((p) => p.status === 'published')
})

test.afterAll(async () => {
  for (const p of created) await admin.call('DELETE', `/api/blogs/${p.id}`)
  await admin.dispose()
})

test.beforeEach(async ({ page }) => skipDiscoveryPopup(page))

const accordion = (page: Page, region: string) => {
  const r = page.getByRole('main').getByRole('region', { name: region })
  return { items: r.locator('details'), questions: r.locator('summary'), open: r.locator('details[open]') }
}
const blogCards = (page: Page) => page.getByRole('list', { name: 'Blog posts' }).getByRole('article')
const loadMore = (page: Page) => page.getByRole('main').getByRole('link', { name: 'Load More Articles' })
const blogFilter = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filter articles by category' }).getByRole('link', { name, exact: true })
const projectFilter = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filter projects by category' }).getByRole('link', { name, exact: true })
const projectBadges = (page: Page) => page.getByRole('list', { name: 'Projects' }).getByRole('article').locator('p > span')

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the accordions of the home, FAQ and pricing pages open and close, one at a time', async ({ page }) => {
    for (const [path, region] of [
      ['/', 'Frequently Asked Questions'],
      ['/faq', 'Questions and answers'],
      ['/pricing', 'Pricing questions'],
    ]) {
      await test.step(path, async () => {
        await page.goto(path)
        const a = accordion(page, region)
        await expect(a.items.first()).toHaveAttribute('open')
        await expect(a.open).toHaveCount(1)
        await a.questions.nth(2).click()
        await expect(a.items.nth(2)).toHaveAttribute('open')
        await expect(a.items.first()).not.toHaveAttribute('open')
        await expect(a.open).toHaveCount(1)
        await a.questions.nth(2).click()
        await expect(a.open).toHaveCount(0)
        await a.questions.first().click()
        await expect(a.items.first()).toHaveAttribute('open')
      })
    }
  })

  test('the FAQ search is a form the server answers, and the bare page stays whole', async ({ page }) => {
    await page.goto('/faq')
    const search = page.getByRole('searchbox', { name: 'Search FAQs' })
    await search.fill('gwalior')
    await search.press('Enter')
    await expect(page).toHaveURL(/\/faq\?q=gwalior$/)
    const a = accordion(page, 'Questions and answers')
    const expected = searchFaqs(FAQS, 'gwalior').map((f) => f.question)
    await expect(a.questions).toHaveCount(expected.length)
    await expect(a.questions).toContainText(expected)
    await expect(a.items.first()).toHaveAttribute('open')
    await expect(page.getByRole('searchbox', { name: 'Search FAQs' })).toHaveValue('gwalior')
    await expect(page.getByText(`${expected.length} of ${FAQS.length} questions match`)).toBeVisible()

    await page.getByRole('searchbox', { name: 'Search FAQs' }).fill('zzzz no such thing')
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\/faq\?q=zzzz\+no\+such\+thing$/)
    await expect(page.getByText('No FAQs found matching your search.')).toBeVisible()

    // The page cache keeps /faq whole: a search never answers for it, nor it for a search.
    await page.goto('/faq')
    await expect(a.questions).toHaveCount(FAQS.length)
    await page.goto('/faq?q=money-back')
    await expect(a.questions).toHaveCount(searchFaqs(FAQS, 'money-back').length)
  })

  test("the blog's Load More Articles and category filter are links the server answers", async ({ page }) => {
    const total = published.length
    expect(total).toBeGreaterThan(12)
    await page.goto('/blog')
    await expect(blogCards(page)).toHaveCount(6)
    await expect(blogFilter(page, 'All')).toHaveAttribute('aria-current', 'true')
    await loadMore(page).click()
    await expect(page).toHaveURL(/\/blog\?page=2#article-7$/)
    await expect(blogCards(page)).toHaveCount(12)
    await loadMore(page).click()
    await expect(page).toHaveURL(/\/blog\?page=3#article-13$/)
    await expect(blogCards(page)).toHaveCount(Math.min(18, total))

    const mobile = published.filter((p) => p.category === 'Mobile Design').length
    await blogFilter(page, 'Mobile Design').click()
    await expect(page).toHaveURL(/\/blog\?category=Mobile\+Design$/)
    await expect(blogFilter(page, 'Mobile Design')).toHaveAttribute('aria-current', 'true')
    await expect(blogFilter(page, 'All')).not.toHaveAttribute('aria-current')
    await expect(blogCards(page)).toHaveCount(6)
    for (const c of await blogCards(page).all()) await expect(c.getByText('Mobile Design', { exact: true })).toBeVisible()
    await loadMore(page).click()
    await expect(page).toHaveURL(/\/blog\?category=Mobile\+Design&page=2#article-7$/)
    await expect(blogCards(page)).toHaveCount(Math.min(12, mobile))

    await page.goto('/blog?category=No+Such+Category')
    await expect(page.getByText('No blog posts found in this category.')).toBeVisible()
    await expect(loadMore(page)).toHaveCount(0)
  })

  test('the portfolio filter is links, on /portfolio and in the home section', async ({ page }) => {
    await page.goto('/portfolio')
    await expect(projectFilter(page, 'All Projects')).toHaveAttribute('aria-current', 'true')
    await projectFilter(page, 'Restaurant').click()
    await expect(page).toHaveURL(/\/portfolio\?category=Restaurant$/)
    await expect(projectFilter(page, 'Restaurant')).toHaveAttribute('aria-current', 'true')
    await expect(projectBadges(page).first()).toBeVisible()
    for (const b of await projectBadges(page).all()) await expect(b).toHaveText('Restaurant')
    await projectFilter(page, 'All Projects').click()
    await expect(page).toHaveURL(/\/portfolio$/)
    await expect(projectBadges(page).filter({ hasText: 'Business' }).first()).toBeVisible()

    await page.goto('/')
    const section = page.locator('section#portfolio')
    await section.getByRole('link', { name: 'Business', exact: true }).click()
    await expect(page).toHaveURL(/\/\?category=Business#portfolio$/)
    await expect(section.getByRole('link', { name: 'Business', exact: true })).toHaveAttribute('aria-current', 'true')
    for (const b of await section.getByRole('article').locator('p > span').all()) await expect(b).toHaveText('Business')
    // The visitor is brought back to the section, not the top of the page.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200)
  })

  test('the phone menu opens, closes and leads to a page', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await page.goto('/services')
    const menu = page.getByRole('button', { name: 'Open menu' })
    const drawer = page.getByRole('dialog', { name: 'Site menu' })
    await expect(drawer).toBeHidden()
    await menu.click()
    await expect(drawer).toBeVisible()
    await drawer.getByRole('button', { name: 'Close menu' }).click()
    await expect(drawer).toBeHidden()
    await menu.click()
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    // A click beside the drawer (on its backdrop) closes it.
    await menu.click()
    await page.mouse.click(10, PHONE.height / 2)
    await expect(drawer).toBeHidden()
    await menu.click()
    await expect(drawer.getByRole('link', { name: 'Services', exact: true })).toHaveAttribute('aria-current', 'page')
    await drawer.getByRole('link', { name: 'About', exact: true }).click()
    await expect(page).toHaveURL(/\/about$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(drawer).toBeHidden()
  })
})

test.describe('with the scripts held back', () => {
  let scripts: HeldScripts
  test.beforeEach(async ({ page }) => {
    scripts = await holdScripts(page)
  })

  test('an accordion answers a click made at once, and after hydration one click toggles once', async ({ page }) => {
    await open(page, '/faq')
    const a = accordion(page, 'Questions and answers')
    await a.questions.nth(3).click()
    await notHydrated(page)
    await expect(a.items.nth(3)).toHaveAttribute('open')
    await expect(a.open).toHaveCount(1)

    await letScriptsRun(page, scripts)
    // What the visitor opened stays open when the page's code takes over.
    await expect(a.items.nth(3)).toHaveAttribute('open')
    await expect(a.open).toHaveCount(1)
    await a.questions.nth(3).click()
    await expect(a.open).toHaveCount(0)
    await a.questions.nth(1).click()
    await expect(a.items.nth(1)).toHaveAttribute('open')
    await expect(a.open).toHaveCount(1)
    // Stays put: a second toggle (the script's own, after the browser's) would close it again.
    await settled(page)
    await expect(a.items.nth(1)).toHaveAttribute('open')
  })

  test('the FAQ search: sent at once, the server answers; typed at once, it is kept and filters once hydrated', async ({ page }) => {
    await open(page, '/faq')
    const search = page.getByRole('searchbox', { name: 'Search FAQs' })
    await search.fill('money-back')
    await search.press('Enter')
    await expect(page).toHaveURL(/\/faq\?q=money-back$/)
    const a = accordion(page, 'Questions and answers')
    await expect(a.questions).toHaveCount(searchFaqs(FAQS, 'money-back').length)
    await notHydrated(page)

    await open(page, '/faq')
    await page.getByRole('searchbox', { name: 'Search FAQs' }).fill('gwalior')
    await notHydrated(page)
    await letScriptsRun(page, scripts)
    const expected = searchFaqs(FAQS, 'gwalior').map((f) => f.question)
    await expect(a.questions).toHaveCount(expected.length)
    await expect(a.questions).toContainText(expected)
    // Once hydrated it filters as the visitor types, without a request.
    await page.getByRole('searchbox', { name: 'Search FAQs' }).fill('support')
    await expect(a.questions).toHaveCount(searchFaqs(FAQS, 'support').length)
    await expect(page).toHaveURL(/\/faq$/)
  })

  test('Load More Articles clicked at once loads the next page; after hydration one click adds exactly one page', async ({ page }) => {
    const total = published.length
    await open(page, '/blog')
    await loadMore(page).click()
    await expect(page).toHaveURL(/\/blog\?page=2#article-7$/)
    await expect(blogCards(page)).toHaveCount(12)
    await notHydrated(page)

    await letScriptsRun(page, scripts)
    const documents: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url())
    })
    await loadMore(page).click()
    await expect(page).toHaveURL(/\/blog\?page=3#article-13$/)
    await expect(blogCards(page)).toHaveCount(Math.min(18, total))
    await settled(page)
    await expect(blogCards(page)).toHaveCount(Math.min(18, total))
    // In place: no new document was loaded.
    expect(documents).toEqual([])
  })

  test('a blog category clicked at once applies; after hydration another applies in place', async ({ page }) => {
    await open(page, '/blog')
    await blogFilter(page, 'Mobile Design').click()
    await expect(page).toHaveURL(/\/blog\?category=Mobile\+Design$/)
    await expect(blogFilter(page, 'Mobile Design')).toHaveAttribute('aria-current', 'true')
    for (const c of await blogCards(page).all()) await expect(c.getByText('Mobile Design', { exact: true })).toBeVisible()
    await notHydrated(page)
    await letScriptsRun(page, scripts)
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
    await blogFilter(page, 'All').click()
    await expect(page).toHaveURL(/\/blog$/)
    await expect(blogFilter(page, 'All')).toHaveAttribute('aria-current', 'true')
    await expect(blogCards(page)).toHaveCount(6)
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  })

  test('a portfolio filter clicked at once applies; after hydration another applies in place, keeping the scroll', async ({ page }) => {
    await open(page, '/portfolio')
    await projectFilter(page, 'Restaurant').click()
    await expect(page).toHaveURL(/\/portfolio\?category=Restaurant$/)
    await expect(projectFilter(page, 'Restaurant')).toHaveAttribute('aria-current', 'true')
    for (const b of await projectBadges(page).all()) await expect(b).toHaveText('Restaurant')

    await open(page, '/')
    const section = page.locator('section#portfolio')
    await section.getByRole('link', { name: 'Business', exact: true }).click()
    await expect(page).toHaveURL(/\/\?category=Business#portfolio$/)
    await expect(section.getByRole('link', { name: 'Business', exact: true })).toHaveAttribute('aria-current', 'true')
    await notHydrated(page)
    await letScriptsRun(page, scripts)
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
    const before = await page.evaluate(() => window.scrollY)
    await section.getByRole('link', { name: 'Restaurant', exact: true }).click()
    await expect(page).toHaveURL(/\/\?category=Restaurant$/)
    await expect(section.getByRole('link', { name: 'Restaurant', exact: true })).toHaveAttribute('aria-current', 'true')
    for (const b of await section.getByRole('article').locator('p > span').all()) await expect(b).toHaveText('Restaurant')
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(50)
  })

  test('the phone menu opens at once; after hydration it opens and closes once per click', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await open(page, '/services')
    const menu = page.getByRole('button', { name: 'Open menu' })
    const drawer = page.getByRole('dialog', { name: 'Site menu' })
    await menu.click()
    await expect(drawer).toBeVisible()
    await notHydrated(page)
    await drawer.getByRole('button', { name: 'Close menu' }).click()
    await expect(drawer).toBeHidden()

    await letScriptsRun(page, scripts)
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await menu.click()
    await expect(drawer).toBeVisible()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await drawer.getByRole('button', { name: 'Close menu' }).click()
    await expect(drawer).toBeHidden()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await menu.click()
    await drawer.getByRole('link', { name: 'FAQ', exact: true }).click()
    await expect(page).toHaveURL(/\/faq$/)
    await expect(drawer).toBeHidden()
  })

  test('the menu opened before hydration is still open, and marked so, once the page has hydrated', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await open(page, '/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Site menu' })
    await expect(drawer).toBeVisible()
    await notHydrated(page)
    await letScriptsRun(page, scripts)
    await expect(drawer).toBeVisible()
    await expect(page.getByRole('button', { name: 'Open menu', includeHidden: true })).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
  })
})

test('the contact form posts once per submit, even for a second click before "Sending..." is drawn', async ({ page }) => {
  await visit(page, '/contact')
  const posts: string[] = []
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (r.method() === 'POST' && (path === '/contact' || path === '/contact.data')) posts.push(path)
  })
  await page.getByLabel('Your Name').fill('Early Bird')
  await page.getByLabel('Your Email').fill(`early-${mark}@example.com`)
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello there: one message, please.')
  // The second click in the next task: the first post is on its way, 'Sending...' not yet drawn.
  await page.getByRole('button', { name: 'Send Message' }).evaluate(async (button: HTMLButtonElement) => {
    button.click()
    await new Promise((r) => setTimeout(r, 0))
    button.click()
  })
  await expect(page.getByText('Message sent. Thank you!')).toBeVisible()
  await settled(page)
  expect(posts).toHaveLength(1)
})

test('axe finds no violations on the changed pages in their new states', async ({ page }) => {
  test.setTimeout(90_000)
  for (const path of [
    '/?category=Business',
    '/faq?q=support',
    '/faq?q=zzzz',
    '/blog?category=Mobile+Design&page=2',
    '/portfolio?category=Restaurant',
    '/pricing',
  ]) {
    await visit(page, path)
    await test.step(path, () => expectNoAxeViolations(page))
  }
  await page.setViewportSize(PHONE)
  await visit(page, '/blog?page=2')
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('dialog', { name: 'Site menu' })).toBeVisible()
  await test.step('phone menu', () => expectNoAxeViolations(page))
})
