import { expect, test, type Page } from '@playwright/test'
import {
  DOMAIN_RENEWAL_PER_YEAR,
  EXTRA_PAGE_PRICE,
  HOSTING_PER_MONTH,
  PLANS,
  PRICING_ADDONS,
  WEBSITE_TYPES,
} from '../../app/content/pricing.ts'
import { CHAT_QUESTIONS } from '../../app/content/chat.ts'
import { login } from './admin-helpers.ts'
import { adminApi, BOOK_URL, PUBLIC_PAGES } from './public-helpers.ts'
import { expectNoAxeViolations, pdfText, uid, visit } from './tools-helpers.ts'

/**
 * One set of contact details (the settings) and one price list, as a visitor sees them; and the
 * contact page's message form, which lands in the admin's inbox.
 */

const OLD_ADDRESS = '548 Harrison Street'
const STALE_ADDRESS = '548 Market Street'

/** Every address-like text of a page as served: the visible text and the structured data. */
async function served(page: Page, path: string) {
  await visit(page, path)
  const text = await page.locator('body').innerText()
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).join('\n')
  const html = await (await page.request.get(path)).text()
  return { text, jsonLd, html }
}

test.describe('one set of contact details', () => {
  test('the settings change the addresses on every page, in the structured data and on the PDF; the old ones are nowhere', async ({
    page,
  }) => {
    const admin = await adminApi()
    const before = await admin.call<Record<string, string>>('GET', '/api/settings')
    expect(before.address).toContain(OLD_ADDRESS)
    const mark = uid()
    const next = {
      address: `${mark} Mission Street, Suite 5, San Francisco, CA 94103, USA`,
      gwaliorAddress: `${mark} Jayendraganj, Lashkar, Gwalior 474009, India`,
      contactPhone: '+1 (415) 555-0199',
      hours: 'Mon-Thu, 8:00 AM - 4:00 PM (Pacific Time)',
    }
    try {
      await admin.call('PUT', '/api/settings', next)
      for (const path of [...PUBLIC_PAGES, '/proposal', '/demo-builder']) {
        const { text, jsonLd, html } = await served(page, path)
        // The footer shows both offices on every page.
        expect(text, path).toContain(next.address)
        expect(text, path).toContain(next.gwaliorAddress)
        expect(jsonLd, path).toContain(next.address)
        expect(jsonLd, path).toContain(next.gwaliorAddress)
        for (const old of [OLD_ADDRESS, STALE_ADDRESS]) {
          expect(text, `${path} shows ${old}`).not.toContain(old)
          expect(html, `${path} serves ${old}`).not.toContain(old)
        }
      }
      // The pages that name the offices in their content.
      await visit(page, '/about')
      await expect(page.getByRole('main').getByText(next.address).first()).toBeVisible()
      await expect(page.getByRole('main').getByText(next.hours)).toBeVisible()
      await visit(page, '/privacy')
      await expect(page.getByRole('main')).toContainText(`operated by Launchpad Web Studio LLC, ${next.address}.`)
      await visit(page, '/contact')
      const main = page.getByRole('main')
      await expect(main.getByText(next.address)).toBeVisible()
      await expect(main.getByText(next.gwaliorAddress)).toBeVisible()
      await expect(main.getByRole('link', { name: next.contactPhone }).first()).toBeVisible()

      const pdf = pdfText(await (await page.request.get('/api/estimate/pdf?type=static&pages=1')).body())
      expect(pdf).toContain(next.address)
      expect(pdf).toContain(next.gwaliorAddress)
      expect(pdf).toContain(`Phone: ${next.contactPhone}`)
      expect(pdf).not.toContain(OLD_ADDRESS)
    } finally {
      await admin.call('PUT', '/api/settings', {
        address: before.address,
        gwaliorAddress: before.gwaliorAddress,
        contactPhone: before.contactPhone,
        hours: before.hours,
      })
      await admin.dispose()
    }
  })

  test('the admin edits both offices in the site details form, and the public site follows', async ({ page, browser }) => {
    await login(page)
    await page.goto('/admin/settings')
    const general = page.getByRole('region', { name: 'General' })
    const address = general.getByLabel('Gwalior Office Address')
    const hours = general.getByLabel('Opening Hours (San Francisco)')
    const before = { address: await address.inputValue(), hours: await hours.inputValue() }
    expect(before.address).toContain('Gwalior')
    const mark = uid()
    try {
      await address.fill(`${mark} Fort Road, Gwalior 474008, India`)
      await hours.fill(`Mon-Fri, 10:00 AM - 5:00 PM (${mark})`)
      await page.getByRole('button', { name: 'Save Settings' }).click()
      await expect(page.getByText('Your settings have been saved successfully.').first()).toBeVisible()
      const visitor = await (await browser.newContext()).newPage()
      await visit(visitor, '/contact')
      await expect(visitor.getByRole('contentinfo')).toContainText(`${mark} Fort Road, Gwalior 474008, India`)
      await expect(visitor.getByRole('main')).toContainText(`Mon-Fri, 10:00 AM - 5:00 PM (${mark})`)
      await visitor.context().close()
    } finally {
      const admin = await adminApi()
      await admin.call('PUT', '/api/settings', { gwaliorAddress: before.address, hours: before.hours })
      await admin.dispose()
    }
  })

  test('by default every page names the Harrison Street headquarters, never a second San Francisco address', async ({ page }) => {
    for (const path of ['/', '/about', '/contact', '/privacy']) {
      const { text, jsonLd } = await served(page, path)
      expect(text, path).toContain('548 Harrison Street, Suite 310, San Francisco, CA 94105')
      expect(text, path).not.toContain(STALE_ADDRESS)
      expect(jsonLd, path).toContain('548 Harrison Street')
    }
  })
})

