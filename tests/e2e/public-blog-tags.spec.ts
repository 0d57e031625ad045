import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { dataDir } from './admin-helpers.ts'
import { adminApi, expectNoAxeViolations, skipDiscoveryPopup, uid, visit } from './public-helpers.ts'

const mark = uid()
const tide = `Tide ${mark}`
const studio = `Studio ${mark}`
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-')
const posts = [
  { id: 71, title: `Low tide ${mark}`, slug: `low-tide-${mark}`, tags: [tide, studio] },
  { id: 72, title: `New desk ${mark}`, slug: `new-desk-${mark}`, tags: [studio] },
]

/** A WordPress export of two published posts with tags, as an old site would give it. */
const wxr = `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Old blog</title><link>http://old.example</link>
  <wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>http://old.example</wp:base_site_url><wp:base_blog_url>http://old.example</wp:base_blog_url>
${posts
  .map(
    (p) => `  <item>
    <title><![CDATA[${p.title}]]></title><link>http://old.example/${p.slug}/</link>
    <dc:creator><![CDATA[editor]]></dc:creator><guid isPermaLink="false">http://old.example/?p=${mark}-${p.id}</guid>
    <content:encoded><![CDATA[<!-- wp:paragraph -->
<p>Imported with its tags.</p>
<!-- /wp:paragraph -->]]></content:encoded>
    <excerpt:encoded><![CDATA[An imported post.]]></excerpt:encoded>
    <wp:post_id>${p.id}</wp:post_id><wp:post_date><![CDATA[2019-06-0${p.id - 70} 10:00:00]]></wp:post_date><wp:post_date_gmt><![CDATA[2019-06-0${p.id - 70} 10:00:00]]></wp:post_date_gmt>
    <wp:post_name><![CDATA[${p.slug}]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status><wp:post_type><![CDATA[post]]></wp:post_type>
    <category domain="category" nicename="news"><![CDATA[News]]></category>
${p.tags.map((t) => `    <category domain="post_tag" nicename="${slug(t)}"><![CDATA[${t}]]></category>`).join('\n')}
  </item>`,
  )
  .join('\n')}
</channel>
</rss>`

/** The posts are imported into this worker's site with `npm run import`, as an operator would. */
test.beforeAll(async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-tags-')), 'export.xml')
  fs.writeFileSync(file, wxr)
  const out = await new Promise<string>((resolve, reject) =>
    execFile(
      'node',
      ['scripts/import.js', file],
      {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          LOG_LEVEL: 'silent',
          DATA_DIR: dataDir(),
          DATABASE_URL: path.join(dataDir(), 'site.db'),
        },
      },
      (err, stdout, stderr) => (err ? reject(new Error(`${stdout}${stderr}`)) : resolve(stdout)),
    ),
  )
  expect(out).toContain('2 posts imported')
})

test.afterAll(async () => {
  const admin = await adminApi()
  for (const p of await admin.call<{ id: number }[]>('GET', `/api/blogs?q=${mark}`)) await admin.call('DELETE', `/api/blogs/${p.id}`)
  await admin.dispose()
})

test.beforeEach(async ({ page }) => skipDiscoveryPopup(page))

test("an imported post shows its tags; a tag lists that tag's posts", async ({ page }) => {
  await visit(page, `/blog/${posts[0]!.slug}`)
  const tags = page.getByRole('main').getByRole('list', { name: 'Tags' }).getByRole('link')
  await expect(tags).toHaveText([`#${tide}`, `#${studio}`])
  await expect(tags.first()).toHaveAttribute('href', `/blog?tag=${slug(tide)}`)
  await expectNoAxeViolations(page)

  await tags.filter({ hasText: studio }).click()
  await expect(page).toHaveURL(new RegExp(`/blog\\?tag=${slug(studio)}$`))
  const main = page.getByRole('main')
  await expect(main.getByText(`Posts tagged ${studio}.`)).toBeVisible()
  await expect(main.getByRole('list', { name: 'Blog posts' }).getByRole('heading')).toHaveText([posts[1]!.title, posts[0]!.title])
  await expectNoAxeViolations(page)
})

// axe runs in the page, so it is checked above, with JavaScript, on the same two pages.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the tag links and the filtered list are answered by the server', async ({ page }) => {
    await page.goto(`/blog/${posts[0]!.slug}`)
    await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: tide }).click()
    await expect(page).toHaveURL(new RegExp(`/blog\\?tag=${slug(tide)}$`))
    const main = page.getByRole('main')
    await expect(main.getByRole('list', { name: 'Blog posts' }).getByRole('heading')).toHaveText([posts[0]!.title])

    await main.getByRole('link', { name: 'Show all posts' }).click()
    await expect(page).toHaveURL(/\/blog$/)
    await expect(main.getByText(/Posts tagged/)).toHaveCount(0)
  })
})
