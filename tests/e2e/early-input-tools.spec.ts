import { readFile } from 'node:fs/promises'
import { expect, test, type Page, type Request } from '@playwright/test'
import { expectNoAxeViolations, findProposals, pdfText, skipDiscoveryPopup, uid, visit } from './tools-helpers.ts'
import { settled } from './public-helpers.ts'
import { holdScripts, letScriptsRun, type HeldScripts } from './held-scripts.ts'

/**
 * Issue 22, "Early clicks are dropped": public pages are drawn before their scripts start
 * (docs/decisions/024), so every public tool does its job as plain HTML first: the chat launcher
 * leads to a chat page answered by the server, Calculate is a GET form the server prices, the
 * proposal form posts. Scripts only add polish, and never make a control act twice.
 */

const notHydrated = (page: Page) => expect(page.locator('html[data-hydrated]')).toHaveCount(0)
const hydrated = (page: Page) => expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 15_000 })

/** Opens a page without waiting for anything but its HTML (its scripts may be held back). */
const open = (page: Page, path: string) => page.goto(path, { waitUntil: 'domcontentloaded' })

const estimator = (page: Page) => page.getByRole('region', { name: 'Cost Estimator' })
const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' })
const suggestions = (page: Page) => page.getByRole('group', { name: 'Suggested questions' }).getByRole('button')

/** Business website, 12 pages (10 included), SEO + CMS, rush: (599 + 2 x 50 + 100 + 150) x 1.5 = $1,423.50. */
async function chooseExample(page: Page) {
  const e = estimator(page)
  await e.getByRole('radio', { name: /Business Website/ }).check()
  await e.getByLabel('Number of Pages').fill('12')
  await e.getByRole('checkbox', { name: /SEO Optimization/ }).check()
  await e.getByRole('checkbox', { name: /Content Management/ }).check()
  await e.getByLabel(/Timeline/).selectOption('rush')
}

async function expectExampleEstimate(page: Page) {
  const result = estimator(page).getByRole('region', { name: 'Your estimate' })
  await expect(result).toContainText('Estimated total: $1,423.50')
  await expect(result.getByRole('row').filter({ hasText: 'Rush: 5 days (+50%)' })).toContainText('+$474.50')
  return result
}

const proposalForm = (page: Page) => ({
  name: page.getByLabel('Full Name'),
  email: page.getByLabel('Email Address'),
  businessType: page.getByLabel('Business Type'),
  budget: page.getByLabel('Budget Range'),
  requirements: page.getByLabel('Project Requirements'),
  submit: page.getByRole('button', { name: 'Submit Proposal Request' }),
})

async function fillProposal(page: Page, name: string) {
  const f = proposalForm(page)
  await f.name.fill(name)
  await f.email.fill('early@example.com')
  await f.businessType.selectOption('technology')
  await f.budget.selectOption('500-1000')
  await f.requirements.fill('A landing page for our app, please.')
}

