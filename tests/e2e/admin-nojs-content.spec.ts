import { expect, test, type Page } from '@playwright/test'
import { ADMIN, apiWrite, expectNoAxeViolations, expectToast, login, uid } from './admin-helpers.ts'

// The blog and portfolio screens before hydration (slow phone, script blocked): every write is a
// plain HTML form posted to the route's action, and deleting still asks first (a GET step that
// only shows the question, then a POST).
test.use({ javaScriptEnabled: false })

/** The admin API's view of what was saved (read with the page's admin cookie). */
async function findPost(page: Page, title: string) {
  const posts = (await (await page.request.get(`/api/blogs?q=${encodeURIComponent(title)}`)).json()) as Record<string, unknown>[]
  return posts.find((p) => p.title === title)
}
async function findItem(page: Page, title: string) {
  const items = (await (await page.request.get(`/api/portfolio?q=${encodeURIComponent(title)}`)).json()) as Record<string, unknown>[]
  return items.find((p) => p.title === title)
}

test('a blog post is refused, created, edited and deleted without JavaScript', async ({ page }) => {
  const tag = uid()
  const title = `No script ${tag}`
  await login(page)
  await page.goto(`${ADMIN}/blogs/new`)
  await expect(page.getByRole('heading', { name: 'Create New Blog Post', level: 1 })).toBeVisible()

  // Missing fields: the action answers 400 with the messages beside the fields and keeps what was typed.
  await page.getByLabel(/^Title/).fill(title)
  await page.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Missing Required Fields', 'Please fill in all required fields.')
  await expect(page.getByLabel('Subheading')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Subheading is required')).toBeVisible()
  await expect(page.getByText('Excerpt is required')).toBeVisible()
  await expect(page.getByLabel(/^Title/)).toHaveValue(title)
  expect(await findPost(page, title)).toBeUndefined()

  // The content is written as HTML in the source view (the rich editor needs JavaScript).
  await page.getByLabel('Subheading').fill('Works before the script loads')
  await page.getByLabel('Excerpt').fill(`Plain forms ${tag}.`)
  await page.getByLabel('Category').selectOption('Performance')
  await page.getByLabel('Status').selectOption('published')
  await page.getByLabel('HTML source').fill(`<h2>Plain HTML</h2><p>Body ${tag}</p>`)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/blogs\\?saved=created$`))
  await expectToast(page, 'Blog Created', 'Blog post has been created successfully.')
  const saved = await findPost(page, title)
  expect(saved).toMatchObject({
    subheading: 'Works before the script loads',
    category: 'Performance',
    status: 'published',
    author: 'Admin',
    readTime: '1 min read',
  })
  expect(saved!.content).toContain(`<p>Body ${tag}</p>`)

  // Edit.
  await page.goto(`${ADMIN}/blogs?q=${tag}`)
  await page.getByRole('link', { name: `Edit ${title}` }).click()
  await expect(page.getByLabel('HTML source')).toHaveValue(/Body/)
  await page.getByLabel(/^Title/).fill(`${title} edited`)
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/blogs\\?saved=updated$`))
  await expectToast(page, 'Blog Updated', 'Blog post has been updated successfully.')
  expect(await findPost(page, `${title} edited`)).toMatchObject({ id: saved!.id, status: 'published' })

  // Status from the list: the dropdown and its Apply button.
  await page.goto(`${ADMIN}/blogs?q=${tag}`)
  await page.getByLabel(`Status for ${title} edited`).selectOption('draft')
  await page.getByRole('button', { name: `Apply status for ${title} edited` }).click()
  await expectToast(page, 'Status Updated', 'Blog post status changed to draft')
  await expect(page.getByLabel(`Status for ${title} edited`)).toHaveValue('draft')

  // Delete: the button asks first (GET), Cancel changes nothing, Delete posts.
  await page.getByRole('button', { name: `Delete ${title} edited` }).click()
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&delete=${saved!.id}$`))
  const confirm = page.getByRole('alertdialog', { name: 'Delete this blog post?' })
  await expect(confirm).toContainText(`"${title} edited" will be permanently removed. This cannot be undone.`)
  await confirm.getByRole('link', { name: 'Cancel' }).click()
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  expect(await findPost(page, `${title} edited`)).toBeDefined()
  await page.getByRole('button', { name: `Delete ${title} edited` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Blog Post Deleted', 'The blog post has been removed.')
  await expect(page.getByText('No blog posts found matching your criteria.')).toBeVisible()
  expect(await findPost(page, `${title} edited`)).toBeUndefined()
})

test('a portfolio project is created, switched, archived and deleted without JavaScript', async ({ page }) => {
  const tag = uid()
  const title = `Plain Bakery ${tag}`
  await login(page)
  await page.goto(`${ADMIN}/portfolio/new`)
  await page.getByLabel('Project Title').fill(title)
  await page.getByLabel('Description').fill(`Bread without scripts ${tag}.`)
  await page.getByLabel(/^Category/).fill('Business')
  await page.getByLabel('Project Image URL').fill('/images/hero.svg')
  await page.getByRole('textbox', { name: /Image alt text/ }).fill('A laptop and a phone')
  await page.getByLabel('Live URL').fill('bakery.example.com')
  // Without JavaScript the technology typed in the box is saved with the form.
  await page.getByRole('textbox', { name: 'Technologies' }).fill('Astro')
  await page.getByRole('switch', { name: /Live Status/ }).uncheck()
  await page.getByRole('button', { name: 'Create Project' }).click()
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/portfolio\\?saved=created$`))
  await expectToast(page, 'Portfolio Created', 'Portfolio item has been created successfully.')
  expect(await findItem(page, title)).toMatchObject({
    technologies: ['Astro'],
    isLive: false,
    status: 'active',
    liveUrl: 'bakery.example.com',
    features: [],
  })

  // Edit: a technology typed in, one cleared (a checkbox without JavaScript).
  await page.goto(`${ADMIN}/portfolio?q=${tag}`)
  await page.getByRole('link', { name: `Edit ${title}` }).click()
  await page.getByRole('textbox', { name: 'Technologies' }).fill('Go')
  await page.getByRole('checkbox', { name: 'Astro' }).uncheck()
  await page.getByRole('button', { name: 'Update Project' }).click()
  await expectToast(page, 'Portfolio Updated', 'Portfolio item has been updated successfully.')
  expect(await findItem(page, title)).toMatchObject({ technologies: ['Go'], isLive: false })

  // The live switch is a submit button; the status dropdown has an Apply button.
  await page.goto(`${ADMIN}/portfolio?q=${tag}`)
  const live = page.getByRole('switch', { name: `Live status for ${title}` })
  await expect(live).not.toBeChecked()
  await live.click()
  await expectToast(page, 'Live Status Updated', 'Portfolio item is now live')
  await expect(page.getByRole('switch', { name: `Live status for ${title}` })).toBeChecked()
  await page.getByLabel(`Status for ${title}`, { exact: true }).selectOption('archived')
  await page.getByRole('button', { name: `Apply status for ${title}` }).click()
  await expectToast(page, 'Status Updated', 'Portfolio item status changed to archived')
  expect(await findItem(page, title)).toMatchObject({ isLive: true, status: 'archived' })

  // Delete asks first.
  await page.getByRole('button', { name: `Delete ${title}` }).click()
  await expect(page.getByRole('alertdialog', { name: 'Delete this portfolio item?' })).toBeVisible()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Portfolio Item Deleted', 'The portfolio item has been removed.')
  await expect(page.getByRole('link', { name: 'Create Your First Portfolio Item' })).toBeVisible()
  expect(await findItem(page, title)).toBeUndefined()
})

