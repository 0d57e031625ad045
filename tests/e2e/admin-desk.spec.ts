import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test'
import { ADMIN, expectNoAxeViolations, expectToast, login, openAdminNav, sql, uid, bookedCallLead } from './admin-helpers.ts'

/**
 * The lead desk (issue 36 §1): every kind of lead in one list (a table at desktop width, compact
 * rows on a phone), sorted and filtered by the address, keyboard shortcuts, triage at the top of a
 * lead's page, and replies to contact messages.
 */

const HOUR = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()

/** Three leads named after `tag`, received an hour apart: a request with an estimate, a message, a booked call. */
function arrange(tag: string) {
  const now = Date.now()
  const alpha = Number(
    sql(
      `insert into proposals (name, email, business_type, budget, requirements, status, date, kind, value_cents, visit_source) values (?, ?, 'retail', '500-1000', 'A shop.', 'pending', ?, 'proposal', 245000, 'google')`,
      `Alpha ${tag}`,
      `alpha-${tag}@example.com`,
      iso(now - 3 * HOUR),
    ).lastInsertRowid,
  )
  const bravo = Number(
    sql(
      `insert into contact_messages (name, email, message, is_read, created_at) values (?, ?, ?, 0, ?)`,
      `Bravo ${tag}`,
      `bravo-${tag}@example.com`,
      `Do you build shops? ${tag}`,
      iso(now - 2 * HOUR),
    ).lastInsertRowid,
  )
  const { lead: charlie } = bookedCallLead(`Charlie ${tag}`, `charlie-${tag}@example.com`, `hash-${tag}`, now)
  return { alpha, bravo, charlie }
}

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone'

/** The names in the list as shown at this width (the table's rows, or the phone's compact rows). */
function rowNames(page: Page, testInfo: TestInfo): Locator {
  return isPhone(testInfo)
    ? page.getByRole('list', { name: 'Leads' }).getByRole('listitem').getByRole('link')
    : page.getByRole('table').getByRole('rowgroup').nth(1).getByRole('link')
}

test('one list for every kind of lead: kind, status, source, value, received and next call; sorted and filtered through the address', async ({
  page,
}, testInfo) => {
  const tag = uid()
  arrange(tag)
  await login(page)
  await page.goto(`${ADMIN}/proposals?q=${tag}`)
  await expect(page.getByRole('heading', { name: 'Proposal Management', level: 1 })).toBeVisible()
  const names = rowNames(page, testInfo)
  // Newest first by default; all three unread.
  await expect(names).toHaveText([`Charlie ${tag} (unread)`, `Bravo ${tag} (unread)`, `Alpha ${tag} (unread)`])

  if (isPhone(testInfo)) {
    await expect(page.getByRole('table')).toBeHidden()
    const rows = page.getByRole('list', { name: 'Leads' }).getByRole('listitem')
    await expect(rows.nth(0)).toContainText(/Call · Source not known/)
    await expect(rows.nth(0)).toContainText(/Next call \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/)
    await expect(rows.nth(2)).toContainText('Proposal · $2,450 · google')
    await expect(rows.nth(1)).toContainText('Message · Source not known')
  } else {
    const table = page.getByRole('table')
    await expect(table.getByRole('columnheader')).toHaveText([
      'Kind',
      'Name',
      'Status',
      'Source',
      'Assigned to',
      'Value',
      'Received',
      'Next call',
    ])
    await expect(table.getByRole('columnheader', { name: 'Received' })).toHaveAttribute('aria-sort', 'descending')
    const cells = (n: number) => table.getByRole('row').nth(n).getByRole('cell')
    await expect(cells(1).nth(0)).toHaveText('Call')
    await expect(cells(1).nth(5)).toHaveText('-')
    await expect(cells(1).nth(7)).toHaveText(/\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/)
    await expect(cells(2).nth(0)).toHaveText('Message')
    await expect(cells(3)).toHaveText([
      'Proposal',
      `Alpha ${tag} (unread)alpha-${tag}@example.com`,
      'Pending',
      'google',
      'No one',
      '$2,450',
      /\d{4}/,
      '-',
    ])
    // Sorting by a header: the address carries it; a second click turns it round.
    await table.getByRole('link', { name: 'Name' }).click()
    await expect(page).toHaveURL(/sort=name/)
    await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending')
    await expect(names).toHaveText([`Alpha ${tag} (unread)`, `Bravo ${tag} (unread)`, `Charlie ${tag} (unread)`])
    await table.getByRole('link', { name: 'Name' }).click()
    await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending')
    await expect(names).toHaveText([`Charlie ${tag} (unread)`, `Bravo ${tag} (unread)`, `Alpha ${tag} (unread)`])
  }
  await expectNoAxeViolations(page)

  // The filters are one plain GET form.
  const filters = page.getByRole('form', { name: 'Filter leads' })
  await filters.getByLabel('Kind').selectOption('message')
  await filters.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/kind=message/)
  await expect(names).toHaveText([`Bravo ${tag} (unread)`])
  await page.goto(`${ADMIN}/proposals?q=${tag}&source=google`)
  await expect(names).toHaveText([`Alpha ${tag} (unread)`])
  await page.goto(`${ADMIN}/proposals?q=${tag}&sort=value`)
  await expect(names).toHaveText([`Alpha ${tag} (unread)`, `Charlie ${tag} (unread)`, `Bravo ${tag} (unread)`])
})