/** Counts the proposal posts the page sends (the plain form's POST /proposal or the fetcher's /proposal.data). */
function countProposalPosts(page: Page) {
  const posts: Request[] = []
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (r.method() === 'POST' && (path === '/proposal' || path === '/proposal.data')) posts.push(r)
  })
  return posts
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the chat launcher leads to the chat page, where a question gets its canned answer', async ({ page }) => {
    await page.goto('/services')
    await page.getByRole('link', { name: 'Chat assistant' }).click()
    await expect(page).toHaveURL(/\/chat\?back=%2Fservices$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Chat Assistant' })).toBeVisible()
    await expect(conversation(page)).toContainText("I'm the virtual assistant")
    await expect(conversation(page).getByRole('listitem')).toHaveCount(1)
    await expect(suggestions(page)).toHaveText(['How much does a website cost?', 'How long does it take to build my website?'])
    // The header has its own 'Get Free Proposal': the chat's appears from the second question.
    await expect(page.getByRole('main').getByRole('link', { name: 'Get Free Proposal' })).toHaveCount(0)

    await suggestions(page).first().click()
    await expect(page).toHaveURL(/\/chat\?back=%2Fservices&q=website-cost#chat-answer$/)
    await expect(conversation(page).getByRole('listitem')).toHaveCount(3)
    await expect(conversation(page)).toContainText('How much does a website cost?')
    await expect(conversation(page)).toContainText('Websites start from $299, and e-commerce stores start from $999.')
    await expect(suggestions(page)).toHaveText(['How long does it take to build my website?', 'What happens after the free first year?'])

    await suggestions(page).first().click()
    await expect(conversation(page)).toContainText('Most websites are delivered in 7 days. Complex e-commerce projects take 10-14 days.')
    await expect(conversation(page).getByRole('listitem')).toHaveCount(5)
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'Get Free Proposal' })).toBeVisible()
    await suggestions(page).first().click()
    await expect(conversation(page)).toContainText('hosting is $10/month and domain renewal is $15/year')
    await expect(page.getByRole('group', { name: 'Suggested questions' })).toHaveCount(0)

    // Close chat goes back to the page the visitor came from; the proposal link goes to the form.
    await main.getByRole('link', { name: 'Close chat' }).click()
    await expect(page).toHaveURL(/\/services$/)
    await page.goto('/chat?q=website-cost&q=delivery-time')
    await page.getByRole('main').getByRole('link', { name: 'Get Free Proposal' }).click()
    await expect(page).toHaveURL(/\/proposal$/)
  })

  test('Submit clicked again while the first post is on its way stores one request and shows the confirmation', async ({
    page,
    request,
  }) => {
    const name = `Plain twice ${uid()}`
    await page.goto('/proposal')
    await fillProposal(page, name)
    // Each post reaches the server at once (route.fetch), but the first answer is held until the
    // second click, as on a slow link: the browser really posts the form twice.
    const answered: Promise<unknown>[] = []
    let secondSent!: () => void
    const bothSent = new Promise<void>((resolve) => (secondSent = resolve))
    await page.route('**/proposal', async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      const sent = answered.length + 1
      const response = route.fetch({ maxRedirects: 0 })
      answered.push(response)
      if (sent === 2) secondSent()
      const reply = await response
      await bothSent
      // The browser dropped the first navigation when the second began: its answer has nowhere to go.
      await route.fulfill({ response: reply }).catch(() => undefined)
    })
    // The mouse itself, as a visitor clicks: a locator's click would wait for the first navigation.
    const submit = proposalForm(page).submit
    await submit.scrollIntoViewIfNeeded()
    const box = (await submit.boundingBox())!
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await expect.poll(() => answered.length).toBe(1)
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await bothSent
    await Promise.all(answered)
    await expect(page).toHaveURL(/\/proposal\?submitted=1&to=[\w.-]+$/)
    await expect(page.getByRole('status').filter({ hasText: 'Proposal Request Submitted!' })).toBeVisible()
    expect(await findProposals(request, name)).toHaveLength(1)
  })

  test('the chat page is not indexed, not cached and shows no launcher of its own', async ({ page }) => {
    const res = await page.goto('/chat?back=%2F%2Fevil.example&q=nope')
    expect(res!.status()).toBe(200)
    expect(res!.headers()['cache-control'] ?? '').not.toMatch(/public/)
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    await expect(page.getByRole('link', { name: 'Chat assistant' })).toHaveCount(0)
    // An unknown question is ignored and a way back to another site becomes the home page.
    await expect(conversation(page).getByRole('listitem')).toHaveCount(1)
    await expect(page.getByRole('main').getByRole('link', { name: 'Close chat' })).toHaveAttribute('href', '/')
  })

  test('Calculate is priced by the server, and the PDF and the proposal link work from that page', async ({ page }) => {
    await page.goto('/pricing')
    const calculate = estimator(page).getByRole('button', { name: 'Calculate' })
    await expect(calculate).toBeEnabled()
    await chooseExample(page)
    await calculate.click()
    await expect(page).toHaveURL(/\/pricing\?type=business&pages=12&addons=cms&addons=seo&urgency=rush#calculate-estimate$/)
    await expectExampleEstimate(page)
    // The form shows the choices that were priced.
    const e = estimator(page)
    await expect(e.getByRole('radio', { name: /Business Website/ })).toBeChecked()
    await expect(e.getByLabel('Number of Pages')).toHaveValue('12')
    await expect(e.getByRole('checkbox', { name: /SEO Optimization/ })).toBeChecked()
    await expect(e.getByLabel(/Timeline/)).toHaveValue('rush')

    const downloading = page.waitForEvent('download')
    await e.getByRole('link', { name: 'Download estimate (PDF)' }).click()
    const pdf = await readFile(await (await downloading).path())
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(pdfText(pdf).split('\n')).toContain('$1,423.50')

    await e.getByRole('link', { name: 'Request this proposal' }).click()
    await expect(page).toHaveURL(/\/proposal\?from=estimator/)
    await expect(page.getByLabel('Project Requirements')).toHaveValue(/Estimated total: \$1,423\.50/)
    await expect(page.getByLabel('Budget Range')).toHaveValue('1000-2500')
  })

  test('Calculate without a type, or with a page count out of range, answers the form with its message (never a 400)', async ({ page }) => {
    await page.goto('/pricing')
    await estimator(page).getByRole('button', { name: 'Calculate' }).click()
    await expect(page).toHaveURL(/\/pricing\?pages=3&urgency=#calculate-estimate$/)
    await expect(estimator(page).getByText('Choose a website type to calculate your estimate.')).toBeVisible()
    await expect(estimator(page).getByRole('region', { name: 'Your estimate' })).toHaveCount(0)

    const res = await page.goto('/pricing?type=static&pages=500&addons=jacuzzi&urgency=yesterday')
    expect(res!.status()).toBe(200)
    const pages = estimator(page).getByLabel('Number of Pages')
    await expect(pages).toHaveValue('500')
    await expect(pages).toHaveAttribute('aria-invalid', 'true')
    await expect(pages).toHaveAccessibleDescription(/Enter a whole number of pages from 1 to 100\./)
    await expect(estimator(page).getByRole('region', { name: 'Your estimate' })).toHaveCount(0)
    // A Static Website (the Starter plan) includes 5 pages: the sixth is an extra page.
    await pages.fill('6')
    await estimator(page).getByRole('button', { name: 'Calculate' }).click()
    await expect(estimator(page).getByRole('region', { name: 'Your estimate' })).toContainText('Estimated total: $349')
  })

  test('the discovery popup needs JavaScript: without it there is none, and nothing waits for it', async ({ page }) => {
    // With scripts off nothing can open it later: the loaded page is all there will be.
    await page.goto('/', { waitUntil: 'load' })
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })

  test('the proposal form submits', async ({ page, request }) => {
    const name = `Early NoJS ${uid()}`
    await page.goto('/proposal')
    await fillProposal(page, name)
    await proposalForm(page).submit.click()
    await expect(page).toHaveURL(/\/proposal\?submitted=1&to=[\w.-]+$/)
    await expect(page.getByRole('status').filter({ hasText: 'Proposal Request Submitted!' })).toBeVisible()
    expect(await findProposals(request, name)).toHaveLength(1)
  })
})

