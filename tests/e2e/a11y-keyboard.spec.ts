import { expect, test, type Locator, type Page } from '@playwright/test'
import { ADMIN, login } from './admin-helpers.ts'
import { expectNoAxeViolations, POPUP_DELAY_MS, skipDiscoveryPopup, uid, visit, visitWithClock } from './tools-helpers.ts'

/*
 * Accessibility past axe (docs/ACCESSIBILITY.md): what a keyboard and screen-reader user meets,
 * walked with the keyboard. Runs in both projects: desktop at 1280×800, phone at 390×844, and the
 * reflow checks at 320 px.
 */

const isPhone = () => test.info().project.name === 'phone'
const pageSize = () => (isPhone() ? { width: 390, height: 844 } : { width: 1280, height: 800 })

/**
 * Where the focused element is hidden by something stuck to the top of the screen (the public or
 * admin header, or any other sticky bar), a description of it; otherwise null. Elements that are
 * themselves in a fixed or sticky layer (the header's own links, the skip link, the chat launcher,
 * dialogs) sit above the page and cannot be under it.
 */
async function focusUnderHeader(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return null
    for (let n: Element | null = el; n; n = n.parentElement) {
      const position = getComputedStyle(n).position
      if (position === 'fixed' || position === 'sticky') return null
    }
    const r = el.getBoundingClientRect()
    if (r.width === 0 && r.height === 0) return null
    // Bars stuck at the top now: sticky ones at their `top`, fixed ones from the very top.
    let bottom = 0
    let bar = ''
    for (const n of document.querySelectorAll('body *')) {
      const cs = getComputedStyle(n)
      if (cs.position !== 'sticky' && cs.position !== 'fixed') continue
      const b = n.getBoundingClientRect()
      if (b.width === 0 || b.height === 0 || cs.visibility === 'hidden') continue
      const stuck = cs.position === 'sticky' ? Math.abs(b.top - (parseFloat(cs.top) || 0)) <= 1 : b.top <= 1
      if (!stuck || b.left >= r.right || b.right <= r.left || b.bottom <= bottom) continue
      bottom = b.bottom
      bar = n.tagName.toLowerCase()
    }
    if (r.top >= bottom - 0.5) return null
    const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40)
    return `<${el.tagName.toLowerCase()}> "${name}" at y=${Math.round(r.top)}, under a <${bar}> ending at ${Math.round(bottom)}`
  })
}

/** Tabs forward through up to `max` stops (or to the footer), then Shift+Tabs back, checking each stop. */
async function walkFocus(page: Page, max: number): Promise<string[]> {
  const problems: string[] = []
  let steps = 0
  for (; steps < max; steps++) {
    await page.keyboard.press('Tab')
    const p = await focusUnderHeader(page)
    if (p) problems.push(`Tab ${steps + 1}: ${p}`)
    if (await page.evaluate(() => document.activeElement?.closest('footer') !== null)) break
  }
  for (let back = 0; back < steps; back++) {
    await page.keyboard.press('Shift+Tab')
    const p = await focusUnderHeader(page)
    if (p) problems.push(`Shift+Tab ${back + 1}: ${p}`)
  }
  return problems
}

/** WCAG contrast ratio of two CSS colours (any syntax the browser knows, oklch included). */
async function contrast(page: Page, a: string, b: string): Promise<number> {
  return page.evaluate(
    ([x, y]) => {
      const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!
      const lum = (color: string) => {
        ctx.clearRect(0, 0, 1, 1)
        ctx.fillStyle = '#fff'
        ctx.fillRect(0, 0, 1, 1)
        ctx.fillStyle = color
        ctx.fillRect(0, 0, 1, 1)
        const [r, g, bl] = [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3).map((v) => {
          const c = v / 255
          return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
        })
        return 0.2126 * r + 0.7152 * g + 0.0722 * bl
      }
      const [l1, l2] = [lum(x), lum(y)].sort((m, n) => n - m)
      return (l1 + 0.05) / (l2 + 0.05)
    },
    [a, b],
  )
}

/** The focused control's ring colour and the background of the surface the ring is drawn on. */
async function ringAndSurface(control: Locator) {
  return control.evaluate((el) => {
    let surface = el.parentElement
    while (
      surface &&
      getComputedStyle(surface)
        .backgroundColor.replace(/\s/g, '')
        .match(/^(rgba\(0,0,0,0\)|transparent)$/)
    )
      surface = surface.parentElement
    const style = getComputedStyle(el)
    return {
      focusVisible: el.matches(':focus-visible'),
      outline: `${style.outlineStyle} ${style.outlineWidth}`,
      ring: style.outlineColor,
      surface: surface ? getComputedStyle(surface).backgroundColor : 'white',
    }
  })
}

