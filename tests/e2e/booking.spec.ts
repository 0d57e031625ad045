import { BOOK_URL } from './public-helpers.ts'
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { ADMIN, expectNoAxeViolations, expectToast, login, uid } from './admin-helpers.ts'

/**
 * /book and the manage link, with and without JavaScript, on desktop and phone; the back office's
 * Calls page. Tests that run at the same time book on different days (see `dayFor`), so they never
 * race each other for a time; the race itself is the system test's (tests/system/booking.test.ts).
 */

/**
 * A day of its own for each booking test and project (`slot` 0-3; phone after desktop), two
 * apart since the tests show different zones, whose lists of days are shifted a little. Never the
 * first day listed: late in the day it has few times left.
 */
const dayFor = (info: TestInfo, slot: number) => 1 + 2 * slot + (info.project.name === 'phone' ? 8 : 0)

const times = (page: Page, legend: RegExp) => page.getByRole('group', { name: legend }).getByRole('radio')

/**
 * The day the page shows, from its address (the link clicked named it too; but the calendar is
 * drawn again after each click from the free times then, and another test booking a day full
 * shifts the links, so the address is what the times below belong to).
 */
function shownDay(page: Page, href: string): string {
  return new URL(page.url()).searchParams.get('day') ?? new URLSearchParams(href.slice(href.indexOf('?'))).get('day') ?? ''
}

/**
 * The month calendar (on /book, the manage page's "Change the time" and the back office's "Move"):
 * its days with free times (links), and the chosen day's times (links to the next step).
 */
const bookDays = (page: Page) => page.getByRole('table').getByRole('link')
const bookTimes = (page: Page) => page.getByRole('navigation', { name: /^Times on / }).getByRole('link')

/** What the calendar names a 'YYYY-MM-DD' day and its month: 'Tuesday, December 1, 2026', 'December 2026'. */
const dayName = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })
const monthName = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** The calendar shows `day`: its month's name, the day marked, and that day's times. */
async function expectDayShown(page: Page, day: string) {
  await expect(page.getByRole('heading', { name: monthName(day), exact: true })).toBeVisible()
  await expect(bookDays(page).and(page.locator('[aria-current="date"]'))).toHaveAccessibleName(
    new RegExp(`^${dayName(day)}: \\d+ free times?$`),
  )
  await expect(
    page
      .getByRole('navigation', { name: `Times on ${dayName(day)}` })
      .getByRole('link')
      .first(),
  ).toBeVisible()
}

/**
 * Opens the n-th day with free times in the calendar, into the next month when this one has
 * fewer (its "Next month" link). A day with fewer than `atLeast` free times (a weekend's edge, or
 * late on the first day) is passed over for the next one, which no other test uses (`dayFor`
 * hands out every second day): which weekday falls on the n-th place depends on the day and hour
 * the suite runs. Answers the day (`?day=`).
 */
