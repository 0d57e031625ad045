import { gzipSync } from 'node:zlib'
import { expect, test } from '@playwright/test'
import { FIRST_VIEW_BUDGET_KB } from '../system/route-scripts.ts'

// The same budget tests/system/route-budgets.test.ts reads from the build's manifest; here it
// covers what the browser really fetches until the network is idle (a dynamic import started at
// load would count). docs/decisions/071-what-the-home-page-loads.md
const BUDGET_KB = FIRST_VIEW_BUDGET_KB['routes/public/home']

test(`the home page ships at most ${BUDGET_KB} KB of gzipped JavaScript`, async ({ page, request }) => {
  const scripts = new Set<string>()
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(res.url())) scripts.add(res.url())
  })
  await page.addInitScript(() => localStorage.setItem('discovery-popup-shown', 'true'))
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  expect(scripts.size).toBeGreaterThan(0)
  let total = 0
  for (const url of scripts) {
    const size = gzipSync(await (await request.get(url)).body(), { level: 9 }).length
    if (process.env.BUDGET_DEBUG) console.log(url, size)
    total += size
  }
  const kb = total / 1024
  console.log(`home page JavaScript: ${scripts.size} files, ${kb.toFixed(1)} KB gzipped`)
  expect(kb).toBeLessThanOrEqual(BUDGET_KB)
})

// docs/decisions/024-first-paint.md: on a slow link the scripts must not compete with the first paint.
for (const path of ['/', '/faq', '/blog']) {
  test(`${path}: no script is requested before the first paint, and the page still becomes interactive`, async ({ page }) => {
    await page.goto(path)
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/[^?]+\.js$/.test(e.name))
        .map((e) => e.startTime),
    }))
    expect(timing.paint).toBeGreaterThan(0)
    expect(timing.scripts.length).toBeGreaterThan(3)
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint!)
    // Hydrated for real: the mobile menu (phone) or a client-side link (desktop) works.
    await page.getByRole('link', { name: 'Get Free Proposal' }).first().click()
    await expect(page).toHaveURL(/\/proposal$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
}
