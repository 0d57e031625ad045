import path from 'node:path'
import Database from 'better-sqlite3'
import { expect, test, type Page } from '@playwright/test'
import { ADMIN, dataDir, expectNoAxeViolations, login, sql, uid, bookedCallLead } from './admin-helpers.ts'

// Issue 38 (docs/decisions/075): "Write a proposal" from a contact message's page and from a
// booked call. A message becomes a proposal request once, linked both ways; a call is a lead already.

const HOUR = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()

function newMessage(tag: string, text: string): number {
  return Number(
    sql(
      `insert into contact_messages (name, email, message, is_read, created_at) values (?, ?, ?, 0, ?)`,
      `Mel ${tag}`,
      `mel-${tag}@example.com`,
      text,
      iso(Date.now() - HOUR),
    ).lastInsertRowid,
  )
}

/** The proposal requests made from a message, read from this run's database. */
function leadsMadeFrom(messageId: number): number[] {
  const db = new Database(path.join(dataDir(), 'site.db'), { readonly: true })
  try {
    return (db.prepare('SELECT id FROM proposals WHERE from_message_id = ?').all(messageId) as { id: number }[]).map((r) => r.id)
  } finally {
    db.close()
  }
}

async function writeFromMessage(page: Page, tag: string, text: string) {
  const id = newMessage(tag, text)
  await page.goto(`${ADMIN}/messages/${id}`)
  const section = page.getByRole('region', { name: 'Proposal to the client' })
  await expect(section).toContainText('Makes a proposal request on the lead desk from this message')
  await section.getByRole('button', { name: 'Write a proposal' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Proposal for Mel ${tag}` })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/proposals/\\d+/document$`))
  await expect(page.getByLabel('Section 1 text')).toHaveValue(text)
  return id
}

test('"Write a proposal" on a message makes a lead from it once, opens its proposal pre-filled, and links the two both ways', async ({
  page,
}) => {
  const tag = uid()
  const text = `We are a bakery and need a site with online orders (${tag}).`
  await login(page)
  const id = await writeFromMessage(page, tag, text)
  await expectNoAxeViolations(page)
  const [leadId] = leadsMadeFrom(id)
  expect(page.url()).toContain(`/proposals/${leadId}/document`)

  // Back on the message: the lead and its proposal are one click away, and its notes say so.
  await page.goto(`${ADMIN}/messages/${id}`)
  const section = page.getByRole('region', { name: 'Proposal to the client' })
  await expect(section.getByRole('button', { name: 'Write a proposal' })).toHaveCount(0)
  await expect(section.getByRole('link', { name: 'Open the proposal' })).toHaveAttribute('href', `${ADMIN}/proposals/${leadId}/document`)
  await expect(page.getByRole('region', { name: 'Notes' })).toContainText('Made into a proposal request, to write a proposal.')
  await expectNoAxeViolations(page)
  await section.getByRole('link', { name: 'Open the lead' }).click()

  // The lead says where it came from, with the way back.
  await expect(page.getByRole('heading', { level: 1, name: `Proposal from Mel ${tag}` })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Where this lead came from' })).toContainText(
    'Made from a contact message, to write its proposal.',
  )
  await expect(page.getByRole('region', { name: 'Notes' })).toContainText(
    `Made from Mel ${tag}'s contact message, to write their proposal.`,
  )
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Open the message' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Message from Mel ${tag}` })).toBeVisible()
  expect(leadsMadeFrom(id)).toEqual([leadId])
})

test('the same "Write a proposal" sent twice at once makes one lead', async ({ page }) => {
  const tag = uid()
  await login(page)
  const id = newMessage(tag, `Twice pressed (${tag}).`)
  await page.goto(`${ADMIN}/messages/${id}`)
  const form = page.getByRole('region', { name: 'Proposal to the client' }).locator('form')
  await expect(form).toHaveCount(1)
  // Two posts of the very form (its CSRF token included), side by side: a double click that got through.
  const statuses = await form.evaluate(async (f: HTMLFormElement) => {
    const post = () => fetch(f.action, { method: 'POST', body: new FormData(f), redirect: 'manual' }).then((r) => r.status)
    return Promise.all([post(), post()])
  })
  expect(statuses.every((s) => s === 0 || (s >= 300 && s < 400))).toBe(true)
  expect(leadsMadeFrom(id)).toHaveLength(1)
})

test('"Write a proposal" on a booked call opens the proposal of the lead the call belongs to', async ({ page }) => {
  const tag = uid()
  const now = Date.now()
  const { lead, start } = bookedCallLead(`Cal ${tag}`, `cal-${tag}@example.com`, `hash-${tag}`, now)
  await login(page)
  await page.goto(`${ADMIN}/calls?view=day&tz=UTC&date=${iso(start).slice(0, 10)}`)
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: `Write a proposal for Cal ${tag}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Proposal for Cal ${tag}` })).toBeVisible()
  expect(page.url()).toContain(`/proposals/${lead}/document`)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('"Write a proposal" on a message is a plain form that lands in the proposal editor', async ({ page }) => {
    const tag = uid()
    await login(page)
    const id = await writeFromMessage(page, tag, `Plain form, no scripts (${tag}).`)
    expect(leadsMadeFrom(id)).toHaveLength(1)
  })
})