test.describe('focus is never hidden under the sticky header (2.4.11)', () => {
  test.beforeEach(async ({ page }) => {
    await skipDiscoveryPopup(page)
    await page.setViewportSize(pageSize())
  })

  for (const path of ['/', '/pricing', '/proposal', '/contact', '/demo-builder']) {
    test(`Tab and Shift+Tab through ${path}`, async ({ page }) => {
      test.setTimeout(180_000)
      await visit(page, path)
      expect(await walkFocus(page, 90)).toEqual([])
    })
  }

  test('/proposal: from Submit, Shift+Tab twice reaches Budget in view; an empty submit focuses Full Name in view', async ({ page }) => {
    await visit(page, '/proposal')
    const submit = page.getByRole('button', { name: 'Submit Proposal Request' })
    await submit.focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Shift+Tab')
    await expect(page.getByRole('combobox', { name: /Budget/ })).toBeFocused()
    expect(await focusUnderHeader(page)).toBeNull()

    await submit.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('textbox', { name: /Full Name/ })).toBeFocused()
    expect(await focusUnderHeader(page)).toBeNull()
  })

  test("the admin's header (a sticky bar on phones) never hides the focused field", async ({ page }) => {
    test.setTimeout(180_000)
    await login(page)
    await page.goto(`${ADMIN}/portfolio/new`)
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    expect(await walkFocus(page, 60)).toEqual([])
  })
})

test.describe('the discovery popup never steals focus and gives it back', () => {
  test('a visitor already using the page is not interrupted', async ({ page }) => {
    await page.clock.install()
    await visit(page, '/')
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim())
    await page.clock.runFor(5000)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(focused)
    // Not marked as shown: a later visit without interaction still gets the invitation once.
    expect(await page.evaluate(() => window.localStorage.getItem('discovery-popup-shown'))).toBeNull()
  })

  test('scrolling counts as using the page too', async ({ page }) => {
    await page.clock.install()
    await visit(page, '/')
    await page.mouse.wheel(0, 400)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    await page.clock.runFor(5000)
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test('pressing the pointer on the page counts too', async ({ page }) => {
    await page.clock.install()
    await visit(page, '/')
    // On the heading: text, not a control, so the press does nothing else.
    await page.getByRole('heading', { level: 1 }).click()
    await page.clock.runFor(5000)
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  for (const close of ['Escape', 'Maybe later', 'Close'] as const) {
    test(`on an untouched page it opens, and ${close} gives focus to the page's heading, not <body>`, async ({ page }) => {
      await visitWithClock(page, '/')
      const popup = page.getByRole('dialog', { name: 'Book a free discovery call' })
      await page.clock.runFor(POPUP_DELAY_MS)
      await expect(popup).toBeVisible()
      await expect(popup.getByRole('button', { name: 'Book a free call' })).toBeFocused()
      if (close === 'Escape') await page.keyboard.press('Escape')
      else {
        await popup.getByRole('button', { name: close, exact: true }).focus()
        await page.keyboard.press('Enter')
      }
      await expect(popup).toHaveCount(0)
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
      // The next Tab continues from the top of the content.
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true)
    })
  }
})

test.describe('route changes are announced and focus moves to the new page', () => {
  test('public site: following a link says the title and focuses the main heading; the first load does neither', async ({ page }) => {
    await skipDiscoveryPopup(page)
    await visit(page, '/')
    const announcer = page.getByTestId('route-announcer')
    await expect(announcer).toHaveText('')
    await expect(announcer).toHaveAttribute('aria-live', 'polite')

    if (isPhone()) {
      await page.getByRole('button', { name: 'Open menu' }).focus()
      await page.keyboard.press('Enter')
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Services' }).focus()
    } else {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).focus()
    }
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/services$/)
    const h1 = page.getByRole('heading', { level: 1 })
    await expect(h1).toBeFocused()
    await expect(h1).toHaveAttribute('tabindex', '-1')
    await expect(announcer).toHaveText(await page.title())
    await expect(announcer).toContainText('Services')

    // The next Tab goes on from the heading into the page, not back to the header.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true)

    // Back works the same way.
    await page.goBack()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
    await expect(announcer).toHaveText(await page.title())
  })

  test('admin: the sidebar moves focus to the new screen; a search on the same screen leaves focus alone', async ({ page }) => {
    await login(page)
    await page.goto(`${ADMIN}/dashboard`)
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    const announcer = page.getByTestId('route-announcer')
    await expect(announcer).toHaveText('')

    if (isPhone()) {
      await page.getByRole('button', { name: 'Open admin menu' }).focus()
      await page.keyboard.press('Enter')
    }
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Portfolio' }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/portfolio$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Portfolio Management' })).toBeFocused()
    await expect(announcer).toHaveText(await page.title())

    // Searching changes only the query string: focus stays where the administrator is.
    const search = page.getByRole('searchbox', { name: 'Search portfolio' })
    await search.focus()
    await page.keyboard.type(`nothing-${uid()}`)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\?q=nothing-/)
    await expect(search).toBeFocused()
  })
})

