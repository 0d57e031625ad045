import { gzipSync } from 'node:zlib'
import { expect, test } from '@playwright/test'

const BUDGET_KB = 135

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
