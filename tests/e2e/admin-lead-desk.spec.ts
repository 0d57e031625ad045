import Database from 'better-sqlite3'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { ADMIN, apiWrite, dataDir, expectNoAxeViolations, expectToast, login, uid } from './admin-helpers.ts'

/** A visitor's request, sent the way the proposal form's API client sends it. */
async function submitProposal(page: Page, fields: Record<string, string>) {
  await apiWrite(page, 'POST', '/api/proposals', {
    phone: '',
    businessType: 'retail',
    budget: '500-1000',
    requirements: 'A shop with 20 products.',
    ...fields,
  })
}

/** Rows of the e2e server's outbox for one recipient (read straight from its SQLite file). */
function outboxFor(to: string) {
  const db = new Database(path.join(dataDir(), 'site.db'), { readonly: true })
  try {
    return db.prepare('select to_address as toAddress, subject, body from mail_outbox where to_address = ? order by id').all(to) as {
      toAddress: string
      subject: string
      body: string
    }[]
  } finally {
    db.close()
  }
}

/** Counts the status posts a lead's page sends (with JavaScript they go to `/admin/proposals/:id.data`). */
function countStatusPosts(page: Page) {
  const posts: string[] = []
  page.on('request', (req) => {
    if (req.method() === 'POST' && /\/proposals\/\d+\.data/.test(req.url()) && (req.postData() ?? '').includes('intent=status'))
      posts.push(req.url())
  })
  return posts
}

test('the status is saved once, on Apply, not on each arrow key; the change shows on the desk', async ({ page }) => {
  const tag = uid()
  const name = `Kbd First ${tag}`
  await submitProposal(page, { name, email: `kbd1-${tag}@example.com` })
  await login(page)
  await page.goto(`${ADMIN}/proposals?q=${tag}&status=pending`)
  await page.getByRole('main').locator('[data-row-link]').filter({ visible: true }).first().click()
  await expect(page.getByRole('heading', { name: `Proposal from ${name}`, level: 1 })).toBeVisible()
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  const posts = countStatusPosts(page)

  // Walking the options with the keyboard changes the choice only.
  const select = page.getByLabel(`Status for ${name}`)
  await select.focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowUp')
  await expect(select).toHaveValue('reviewed')
  expect(posts).toHaveLength(0)

  // Tab to Apply and press Enter: one save.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: `Apply status for ${name}` })).toBeFocused()
  await page.keyboard.press('Enter')
  await expectToast(page, 'Status Updated', 'Proposal status changed to reviewed')
  expect(posts).toHaveLength(1)
  // Focus stays where the person was.
  await expect(page.getByRole('button', { name: `Apply status for ${name}` })).toBeFocused()

  // The desk's Pending list no longer holds it.
  await page.goto(`${ADMIN}/proposals?q=${tag}&status=pending`)
  await expect(page.getByText('No proposals found matching your criteria.')).toBeVisible()
})

