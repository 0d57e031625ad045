import AxeBuilder from '@axe-core/playwright'
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test'
import { WORKER_PORT } from './ports.ts'

export const BASE_URL = `http://127.0.0.1:${WORKER_PORT}`

/** A short unique suffix so tests never depend on what other files created. */
/** /book, perhaps with the browser's zone added once the page has hydrated (ZoneForm): when that happens is up to the machine. */
export const BOOK_URL = /\/book(\?tz=[\w%+-]+)?$/

export const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** Every public page with static content (posts and 404s are tested with their own data). */
export const PUBLIC_PAGES = ['/', '/services', '/portfolio', '/blog', '/about', '/faq', '/pricing', '/contact', '/privacy', '/terms']

/**
 * An administrator's API session in its own cookie jar, so the browser page under test stays an
 * anonymous visitor. Used to arrange data (posts, projects, settings) and to clean it up.
 */
export async function adminApi() {
  const ctx: APIRequestContext = await playwrightRequest.newContext({ baseURL: BASE_URL })
  const token = async () => ((await (await ctx.get('/api/auth/session')).json()) as { csrfToken: string }).csrfToken
  const login = await ctx.post('/api/auth/login', {
    data: { username: 'admin', password: 'e2e-admin-password' },
    headers: { 'x-csrf-token': await token() },
  })
  expect(login.status(), await login.text()).toBe(200)
  async function call<T = any>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<T> {
    const res = await ctx.fetch(url, { method, data, headers: method === 'GET' ? {} : { 'x-csrf-token': await token() } })
    expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true)
    return (await res.json()) as T
  }
  return { call, dispose: () => ctx.dispose() }
}

export type AdminApi = Awaited<ReturnType<typeof adminApi>>

/** Keeps the home page's discovery popup (another feature, tested elsewhere) from covering the page. */
export async function skipDiscoveryPopup(page: Page) {
  await page.addInitScript(() => {
    try {
      window.localStorage.setItem('discovery-popup-shown', 'true')
    } catch {
      // storage unavailable: nothing to do
    }
  })
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations).toEqual([])
}

/** The JSON-LD blocks of the current page, parsed. */
export async function jsonLd(page: Page): Promise<Record<string, any>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents()
  return texts.map((t) => JSON.parse(t) as Record<string, any>)
}

/** Waits until React has hydrated the public layout (it marks <html data-hydrated>). */
export async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
}

/**
 * Waits until the page is at rest: no request in flight and two frames drawn since. What a
 * click set off (a second toggle, a second post, a second page load) has happened by then, so a
 * test can check it happened once without waiting a fixed time.
 */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))))
}

/** Opens a public page and waits until it is interactive. */
export async function visit(page: Page, path: string) {
  const res = await page.goto(path)
  await hydrated(page)
  return res
}