test.describe('one price list', () => {
  test('the add-on cards and the estimator show the same prices', async ({ page }) => {
    await visit(page, '/pricing')
    const cards = page.getByRole('region', { name: 'Add-ons' }).getByRole('listitem')
    const estimator = page.getByRole('region', { name: 'Cost Estimator' })
    for (const [name, price] of [
      ['Booking System', '$300'],
      ['SEO Optimization', '$100'],
      ['AI Chat Assistant', '$200'],
      ['Payment Gateway', '$250'],
    ] as const) {
      await expect(cards.filter({ has: page.getByRole('heading', { name }) }), name).toContainText(`+${price}`)
      await expect(estimator.getByText(name).locator('xpath=ancestor::label')).toContainText(`+${price}`)
    }
    await expect(page.getByText('$150', { exact: false }).filter({ hasText: 'SEO' })).toHaveCount(0)
    await expect(cards.filter({ hasText: 'Monthly Maintenance' })).toContainText('+$25 per month')
    await expectNoAxeViolations(page)
  })
})

/** Every amount the price list holds (app/content/pricing.ts). */
const LISTED_PRICES = new Set([
  ...PLANS.map((p) => p.price),
  ...WEBSITE_TYPES.map((t) => t.base),
  EXTRA_PAGE_PRICE,
  ...PRICING_ADDONS.map((a) => a.price),
  HOSTING_PER_MONTH,
  DOMAIN_RENEWAL_PER_YEAR,
])

/** Each '$1,499'-like figure of a text, with a little context for the failure message. */
function quotedPrices(text: string) {
  return [...text.matchAll(/\$\s?(\d[\d,]*(?:\.\d+)?)/g)].map((m) => ({
    amount: Number(m[1].replaceAll(',', '')),
    context: text.slice(Math.max(0, m.index - 60), m.index + 20),
  }))
}