async function openBookDay(page: Page, n: number, atLeast = 5): Promise<string> {
  // Counted from the first month (a move opens the calendar on the call's month).
  for (let back = page.getByRole('link', { name: 'Previous month' }); await back.count();) {
    const month = new URLSearchParams(((await back.getAttribute('href')) ?? '').replace(/^[^?]*\?|#.*$/g, '')).get('month')
    await back.click()
    await expect(page).toHaveURL(new RegExp(`month=${month}`))
  }
  const here = await bookDays(page).count()
  let onNext = false
  for (const index of [n, n + 1]) {
    if (index >= here && !onNext) {
      await page.getByRole('link', { name: 'Next month' }).click()
      await expect(page).toHaveURL(/month=/)
      onNext = true
    }
    const link = bookDays(page).nth(onNext ? index - here : index)
    const href = (await link.getAttribute('href')) ?? ''
    await link.click()
    await expect(link).toHaveAttribute('aria-current', 'date')
    if ((await bookTimes(page).count()) >= atLeast || index === n + 1) {
      expect(await bookTimes(page).count(), `free times on the day at place ${index}`).toBeGreaterThanOrEqual(atLeast)
      return shownDay(page, href)
    }
  }
  return ''
}

/** Chooses a time on /book (step 1) and answers its label; step 2, the details, follows. */
async function chooseTime(page: Page, nth: number): Promise<{ label: string; start: string }> {
  const link = bookTimes(page).nth(nth)
  const label = ((await link.textContent()) ?? '').trim()
  const href = (await link.getAttribute('href')) ?? ''
  await link.click()
  await expect(page.getByRole('heading', { name: 'Step 2: your details' })).toBeVisible()
  await expect(page.getByTestId('chosen-time')).toContainText(label)
  return { label, start: new URLSearchParams(href.slice(href.indexOf('?'))).get('start') ?? '' }
}

async function fillDetails(page: Page, name: string, email: string) {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await page.getByLabel('Phone (optional)').fill('+1 415 555 0199')
  await page.getByLabel('What would you like to talk about? (optional)').fill('A new site for my bakery')
}

/**
 * A visitor books the first time of the n-th day on /book (already open) and closes the browser;
 * answers the call's day (`?day=`), the name and the email it was booked with.
 */
async function bookFirstTime(visitor: Page, n: number, who: string) {
  const day = await openBookDay(visitor, n)
  await chooseTime(visitor, 0)
  const tag = uid()
  const name = `${who} ${tag}`
  const email = `${who.toLowerCase().replace(/ /g, '-')}-${tag}@example.com`
  await fillDetails(visitor, name, email)
  await visitor.getByRole('button', { name: 'Book the call' }).click()
  await expect(visitor.getByRole('status')).toContainText('Your call is booked')
  await visitor.context().close()
  return { day, name, email }
}

/** The label of a time (its radio's text), e.g. '10:00 AM'. */
/**
 * Chooses the n-th time of the day the calendar shows, to move a call there (the manage page, the
 * back office): the page asks to confirm it, naming it. Answers the time's label ('10:15 AM').
 */
async function chooseNewTime(page: Page, nth: number): Promise<string> {
  const link = bookTimes(page).nth(nth)
  const label = ((await link.textContent()) ?? '').trim()
  await link.click()
  await expect(page.getByTestId('new-time')).toContainText(label)
  return label
}

/** `label` ('1:00 PM') as a whole time in a text, not the end of another ('11:00 PM'). */
const timeIn = (label: string) => new RegExp(`(^|[^\\d])${label}`)

test.describe('with JavaScript', () => {
  test.use({ timezoneId: 'Asia/Kolkata' })

  test("shows times in the browser's zone, books, and moves and cancels with the link", async ({ page }, info) => {
    await page.goto('/book')
    // Hydrated: the browser's zone replaces the default.
    // (Chromium names India's zone by its older alias, Asia/Calcutta.)
    await expect(page).toHaveURL(/tz=Asia%2F(Kolkata|Calcutta)/)
    // The zone named plainly.
    await expect(page.getByTestId('zone-line')).toHaveText(/^Times are in (Kolkata|Calcutta) time \(GMT\+5:30\)\.$/)
    await expect(page.getByLabel('Your time zone')).toHaveValue(/^Asia\/(Kolkata|Calcutta)$/)
    await expectNoAxeViolations(page)

    const day = await openBookDay(page, dayFor(info, 0))
    // Every time on the quarter hour, also in India's +5:30 (issue 35).
    for (const t of await bookTimes(page).all()) expect(((await t.textContent()) ?? '').trim()).toMatch(/:(00|15|30|45) [AP]M$/)
    await expectNoAxeViolations(page)
    const { label } = await chooseTime(page, 2)
    // On a phone the details form is reached within two screens.
    const formTop = await page
      .getByRole('heading', { name: 'Step 2: your details' })
      .evaluate((el) => el.getBoundingClientRect().top + window.scrollY)
    expect(formTop).toBeLessThan(2 * (page.viewportSize()?.height ?? 0))
    await expectNoAxeViolations(page)
    const tag = uid()
    await fillDetails(page, `Js Visitor ${tag}`, `js-${tag}@example.com`)
    await page.getByRole('button', { name: 'Book the call' }).click()

    await expect(page).toHaveURL(/\/book\/manage\/[\w-]+\?booked=1$/)
    await expect(page.getByRole('status')).toContainText('Your call is booked')
    await expect(page.getByRole('status')).toContainText(`js-${tag}@example.com`)
    // Mail is not set up here (no SMTP_URL): the page never says it was sent, says it will follow,
    // and gives what the mail would have: the time, the calendars and this page's own link.
    await expect(page.getByRole('status')).toContainText(`Your confirmation will follow by email to js-${tag}@example.com.`)
    await expect(page.getByRole('status')).not.toContainText(/\bsent\b|on its way/)
    const manageLink = page.getByTestId('manage-link')
    await expect(manageLink).toContainText('Your link to this call')
    await expect(manageLink).toContainText('Bookmark this page or copy its address: it is how you cancel or move the call.')
    await expect(manageLink.getByRole('link')).toHaveAttribute('href', new RegExp(`${new URL(page.url()).pathname}$`))
    await expect(manageLink.getByRole('link')).toHaveText(new RegExp(`^https?://[^/]+${new URL(page.url()).pathname}$`))
    await expect(page.getByTestId('call-when')).toContainText(label)
    await expect(page.getByTestId('call-when')).toContainText('GMT+5:30')
    // What, when in both zones, who and where, and the calendars.
    await expect(page.getByText('Free 15-minute discovery call with')).toBeVisible()
    await expect(page.getByTestId('call-office-when')).toContainText(/For us in (San Francisco: .*P[SD]T|Gwalior: .*GMT\+5:30)/)
    await expect(page.getByTestId('call-host')).toHaveText(/^(Maya Robinson|Arjun Sharma)$/)
    await expect(page.getByTestId('call-where')).toContainText('Phone call: we call the number you gave, or call us on')
    const calendars = page.getByRole('navigation', { name: 'Add to calendar' })
    await expect(calendars.getByRole('link', { name: 'Google Calendar' })).toHaveAttribute(
      'href',
      /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&text=.*&dates=\d{8}T\d{6}Z%2F\d{8}T\d{6}Z&.*location=Phone/,
    )
    await expect(calendars.getByRole('link', { name: 'Outlook' })).toHaveAttribute(
      'href',
      /^https:\/\/outlook\.live\.com\/calendar\/0\/deeplink\/compose\?.*startdt=/,
    )
    const ics = await page.request.get((await calendars.getByRole('link', { name: 'Download .ics' }).getAttribute('href')) ?? '')
    expect(await ics.text()).toMatch(/LOCATION:Phone: \+/)
    // Rescheduling is behind a link, not a picker under the confirmation.
    await expect(page.getByRole('button', { name: 'Move to this time' })).toHaveCount(0)
    await expectNoAxeViolations(page)

    // Move: /book's month calendar, opened on the call's day; another time that day, confirmed.
    await page.getByRole('link', { name: 'Change the time' }).click()
    await expect(page.getByRole('heading', { name: 'Move the call' })).toBeVisible()
    await expectDayShown(page, day)
    await expectNoAxeViolations(page)
    const newLabel = await chooseNewTime(page, 1)
    await expect(page.getByTestId('new-time')).toContainText(dayName(day))
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Move to this time' }).click()
    await expect(page).toHaveURL(/\?moved=1$/)
    await expect(page.getByRole('status')).toContainText('Your call is moved')
    await expect(page.getByRole('status')).toContainText(`The updated invitation will follow by email to js-${tag}@example.com.`)
    await expect(page.getByRole('status')).not.toContainText(/\bsent\b/)
    await expect(page.getByTestId('call-when')).toContainText(timeIn(newLabel))
    await expect(page.getByTestId('call-when')).not.toContainText(timeIn(label))

    await page.getByRole('button', { name: 'Cancel the call' }).click()
    await expect(page).toHaveURL(/\?cancelled=1$/)
    await expect(page.getByRole('heading', { name: 'Cancelled call' })).toBeVisible()
    await expect(page.getByRole('status')).toContainText(`A confirmation will follow by email to js-${tag}@example.com.`)
    await expect(page.getByRole('status')).not.toContainText(/\bsent\b/)
    // Nothing left to cancel or move: no link to keep.
    await expect(page.getByTestId('manage-link')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Book another time' })).toHaveAttribute('href', '/book')
    await expectNoAxeViolations(page)
  })

  test('the admin sees the call in the list and the week, opens its lead, moves and cancels it', async ({ page, browser }, info) => {
    const visitor = await (await browser.newContext({ timezoneId: 'America/Los_Angeles' })).newPage()
    await visitor.goto('/book')
    await expect(visitor.locator('html[data-hydrated]')).toHaveCount(1)
    const { day, name, email } = await bookFirstTime(visitor, dayFor(info, 1), 'Desk Caller')

    await login(page)
    await page.goto(`${ADMIN}/calls`)
    const call = page.getByRole('article', { name: `Call with ${name}` })
    await expect(call).toBeVisible()
    // Which office takes it, and its host.
    await expect(call).toContainText(/(San Francisco office, host Maya Robinson|Gwalior office, host Arjun Sharma)/)
    await expectNoAxeViolations(page)
    await page.goto(`${ADMIN}/calls?view=week&tz=America%2FLos_Angeles&date=${day}`)
    await expect(page.getByRole('region', { name: new RegExp(day.slice(0, 4)) }).first()).toBeVisible()
    await expect(call).toBeVisible()
    await page.goto(`${ADMIN}/calls?view=day&tz=America%2FLos_Angeles&date=${day}`)
    await expect(call).toBeVisible()

    // Move: /book's month calendar in the reader's zone, opened on the call's day; a time, confirmed.
    await call.getByRole('link', { name: 'Move' }).click()
    await expect(page.getByRole('heading', { name: new RegExp(`Move the call with ${name}`) })).toBeVisible()
    await expectDayShown(page, day)
    await expectNoAxeViolations(page)
    const newLabel = await chooseNewTime(page, 2)
    await expect(page.getByTestId('new-time')).toContainText(dayName(day))
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Move the call' }).click()
    await expectToast(page, 'Call Moved', 'The updated invitation to the visitor is kept in the outbox, not sent: mail is not set up')
    // The day's list shows the call at its new time.
    await expect(call).toContainText(timeIn(`${newLabel} -`))

    await page.goto(`${ADMIN}/calls`)
    await call.getByRole('link', { name: 'Open the lead' }).click()
    await expect(page.getByText(email).first()).toBeVisible()
    await expect(page.getByText(/Discovery call booked for/).first()).toBeVisible()
    await expect(page.getByText(/Discovery call moved from/).first()).toBeVisible()

    await page.goto(`${ADMIN}/calls`)
    await call.getByRole('button', { name: `Cancel the call with ${name}` }).click()
    await expectToast(page, 'Call Cancelled')
    await expect(call).toHaveCount(0)
  })
})

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a refused form ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled })

    test('says so in an alert and puts focus on the first refused field', async ({ page }, info) => {
      await page.goto('/book?tz=Europe%2FLondon')
      if (javaScriptEnabled) await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
      await openBookDay(page, dayFor(info, 1))
      await chooseTime(page, 0)
      // Both pass the browser's own checks: the server refuses them.
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('   ')
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill('a@b')
      await page.getByRole('button', { name: 'Book the call' }).click()
      await expect(page.getByRole('alert')).toContainText('Please correct the marked fields.')
      const name = page.getByRole('textbox', { name: 'Name', exact: true })
      await expect(name).toBeFocused()
      await expect(name).toHaveAccessibleDescription(/Name is required/)
      await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveAccessibleDescription(/Enter a valid email address/)
      // (axe runs in the page: with JavaScript only; the HTML is the same.)
      if (javaScriptEnabled) await expectNoAxeViolations(page)
      // Only the email left to fix: focus goes to it.
      await name.fill('Fixed Name')
      await page.getByRole('button', { name: 'Book the call' }).click()
      await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeFocused()
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Fixed Name')
    })
  })
}

