import { expect, test, type APIRequestContext } from '@playwright/test'
import { expectNoAxeViolations, skipDiscoveryPopup, visit } from './public-helpers.ts'
import {
  DELIVERY_DAYS,
  DOMAIN_RENEWAL_PER_YEAR,
  EXTRA_PAGE_PRICE,
  HOSTING_PER_MONTH,
  MONEY_BACK_DAYS,
  PLANS,
  PRICING_ADDONS,
  URGENCY_OPTIONS,
  WEBSITE_TYPES,
  daysText,
  PRICE_LIST,
} from '../../app/content/pricing.ts'
import { CLIENT_COUNT, DEFAULT_CONTACT, STATS, officesOf } from '../../app/content/site.ts'
import { CHAT_GREETING, CHAT_QUESTIONS } from '../../app/content/chat.ts'
import { CHAT_HANDOVER, chatTopics } from '../../app/content/chat-topics.ts'
import { BUDGET_LABELS } from '../../app/lib/constants.ts'
import { estimator, formatUsd } from '../../app/lib/estimator.ts'
import { pdfText } from './tools-helpers.ts'

const { deliverySentence, estimate, urgencyLabel } = estimator(PRICE_LIST)

/**
 * One story, from one source (issue 35 §1): every delivery time, price, page count, support period
 * and client count a visitor can read (every page of the sitemap and the tools as the server
 * sends them, the chat's answers, the estimate PDF) is a figure of app/content/, in a context that
 * matches it. A figure typed into a page by hand, or one the content no longer holds, fails here.
 */

// ---------------------------------------------------------------- the one source, as the test reads it

type Days = readonly [number, number]
const delivery = Object.values(DELIVERY_DAYS).flatMap((byUrgency) => (byUrgency ? Object.values(byUrgency) : [])) as Days[]
/** Every delivery time the source holds: '7 days', '5 days', '10-14 days', ... */
const DELIVERY_TIMES = new Set(delivery.map(daysText))
/** Each plan's support period and the plan it belongs to: '30 days' -> 'Starter'. */
const SUPPORT = new Map(PLANS.map((p) => [p.support, p.name]))
/** Names a page count can belong to (a plan, or a website type of the estimator), with the pages it includes. */
const PAGE_OWNERS = [
  ...PLANS.map((p) => ({ name: p.name, pages: WEBSITE_TYPES.find((t) => t.id === p.websiteType)?.includedPages ?? null })),
  ...WEBSITE_TYPES.map((t) => ({ name: t.label, pages: t.includedPages })),
]
const LISTED_PRICES = new Set([
  ...PLANS.map((p) => p.price),
  ...WEBSITE_TYPES.map((t) => t.base),
  EXTRA_PAGE_PRICE,
  ...PRICING_ADDONS.map((a) => a.price),
  HOSTING_PER_MONTH,
  DOMAIN_RENEWAL_PER_YEAR,
])
/** The percentages the site may state: the surcharges, and the figures of the /services stats. */
const PERCENTS = new Set([
  ...URGENCY_OPTIONS.map((u) => `${Math.round((u.multiplier - 1) * 100)}%`),
  ...STATS.map((s) => s.value.replace(/^\+/, '')).filter((v) => v.endsWith('%')),
])

/**
 * Durations that are no delivery time, support period or guarantee, each with where it is and why
 * it is not one of those figures. A new one must be added here on purpose.
 */
const OTHER_DURATIONS: { phrase: RegExp; why: string }[] = [
  { phrase: /Valid until: .*\(30 days\)/, why: 'how long an estimate holds (ESTIMATE_VALID_DAYS)' },
  { phrase: /we will respond within 30 days/, why: 'privacy: answering a data request' },
  { phrase: /highlighted on our home page for at least 30 days/, why: 'privacy: notice of a change to the policy' },
  { phrase: /\bnot 7 weeks\b/, why: 'the hero: what the visitor is spared, not a figure of ours' },
  { phrase: /^3-4 weeks$/, why: "the comparison table's 'Typical agencies' column" },
  { phrase: /Keep activity for|last 30 days|Last (7|30|90) days/, why: 'back-office periods' },
]

// ---------------------------------------------------------------- reading what a visitor reads

