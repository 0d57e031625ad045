import { expect, test } from '@playwright/test'
import { adminApi, jsonLd, skipDiscoveryPopup, uid, visit, type AdminApi } from './public-helpers.ts'

type Post = { id: number; slug: string; title: string; category: string; status: string }

const mark = uid()
const created: Post[] = []
let draft: Post
let admin: AdminApi

/** Seven published Security posts plus one draft, all with this run's mark in the title. */
test.beforeAll(async () => {
  admin = await adminApi()
  for (let i = 1; i <= 7; i++) {
    created.push(
      await admin.call('POST', '/api/blogs', {
        title: `Paging check ${mark} number ${i}`,
        subheading: `Subheading ${i} for ${mark}`,
        excerpt: `Excerpt ${i} written for the paging check.`,
        content: `<p>Body ${i} with <strong>bold</strong> text.</p><script>window.__pwned = true</script>`,
        category: 'Security',
        author: `Author ${mark}`,
        status: 'published',
        image: '/images/blog/security-checklist.svg',
        readTime: '4 min read',
        date: '2020-01-0' + i,
      }),
    )
  }
  draft = await admin.call('POST', '/api/blogs', {
    title: `Draft ${mark}`,
    subheading: 'Not yet',
    excerpt: 'A draft that visitors must not see.',
    content: '<p>Secret</p>',
    category: 'SEO',
    status: 'draft',
  })
})

test.afterAll(async () => {
  for (const p of [...created, draft]) if (p) await admin.call('DELETE', `/api/blogs/${p.id}`)
  await admin.dispose()
})

test.beforeEach(async ({ page }) => skipDiscoveryPopup(page))

test('the blog list: category filter, 6 per page, Load More Articles adds 6, changing the filter resets to 6', async ({ page }) => {
  const published = (await (await page.request.get('/api/blogs?published=true')).json()) as Post[]
  const total = published.length
  const security = published.filter((p) => p.category === 'Security').length
  const categories = ['All', ...new Set(published.map((p) => p.category))]
  expect(total).toBeGreaterThan(7)

  await visit(page, '/blog')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible()
  // Links the server answers (`?category=`, `?page=`), followed in place once hydrated (issue 22).
  const filters = main.getByRole('group', { name: 'Filter articles by category' }).getByRole('link')
  await expect(filters).toHaveText(categories)
  await expect(filters.first()).toHaveAttribute('aria-current', 'true')
  await expect(filters.first()).toHaveAttribute('href', '/blog')
  await expect(filters.filter({ hasText: /^Security$/ })).toHaveAttribute('href', '/blog?category=Security')

  const cards = main.getByRole('list', { name: 'Blog posts' }).getByRole('article')
  const more = main.getByRole('link', { name: 'Load More Articles' })
  await expect(cards).toHaveCount(6)
  await expect(more).toHaveAttribute('href', '/blog?page=2#article-7')
  await more.click()
  await expect(page).toHaveURL(/\/blog\?page=2#article-7$/)
  await expect(cards).toHaveCount(Math.min(12, total))
  // Reading goes on at the first new card.
  await expect(main.locator('#article-7').getByRole('link').first()).toBeFocused()
  if (total <= 12) await expect(more).toHaveCount(0)

  await filters.filter({ hasText: /^Security$/ }).click()
  await expect(page).toHaveURL(/\/blog\?category=Security$/)
  await expect(filters.filter({ hasText: /^Security$/ })).toHaveAttribute('aria-current', 'true')
  await expect(filters.first()).not.toHaveAttribute('aria-current')
  await expect(cards).toHaveCount(6)
  for (const c of await cards.all()) await expect(c.getByText('Security', { exact: true })).toBeVisible()
  await more.click()
  await expect(cards).toHaveCount(Math.min(12, security))
  await expect(main.getByRole('heading', { name: `Paging check ${mark} number 1` })).toBeVisible()

  await filters.filter({ hasText: /^All$/ }).click()
  await expect(cards).toHaveCount(6)
  await expect(more).toBeVisible()

  // Drafts are never listed.
  await expect(main.getByText(`Draft ${mark}`)).toHaveCount(0)
})

test('a card shows every field and Read More opens the post', async ({ page }) => {
  const post = created[6]
  await visit(page, '/blog')
  const main = page.getByRole('main')
  const card = main.getByRole('article').filter({ has: page.getByRole('heading', { name: post.title }) })
  // Our posts are dated 2020, so they sit on a later page: load more until the card shows.
  const cards = main.getByRole('list', { name: 'Blog posts' }).getByRole('article')
  const more = main.getByRole('link', { name: 'Load More Articles' })
  while ((await card.count()) === 0 && (await more.count()) > 0) {
    const before = await cards.count()
    await more.click()
    await expect(cards).not.toHaveCount(before)
  }
  await expect(card).toBeVisible()
  await expect(card.getByText('Security', { exact: true })).toBeVisible()
  await expect(card.getByText('January 7, 2020')).toBeVisible()
  await expect(card.getByText('4 min read')).toBeVisible()
  await expect(card.getByText('Excerpt 7 written for the paging check.')).toBeVisible()
  await expect(card.getByText(`Author ${mark}`)).toBeVisible()
  await expect(card.locator('img')).toHaveAttribute('width', '1200')
  await card.getByRole('link', { name: /^Read More/ }).click()
  await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`))
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
})

test('a post page shows every field, the sanitized content and Back to Blog, and counts the view', async ({ page }) => {
  const post = created[2]
  const views = async () => ((await admin.call('GET', `/api/blogs/${post.id}`)) as { views: number }).views
  const before = await views()
  const res = await visit(page, `/blog/${post.slug}`)
  expect(res?.status()).toBe(200)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
  await expect(main.getByText(`Subheading 3 for ${mark}`)).toBeVisible()
  await expect(main.getByText('Security', { exact: true })).toBeVisible()
  await expect(main.getByText(`Author ${mark}`)).toBeVisible()
  await expect(main.getByText('January 3, 2020')).toBeVisible()
  await expect(main.getByText('4 min read')).toBeVisible()
  await expect(main.locator('img[src="/images/blog/security-checklist.svg"]')).toHaveAttribute('height', '630')
  await expect(main.locator('strong', { hasText: 'bold' })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined()
  await expect(page).toHaveTitle(new RegExp(`^${post.title} \\| `))
  const blocks = await jsonLd(page)
  const posting = blocks.find((b) => b['@type'] === 'BlogPosting')
  expect(posting).toMatchObject({ headline: post.title, datePublished: '2020-01-03', author: { name: `Author ${mark}` } })
  // Views are written in batches every few seconds.
  await expect.poll(views, { timeout: 10_000 }).toBe(before + 1)

  await main.getByRole('link', { name: 'Back to Blog' }).first().click()
  await expect(page).toHaveURL(/\/blog$/)
})

test("a missing or draft post shows 'Post Not Found' with status 404 and a way back", async ({ page }) => {
  for (const path of ['/blog/99999999', `/blog/${draft.id}`, `/blog/${draft.slug}`, '/blog/not-a-post']) {
    const res = await visit(page, path)
    expect(res?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible()
    await expect(page.getByText('Secret')).toHaveCount(0)
  }
  await page.getByRole('main').getByRole('link', { name: 'Back to Blog' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible()
})
