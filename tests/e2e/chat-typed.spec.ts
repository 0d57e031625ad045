import { expect, test, type Page } from '@playwright/test'
import { BOOK_URL, expectNoAxeViolations, skipDiscoveryPopup, visit } from './public-helpers.ts'
import { QUOTED } from '../../app/content/pricing.ts'
import { CHAT_HANDOVER } from '../../app/content/chat-topics.ts'

/**
 * The chat answers what is typed (issue 35 §4): a question typed in the panel, or on the chat page
 * without JavaScript, gets the site's own answer with a link; when nothing matches, the hand-over
 * to a call or a proposal. Desktop and phone (both projects), with and without JavaScript.
 */

const launcher = (page: Page) => page.getByRole('button', { name: 'Chat assistant' })
const chat = (page: Page) => page.getByRole('dialog', { name: 'Chat Assistant' })
const NOTHING = 'what is the capital of France'

test.describe('typed questions in the chat panel', () => {
  test.beforeEach(async ({ page }) => {
    await skipDiscoveryPopup(page)
  })

  test('Enter sends; the answer quotes the site with a link, is read out politely, and focus stays in the box', async ({ page }) => {
    const chunks: string[] = []
    page.on('request', (r) => {
      if (/\/assets\/chat-(?!links-)/.test(r.url())) chunks.push(r.url())
    })
    await visit(page, '/')
    expect(chunks, 'the answers load only when the chat opens').toEqual([])
    await launcher(page).click()
    await expect(chat(page)).toBeVisible()
    expect(chunks.length).toBeGreaterThan(0)

    const log = chat(page).getByRole('log', { name: 'Conversation' })
    await expect(log).toHaveAttribute('aria-live', 'polite')
    const box = chat(page).getByRole('textbox', { name: 'Type your question' })
    await box.fill('do u do hosting')
    await box.press('Enter')
    await expect(log.getByRole('listitem').filter({ hasText: 'do u do hosting' })).toHaveCount(1)
    await expect(log).toContainText(`hosting is ${QUOTED.hostingPerMonth} per month`)
    await expect(box).toBeFocused()
    await expect(box).toHaveValue('')
    // The suggestions stay.
    await expect(chat(page).getByRole('group', { name: 'Suggested questions' }).getByRole('button')).toHaveCount(2)

    await log.getByRole('link', { name: 'See our prices' }).click()
    await expect(page).toHaveURL(/\/pricing$/)
    await expect(chat(page)).toBeHidden()
  })

  test('nothing matches: it hands over to a free call or a proposal', async ({ page }) => {
    await visit(page, '/services')
    await launcher(page).click()
    const log = chat(page).getByRole('log', { name: 'Conversation' })
    await chat(page).getByRole('textbox', { name: 'Type your question' }).fill(NOTHING)
    await chat(page).getByRole('button', { name: 'Send' }).click()
    await expect(log).toContainText(CHAT_HANDOVER.text)
    await expect(log.getByRole('link', { name: 'Get Free Proposal' })).toHaveAttribute('href', '/proposal')
    await log.getByRole('link', { name: 'Book a free call' }).click()
    await expect(page).toHaveURL(BOOK_URL)
  })

  test('from the keyboard, and no accessibility violations with typed answers shown', async ({ page }) => {
    await visit(page, '/faq')
    await launcher(page).focus()
    await page.keyboard.press('Enter')
    await expect(chat(page)).toBeVisible()
    const box = chat(page).getByRole('textbox', { name: 'Type your question' })
    for (let i = 0; i < 10 && !(await box.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
    await expect(box).toBeFocused()
    await page.keyboard.type('how long does it take')
    await page.keyboard.press('Enter')
    await expect(chat(page).getByRole('log')).toContainText(`Most websites go live within ${QUOTED.websiteDelivery}`)
    await page.keyboard.type(NOTHING)
    await page.keyboard.press('Enter')
    await expect(chat(page).getByRole('log')).toContainText(CHAT_HANDOVER.text)
    await expect(box).toBeFocused()
    await expectNoAxeViolations(page)
  })
})

test.describe('typed questions without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the chat page answers a typed question, keeps the conversation, and hands over when nothing matches', async ({ page }) => {
    await page.goto('/faq')
    await page.getByRole('link', { name: 'Chat assistant' }).click()
    await expect(page).toHaveURL(/\/chat\?back=%2Ffaq$/)
    const log = page.getByRole('log', { name: 'Conversation' })
    await expect(log).toHaveAttribute('aria-live', 'polite')

    await page.getByRole('group', { name: 'Suggested questions' }).getByRole('button').first().click()
    await page.getByRole('textbox', { name: 'Type your question' }).fill('how long does it take')
    await page.getByRole('textbox', { name: 'Type your question' }).press('Enter')
    await expect(page).toHaveURL(/[?&]ask=how\+long\+does\+it\+take/)
    await expect(log).toContainText('How much does a website cost?')
    await expect(log).toContainText(`Most websites go live within ${QUOTED.websiteDelivery}`)
    await expect(log.getByRole('link', { name: 'Read the FAQ' })).toHaveAttribute('href', '/faq')

    await page.getByRole('textbox', { name: 'Type your question' }).fill(NOTHING)
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(log.locator(':scope > ol > li')).toHaveCount(7)
    await expect(log.locator(':scope > ol > li').last()).toContainText(CHAT_HANDOVER.text)
    await expect(log.getByRole('link', { name: 'Book a free call' })).toHaveAttribute('href', '/book')
    await expect(log.getByRole('link', { name: 'Get Free Proposal' })).toHaveAttribute('href', '/proposal')
    await expect(page.getByRole('link', { name: 'Close chat' })).toHaveAttribute('href', '/faq')

    await log.getByRole('link', { name: 'Get Free Proposal' }).click()
    await expect(page).toHaveURL(/\/proposal$/)
  })
})

test.describe('the chat page with typed answers', () => {
  // axe runs in the page: the server's page for the same conversation is checked with JavaScript.
  test('has no accessibility violations', async ({ page }) => {
    await skipDiscoveryPopup(page)
    await visit(page, `/chat?back=%2Ffaq&q=website-cost&ask=how+long+does+it+take&ask=${encodeURIComponent(NOTHING)}`)
    await expect(page.getByRole('log', { name: 'Conversation' })).toContainText(CHAT_HANDOVER.text)
    await expect(page.getByRole('textbox', { name: 'Type your question' })).toBeVisible()
    await expectNoAxeViolations(page)
  })
})