test.describe('with JavaScript', () => {
  test.use({ javaScriptEnabled: true })

  test('the confirmation step of a page opened at ?delete= is accessible and deletes through the action', async ({ page }) => {
    const title = `Confirm step ${uid()}`
    await login(page)
    const post = (await apiWrite(page, 'POST', '/api/blogs', {
      title,
      subheading: 's',
      excerpt: 'e',
      content: '<p>x</p>',
      category: 'SEO',
    })) as { id: number }
    await page.goto(`${ADMIN}/blogs?q=${encodeURIComponent(title)}&delete=${post.id}`)
    const confirm = page.getByRole('alertdialog', { name: 'Delete this blog post?' })
    await expect(confirm).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expectNoAxeViolations(page)
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, 'Blog Post Deleted', 'The blog post has been removed.')
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    await expect(page).not.toHaveURL(/delete=/)
    expect(await findPost(page, title)).toBeUndefined()
  })

  test('a save whose answer never comes back shows the spec failure notice and keeps what was typed', async ({ page }) => {
    const title = `Lost answer ${uid()}`
    await login(page)
    await page.goto(`${ADMIN}/blogs/new`)
    await page.waitForLoadState('networkidle')
    // A proxy's error page instead of the action's answer (the page's reload afterwards goes through).
    await page.route('**/admin/blogs/new.data*', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' })
        : route.continue(),
    )
    await page.getByLabel(/^Title/).fill(title)
    await page.getByLabel('Subheading').fill('Sub')
    await page.getByLabel('Excerpt').fill('Excerpt')
    await page.getByLabel('Category').selectOption('SEO')
    await page.getByRole('button', { name: 'HTML source' }).click()
    await page.getByLabel('HTML source').fill('<p>Body</p>')
    await page.getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'Error', 'Failed to save blog post. Please try again.')
    await expect(page).toHaveURL(/\/blogs\/new$/)
    await expect(page.getByLabel(/^Title/)).toHaveValue(title)
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled()
  })
})

