import path from 'node:path'
import Database from 'better-sqlite3'
import type { Page } from '@playwright/test'
import { apiWrite, dataDir } from './admin-helpers.ts'

/**
 * A proposal request from the cost estimator, made through the API (so its pre-filled proposal
 * saves as it is): its id. `estimate` is what the estimator sent (a Business Website by default).
 */
export async function estimatorLead(
  page: Page,
  name: string,
  email: string,
  estimate = 'type=business&pages=5&urgency=standard',
): Promise<number> {
  await apiWrite(page, 'POST', '/api/proposals', {
    name,
    email,
    businessType: 'restaurant',
    budget: '1000-2500',
    requirements: 'A menu site with table booking.',
    source: 'estimator',
    sourceData: estimate,
  })
  const rows = (await (await page.request.get(`/api/proposals?q=${encodeURIComponent(email)}`)).json()) as { id: number }[]
  return rows[0].id
}

/** The link mailed to the client, read from this run's outbox (mail is not set up in e2e): its token. */
export function mailedToken(email: string): string {
  const db = new Database(path.join(dataDir(), 'site.db'), { readonly: true })
  try {
    const row = db
      .prepare("SELECT body FROM mail_outbox WHERE to_address = ? AND subject LIKE 'Your proposal from%' ORDER BY id DESC")
      .get(email) as { body: string } | undefined
    const token = /\/p\/([A-Za-z0-9_-]{43})/.exec(row?.body ?? '')?.[1]
    if (!token) throw new Error(`no proposal link mailed to ${email}`)
    return token
  } finally {
    db.close()
  }
}
