import { expect, test, type Page } from '@playwright/test'
import { ADMIN, expectNoAxeViolations, expectToast, login, uid } from './admin-helpers.ts'
import { estimatorLead, mailedToken } from './proposal-helpers.ts'

// Issue 38, "Writing": the proposal's summary in the posts' rich-text editor, autosave and
// revisions as for posts, and a preview exactly as the client will see it.

// Autosave waits for its timer on a slow shared machine.
test.describe.configure({ timeout: 120_000 })

/** The e2e address of a made-up client. */
const emailOf = (name: string) => `${name.toLowerCase().replace(/\W+/g, '-')}@example.com`
/** A lead from the cost estimator (a Business Website: its timeline has every date); its id. */
const newLead = (page: Page, name: string) => estimatorLead(page, name, emailOf(name), 'type=business&pages=5&addons=seo&urgency=standard')

const editor = (page: Page, id: number) => page.goto(`${ADMIN}/proposals/${id}/document`)
const hydrated = (page: Page) => expect(page.locator('html[data-hydrated]')).toHaveCount(1)
const revisionList = (page: Page) => page.getByRole('list', { name: 'Saved revisions, newest first' })

test('what is typed in the editor is autosaved, and offered back when the editor opens again after the tab was closed', async ({
  page,
  context,
}) => {
  const name = `Autosave ${uid()}`
  await login(page)
  const id = await newLead(page, name)
  await editor(page, id)
  await hydrated(page)
  // The summary is the posts' rich-text editor, without its picture upload.
  const summary = page.getByRole('textbox', { name: 'Summary' })
  await expect(summary).toContainText(`Thank you, ${name}`)
  await expect(page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Insert image' })).toHaveCount(0)
  await page.getByLabel('Title').fill(`Working title for ${name}`)
  await summary.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type(' Typed, never saved.')
  await expect(page.getByTestId('autosave-status')).toContainText('Saved (draft copy at', { timeout: 30_000 })
  await expect(page.getByRole('status').filter({ hasText: 'a draft copy is kept beside the proposal' })).toHaveText(
    'Saved: a draft copy is kept beside the proposal; the client sees it once you save',
  )
  await expectNoAxeViolations(page)

  // The tab closes (no prompt: page.close skips beforeunload); the editor opens again.
  await page.close()
  const again = await context.newPage()
  await editor(again, id)
  await expect(again.getByText('You have autosaved changes from')).toBeVisible()
  await expect(again.getByLabel('Title')).toHaveValue(`Website proposal for ${name}`)
  await expectNoAxeViolations(again)
  await again.getByRole('link', { name: 'Restore autosaved changes' }).click()
  await expect(again.getByText('The editor shows your autosaved changes from')).toBeVisible()
  await expect(again.getByLabel('Title')).toHaveValue(`Working title for ${name}`)
  await expect(again.getByRole('textbox', { name: 'Summary' })).toContainText('Typed, never saved.')
  await hydrated(again)
  await again.getByRole('button', { name: 'Save proposal' }).click()
  await expectToast(again, 'Proposal Saved')

  // Saved: nothing is offered any more, and the save is the first revision.
  await editor(again, id)
  await expect(again.getByLabel('Title')).toHaveValue(`Working title for ${name}`)
  await expect(again.getByText('You have autosaved changes from')).toHaveCount(0)
  await expect(revisionList(again).getByRole('listitem')).toHaveCount(1)
})

test('each save is a revision (who, when, total); restoring one is a new save, and on a sent proposal a new version the link shows', async ({
  page,
  browser,
}) => {
  const name = `Revisions ${uid()}`
  await login(page)
  const id = await newLead(page, name)
  await editor(page, id)
  await page.getByLabel('Title').fill('The first title')
  await page.getByRole('button', { name: 'Save proposal' }).click()
  await expectToast(page, 'Proposal Saved')
  await page.getByLabel('Title').fill('The second title')
  await page.getByLabel('Discount ($)').fill('100')
  await page.getByRole('button', { name: 'Save proposal' }).click()
  await expectToast(page, 'Proposal Saved')
  const items = revisionList(page).getByRole('listitem')
  await expect(items).toHaveCount(2)
  await expect(items.first()).toContainText('current')
  await expect(items.first()).toContainText(/by .+ · total \$[\d,.]+ · draft/)
  await expectNoAxeViolations(page)

  // Sent, then the first save restored: a new version for the client, the history kept.
  await page.getByRole('button', { name: 'Keep in the outbox to send later' }).click()
  await expectToast(page, 'Proposal Kept')
  await items
    .nth(1)
    .getByRole('button', { name: /^Restore/ })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'Revision restored' })).toContainText("The client's link shows it as version 2.")
  await expect(page.getByLabel('Title')).toHaveValue('The first title')
  await expect(items).toHaveCount(3)
  await expect(items.first()).toContainText('version 2')
  await expectNoAxeViolations(page)

  const client = await (await browser.newContext()).newPage()
  await client.goto(`/p/${mailedToken(emailOf(name))}`)
  await expect(client.getByRole('heading', { level: 1, name: 'The first title' })).toBeVisible()

  // The preview is the client's page, byte for byte: the same document, version and hash.
  await page.getByRole('link', { name: 'Preview as the client sees it' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'The first title' })).toBeVisible()
  // The markup as drawn: React's text separators (<!-- --> in server HTML only) and the focus the
  // route announcer gives a heading after an in-app navigation are not the document.
  const shown = async (p: Page) =>
    (await p.getByRole('article').evaluate((el) => el.outerHTML)).replace(/<!--.*?-->/g, '').replace(/ tabindex="-1"/g, '')
  expect(await shown(page)).toBe(await shown(client))
  await expect(page.getByRole('article')).toContainText('Version 2 · SHA-256 of this version:')
  await client.context().close()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the summary is an HTML box and the form saves as a plain form; the save is listed as a revision', async ({ page }) => {
    const name = `Plain form ${uid()}`
    await login(page)
    const id = await newLead(page, name)
    await editor(page, id)
    const source = page.getByRole('textbox', { name: 'Summary HTML source' })
    await source.fill('<p>Written <strong>without</strong> a script.</p><script>alert(1)</script>')
    await page.getByRole('button', { name: 'Save proposal' }).click()
    await expectToast(page, 'Proposal Saved')
    await expect(page.getByRole('textbox', { name: 'Summary HTML source' })).toHaveValue(
      '<p>Written <strong>without</strong> a script.</p>',
    )
    await expect(revisionList(page).getByRole('listitem')).toHaveCount(1)
    await page.getByRole('link', { name: 'Preview as the client sees it' }).click()
    await expect(page.getByRole('article').locator('strong')).toHaveText('without')
  })
})