test("a post's tags are refused, saved and followed to the tag's list without JavaScript", async ({ page }) => {
  const mark = uid()
  const russian = `Веб-дизайн ${mark}`
  await login(page)
  const { id, slug } = (await apiWrite(page, 'POST', '/api/blogs', {
    title: `Plain tags ${mark}`,
    subheading: 's',
    excerpt: 'e',
    content: '<p>c</p>',
    category: 'SEO',
    status: 'published',
  })) as { id: number; slug: string }
  await page.goto(`${ADMIN}/blogs/edit/${id}`)
  const tags = page.getByRole('textbox', { name: 'Tags' })
  await expect(tags).toHaveValue('')

  // Refused by the action: 400, the message beside the field, what was typed kept.
  const many = Array.from({ length: 21 }, (_, i) => `t${i}`).join(', ')
  await tags.fill(many)
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByText('Use at most 20 tags.')).toBeVisible()
  await expect(tags).toHaveAttribute('aria-invalid', 'true')
  await expect(tags).toHaveValue(many)
  // axe runs in the page: the editor with a refused Tags field is checked with JavaScript (admin-blog.spec.ts).

  await tags.fill(`${russian}, Studio ${mark}`)
  await page.getByRole('button', { name: 'Update' }).click()
  await expectToast(page, 'Blog Updated', 'Blog post has been updated successfully.')
  expect((await findPost(page, `Plain tags ${mark}`))!.tags).toBe(JSON.stringify([russian, `Studio ${mark}`]))

  await page.goto(`/blog/${slug}`)
  await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: russian }).click()
  await expect(page).toHaveURL(`/blog?tag=${encodeURIComponent(`веб-дизайн-${mark}`)}`)
  await expect(page.getByRole('main').getByRole('list', { name: 'Blog posts' }).getByRole('heading')).toHaveText([`Plain tags ${mark}`])
  await apiWrite(page, 'DELETE', `/api/blogs/${id}`)
})
