import { expect, test } from '@playwright/test'

test('the home page is rendered on the server and lists the sample projects', async ({ page, request }) => {
  const html = await (await request.get('/')).text()
  expect(html).toContain('Harbor Bakehouse Online Shop')
  await page.goto('/')
  await expect(page).toHaveTitle(/Launchpad Web Studio/)
})

test('an unknown path answers 404', async ({ request }) => {
  expect((await request.get('/this/does/not/exist')).status()).toBe(404)
  expect((await request.get('/nope')).status()).toBe(404)
})