const BLOCK =
  /^(?:p|div|li|ul|ol|h[1-6]|td|th|tr|dt|dd|section|article|header|footer|nav|main|aside|option|select|label|legend|fieldset|title|summary|details|br|table|caption|thead|tbody|button|form|blockquote|figcaption|span class="block)/

/** The text of a page as served: visible text, meta descriptions and titles, JSON-LD; no scripts. */
function readHtml(html: string): string {
  const meta = [...html.matchAll(/<meta\s[^>]*content="([^"]*)"/g)].map((m) => m[1])
  // Each string of the structured data on a line of its own.
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) =>
    strings(JSON.parse(m[1]) as unknown),
  )
  const body = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, '\n')
    .replace(/<style[\s\S]*?<\/style>/g, '\n')
    .replace(/<\/?([a-z][^>]*)>/gi, (_, tag: string) => (BLOCK.test(tag) ? '\n' : ''))
  // One line per block, without the blank ones between.
  return decode([...meta, ...jsonLd, body].join('\n'))
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n[\s]*/g, '\n')
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}

function decode(text: string): string {
  return text
    .replace(/&#x27;|&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
}

/** A text's sentences, one per line and sentence end, with their offset in the whole text. */
function sentences(text: string): { s: string; at: number }[] {
  const out: { s: string; at: number }[] = []
  for (const m of text.matchAll(/[^\n]+/g)) {
    let at = m.index
    for (const part of m[0].split(/(?<=[.!?])\s+(?=[A-Z$])/)) {
      const start = text.indexOf(part, at)
      if (part.trim()) out.push({ s: part.trim(), at: start })
      at = start + part.length
    }
  }
  return out
}

/** The name of `names` that stands nearest to `at` in `text`, within `reach` characters. */
function nearest(text: string, at: number, names: string[], reach = 400): string | undefined {
  let best: { name: string; d: number } | undefined
  for (const name of names) {
    for (const m of text.matchAll(new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'g'))) {
      const d = m.index < at ? at - (m.index + name.length) : m.index - at
      if (d <= reach && (!best || d < best.d || (d === best.d && name.length > best.name.length))) best = { name, d }
    }
  }
  return best?.name
}

type Source = { where: string; text: string; extraPrices?: Set<number>; editorial?: boolean }

/** What a text says against the one source: one line per figure that disagrees. */
function contradictions({ where, text, extraPrices, editorial }: Source): string[] {
  const found: string[] = []
  const say = (what: string, s: string) => found.push(`${where}: ${what} in "${s.slice(0, 160)}"`)
  const budgetAmounts = new Set(
    Object.values(BUDGET_LABELS).flatMap((l) => [...l.matchAll(/\$([\d,]+)/g)].map((m) => Number(m[1].replaceAll(',', '')))),
  )

  for (const { s, at } of sentences(text)) {
    // Prices.
    for (const m of s.matchAll(/\$\s?(\d[\d,]*(?:\.\d+)?)/g)) {
      const amount = Number(m[1].replaceAll(',', ''))
      const isBudget = Object.values(BUDGET_LABELS).some((l) => s.includes(l)) && budgetAmounts.has(amount)
      if (!LISTED_PRICES.has(amount) && !extraPrices?.has(amount) && !isBudget) say(`price $${m[1]} is not on the price list`, s)
    }
    // Durations: '7 days', '10-14 days', '1 week', '2-3 weeks', '6 months', '30-day'.
    for (const m of s.matchAll(/(\d+)(?:\s*-\s*(\d+))?[\s-](day|week|month)s?\b/gi)) {
      const value = `${m[2] ? `${m[1]}-${m[2]}` : m[1]} ${m[3].toLowerCase()}${m[1] === '1' && !m[2] ? '' : 's'}`
      if (OTHER_DURATIONS.some((o) => o.phrase.test(s))) continue
      if (/money-back|refund/i.test(s)) {
        if (value !== `${MONEY_BACK_DAYS} days`) say(`guarantee of ${value}, not ${MONEY_BACK_DAYS} days`, s)
      } else if (/support/i.test(s)) {
        const plan = SUPPORT.get(value)
        if (!plan) say(`support period ${value} is no plan's (${[...SUPPORT.keys()].join(', ')})`, s)
        else {
          // '90 days on Business': the plan named right after; else the nearest (a card's heading).
          const after = new RegExp(`^\\s*(?:on|for|with)(?: the)? (${PLANS.map((p) => p.name).join('|')})\\b`).exec(
            s.slice((m.index ?? 0) + m[0].length),
          )?.[1]
          const named =
            after ??
            nearest(
              text,
              at + (m.index ?? 0),
              PLANS.map((p) => p.name),
            )
          if (named !== plan) say(`support period ${value} said for ${named ?? 'no plan'}, not for ${plan}`, s)
        }
      } else if (!DELIVERY_TIMES.has(value)) say(`delivery time ${value} is not one of ${[...DELIVERY_TIMES].join(', ')}`, s)
    }
    // Page counts: the nearest plan or website type must include that many.
    for (const m of s.matchAll(/(?:up to |includes |includes the first |first )(\d+) pages\b|(\d+) pages (?:included|per plan)/gi)) {
      const pages = Number(m[1] ?? m[2])
      const owner = nearest(
        text,
        at + (m.index ?? 0),
        PAGE_OWNERS.map((o) => o.name),
        200,
      )
      const includes = PAGE_OWNERS.find((o) => o.name === owner)?.pages
      if (includes !== pages)
        say(`${pages} pages said for ${owner ?? 'no plan or website type'}, which includes ${includes ?? 'any number of'} pages`, s)
    }
    // Client counts: one figure, one noun.
    for (const m of s.matchAll(/(over |more than )?(?<![$\d.,])(\d[\d,]*)(\+)?(?=[\s\n]|$)/g)) {
      if (!m[1] && !m[3]) continue
      const after = s.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 40)
      const noun = /^\s*(?:\w+\s+){0,2}?(websites|businesses|clients|customers|projects|sites)\b/i.exec(after)?.[1]?.toLowerCase()
      const stat = STATS.find((x) => x.value === `${m[2]}+`)
      if (!noun && !stat) continue
      const said = noun ? `${m[2]} ${noun}` : `${m[2]}+ ${stat?.label.toLowerCase()}`
      if (
        Number(m[2].replaceAll(',', '')) !== CLIENT_COUNT.value ||
        !(noun ?? stat?.label ?? '').toLowerCase().startsWith(CLIENT_COUNT.noun.split(' ')[0])
      ) {
        say(`client count "${said}" is not ${CLIENT_COUNT.value}+ ${CLIENT_COUNT.noun}`, s)
      }
    }
    if (/businesses served/i.test(s)) say('a second client count ("businesses served")', s)
    // Support hours as they are: round the clock is the monitoring, people answer in office hours.
    if (
      /24\/7|around the clock|day and night|whenever you need/i.test(s) &&
      /support|help desk|on call|to help/i.test(s) &&
      !/monitor/i.test(s)
    ) {
      say('support said to be round the clock', s)
    }
    // No unsourced percentages (articles cite their own).
    if (!editorial) {
      for (const m of s.matchAll(/(\d+(?:\.\d+)?%)/g)) if (!PERCENTS.has(m[1])) say(`percentage ${m[1]} has no source`, s)
    }
  }
  return found
}