test('booking hours: a bad value is refused beside its field, and the hours save', async ({ page }) => {
  await login(page)
  await page.goto(`${ADMIN}/settings/booking`)
  await expect(page.getByRole('heading', { level: 1, name: 'Booking hours' })).toBeVisible()
  await expect(page.getByLabel('San Francisco, Monday, from')).toHaveValue('09:00')
  await expect(page.getByLabel('Gwalior, Monday, to')).toHaveValue('18:00')
  await expect(page.getByLabel('Call length (minutes)')).toHaveValue('15')
  // Who takes each office's calls, and where (issue 35).
  await expect(page.getByLabel('San Francisco: host')).toHaveValue('Maya Robinson')
  await expect(page.getByLabel('Gwalior: host')).toHaveValue('Arjun Sharma')
  await expect(page.getByLabel('San Francisco: video link')).toHaveValue('')
  await expect(page.getByLabel('Gwalior: phone')).toBeVisible()
  await expectNoAxeViolations(page)
  // Saved unchanged (the defaults) at the end: other tests book on this server at the same time.
  await page.getByLabel('Minimum notice (hours)').fill('400')
  await page.getByRole('button', { name: 'Save booking hours' }).click()
  await expectToast(page, 'Error', 'Please correct the marked fields.')
  await expect(page.getByLabel('Minimum notice (hours)')).toHaveAccessibleDescription('Minimum notice must be at most 336 hours')
  await page.getByLabel('Minimum notice (hours)').fill('4')
  // Enter submits from the field (on a phone the error notice covers the button at the bottom).
  await page.getByLabel('Minimum notice (hours)').press('Enter')
  await expectToast(page, 'Booking Hours Saved')
  await page.reload()
  await expect(page.getByLabel('Minimum notice (hours)')).toHaveValue('4')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('changes the zone, books, meets a time taken meanwhile, and moves and cancels with the link', async ({ page, browser }, info) => {
    await page.goto('/book')
    await expect(page.getByTestId('zone-line')).toHaveText(/^Times are in Los Angeles time \(P[SD]T\)\.$/)
    await page.getByText('Not your time zone? Change it').click()
    await page.getByLabel('Your time zone').selectOption('Europe/London')
    await page.getByRole('button', { name: 'Show times' }).click()
    await expect(page).toHaveURL(/tz=Europe%2FLondon/)
    await expect(page.getByTestId('zone-line')).toHaveText(/^Times are in London time \((GMT|BST)\)\.$/)

    await openBookDay(page, dayFor(info, 2))
    const { start } = await chooseTime(page, 0)
    // On a phone the details form is reached within two screens.
    const formTop = await page
      .getByRole('heading', { name: 'Step 2: your details' })
      .evaluate((el) => el.getBoundingClientRect().top + window.scrollY)
    expect(formTop).toBeLessThan(2 * (page.viewportSize()?.height ?? 0))
    const tag = uid()
    await fillDetails(page, `Plain Visitor ${tag}`, `plain-${tag}@example.com`)

    // Someone else books that time first, in another browser.
    const other = await (await browser.newContext({ javaScriptEnabled: false })).newPage()
    await other.goto(page.url())
    await expect(other.getByTestId('chosen-time')).toBeVisible()
    await fillDetails(other, `Quick ${tag}`, `quick-${tag}@example.com`)
    await other.getByRole('button', { name: 'Book the call' }).click()
    await expect(other.getByRole('status')).toContainText('Your call is booked')
    await other.context().close()

    await page.getByRole('button', { name: 'Book the call' }).click()
    await expect(page.getByRole('alert')).toContainText('Sorry, that time was just booked by someone else.')
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(`Plain Visitor ${tag}`)
    const next = times(page, /^The next free times$/)
    await expect(next.first()).toBeVisible()
    await expect(page.locator(`input[name="start"][value="${start}"]`)).toHaveCount(0)
    await next.first().check()
    await page.getByRole('button', { name: 'Book the call' }).click()
    await expect(page.getByRole('status')).toContainText('Your call is booked')
    await expect(page.getByTestId('call-when')).toContainText('GMT')
    await expect(page.getByTestId('call-where')).toContainText('Phone call')

    // Move with plain links: the month calendar, a day, a time, another time, confirmed.
    await page.getByRole('link', { name: 'Change the time' }).click()
    await expect(page.getByRole('heading', { name: 'Move the call' })).toBeVisible()
    const day = await openBookDay(page, dayFor(info, 2))
    await expectDayShown(page, day)
    await chooseNewTime(page, 2)
    await page.getByRole('link', { name: 'Choose another time' }).click()
    await expectDayShown(page, day)
    const newLabel = await chooseNewTime(page, 1)
    await page.getByRole('button', { name: 'Move to this time' }).click()
    await expect(page.getByRole('status')).toContainText('Your call is moved')
    await expect(page.getByTestId('call-when')).toContainText(dayName(day))
    await expect(page.getByTestId('call-when')).toContainText(timeIn(newLabel))
    await page.getByRole('button', { name: 'Cancel the call' }).click()
    await expect(page.getByRole('status')).toContainText('Your call is cancelled')
    await expect(page.getByRole('heading', { name: 'Cancelled call' })).toBeVisible()
  })

  test('the calendar is plain links: days with free times, the months before and after', async ({ page }) => {
    await page.goto('/book')
    const calendar = page.getByRole('table')
    const month = (await calendar.getAttribute('aria-labelledby')) ?? ''
    const title = ((await page.locator(`#${month}`).textContent()) ?? '').trim()
    expect(title).toMatch(/^[A-Z][a-z]+ \d{4}$/)
    // Every day of the month is in the grid; only those with free times are links, named with their count.
    expect(await calendar.getByRole('cell').filter({ hasText: /^\d+$/ }).count()).toBeGreaterThanOrEqual(28)
    for (const link of await bookDays(page).all()) await expect(link).toHaveAccessibleName(/^[A-Z][a-z]+day, .+: \d+ free times?$/)
    await expect(page.getByRole('link', { name: 'Previous month' })).toHaveCount(0)
    // The next month while the booking window reaches it (it depends on the day the suite runs).
    const next = page.getByRole('link', { name: 'Next month' })
    if (await next.count()) {
      await next.click()
      await expect(page).toHaveURL(/month=\d{4}-\d{2}/)
      await expect(page.locator(`#${month}`)).not.toHaveText(title)
      await expect(bookDays(page).first()).toHaveAttribute('aria-current', 'date')
      await page.getByRole('link', { name: 'Previous month' }).click()
      await expect(page.locator(`#${month}`)).toHaveText(title)
    }
  })

  test('refuses missing details beside the fields, keeping what was typed', async ({ page }, info) => {
    await page.goto(`/book`)
    await openBookDay(page, dayFor(info, 1))
    await chooseTime(page, 1)
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Half Done')
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email')
    // The browser's own check would stop the post: a script-free visitor with an old browser posts anyway.
    await page.locator('form[method="post"]').evaluate((f) => f.setAttribute('novalidate', ''))
    await page.getByRole('button', { name: 'Book the call' }).click()
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveAccessibleDescription(/Enter a valid email address/)
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeFocused()
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Half Done')
    // The chosen time is kept: step 2 again, with a way back to the calendar.
    await expect(page.getByTestId('chosen-time')).toBeVisible()
    await page.getByRole('link', { name: 'Change the time' }).click()
    await expect(page.getByRole('heading', { name: 'Step 1: choose a day and a time' })).toBeVisible()
    await expect(bookDays(page).and(page.locator('[aria-current="date"]'))).toHaveCount(1)
  })

  test('the admin moves and cancels a call with plain forms', async ({ page, browser }, info) => {
    const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage()
    await visitor.goto('/book')
    const { name } = await bookFirstTime(visitor, dayFor(info, 3), 'Plain Desk')

    await login(page)
    await page.goto(`${ADMIN}/calls`)
    const call = page.getByRole('article', { name: `Call with ${name}` })
    await call.getByRole('link', { name: 'Move' }).click()
    await expect(page.getByRole('heading', { name: new RegExp(`Move the call with ${name}`) })).toBeVisible()
    const day = await openBookDay(page, dayFor(info, 3))
    await expectDayShown(page, day)
    const newLabel = await chooseNewTime(page, 3)
    await page.getByRole('button', { name: 'Move the call' }).click()
    await expectToast(page, 'Call Moved', 'The updated invitation to the visitor is kept in the outbox, not sent: mail is not set up')
    await expect(call).toContainText(timeIn(`${newLabel} -`))
    await call.getByRole('button', { name: `Cancel the call with ${name}` }).click()
    await expectToast(page, 'Call Cancelled')
    await expect(call).toHaveCount(0)
  })

  // (The popup needs JavaScript: its button's way to /book is in tools-chat-popup.spec.ts.)
  test('the proposal confirmation and the services page lead to /book', async ({ page }) => {
    await page.goto('/proposal?submitted=1')
    await expect(page.getByRole('main').getByRole('link', { name: 'Book a free call' })).toHaveAttribute('href', '/book')
    await page.goto('/services')
    await page.getByRole('link', { name: 'Book a free 15-minute discovery call' }).click()
    await expect(page).toHaveURL(BOOK_URL)
    await expect(page.getByRole('heading', { level: 1, name: 'Book a Free Discovery Call' })).toBeVisible()
  })
})