test('the keyboard moves through the leads (j/k and the arrows) and Enter opens one; typing in a field is left alone', async ({
  page,
}, testInfo) => {
  const tag = uid()
  arrange(tag)
  await login(page)
  await page.goto(`${ADMIN}/proposals?q=${tag}`)
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await expect(page.getByText('Keyboard: j or ↓ next lead, k or ↑ previous, Enter opens it.')).toBeVisible()
  const names = rowNames(page, testInfo)
  await page.keyboard.press('j')
  await expect(names.nth(0)).toBeFocused()
  await page.keyboard.press('j')
  await expect(names.nth(1)).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(names.nth(2)).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(names.nth(1)).toBeFocused()
  await page.keyboard.press('k')
  await expect(names.nth(0)).toBeFocused()

  // In the search box, j and k are letters.
  const search = page.getByRole('searchbox', { name: 'Search proposals' })
  await search.focus()
  await page.keyboard.press('End')
  await page.keyboard.type('jk')
  await expect(search).toHaveValue(`${tag}jk`)
  await expect(search).toBeFocused()

  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('j')
  await page.keyboard.press('j')
  await expect(names.nth(1)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: `Message from Bravo ${tag}`, level: 1 })).toBeVisible()
})

test('a lead page puts triage (status, assignee, next step) first, before the request and the reply form, at every width', async ({
  page,
}) => {
  const tag = uid()
  const { charlie } = arrange(tag)
  await login(page)
  await page.goto(`${ADMIN}/proposals/${charlie}`)
  await expect(page.getByRole('heading', { name: `Proposal from Charlie ${tag}`, level: 1 })).toBeVisible()
  const triage = page.getByRole('region', { name: 'Triage' })
  const top = async (l: Locator) => (await l.boundingBox())!.y
  expect(await top(triage)).toBeLessThan(await top(page.getByRole('region', { name: 'Request' })))
  expect(await top(triage)).toBeLessThan(await top(page.getByRole('region', { name: 'Reply by email' })))

  // A booked call's reply asks about nothing it lacks.
  const body = page.getByRole('region', { name: 'Reply by email' }).getByLabel('Message')
  await expect(body).toHaveValue(new RegExp(`^Hello Charlie ${tag},\\n\\nThank you for booking a discovery call with us for `))
  expect(await body.inputValue()).not.toMatch(/budget|a Other|You wrote/)

  await triage.getByLabel('Next step').fill('Send the quote by Friday')
  await triage.getByRole('button', { name: 'Save next step' }).click()
  await expectToast(page, 'Next Step Saved', 'Next step: Send the quote by Friday')
  await expect(triage.getByLabel('Next step')).toHaveValue('Send the quote by Friday')
  await triage.getByLabel('Assigned to').selectOption({ index: 1 })
  await triage.getByRole('button', { name: 'Assign' }).click()
  await expectToast(page, 'Proposal Assigned')
  await expectNoAxeViolations(page)
})

