// Measures the image bytes a phone (390 px wide, 3x) downloads on /, /blog and /portfolio of a
// running site: at first view (no scrolling) and after scrolling to the end. See docs/BENCHMARKS.md.
//
//   node bench/measure-image-bytes.js <base URL> [--photo-covers]
//
// --photo-covers first signs in (ADMIN_USERNAME / ADMIN_PASSWORD) and gives every post and
// project an uploaded photo-like JPEG (2000 × 1250) as its cover, as a real site would have:
// the sample content's pictures are small SVG files. It changes the site's content: use a
// throwaway database.
import { chromium } from '@playwright/test'
import sharp from 'sharp'

const [base, ...flags] = process.argv.slice(2)
if (!base) {
  console.error('usage: node bench/measure-image-bytes.js <base URL> [--photo-covers]')
  process.exit(2)
}
const PAGES = ['/', '/blog', '/portfolio']
const PHONE = { width: 390, height: 844 }

/** A tiny API client with the session cookie and CSRF token. */
function apiClient() {
  const jar = new Map()
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0]
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1))
    }
  }
  return async function call(method, path, body, type = 'application/json') {
    const session = await fetch(`${base}/api/auth/session`, { headers: { cookie: cookie() } })
    keep(session)
    const { csrfToken } = await session.json()
    const res = await fetch(base + path, {
      method,
      headers: { cookie: cookie(), 'x-csrf-token': csrfToken, ...(body !== undefined && { 'content-type': type }) },
      body: body === undefined ? undefined : type === 'application/json' ? JSON.stringify(body) : body,
    })
    keep(res)
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
    return res.json()
  }
}

/** Noise, softened: compresses like a photograph (a flat colour would flatter every encoder). */
const photo = (seed) =>
  sharp({ create: { width: 2000, height: 1250, channels: 3, noise: { type: 'gaussian', mean: 90 + seed * 10, sigma: 50 } } })
    .blur(2.5)
    .jpeg({ quality: 90 })
    .toBuffer()

async function photoCovers() {
  const call = apiClient()
  await call('POST', '/api/auth/login', { username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD })
  let n = 0
  for (const [list, one] of [
    ['/api/blogs', '/api/blogs/'],
    ['/api/portfolio', '/api/portfolio/'],
  ]) {
    for (const row of await call('GET', list)) {
      const { url } = await call('POST', '/api/uploads', await photo(n++ % 8), 'image/jpeg')
      await call('PUT', one + row.id, { image: url, imageAlt: row.title })
    }
  }
  console.log(`${n} covers uploaded`)
}

/** Sums the bodies of the images the page downloads (each page in a fresh context: nothing cached). */
async function measure(browser, path) {
  const context = await browser.newContext({ viewport: PHONE, screen: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true })
  // The home page's discovery popup is another feature; keep it from covering the page.
  await context.addInitScript(() => globalThis.localStorage.setItem('discovery-popup-shown', 'true'))
  const page = await context.newPage()
  const pending = []
  page.on('requestfinished', (req) => {
    if (req.resourceType() === 'image')
      pending.push(req.sizes().then((s) => ({ url: new URL(req.url()).pathname, bytes: s.responseBodySize })))
  })
  const total = async () => {
    const images = await Promise.all(pending)
    return [images.reduce((a, i) => a + i.bytes, 0), images]
  }
  await page.goto(base + path, { waitUntil: 'networkidle' })
  const [firstView, { length: firstCount }] = await total()
  // Scroll to the end a screen at a time, letting lazy images load.
  for (let y = 0; y < (await page.evaluate(() => globalThis.document.body.scrollHeight)); y += PHONE.height / 2) {
    await page.evaluate((top) => globalThis.scrollTo(0, top), y)
    await page.waitForLoadState('networkidle')
  }
  await page.waitForLoadState('networkidle')
  const [whole, images] = await total()
  await context.close()
  return { path, firstView, firstCount, whole, wholeCount: images.length, images }
}

if (flags.includes('--photo-covers')) await photoCovers()
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
const kb = (n) => `${(n / 1024).toFixed(1)} KB`
console.log('| page | first view | after scrolling to the end |')
console.log('|---|---|---|')
for (const path of PAGES) {
  const r = await measure(browser, path)
  console.log(`| ${r.path} | ${kb(r.firstView)} (${r.firstCount} images) | ${kb(r.whole)} (${r.wholeCount} images) |`)
  if (flags.includes('--verbose')) for (const i of r.images) console.log(`    ${i.url} ${i.bytes}`)
}
await browser.close()