async function get(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path)
  expect(res.status(), path).toBe(200)
  return res.text()
}

/** Every public address: the sitemap's, and the tools it leaves out. */
async function publicPaths(request: APIRequestContext): Promise<string[]> {
  const sitemap = await get(request, '/sitemap.xml')
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname)
  return [...new Set([...paths, '/', '/pricing', '/proposal', '/demo-builder', '/contact', '/book', '/chat', '/privacy', '/terms'])]
}

/** The estimator's answer on /pricing for some choices, as the server renders it. */
async function estimatorPage(request: APIRequestContext, q: { type: string; pages: number; urgency?: string }) {
  const query = new URLSearchParams({ type: q.type, pages: String(q.pages), ...(q.urgency ? { urgency: q.urgency } : {}) })
  const text = readHtml(await get(request, `/pricing?${query.toString()}`))
  const total = /Estimated total:\s*\$([\d,.]+)/.exec(text)?.[1]
  return { text, total: total === undefined ? undefined : Number(total.replaceAll(',', '')) }
}

test.describe('one story, from one source (issue 35)', () => {
  test('every figure on every public page, in the chat and on the PDF agrees with app/content', async ({ request }) => {
    const sources: Source[] = []
    const unreadable: string[] = []
    for (const path of await publicPaths(request)) {
      // Articles cite their own figures; a project's case page gives its client's own results (issue 35 §5).
      sources.push({
        where: path,
        text: readHtml(await get(request, path)),
        editorial: path.startsWith('/blog/') || path.startsWith('/portfolio/'),
      })
    }
    // The chat: its greeting and every answer, and the no-JavaScript page that replays them.
    sources.push({ where: 'chat greeting', text: CHAT_GREETING })
    for (const q of CHAT_QUESTIONS) sources.push({ where: `chat answer ${q.id}`, text: q.answer })
    // Every answer to a typed question (issue 35 §4), the hand-over, and typed questions answered by the server.
    for (const t of chatTopics(officesOf(DEFAULT_CONTACT))) sources.push({ where: `chat topic ${t.id}`, text: `${t.title} ${t.answer}` })
    sources.push({ where: 'chat hand-over', text: CHAT_HANDOVER.text })
    for (const path of [
      '/chat?q=website-cost&q=hosting-domain&q=ecommerce',
      '/chat?q=delivery-time&q=ecommerce&q=get-started',
      '/chat?ask=what+are+the+plans&ask=can+you+deliver+sooner&ask=how+much+is+maintenance&ask=custom+web+app',
    ]) {
      sources.push({ where: path, text: readHtml(await get(request, path)) })
    }
    // The estimator and its PDF, for each website type at each urgency.
    for (const t of WEBSITE_TYPES) {
      for (const u of [undefined, ...URGENCY_OPTIONS.map((o) => o.id)]) {
        const e = estimate({ websiteType: t.id, pages: 12, addons: ['seo'], urgency: u })
        const priced = new Set([e.subtotal, e.total, e.urgencyCost, e.extraPagesCost])
        const query = `type=${t.id}&pages=12&addons=seo${u ? `&urgency=${u}` : ''}`
        sources.push({ where: `/pricing?${query}`, text: readHtml(await get(request, `/pricing?${query}`)), extraPrices: priced })
        const pdf = await request.get(`/api/estimate/pdf?${query}`)
        if (pdf.status() !== 200) unreadable.push(`PDF ${query}: ${pdf.status()}`)
        else sources.push({ where: `PDF ${query}`, text: pdfText(await pdf.body()), extraPrices: priced })
      }
    }
    expect(sources.length).toBeGreaterThan(20)
    expect([...unreadable, ...sources.flatMap(contradictions)]).toEqual([])
  })

  test("the estimator prices each plan's own pages at the plan's card price, on the page and on the PDF", async ({ request }) => {
    const cards = readHtml(await get(request, '/pricing'))
    for (const plan of PLANS) {
      const type = WEBSITE_TYPES.find((t) => t.id === plan.websiteType)
      expect(type, plan.name).toBeDefined()
      // The card says the plan's price and pages.
      expect(cards).toContain(`${plan.name}\n`)
      expect(cards).toContain(plan.pages)
      for (const pages of [1, type?.includedPages ?? 100]) {
        const { total, text } = await estimatorPage(request, { type: plan.websiteType, pages })
        expect(total, `${plan.name} with ${pages} pages`).toBe(plan.price)
        expect(text).toContain(`${type?.label} (${plan.name} plan, `)
        const pdf = pdfText(await (await request.get(`/api/estimate/pdf?type=${plan.websiteType}&pages=${pages}`)).body()).split('\n')
        expect(pdf[pdf.indexOf('Estimated total') + 1], `PDF ${plan.name} ${pages}`).toBe(formatUsd(plan.price))
      }
    }
  })

  test('the estimator shows the delivery time of the chosen type and urgency, and what a faster one costs', async ({ request }) => {
    for (const t of WEBSITE_TYPES) {
      for (const u of URGENCY_OPTIONS) {
        const { text } = await estimatorPage(request, { type: t.id, pages: 3, urgency: u.id })
        const e = estimate({ websiteType: t.id, pages: 3, addons: [], urgency: u.id })
        expect(text, `${t.id} ${u.id}`).toContain(deliverySentence(t.id, u.id))
        // The option the visitor picked names that delivery, and the row prices it.
        expect(text).toContain(urgencyLabel(u, t.id))
        if (u.multiplier > 1) expect(text).toContain(`${urgencyLabel(u, t.id)}\n+${formatUsd(e.urgencyCost)}`)
      }
    }
    // Rush shortens the plans' 7 days, at its price.
    const { text } = await estimatorPage(request, { type: 'business', pages: 10, urgency: 'rush' })
    expect(text).toContain('Delivery: 5 days with Rush (7 days at the standard pace).')
    expect(text).toContain('Rush: 5 days (+50%)\n+$299.50')
  })

  test('the screens whose figures changed pass axe, the estimator with a delivery and a surcharge too', async ({ page }) => {
    await skipDiscoveryPopup(page)
    for (const path of [
      '/',
      '/services',
      '/about',
      '/faq',
      '/terms',
      '/pricing',
      '/pricing?type=custom&pages=4&urgency=emergency#calculate-estimate',
    ]) {
      await visit(page, path)
      await expectNoAxeViolations(page)
    }
    await expect(page.getByText(deliverySentence('custom', 'emergency'))).toBeVisible()
  })
})