/** A page as served (no scripting): its text and attribute values (meta descriptions), without the hydration scripts. */
async function servedText(page: Page, path: string) {
  const res = await page.request.get(path)
  expect(res.status(), path).toBe(200)
  const html = await res.text()
  return html.replace(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, ' ').replace(/&#x27;|&#39;/g, "'")
}

test.describe('every quoted price is on the price list', () => {
  test('each $ figure on the public pages, the no-JavaScript chat and the chat answers is a price of the list (issue 27)', async ({
    page,
  }) => {
    // The chat page replays the questions asked; get-started is never offered within the three rounds,
    // so the answers are also read from the chat's content module below.
    const blog = await servedText(page, '/blog')
    const firstPost = blog.match(/href="(\/blog\/[a-z0-9-]+)"/)?.[1]
    expect(firstPost).toBeDefined()
    const paths = [...PUBLIC_PAGES, firstPost as string, '/chat?q=website-cost&q=hosting-domain&q=ecommerce', '/chat?q=delivery-time']
    const sources = await Promise.all(paths.map(async (path) => ({ where: path, text: await servedText(page, path) })))
    sources.push(...CHAT_QUESTIONS.map((q) => ({ where: `chat answer ${q.id}`, text: q.answer })))

    const offList = sources.flatMap(({ where, text }) =>
      quotedPrices(text)
        .filter((p) => !LISTED_PRICES.has(p.amount))
        .map((p) => `${where}: ${p.context}`),
    )
    expect(offList).toEqual([])
    // The check did read prices: the plans on /pricing, the e-commerce base in the chat.
    const chat = sources.find((s) => s.where.startsWith('/chat?q=website-cost'))?.text ?? ''
    expect(chat).toContain(`e-commerce stores start from $${WEBSITE_TYPES.find((t) => t.id === 'ecommerce')?.base}`)
  })
})

test.describe('Send us a message', () => {
  const form = (page: Page) => ({
    name: page.getByLabel('Your Name'),
    email: page.getByLabel('Your Email'),
    message: page.getByRole('textbox', { name: 'Message', exact: true }),
    send: page.getByRole('button', { name: 'Send Message' }),
  })

  test('refuses empty fields beside them, focuses the first, then sends; the message is in the admin inbox', async ({ page }) => {
    await visit(page, '/contact')
    await expect(page.getByRole('heading', { name: 'Send us a message' })).toBeVisible()
    const f = form(page)
    await f.email.fill('not-an-email')
    await f.send.click()
    await expect(f.name).toBeFocused()
    await expect(f.name).toHaveAttribute('aria-invalid', 'true')
    await expect(f.name).toHaveAccessibleDescription('Your name is required')
    await expect(f.email).toHaveAccessibleDescription('Enter a valid email address')
    await expect(f.message).toHaveAccessibleDescription('Message is required')
    await expectNoAxeViolations(page)

    const name = `Visitor ${uid()}`
    await f.name.fill(name)
    await expect(f.name).not.toHaveAttribute('aria-invalid', 'true')
    await f.email.fill('visitor@example.com')
    await f.message.fill('Can you add a booking page to our site?')
    await f.send.click()
    const sent = page.getByRole('status').filter({ hasText: 'Message sent. Thank you!' })
    await expect(sent).toBeVisible()
    await expect(sent).toBeFocused()
    // The confirmation takes the form's place, nothing typed left beneath it, and offers one next
    // step: booking a call (issue 35).
    await expect(f.name).toHaveCount(0)
    await expect(f.message).toHaveCount(0)
    await expect(f.send).toHaveCount(0)
    await expect(sent.getByRole('link', { name: 'Book a free call' })).toHaveAttribute('href', '/book')
    await expectNoAxeViolations(page)

    // The admin sees it in the inbox, marks it read, and deletes it.
    await login(page)
    await page.goto('/admin/messages')
    const card = page.getByRole('article', { name })
    await expect(card).toContainText('Can you add a booking page to our site?')
    await expect(card).toContainText('Unread')
    await expectNoAxeViolations(page)
    await card.getByRole('button', { name: /Mark as read/ }).click()
    await expect(card).not.toContainText('Unread')
    await expect(card.getByRole('button', { name: /Mark as unread/ })).toBeVisible()
    await card.getByRole('button', { name: `Delete the message from ${name}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('article', { name })).toHaveCount(0)
    // Messages are on the lead desk, whose link is in the admin menu (the sidebar, or the drawer on a phone; issue 36 §1).
    const menu = page.getByRole('button', { name: 'Open admin menu' })
    if (await menu.isVisible()) await menu.click()
    await expect(page.getByRole('link', { name: /^Lead desk/ }).filter({ visible: true })).toHaveAttribute('href', '/admin/proposals')
  })
})

test.describe('Send us a message without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a plain post answers the errors beside the fields, then stores the message', async ({ page }) => {
    await page.goto('/contact')
    const f = {
      name: page.getByLabel('Your Name'),
      email: page.getByLabel('Your Email'),
      message: page.getByRole('textbox', { name: 'Message', exact: true }),
      send: page.getByRole('button', { name: 'Send Message' }),
    }
    const name = `NoJS visitor ${uid()}`
    await f.name.fill(name)
    await f.email.fill('nojs@example.com')
    await f.message.fill('   ')
    const response = page.waitForResponse((r) => r.request().method() === 'POST')
    await f.send.click()
    expect((await response).status()).toBe(400)
    await expect(f.message).toHaveAttribute('aria-invalid', 'true')
    await expect(f.message).toHaveAccessibleDescription('Message is required')
    await expect(f.name).toHaveValue(name)
    await f.message.fill('Hello from a browser without scripts.')
    await f.send.click()
    await expect(page).toHaveURL(/\/contact\?sent=1$/)
    const sent = page.getByRole('status')
    await expect(sent).toContainText('Message sent. Thank you!')
    // In the form's place (issue 35): nothing typed left beneath it, one next step.
    await expect(f.name).toHaveCount(0)
    await expect(f.message).toHaveCount(0)
    await expect(f.send).toHaveCount(0)
    await expect(sent.getByRole('link', { name: 'Book a free call' })).toHaveAttribute('href', '/book')
    await sent.getByRole('link', { name: 'Book a free call' }).click()
    await expect(page).toHaveURL(BOOK_URL)

    await login(page)
    await page.goto('/admin/messages')
    await expect(page.getByRole('article', { name })).toContainText('Hello from a browser without scripts.')
  })
})