test('the lead desk: add a note, change the status, reply by email from a template, and see it all in the history', async ({ page }) => {
  const tag = uid()
  const name = `Desk Visitor ${tag}`
  const email = `desk-${tag}@example.com`
  await submitProposal(page, { name, email, requirements: `A bakery site ${tag}\nwith online orders.` })
  await login(page)
  await page.goto(`${ADMIN}/proposals?q=${tag}`)
  await page.getByRole('main').locator('[data-row-link]').filter({ visible: true, hasText: name }).click()
  await expect(page.getByRole('heading', { name: `Proposal from ${name}`, level: 1 })).toBeVisible()

  // A note, timestamped; the note box is empty and focused for the next one.
  const notes = page.getByRole('region', { name: 'Notes' })
  await expect(notes).toContainText('No notes yet.')
  await notes.getByLabel('Add a note').fill('Called: wants it live before the holidays.')
  await notes.getByRole('button', { name: 'Add note' }).click()
  await expectToast(page, 'Note Added')
  const noteList = notes.getByRole('list', { name: 'Notes' })
  await expect(noteList.getByRole('listitem')).toHaveCount(1)
  await expect(noteList).toContainText('Called: wants it live before the holidays.')
  // In the agency's zone, named once on the page rather than after each time (docs/decisions/070).
  await expect(noteList.locator('time')).toHaveText(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/)
  await expect(page.getByTestId('times-in')).toHaveText('Times in Pacific Time (Los Angeles).')
  await expect(notes.getByLabel('Add a note')).toHaveValue('')
  await expect(notes.getByLabel('Add a note')).toBeFocused()

  // Refused without text: the message is beside the field, and focus is on it.
  await notes.getByRole('button', { name: 'Add note' }).click()
  await expect(notes.getByText('Note is required')).toBeVisible()
  await expect(notes.getByLabel('Add a note')).toHaveAttribute('aria-invalid', 'true')
  await expect(notes.getByLabel('Add a note')).toBeFocused()

  // The status, by keyboard: the choice, then Apply.
  const status = page.getByRole('region', { name: 'Triage' })
  await status.getByLabel(`Status for ${name}`).focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expectToast(page, 'Status Updated', 'Proposal status changed to reviewed')
  const history = page.getByRole('list', { name: 'History' })
  await expect(history).toContainText('Request received')
  await expect(history).toContainText('Status changed from Pending to Reviewed')
  await expect(history.getByRole('listitem')).toHaveCount(2)

  // "Dismiss notification" hands focus back to where the admin was (the Apply button).
  await page.getByRole('button', { name: 'Dismiss notification' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('toast')).toHaveCount(0)
  await expect(status.getByRole('button', { name: `Apply status for ${name}` })).toBeFocused()

  // The reply starts from the template with the visitor's name and request; it is edited, then sent.
  const reply = page.getByRole('region', { name: 'Reply by email' })
  await expect(reply.getByLabel('Subject')).toHaveValue(/Your proposal request/)
  const body = reply.getByLabel('Message')
  await expect(body).toHaveValue(new RegExp(`^Hello ${name},`))
  await expect(body).toHaveValue(new RegExp(`> A bakery site ${tag}\\n> with online orders.`))
  await reply.getByLabel('Subject').fill(`Your bakery website ${tag}`)
  const edited = (await body.inputValue()).replace('Best regards,', `We can start on Monday.\n\nBest regards,`)
  await body.fill(edited)
  // The e2e server has no SMTP_URL: the screen says the reply is kept, never that it was sent (issue 36).
  await expect(reply.getByText('Mail is not being delivered: set SMTP_URL')).toBeVisible()
  await reply.getByRole('button', { name: 'Keep reply to send later' }).click()
  await expectToast(
    page,
    'Reply Kept',
    `Your reply to ${email} is kept in the outbox and the history, not sent: mail is not set up, so it will be sent when it is.`,
  )
  await expect(history).toContainText(`Reply to ${email}: Your bakery website ${tag}`)
  await history.getByText('Show the message').click()
  await expect(history).toContainText('We can start on Monday.')
  // The form starts again from the template.
  await expect(reply.getByLabel('Subject')).toHaveValue(/Your proposal request/)

  // Queued in the outbox, to the visitor, with the edited text.
  const mail = outboxFor(email).filter((m) => m.subject === `Your bakery website ${tag}`)
  expect(mail).toHaveLength(1)
  expect(mail[0].body).toBe(edited.replace(/\r\n/g, '\n'))
  await expectNoAxeViolations(page)
})

test('a request from the cost estimator shows the estimate on the desk, with a link that reopens it', async ({ page }) => {
  const tag = uid()
  await page.goto('/pricing')
  const e = page.getByRole('region', { name: 'Cost Estimator' })
  await e.getByRole('radio', { name: /Business Website/ }).check()
  await e.getByLabel('Number of Pages').fill('5')
  await e.getByRole('checkbox', { name: /SEO Optimization/ }).check()
  await e.getByRole('button', { name: 'Calculate' }).click()
  const total = (await e.getByRole('region', { name: 'Your estimate' }).getByRole('row').last().innerText()).trim()
  await e.getByRole('link', { name: /Request this proposal/ }).click()
  await expect(page).toHaveURL(/\/proposal\?/)
  // As for the builder below: the form is filled once hydrated, and the test waits for the
  // confirmation itself (the intro also says "within 24 hours").
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await page.getByLabel('Full Name').fill(`Estimator Visitor ${tag}`)
  await page.getByLabel('Email Address').fill(`est-${tag}@example.com`)
  await page.getByLabel('Business Type').selectOption('retail')
  await page.getByRole('button', { name: 'Submit Proposal Request' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Proposal Request Submitted!' })).toBeVisible()

  await login(page)
  await page.goto(`${ADMIN}/proposals?q=${tag}`)
  await page.getByRole('main').locator('[data-row-link]').filter({ visible: true }).first().click()
  const origin = page.getByRole('region', { name: 'From the cost estimator' })
  await expect(origin).toContainText('Business Website')
  await expect(origin).toContainText('SEO Optimization')
  await expect(origin.getByRole('row').last()).toHaveText(new RegExp(total.replace(/\s+/g, '\\s*').replace(/\$/g, '\\$')))
  const reopen = origin.getByRole('link', { name: /Open this estimate in the cost estimator/ })
  const href = (await reopen.getAttribute('href'))!
  expect(href).toMatch(/^\/pricing\?type=business&pages=5&addons=seo/)

  // Reopened: the estimator starts from the same choices, calculated.
  await page.goto(href)
  const again = page.getByRole('region', { name: 'Cost Estimator' })
  await expect(again.getByRole('radio', { name: /Business Website/ })).toBeChecked()
  await expect(again.getByLabel('Number of Pages')).toHaveValue('5')
  await expect(again.getByRole('checkbox', { name: /SEO Optimization/ })).toBeChecked()
  await expect(again.getByRole('region', { name: 'Your estimate' }).getByRole('row').last()).toHaveText(
    new RegExp(total.replace(/\s+/g, '\\s*').replace(/\$/g, '\\$')),
  )
})

test('a request from the demo builder shows the design on the desk, and the link reopens it in the builder', async ({ page }) => {
  const tag = uid()
  await page.goto('/demo-builder')
  // Convert is a submit button of the builder's form: hydrated or not, it carries what was typed.
  await page.getByLabel('Business Name').fill(`Builder Bistro ${tag}`)
  await page.getByRole('button', { name: 'Convert to Real Website' }).click()
  await expect(page).toHaveURL(/\/proposal\?/)
  // Convert may have loaded the proposal page afresh: this test is about the desk, so the form is
  // filled once it has hydrated (choices made while it hydrates are early-input-tools.spec's subject).
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await page.getByLabel('Full Name').fill(`Builder Visitor ${tag}`)
  await page.getByLabel('Email Address').fill(`builder-${tag}@example.com`)
  await page.getByLabel('Business Type').selectOption('restaurant')
  await page.getByLabel('Budget Range').selectOption('1000-2500')
  await page.getByRole('button', { name: 'Submit Proposal Request' }).click()
  // The confirmation itself: the page's intro already says "within 24 hours", and leaving before
  // the request is stored (issue 22: a fresh machine's slower first submit) left nothing to find below.
  await expect(page.getByRole('status').filter({ hasText: 'Proposal Request Submitted!' })).toBeVisible()

  // Another design in this browser, so that reopening visibly brings the visitor's back.
  await page.goto('/demo-builder')
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await page.getByLabel('Business Name').fill('Something Else')
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('demo-builder-config') ?? '')).toContain('Something Else')

  await login(page)
  await page.goto(`${ADMIN}/proposals?q=${tag}`)
  await page.getByRole('main').locator('[data-row-link]').filter({ visible: true }).first().click()
  const origin = page.getByRole('region', { name: 'From the demo builder' })
  await expect(origin).toContainText(`Builder Bistro ${tag}`)
  const href = (await origin.getByRole('link', { name: /Open this design in the demo builder/ }).getAttribute('href'))!
  await page.goto(href)
  await expect(page.getByLabel('Business Name')).toHaveValue(`Builder Bistro ${tag}`)
})

test('the dashboard chart has labelled axes with gridlines, readable dates, a tooltip and the figures, two lines told apart without colour, and the conversion rate', async ({
  page,
}, testInfo) => {
  const tag = uid()
  await submitProposal(page, { name: `Chart ${tag}`, email: `chart-${tag}@example.com` })
  // Page views as the site's pages report them.
  const { csrfToken } = (await (await page.request.get('/api/auth/session')).json()) as { csrfToken: string }
  for (const p of ['/', '/pricing', '/blog']) {
    expect((await page.request.post('/api/pageviews', { data: { path: p }, headers: { 'x-csrf-token': csrfToken } })).status()).toBe(204)
  }
  await login(page)
  await page.goto(`${ADMIN}/dashboard`)

  await expect(page.getByTestId('conversion-rate')).toContainText(
    /Requests per 100 page views: [\d.]+ \([\d,]+ requests, [\d,]+ page views in the last 30 days\)/,
  )

  const chart = page.getByTestId('activity-chart')
  await expect(chart).toBeVisible()
  // Both y-axes: a title, and a value at each of the 5 gridlines.
  // Each named once (issue 36): no second label at the line's end.
  await expect(chart.getByText('Page views', { exact: true })).toHaveCount(1)
  await expect(chart.getByText('Requests', { exact: true })).toHaveCount(1)
  await expect(chart.getByTestId('gridline')).toHaveCount(5)
  await expect(chart.locator('[data-axis="views"]').first()).toHaveText('0')
  await expect(chart.locator('[data-axis="requests"]')).toHaveCount(5)
  // The lines differ by more than colour: one dashed with square markers, one solid with round ones.
  await expect(chart.locator('path[stroke-dasharray]')).toHaveCount(1)
  await expect(chart.locator('circle')).toHaveCount(30)
  await expect(chart.locator('rect')).toHaveCount(30)

  // Dates a person can read, on a phone too: at least 12 px tall and not overlapping.
  const labels = chart.getByTestId('day-label')
  expect(await labels.count()).toBeGreaterThanOrEqual(4)
  await expect(labels.last()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}$/)
  const boxes = await labels.evaluateAll((els) =>
    els.map((el) => el.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right, height: r.height })),
  )
  for (const b of boxes) expect(b.height, `date label height on ${testInfo.project.name}`).toBeGreaterThanOrEqual(11)
  for (let i = 1; i < boxes.length; i++) expect(boxes[i].left).toBeGreaterThan(boxes[i - 1].right)

  // A tooltip for the pointer and for the arrow keys.
  // (Retried until the page has hydrated: the server's HTML has no tooltip.)
  await chart.scrollIntoViewIfNeeded()
  const tooltip = page.getByTestId('chart-tooltip')
  await expect(async () => {
    const box = (await chart.boundingBox())!
    if (testInfo.project.use.hasTouch) await page.touchscreen.tap(box.x + box.width - 50, box.y + box.height / 2)
    else await page.mouse.move(box.x + box.width - 50 - Math.random() * 20, box.y + box.height / 2)
    await expect(tooltip).toContainText(/page views/, { timeout: 2000 })
  }).toPass({ timeout: 30_000 })
  if (!testInfo.project.use.hasTouch) {
    await page.mouse.move(0, 0)
    await expect(tooltip).toHaveCount(0)
  }
  await page.getByRole('group', { name: /Chart of page views and proposal requests per day/ }).focus()
  await page.keyboard.press('End')
  await expect(page.getByTestId('chart-tooltip')).toContainText(/\d+ proposal requests/)

  // The figures as a table, for everyone.
  await page.getByRole('button', { name: 'Show the figures' }).click()
  const table = page.getByRole('table', { name: /Proposals and page views per day/ })
  await expect(table).toBeVisible()
  await expect(table.getByRole('row')).toHaveCount(31)
  await expectNoAxeViolations(page)
})

