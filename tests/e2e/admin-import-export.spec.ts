import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { ADMIN, PASSWORD, apiWrite, expectNoAxeViolations, login, uid } from './admin-helpers.ts'

/** A WordPress export of one draft (drafts never show on the public site other specs read). */
const wxr = (title: string) => `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Old blog</title><link>http://old.example</link>
  <wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>http://old.example</wp:base_site_url><wp:base_blog_url>http://old.example</wp:base_blog_url>
  <item>
    <title><![CDATA[${title}]]></title><link>http://old.example/?p=42</link>
    <dc:creator><![CDATA[editor]]></dc:creator><guid isPermaLink="false">http://old.example/?p=${title}</guid>
    <content:encoded><![CDATA[<!-- wp:paragraph -->
<p>Imported in the browser.</p>
<!-- /wp:paragraph -->]]></content:encoded>
    <excerpt:encoded><![CDATA[]]></excerpt:encoded>
    <wp:post_id>42</wp:post_id><wp:post_date><![CDATA[2026-10-05 10:00:00]]></wp:post_date><wp:post_date_gmt><![CDATA[0000-00-00 00:00:00]]></wp:post_date_gmt>
    <wp:post_name><![CDATA[]]></wp:post_name><wp:status><![CDATA[draft]]></wp:status><wp:post_type><![CDATA[post]]></wp:post_type>
  </item>
  <item>
    <title><![CDATA[About]]></title><link>http://old.example/about/</link>
    <wp:post_id>2</wp:post_id><wp:status><![CDATA[publish]]></wp:status><wp:post_type><![CDATA[page]]></wp:post_type>
  </item>
</channel>
</rss>`

test('Settings > Import and export: a dry run, then the import with the password and its progress after a reload', async ({ page }) => {
  test.setTimeout(120_000)
  await login(page)
  await page.goto(`${ADMIN}/settings`)
  await page
    .getByRole('main')
    .getByRole('link', { name: /Import and export/ })
    .click()
  await expect(page.getByRole('heading', { name: 'Import and Export', level: 1 })).toBeVisible()
  await expectNoAxeViolations(page)

  const title = `Imported draft ${uid()}`
  const file = { name: 'export.xml', mimeType: 'text/xml', buffer: Buffer.from(wxr(title)) }
  await page.getByLabel('Export file').setInputFiles(file)
  await page.getByRole('button', { name: 'Dry run' }).click()
  const report = page.getByTestId('dry-run-report')
  await expect(report).toContainText(`Will import: ${title} (draft, 0 images)`)
  await expect(report).toContainText('Skipped page “About”: pages are not imported')
  await expect(page.getByText('1 posts would be imported, 0 already imported, 1 items skipped. Nothing was written.')).toBeVisible()
  await expectNoAxeViolations(page)

  // The import asks for the password (sudo mode), in place.
  await page.getByLabel('Export file').setInputFiles(file)
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  const password = page.getByLabel('Your password, to confirm')
  await expect(password).toBeVisible()
  await password.fill(PASSWORD)
  await page.getByLabel('Export file').setInputFiles(file)
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  // This import's own report (an earlier run's may be on the page until this one is done).
  const job = page.getByTestId('import-job')
  await expect(job).toContainText(`Imported: ${title} (draft, 0 images)`)
  await expect(job).toContainText('Import of export.xml done: 1 posts imported with 0 images, 0 already imported, 1 items skipped.')
  // The state lives on the server: a reload shows it.
  await page.reload()
  await expect(job).toContainText(`Imported: ${title} (draft, 0 images)`)

  const posts = (await (await page.request.get(`/api/blogs?q=${encodeURIComponent(title)}`)).json()) as {
    id: number
    title: string
    status: string
  }[]
  expect(posts.map((p) => [p.title, p.status])).toEqual([[title, 'draft']])
  await apiWrite(page, 'DELETE', `/api/blogs/${posts[0]!.id}`)
})

test('an export over 50 MB is named beside the field at once, and nothing is uploaded', async ({ page }) => {
  const big = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'big-export-')), 'huge-export.xml')
  fs.writeFileSync(big, Buffer.alloc(51 * 1024 * 1024, ' '))
  try {
    await login(page)
    await page.goto(`${ADMIN}/settings/import-export`)
    const posts: string[] = []
    page.on('request', (r) => void (r.method() === 'POST' && posts.push(r.url())))
    await page.getByLabel('Export file').setInputFiles(big)
    await page.getByRole('button', { name: 'Dry run' }).click()
    await expect(
      page.getByText(
        'huge-export.xml is 51 MB: exports up to 50 MB are imported (WordPress can export one category or date range at a time).',
      ),
    ).toBeVisible()
    await expect(page.getByLabel('Export file')).toBeFocused()
    expect(posts).toEqual([])
  } finally {
    fs.rmSync(path.dirname(big), { recursive: true, force: true })
  }
})
