import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

const ADMIN_PASSWORD = 'e2e-admin-password'
const MARK = `x${Date.now().toString(36)}`
/** Each payload would set window.__xss if it ever ran. */
const PAYLOADS = [
  `<img src=x onerror="window.__xss='${MARK}'">`,
  `"><script>window.__xss='${MARK}'</script>`,
  `<svg onload="window.__xss='${MARK}'"></svg>`,
  `javascript:window.__xss='${MARK}'`,
]
/** For fields with tight length limits; alert() shows as a dialog if it ever runs. */
const SHORT = ['<img src=x onerror=alert(1)>', '<svg onload=alert(2)>', '"><b onclick=alert(3)>b']
const p = (i: number) => `${MARK} ${PAYLOADS[i % PAYLOADS.length]}`

async function signIn(request: APIRequestContext) {
  const token = ((await (await request.get('/api/auth/session')).json()) as { csrfToken: string }).csrfToken
  const res = await request.post('/api/auth/login', {
    data: { username: 'admin', password: ADMIN_PASSWORD },
    headers: { 'x-csrf-token': token },
  })
  expect(res.status()).toBe(200)
  return token
}

/** Loads a page and reports whether anything injected ran (script, handler or dialog). */
async function visit(page: Page, path: string) {
  let dialog = false
  page.on('dialog', async (d) => {
    dialog = true
    await d.dismiss()
  })
  const res = await page.goto(path)
  expect(res?.status(), path).toBeLessThan(400)
  await page.waitForLoadState('networkidle')
  const ran = await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)
  expect({ path, ran, dialog }).toEqual({ path, ran: undefined, dialog: false })
}

test.describe('stored XSS never runs, on the public site or in the admin', () => {
  const ids: { post?: number; item?: number; proposal?: number } = {}
  let originalSettings: Record<string, unknown>

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL })
    const token = await signIn(request)
    const h = { 'x-csrf-token': token }
    const proposal = await request.post('/api/proposals', {
      headers: h,
      data: { name: p(0), email: 'xss@example.com', businessType: 'other', budget: '100-500', requirements: p(1) },
    })
    expect(proposal.status()).toBe(201)
    ids.proposal = ((await proposal.json()) as { id: number }).id
    const post = await request.post('/api/blogs', {
      headers: h,
      data: {
        title: p(0),
        subheading: p(1),
        excerpt: p(2),
        content: `<p>${p(0)}</p><p>${p(1)}</p><a href="javascript:window.__xss=1">x</a>`,
        category: 'Security',
        author: p(3),
        readTime: '<img src=x onerror=alert(1)>',
        status: 'published',
      },
    })
    expect(post.status()).toBe(201)
    ids.post = ((await post.json()) as { id: number }).id
    const item = await request.post('/api/portfolio', {
      headers: h,
      data: {
        title: p(0),
        description: p(1),
        category: SHORT[1],
        image: '/images/hero.svg',
        technologies: [...SHORT, 'React'],
        liveUrl: 'xss.example',
      },
    })
    expect(item.status()).toBe(201)
    ids.item = ((await item.json()) as { id: number }).id
    originalSettings = (await (await request.get('/api/settings')).json()) as Record<string, unknown>
    const settings = await request.put('/api/settings', {
      headers: h,
      data: { siteName: `Studio ${p(1)}`.slice(0, 100), siteDescription: p(0), contactPhone: SHORT[0], address: p(3) },
    })
    expect(settings.status()).toBe(200)
    await request.dispose()
  })

  test.afterAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL })
    const h = { 'x-csrf-token': await signIn(request) }
    await request.put('/api/settings', { headers: h, data: originalSettings })
    await request.delete(`/api/blogs/${ids.post}`, { headers: h })
    await request.delete(`/api/portfolio/${ids.item}`, { headers: h })
    await request.delete(`/api/proposals/${ids.proposal}`, { headers: h })
    await request.dispose()
  })

  test('public pages show the payloads as text and run none of them', async ({ page }) => {
    for (const path of ['/', '/portfolio', '/blog', `/blog/${ids.post}`, '/contact', '/about']) await visit(page, path)
    await page.goto('/portfolio')
    await expect(page.getByText(PAYLOADS[0], { exact: false }).first()).toBeVisible()
  })

  test('admin screens show the payloads as text and run none of them', async ({ page }) => {
    await signIn(page.request)
    for (const path of [
      '/admin/dashboard',
      '/admin/proposals',
      '/admin/blogs',
      '/admin/portfolio',
      `/admin/blogs/edit/${ids.post}`,
      `/admin/portfolio/edit/${ids.item}`,
      '/admin/settings',
    ]) {
      await visit(page, path)
    }
    await page.goto('/admin/proposals')
    await expect(page.getByText(PAYLOADS[0], { exact: false }).first()).toBeVisible()
  })
})

test('security headers on every page and API answer', async ({ request }) => {
  const paths = [
    '/',
    '/services',
    '/portfolio',
    '/blog',
    '/blog/1',
    '/about',
    '/faq',
    '/pricing',
    '/contact',
    '/privacy',
    '/terms',
    '/proposal',
    '/demo-builder',
    '/no-such-page',
    '/admin/login',
    '/admin/dashboard',
    '/api/portfolio',
    '/api/proposals',
    '/sitemap.xml',
    '/healthz',
  ]
  for (const path of paths) {
    const res = await request.get(path, { maxRedirects: 0 })
    const h = res.headers()
    expect(h['content-security-policy'], path).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/)
    expect(h['content-security-policy'], path).toContain("object-src 'none'")
    expect(h['content-security-policy'], path).toContain("base-uri 'none'")
    expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'")
    expect(h['x-content-type-options'], path).toBe('nosniff')
    expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
    expect(h['x-powered-by'], path).toBeUndefined()
  }
})

test('a page served from the cache runs under a hashed policy: it hydrates and the browser reports no violation', async ({ page }) => {
  const consoleViolations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) consoleViolations.push(m.text())
  })
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] }
    w.__violations = []
    document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`))
  })
  await page.goto('/faq') // fills the cache if it was empty
  const res = await page.goto('/faq')
  const policy = res?.headers()['content-security-policy'] ?? ''
  expect(policy).toMatch(/script-src 'self' 'sha256-/)
  expect(policy).not.toMatch(/nonce-/)
  await page.waitForLoadState('networkidle')
  // The inline module script ran (its hash matched) and loaded the route modules.
  expect(await page.evaluate(() => Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules))).toBe(
    true,
  )
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([])
  expect(consoleViolations).toEqual([])
})

test('no page breaks its own content security policy (the browser reports none), on load or while the tools are used', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __csp: string[] }).__csp = seen
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    )
  })
  const violations = () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)
  for (const path of ['/', '/services', '/portfolio', '/blog', '/about', '/faq', '/pricing', '/contact', '/proposal', '/demo-builder']) {
    // Twice: the first answer is rendered, the second comes from the page cache with its own policy.
    for (let i = 0; i < 2; i++) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      expect({ path, violations: await violations() }).toEqual({ path, violations: [] })
    }
  }
  // The estimator validates what is typed (zod in the browser must not try eval).
  await page.goto('/pricing')
  const pages = page.getByLabel('Number of Pages')
  await pages.fill('12')
  await pages.press('Tab')
  expect(await violations()).toEqual([])
})