test('the CSV export writes labels and local dates', async ({ page }) => {
  const tag = uid()
  await submitProposal(page, { name: `Csv ${tag}`, email: `csv-${tag}@example.com`, businessType: 'healthcare', budget: '2500-5000' })
  await login(page)
  const csv = await (await page.request.get(`/api/proposals/export.csv?q=${tag}`)).text()
  const [header, row] = csv.split('\r\n')
  expect(header).toBe('Name,Email,Phone,Business Type,Budget,Status,Date (Pacific Time),Source,Campaign,Landing page')
  expect(row).toMatch(
    new RegExp(
      `^Csv ${tag},csv-${tag}@example.com,,Healthcare,"\\$2,500 - \\$5,000",Pending,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},[^,]*,[^,]*,[^,]*$`,
    ),
  )
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('notes, the status and a reply are plain forms on the lead desk', async ({ page }) => {
    const tag = uid()
    const name = `NoJs Desk ${tag}`
    await submitProposal(page, { name, email: `nojs-desk-${tag}@example.com` })
    await login(page)
    await page.goto(`${ADMIN}/proposals?q=${tag}`)
    await page.getByRole('main').locator('[data-row-link]').filter({ visible: true, hasText: name }).click()
    await expect(page.getByRole('heading', { name: `Proposal from ${name}`, level: 1 })).toBeVisible()

    await page.getByLabel('Add a note').fill('Written without scripts.')
    await page.getByRole('button', { name: 'Add note' }).click()
    await expectToast(page, 'Note Added')
    await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Written without scripts.')

    await page.getByLabel(`Status for ${name}`).selectOption('completed')
    await page.getByRole('button', { name: `Apply status for ${name}` }).click()
    await expectToast(page, 'Status Updated', 'Proposal status changed to completed')
    await expect(page.getByLabel(`Status for ${name}`)).toHaveValue('completed')
    await expect(page.getByRole('list', { name: 'History' })).toContainText('Status changed from Pending to Completed')

    await page.getByLabel('Subject').fill('')
    await page.getByRole('button', { name: 'Keep reply to send later' }).click()
    await expect(page.getByText('Subject is required')).toBeVisible()
    await page.getByLabel('Subject').fill(`Plain reply ${tag}`)
    await page.getByRole('button', { name: 'Keep reply to send later' }).click()
    await expectToast(page, 'Reply Kept')
    await expect(page.getByRole('list', { name: 'History' })).toContainText(`Plain reply ${tag}`)
  })
})

test('the desk marks its required fields for assistive technology, with the visible asterisk (issue 27, failure 11)', async ({ page }) => {
  const tag = uid()
  const name = `Required Marks ${tag}`
  await submitProposal(page, { name, email: `required-${tag}@example.com` })
  await login(page)
  await page.goto(`${ADMIN}/proposals?q=${tag}`)
  await page.getByRole('main').locator('[data-row-link]').filter({ visible: true, hasText: name }).click()
  await expect(page.getByRole('heading', { name: `Proposal from ${name}`, level: 1 })).toBeVisible()

  const reply = page.getByRole('region', { name: 'Reply by email' })
  const notes = page.getByRole('region', { name: 'Notes' })
  for (const field of [reply.getByLabel('Subject'), reply.getByLabel('Message'), notes.getByLabel('Add a note')]) {
    await expect(field).toHaveAttribute('aria-required', 'true')
    // The asterisk people see sits in the field's label.
    const id = await field.getAttribute('id')
    await expect(page.locator(`label[for="${id}"]`)).toContainText('*')
  }
})