test('portfolio editor: removing a technology moves focus to the next tag, the previous one, then the input', async ({ page }) => {
  await login(page)
  await page.goto(`${ADMIN}/portfolio/new`)
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  const input = page.getByRole('textbox', { name: 'Technologies' })
  await input.focus()
  for (const t of ['Astro', 'Bun', 'Deno']) {
    await page.keyboard.type(t)
    await page.keyboard.press('Enter')
  }
  const tags = page.getByRole('list', { name: 'Technologies added' }).getByRole('listitem')
  await expect(tags).toHaveText(['Astro', 'Bun', 'Deno'])

  await page.getByRole('button', { name: 'Remove Bun' }).focus()
  await page.keyboard.press('Enter')
  await expect(tags).toHaveText(['Astro', 'Deno'])
  await expect(page.getByRole('button', { name: 'Remove Deno' })).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(tags).toHaveText(['Astro'])
  await expect(page.getByRole('button', { name: 'Remove Astro' })).toBeFocused()

  await page.keyboard.press('Space')
  await expect(tags).toHaveCount(0)
  await expect(input).toBeFocused()
})

test.describe('focus rings stand out from what they sit on (3:1)', () => {
  test('"Close chat" on the blue chat header', async ({ page }) => {
    await skipDiscoveryPopup(page)
    await visit(page, '/about')
    await page.getByRole('button', { name: 'Chat assistant' }).focus()
    await page.keyboard.press('Enter')
    const close = page.getByRole('button', { name: 'Close chat' })
    await expect(page.getByRole('dialog', { name: 'Chat Assistant' })).toBeVisible()
    // Focus starts on the first suggestion; back past the conversation log to Close.
    for (let i = 0; i < 4 && !(await close.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Shift+Tab')
    await expect(close).toBeFocused()
    const s = await ringAndSurface(close)
    expect(s.focusVisible).toBe(true)
    expect(s.outline).toMatch(/^solid 3px$/)
    expect(await contrast(page, s.ring, s.surface)).toBeGreaterThanOrEqual(3)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Chat Assistant' })).toBeHidden()
  })

  test('the "Get Free Proposal" link on the blue band of /portfolio', async ({ page }) => {
    await visit(page, '/portfolio')
    const cta = page.getByRole('main').getByRole('link', { name: 'Get Free Proposal' }).last()
    await cta.focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    await expect(cta).toBeFocused()
    const s = await ringAndSurface(cta)
    expect(s.focusVisible).toBe(true)
    expect(await contrast(page, s.ring, s.surface)).toBeGreaterThanOrEqual(3)
  })

  test("the error notice's Dismiss button", async ({ page }) => {
    await login(page)
    await page.goto(`${ADMIN}/settings/security`)
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    await page.getByLabel('Current Password').fill('e2e-admin-password')
    await page.getByLabel('New Password').fill('one-new-password')
    await page.getByLabel('Confirm Password').fill('another-password')
    await page.getByRole('button', { name: 'Change Password' }).focus()
    await page.keyboard.press('Enter')
    const toast = page.getByTestId('toast').filter({ hasText: 'Password Mismatch' })
    await expect(toast).toBeVisible()
    const dismiss = toast.getByRole('button', { name: 'Dismiss notification' })
    // The notice comes after the page's content: from the last control in <main>, Tab reaches it.
    await page.locator('main').evaluate((main) => {
      const controls = main.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([type="hidden"]), select, textarea, [tabindex="0"]',
      )
      controls[controls.length - 1]?.focus()
    })
    for (let i = 0; i < 4 && !(await dismiss.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
    await expect(dismiss).toBeFocused()
    const s = await ringAndSurface(dismiss)
    expect(s.focusVisible).toBe(true)
    expect(await contrast(page, s.ring, s.surface)).toBeGreaterThanOrEqual(3)
  })

  test('the default ring on the white page and on the dark footer', async ({ page }) => {
    await skipDiscoveryPopup(page)
    await visit(page, '/contact')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    const onWhite = await ringAndSurface(page.locator(':focus'))
    expect(onWhite.focusVisible).toBe(true)
    expect(await contrast(page, onWhite.ring, onWhite.surface)).toBeGreaterThanOrEqual(3)

    const footerLink = page.getByRole('contentinfo').getByRole('link').first()
    await footerLink.focus()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Shift+Tab')
    await expect(footerLink).toBeFocused()
    const onDark = await ringAndSurface(footerLink)
    expect(onDark.focusVisible).toBe(true)
    expect(await contrast(page, onDark.ring, onDark.surface)).toBeGreaterThanOrEqual(3)
  })
})

test.describe('reflow at 320 px (1.4.10)', () => {
  test('the full-screen builder preview keeps "Close preview" on screen and usable by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 256 })
    await visit(page, '/demo-builder')
    const open = page.getByRole('button', { name: 'Generate Advanced Preview' })
    await open.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: /^Advanced Preview/ })
    await expect(dialog).toBeVisible()
    const close = dialog.getByRole('button', { name: 'Close preview' })
    const box = (await close.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(320)
    expect(box.y).toBeGreaterThanOrEqual(0)
    expect(box.y + box.height).toBeLessThanOrEqual(256)
    // Nothing in the header runs off the side.
    expect(await dialog.evaluate((el) => el.scrollWidth)).toBeLessThanOrEqual(320)
    for (let i = 0; i < 8 && !(await close.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
    await expect(close).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(dialog).toHaveCount(0)
    await expect(open).toBeFocused()
  })

  test('at 320×256 the chat fits the screen, its suggestions scroll and Close stays in view while tabbing', async ({ page }) => {
    await skipDiscoveryPopup(page)
    await page.setViewportSize({ width: 320, height: 256 })
    await visit(page, '/faq')
    await page.getByRole('button', { name: 'Chat assistant' }).focus()
    await page.keyboard.press('Enter')
    const chat = page.getByRole('dialog', { name: 'Chat Assistant' })
    await expect(chat).toBeVisible()
    const panel = (await chat.boundingBox())!
    expect(panel.y).toBeGreaterThanOrEqual(0)
    expect(panel.y + panel.height).toBeLessThanOrEqual(256)
    expect(panel.x + panel.width).toBeLessThanOrEqual(320)

    const close = chat.getByRole('button', { name: 'Close chat' })
    const inView = async (l: Locator) => {
      const b = (await l.boundingBox())!
      return b.y >= 0 && b.y + b.height <= 256 && b.x >= 0 && b.x + b.width <= 320
    }
    // Walk every stop in the panel both ways: the focused control and Close are always on screen.
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key)
      const focused = page.locator(':focus')
      if (!(await chat.evaluate((el) => el.contains(document.activeElement)))) continue
      expect(await inView(close)).toBe(true)
      // The focused control is scrolled into view inside the panel.
      expect(
        await focused.evaluate((el) => {
          const r = el.getBoundingClientRect()
          const area = el.closest('[data-testid="chat-body"]') ?? el
          const a = area.getBoundingClientRect()
          // Wholly visible, or for the conversation log (taller than the room) mostly visible.
          if (r.height <= a.height) return r.top >= a.top - 1 && r.bottom <= a.bottom + 1
          return Math.min(r.bottom, a.bottom) - Math.max(r.top, a.top) >= a.height / 2
        }),
      ).toBe(true)
    }
    // On a screen this short the conversation and the suggestions scroll (together, under the header).
    const body = chat.getByTestId('chat-body')
    expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight && getComputedStyle(el).overflowY === 'auto')).toBe(true)
    await close.focus()
    await page.keyboard.press('Enter')
    await expect(chat).toBeHidden()
    await expect(page.getByRole('button', { name: 'Chat assistant' })).toBeFocused()
  })
})

test('axe: no violations on the home page after the popup closed, and with the chat open at 320 px', async ({ page }) => {
  await visitWithClock(page, '/')
  const popup = page.getByRole('dialog', { name: 'Book a free discovery call' })
  await page.clock.runFor(POPUP_DELAY_MS)
  await expect(popup).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(popup).toHaveCount(0)
  await expectNoAxeViolations(page)
  await page.setViewportSize({ width: 320, height: 256 })
  await page.getByRole('button', { name: 'Chat assistant' }).click()
  await expect(page.getByRole('dialog', { name: 'Chat Assistant' })).toBeVisible()
  await expectNoAxeViolations(page)
})
