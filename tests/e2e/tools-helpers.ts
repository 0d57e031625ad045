import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { visit } from './public-helpers.ts'

// The public pages' helpers, shared with the specs of the tools.
export { expectNoAxeViolations, skipDiscoveryPopup, uid, visit } from './public-helpers.ts'

/** The discovery popup opens this long after an untouched page has loaded (the spec: 3 s). */
export const POPUP_DELAY_MS = 3000

/**
 * Opens a page with the page's clock under the test's control (time still flows as usual), so a
 * test moves it past the popup's delay with `page.clock.runFor` instead of waiting 3 s for it.
 */
export async function visitWithClock(page: Page, path: string) {
  await page.clock.install()
  await visit(page, path)
}

/** Signs an API request context in as the e2e administrator. */
export async function loginAdmin(request: APIRequestContext) {
  const session = (await (await request.get('/api/auth/session')).json()) as { csrfToken: string }
  const res = await request.post('/api/auth/login', {
    data: { username: 'admin', password: 'e2e-admin-password' },
    headers: { 'x-csrf-token': session.csrfToken },
  })
  expect(res.status()).toBe(200)
}

export type StoredProposal = {
  id: number
  name: string
  email: string
  phone: string | null
  businessType: string
  budget: string
  requirements: string
  status: string
}

/** The proposals whose name matches `q`, as the administrator sees them through the API. */
export async function findProposals(request: APIRequestContext, q: string): Promise<StoredProposal[]> {
  await loginAdmin(request)
  const res = await request.get(`/api/proposals?q=${encodeURIComponent(q)}`)
  expect(res.status()).toBe(200)
  return (await res.json()) as StoredProposal[]
}

/**
 * The text drawn on the pages of an uncompressed PDF made by pdfkit: it writes each line as a TJ
 * array of hex strings (split where kerning applies), so joining the hex runs of each array
 * gives back the line.
 */
export function pdfText(pdf: Buffer): string {
  const body = pdf.toString('latin1')
  const lines: string[] = []
  for (const m of body.matchAll(/\[((?:<[0-9a-fA-F]*>\s*-?\d*\.?\d*\s*)+)\]\s*TJ/g)) {
    const hex = [...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('')
    lines.push(Buffer.from(hex, 'hex').toString('latin1'))
  }
  return lines.join('\n')
}
