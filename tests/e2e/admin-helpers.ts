import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import Database from 'better-sqlite3'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { WORKER_PORT } from './ports.ts'
import { uid } from './public-helpers.ts'

export const ADMIN = '/admin'
export const USERNAME = 'admin'
export const PASSWORD = 'e2e-admin-password'

export { uid }

/** The e2e server's data folder (tests/e2e/server.js writes it per port). */
export function dataDir(): string {
  return readFileSync(path.join(tmpdir(), `e2e-data-dir-${WORKER_PORT}.txt`), 'utf8').trim()
}

/** Runs one statement on the e2e server's SQLite file. */
export function sql(statement: string, ...params: unknown[]) {
  const db = new Database(path.join(dataDir(), 'site.db'))
  try {
    return db.prepare(statement).run(...params)
  } finally {
    db.close()
  }
}

/**
 * A discovery call booked two days from `now`, as the booking page stores it: its lead (a
 * proposal request of kind 'call', an hour old) and the booking. The lead's id and the call's start.
 */
export function bookedCallLead(name: string, email: string, tokenHash: string, now = Date.now()): { lead: number; start: number } {
  const HOUR = 3_600_000
  const iso = (ms: number) => new Date(ms).toISOString()
  const lead = Number(
    sql(
      `insert into proposals (name, email, business_type, budget, requirements, status, date, kind) values (?, ?, 'other', '', 'Discovery call booked (no note).', 'pending', ?, 'call')`,
      name,
      email,
      iso(now - HOUR),
    ).lastInsertRowid,
  )
  const start = now + 2 * 24 * HOUR
  sql(
    `insert into bookings (start_at, end_at, name, email, note, time_zone, status, token_hash, sequence, proposal_id, created_at, updated_at) values (?, ?, ?, ?, '', 'UTC', 'booked', ?, 0, ?, ?, ?)`,
    iso(start),
    iso(start + HOUR / 2),
    name,
    email,
    tokenHash,
    lead,
    iso(now - HOUR),
    iso(now - HOUR),
  )
  return { lead, start }
}

/** Sends the CSRF token the way the browser client does. */
async function csrf(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/auth/session')
  return ((await res.json()) as { csrfToken: string }).csrfToken
}

/** Signs the page's browser context in through the API (the UI login has its own tests). */
export async function login(page: Page, password = PASSWORD) {
  const token = await csrf(page.request)
  const res = await page.request.post('/api/auth/login', { data: { username: USERNAME, password }, headers: { 'x-csrf-token': token } })
  expect(res.status()).toBe(200)
}

/** An API write with the page's cookies (for arranging data and restoring shared state). */
export async function apiWrite(page: Page, method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) {
  const token = await csrf(page.request)
  const res = await page.request.fetch(url, { method, data, headers: { 'x-csrf-token': token } })
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true)
  return res.json()
}

/** A blog post made through the API, with defaults for the fields a test does not look at. */
export function createPost<T = { id: number; slug: string }>(page: Page, over: Record<string, unknown> = {}): Promise<T> {
  return apiWrite(page, 'POST', '/api/blogs', {
    title: `Post ${uid()}`,
    subheading: 'A line under the title',
    excerpt: 'The first excerpt.',
    content: '<p>The first words of the post.</p>',
    category: 'SEO',
    ...over,
  }) as Promise<T>
}

export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByTestId('toast')
  await expect(toast).toContainText(title)
  if (description) await expect(toast).toContainText(description)
}

/**
 * Waits for the notice to close by itself. It stays while the pointer rests on it, and a tap on
 * the phone's bottom bar leaves the pointer where the notice then appears: a phone has no pointer
 * resting anywhere, so it is moved off first.
 */
export async function waitForToastToClose(page: Page) {
  await page.mouse.move(0, 0)
  await expect(page.getByTestId('toast')).toBeHidden()
}

export async function expectNoAxeViolations(page: Page) {
  // Responsive check too: nothing wider than the screen (down to phone width).
  // (Compared with the device width: a phone browser zooms out to fit a page that is too wide.)
  const width = page.viewportSize()?.width ?? 0
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations).toEqual([])
}

/**
 * On a phone the admin navigation sits in a drawer: a dialog once the page is hydrated, a plain
 * <details> disclosure before that (pass `javaScript: false` in tests that run without it).
 */
export async function openAdminNav(page: Page, { javaScript = true } = {}) {
  const menu = page.getByLabel('Open admin menu')
  if (!(await menu.isVisible())) return
  // A click before hydration would open the disclosure that hydration then replaces.
  if (javaScript) await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await menu.click()
}