test.describe('with the scripts held back', () => {
  let scripts: HeldScripts
  test.beforeEach(async ({ page }) => {
    await skipDiscoveryPopup(page)
    scripts = await holdScripts(page)
  })

  test('a click on the chat launcher at once opens the chat (on its page) and a question gets its answer', async ({ page }) => {
    await open(page, '/about')
    await notHydrated(page)
    await page.getByRole('link', { name: 'Chat assistant' }).click()
    await expect(page).toHaveURL(/\/chat\?back=%2Fabout$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Chat Assistant' })).toBeVisible()
    await notHydrated(page)
    await page.getByRole('button', { name: 'How long does it take to build my website?' }).click()
    await expect(conversation(page)).toContainText('Most websites are delivered in 7 days.')
    await notHydrated(page)
    // Once the chat page has hydrated it still answers the same way.
    await letScriptsRun(page, scripts)
    await page.getByRole('button', { name: 'How much does a website cost?' }).click()
    await expect(conversation(page)).toContainText('Websites start from $299')
    await expect(conversation(page).getByRole('listitem')).toHaveCount(5)
  })

  test('after hydration one click on the launcher opens the panel once, in the page', async ({ page }) => {
    await open(page, '/services')
    await letScriptsRun(page, scripts)
    // The panel's chunk is fetched on first open: held back too, so the panel opens late.
    scripts.hold()
    const launcher = page.getByRole('button', { name: 'Chat assistant' })
    await launcher.click()
    const panel = page.getByRole('dialog', { name: 'Chat Assistant' })
    await expect(launcher).toHaveAttribute('aria-expanded', 'true')
    scripts.release()
    await expect(panel).toBeVisible()
    await expect(launcher).toHaveAttribute('aria-expanded', 'true')
    await expect(page).toHaveURL(/\/services$/)
    await settled(page)
    await expect(panel).toBeVisible()
    await panel.getByRole('button', { name: 'How much does a website cost?' }).click()
    await expect(panel.getByRole('log')).toContainText('Websites start from $299')
    await expect(panel.getByRole('log').getByRole('listitem')).toHaveCount(3)
  })

  test('Calculate pressed before the script runs is priced by the server, and the page keeps it once hydrated', async ({ page }) => {
    await open(page, '/pricing')
    await notHydrated(page)
    await chooseExample(page)
    await estimator(page).getByRole('button', { name: 'Calculate' }).click()
    await expect(page).toHaveURL(/\/pricing\?type=business&pages=12&addons=cms&addons=seo&urgency=rush#calculate-estimate$/)
    await expectExampleEstimate(page)
    await notHydrated(page)
    await letScriptsRun(page, scripts)
    const result = await expectExampleEstimate(page)
    await expect(result).not.toContainText('Press Calculate')
    // Hydrated, Calculate prices here without leaving the page.
    await estimator(page)
      .getByLabel(/Timeline/)
      .selectOption('')
    await expect(result).toContainText('Press Calculate to update the estimate.')
    await estimator(page).getByRole('button', { name: 'Calculate' }).click()
    await expect(result).toContainText('Estimated total: $949')
    await expect(page).toHaveURL(/urgency=rush#calculate-estimate$/)
  })

  test('a proposal submitted before the script runs is sent once', async ({ page, request }) => {
    const name = `Early held ${uid()}`
    const posts = countProposalPosts(page)
    await open(page, '/proposal')
    await fillProposal(page, name)
    await notHydrated(page)
    await proposalForm(page).submit.click()
    await expect(page).toHaveURL(/\/proposal\?submitted=1&to=[\w.-]+$/)
    await expect(page.getByRole('status').filter({ hasText: 'Proposal Request Submitted!' })).toBeVisible()
    expect(posts).toHaveLength(1)
    expect(await findProposals(request, name)).toHaveLength(1)
  })

  test('after hydration one submit sends one proposal, even clicked twice', async ({ page, request }) => {
    const name = `Early once ${uid()}`
    const posts = countProposalPosts(page)
    await open(page, '/proposal')
    // Typed before the script ran, kept when it does (docs/decisions/024).
    await fillProposal(page, name)
    await letScriptsRun(page, scripts)
    await expect(proposalForm(page).name).toHaveValue(name)
    await proposalForm(page).submit.dblclick()
    const confirmation = page.getByRole('status').filter({ hasText: 'Proposal Request Submitted!' })
    await expect(confirmation).toBeVisible()
    // The confirmation takes the form's place (issue 35).
    await expect(proposalForm(page).name).toHaveCount(0)
    await settled(page)
    expect(posts).toHaveLength(1)
    expect(await findProposals(request, name)).toHaveLength(1)
    await expect(page).toHaveURL(/\/proposal$/)
  })
})

test('choices made on /proposal while a slow phone hydrates it stay as chosen and are sent', async ({ page, request }) => {
  test.setTimeout(90_000)
  // A phone's CPU: the page hydrates over seconds, and the choices land in the middle of it.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 })
  const choices = [
    ['retail', '100-500'],
    ['healthcare', '2500-5000'],
    ['nonprofit', '500-1000'],
  ] as const
  for (const [i, [businessType, budget]] of choices.entries()) {
    await page.goto('/proposal', { waitUntil: i % 2 ? 'domcontentloaded' : 'load' })
    await proposalForm(page).businessType.selectOption(businessType)
    await proposalForm(page).budget.selectOption(budget)
    await hydrated(page)
    await expect(proposalForm(page).businessType).toHaveValue(businessType)
    await expect(proposalForm(page).budget).toHaveValue(budget)
  }
  const name = `Slow phone ${uid()}`
  await proposalForm(page).name.fill(name)
  await proposalForm(page).email.fill('slow@example.com')
  await proposalForm(page).requirements.fill('Chosen while the page was still starting.')
  await proposalForm(page).submit.click()
  await expect(page.getByRole('status').filter({ hasText: 'Proposal Request Submitted!' })).toBeVisible({ timeout: 30_000 })
  expect(await findProposals(request, name)).toMatchObject([{ businessType: 'nonprofit', budget: '500-1000' }])
})

test('the chat page has no accessibility violations, before and after questions', async ({ page }) => {
  await skipDiscoveryPopup(page)
  await visit(page, '/chat?back=%2Ffaq')
  await expectNoAxeViolations(page)
  await suggestions(page).first().click()
  await suggestions(page).first().click()
  await expect(page.getByRole('main').getByRole('link', { name: 'Get Free Proposal' })).toBeVisible()
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await expectNoAxeViolations(page)
})