test('a contact message is answered from the desk through the outbox, and opening it takes it off the unread count', async ({
  page,
}, testInfo) => {
  const tag = uid()
  const { bravo } = arrange(tag)
  await login(page)
  await page.goto(`${ADMIN}/proposals?q=${tag}&kind=message`)
  // The figure beside "Lead desk" in the menu (in the drawer on a phone).
  const count = async () => {
    if (isPhone(testInfo)) {
      await openAdminNav(page)
      const n = Number((await page.getByRole('dialog').getByTestId('menu-count-proposals').textContent())?.replace(/\D/g, ''))
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toHaveCount(0)
      return n
    }
    return Number((await page.getByRole('complementary').getByTestId('menu-count-proposals').textContent())?.replace(/\D/g, ''))
  }
  const before = await count()
  expect(before).toBeGreaterThanOrEqual(3)
  await rowNames(page, testInfo).first().click()
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/messages/${bravo}$`))
  await expect(page.getByRole('heading', { name: `Message from Bravo ${tag}`, level: 1 })).toBeVisible()
  await expect.poll(count).toBe(before - 1)

  const reply = page.getByRole('region', { name: 'Reply by email' })
  await expect(reply.getByLabel('Subject')).toHaveValue(/^Your message to /)
  await expect(reply.getByLabel('Message')).toHaveValue(
    new RegExp(`Thank you for your message. You wrote:\\n\\n> Do you build shops\\? ${tag}`),
  )
  await expect(reply.getByText('Mail is not being delivered: set SMTP_URL')).toBeVisible()
  await reply.getByLabel('Subject').fill(`About your shop ${tag}`)
  await reply.getByRole('button', { name: 'Keep reply to send later' }).click()
  await expectToast(
    page,
    'Reply Kept',
    `Your reply to bravo-${tag}@example.com is kept in the outbox and the history, not sent: mail is not set up, so it will be sent when it is.`,
  )
  await expect(page.getByRole('list', { name: 'History' })).toContainText(`Reply to bravo-${tag}@example.com: About your shop ${tag}`)

  const triage = page.getByRole('region', { name: 'Triage' })
  await triage.getByLabel(`Status for Bravo ${tag}`).selectOption('reviewed')
  await triage.getByRole('button', { name: `Apply status for Bravo ${tag}` }).click()
  await expectToast(page, 'Status Updated', 'Message status changed to reviewed')
  await expectNoAxeViolations(page)
  await page.goto(`${ADMIN}/proposals?q=${tag}&status=reviewed`)
  await expect(rowNames(page, testInfo)).toHaveText([`Bravo ${tag}`])
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the headers sort and the filter form filters, as plain links and a GET form', async ({ page }, testInfo) => {
    const tag = uid()
    arrange(tag)
    await login(page)
    await page.goto(`${ADMIN}/proposals?q=${tag}`)
    const names = rowNames(page, testInfo)
    await expect(names).toHaveCount(3)
    if (!isPhone(testInfo)) {
      await page.getByRole('table').getByRole('link', { name: 'Value' }).click()
      await expect(page.getByRole('columnheader', { name: 'Value' })).toHaveAttribute('aria-sort', 'descending')
      await expect(names).toHaveText([`Alpha ${tag} (unread)`, `Charlie ${tag} (unread)`, `Bravo ${tag} (unread)`])
    }
    await page.getByRole('form', { name: 'Filter leads' }).getByLabel('Kind').selectOption('call')
    await page.getByRole('form', { name: 'Filter leads' }).getByRole('button', { name: 'Filter' }).click()
    await expect(page).toHaveURL(/kind=call/)
    await expect(names).toHaveText([`Charlie ${tag} (unread)`])
  })
})
