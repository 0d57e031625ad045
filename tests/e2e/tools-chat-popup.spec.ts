import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, POPUP_DELAY_MS, skipDiscoveryPopup, visit, visitWithClock } from './tools-helpers.ts'

const launcher = (page: Page) => page.getByRole('button', { name: 'Chat assistant' })
const chat = (page: Page) => page.getByRole('dialog', { name: 'Chat Assistant' })
const suggestions = (page: Page) => chat(page).getByRole('group', { name: 'Suggested questions' }).getByRole('button')

test.describe('chat assistant', () => {
  test.beforeEach(async ({ page }) => {
    await skipDiscoveryPopup(page)
  })

  test('loads only when first opened, and opens and closes from the floating button', async ({ page }) => {
    const chunks: string[] = []
    page.on('request', (r) => {
      if (/chat-panel/.test(r.url())) chunks.push(r.url())
    })
    await visit(page, '/services')
    await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false')
    await expect(chat(page)).toHaveCount(0)
    expect(chunks).toHaveLength(0)

    await launcher(page).click()
    await expect(chat(page)).toBeVisible()
    expect(chunks.length).toBeGreaterThan(0)
    await expect(launcher(page)).toHaveAttribute('aria-expanded', 'true')
    const panelId = await chat(page).getAttribute('id')
    await expect(launcher(page)).toHaveAttribute('aria-controls', panelId!)
    await expect(chat(page).getByRole('log').getByRole('listitem')).toHaveCount(1)
    await expect(chat(page).getByRole('log')).toContainText("I'm the virtual assistant")

    await launcher(page).click()
    await expect(chat(page)).toBeHidden()
    await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false')

    // Escape closes it too and gives focus back to the button.
    await launcher(page).click()
    await expect(chat(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(chat(page)).toBeHidden()
    await expect(launcher(page)).toBeFocused()
  })

  test('offers two questions at a time, answers with the spec prices and leads to the proposal', async ({ page }) => {
    await visit(page, '/about')
    await launcher(page).click()
    const log = chat(page).getByRole('log')
    const proposalButton = chat(page).getByRole('button', { name: 'Get Free Proposal' })

    await expect(suggestions(page)).toHaveText(['How much does a website cost?', 'How long does it take to build my website?'])
    await expect(proposalButton).toHaveCount(0)

    await suggestions(page).first().click() // counter 1
    await expect(log.getByRole('listitem')).toHaveCount(3)
    await expect(log).toContainText('How much does a website cost?')
    await expect(log).toContainText('Websites start from $299, and e-commerce stores start from $999.')
    await expect(suggestions(page)).toHaveText(['How long does it take to build my website?', 'What happens after the free first year?'])
    await expect(proposalButton).toHaveCount(0)

    await suggestions(page).first().click() // counter 2
    await expect(log).toContainText('Most websites are delivered in 7 days. Complex e-commerce projects take 10-14 days.')
    await expect(proposalButton).toBeVisible()
    await expect(suggestions(page)).toHaveCount(2)

    await suggestions(page).first().click() // counter 3: no more suggestions
    await expect(log).toContainText('hosting is $10/month and domain renewal is $15/year')
    await expect(log.getByRole('listitem')).toHaveCount(7)
    await expect(chat(page).getByRole('group', { name: 'Suggested questions' })).toHaveCount(0)
    await expect(proposalButton).toBeFocused()

    await proposalButton.click()
    await expect(page).toHaveURL(/\/proposal$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Get Your Free Proposal' })).toBeVisible()
    await expect(chat(page)).toBeHidden()
    await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false')
  })

  test('while it is open the page waits behind it: a click on the page closes it and gives focus back to its button', async ({ page }) => {
    await visit(page, '/services')
    await launcher(page).click()
    await expect(chat(page)).toBeVisible()
    // A point of the page beside the panel: above it, else to its left.
    const box = (await chat(page).boundingBox())!
    const at = box.y >= 40 ? { x: box.x + box.width / 2, y: box.y / 2 } : { x: box.x / 2, y: box.y + box.height / 2 }
    expect(Math.max(box.y, box.x), 'some of the page shows beside the chat').toBeGreaterThanOrEqual(40)
    await page.mouse.click(at.x, at.y)
    await expect(chat(page)).toBeHidden()
    await expect(launcher(page)).toBeFocused()
    await expect(page).toHaveURL(/\/services$/)
  })

  test('has no accessibility violations with the chat open', async ({ page }) => {
    await visit(page, '/faq')
    await launcher(page).click()
    await expect(chat(page)).toBeVisible()
    await suggestions(page).first().click()
    await suggestions(page).first().click()
    await expect(chat(page).getByRole('button', { name: 'Get Free Proposal' })).toBeVisible()
    await expectNoAxeViolations(page)
  })
})

test.describe('discovery popup', () => {
  test('appears 3 seconds after load, once per browser, and its button, Book a free call, goes to /book (issues 26, 35)', async ({
    page,
  }) => {
    await visitWithClock(page, '/')
    const popup = page.getByRole('dialog', { name: 'Book a free discovery call' })
    await page.clock.runFor(POPUP_DELAY_MS - 1000)
    await expect(popup).toHaveCount(0)
    await page.clock.runFor(1000)
    await expect(popup).toBeVisible()
    expect(await page.evaluate(() => window.localStorage.getItem('discovery-popup-shown'))).not.toBeNull()
    await expect(popup.getByRole('button', { name: 'Book a free call' })).toBeFocused()
    await expectNoAxeViolations(page)

    await popup.getByRole('button', { name: 'Book a free call' }).click()
    // Once /book has hydrated it names the browser's time zone in its address (?tz=...).
    await expect(page).toHaveURL(/\/book(\?tz=[\w%/+-]+)?$/)
    await expect(popup).toHaveCount(0)

    // Once per browser: a new visit, even after waiting, shows nothing.
    await visit(page, '/')
    await page.clock.runFor(POPUP_DELAY_MS + 2000)
    await expect(popup).toHaveCount(0)
  })

  test('Escape closes it and focus returns to the page', async ({ page }) => {
    await visitWithClock(page, '/')
    const popup = page.getByRole('dialog', { name: 'Book a free discovery call' })
    await page.clock.runFor(POPUP_DELAY_MS)
    await expect(popup).toBeVisible()
    // Focus is trapped inside while it is open.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab')
      expect(await popup.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(popup).toHaveCount(0)
    await expect(page).toHaveURL(/\/$/)
    // Nothing had focus before it opened (it opens only on an untouched page): focus goes to the
    // top of the content, not <body>.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  })

  test('does not open on a visitor who is already using the page', async ({ page }) => {
    await page.clock.install()
    await visit(page, '/')
    await page.keyboard.press('Tab')
    await page.clock.runFor(5000)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(await page.evaluate(() => window.localStorage.getItem('discovery-popup-shown'))).toBeNull()
  })

  test('stays hidden when the browser has already seen it', async ({ page }) => {
    await skipDiscoveryPopup(page)
    await visitWithClock(page, '/')
    await page.clock.runFor(POPUP_DELAY_MS + 2000)
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
})
