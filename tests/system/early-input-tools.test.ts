import { describe, expect, it } from 'vitest'
import { serverOnFreshSqlite, type RunningServer } from './server.ts'

/**
 * Issue 22: the estimator's Calculate and the chat's questions answered by the server, as a
 * browser without JavaScript (or before the page's script has run) asks them, through the
 * production build and its page cache.
 */
describe('tools answered by the server before the scripts run', () => {
  let s: RunningServer
  serverOnFreshSqlite((server) => (s = server))

  const get = async (p: string) => {
    const res = await fetch(`${s.url}${p}`)
    return {
      status: res.status,
      html: await res.text(),
      policy: res.headers.get('content-security-policy') ?? '',
      cache: res.headers.get('cache-control') ?? '',
    }
  }
  /** A stored page is allowed its scripts by hash; a page rendered for this request by its nonce. */
  const fromCache = (r: { policy: string }) => !/'nonce-/.test(r.policy) && /'sha256-/.test(r.policy)

  it('prices the estimator’s choices from the query, rendered for that request and never stored', async () => {
    await get('/pricing') // fills the cache
    const example = '/pricing?type=business&pages=12&addons=cms&addons=seo&urgency=rush'
    for (let i = 0; i < 2; i++) {
      const r = await get(example)
      expect(r.status).toBe(200)
      expect(fromCache(r)).toBe(false)
      expect(r.cache).not.toMatch(/public/)
      expect(r.html).toContain('Your estimate')
      expect(r.html).toContain('$1,423.50')
      // The links of that estimate, priced again by whoever follows them.
      expect(r.html).toContain('href="/api/estimate/pdf?type=business&amp;pages=12&amp;addons=cms%2Cseo&amp;urgency=rush"')
      expect(r.html).toMatch(/href="\/proposal\?from=estimator&amp;summary=[^"]+&amp;budget=1000-2500&amp;type=business/)
    }
    // The one-list form of the links reads the same; the page stored for everyone is untouched.
    expect((await get('/pricing?type=business&pages=12&addons=cms,seo&urgency=rush')).html).toContain('$1,423.50')
    const plain = await get('/pricing')
    expect(fromCache(plain)).toBe(true)
    expect(plain.html).not.toContain('Your estimate')
  })

  it('keeps other queries on the stored page', async () => {
    await get('/pricing')
    for (const q of ['?cb=1', '?cb=2&utm_source=mail', '?']) {
      const r = await get(`/pricing${q}`)
      expect(fromCache(r), q).toBe(true)
      expect(r.html).not.toContain('Your estimate')
    }
  })

  it('answers choices it cannot price with the form and its message, never an error status', async () => {
    for (const q of [
      'type=mansion&pages=5',
      'pages=3&urgency=',
      'type=&pages=abc',
      'addons=%00%FF&urgency=yesterday',
      `type=${'x'.repeat(3000)}`,
    ]) {
      const r = await get(`/pricing?${q}`)
      expect(r.status, q).toBe(200)
      expect(r.html, q).toContain('Choose a website type to calculate your estimate.')
      expect(r.html, q).not.toContain('Your estimate')
    }
    const pages = await get('/pricing?type=static&pages=500')
    expect(pages.status).toBe(200)
    expect(pages.html).toContain('Enter a whole number of pages from 1 to 100.')
    expect(pages.html).toContain('aria-invalid="true"')
    expect(pages.html).not.toContain('Your estimate')
  })

  it('answers the chat page’s questions with the canned answers, per request, not indexed', async () => {
    for (let i = 0; i < 2; i++) {
      const r = await get('/chat?back=%2Fpricing&q=website-cost')
      expect(r.status).toBe(200)
      expect(fromCache(r)).toBe(false)
      expect(r.html).toContain('<meta name="robots" content="noindex"/>')
      expect(r.html).toContain('Websites start from $299, and e-commerce stores start from $999.')
      expect(r.html).toContain('<input type="hidden" name="q" value="website-cost"/>')
      expect(r.html).toContain('<input type="hidden" name="back" value="/pricing"/>')
    }
    // The launcher of every public page links to it until the page is hydrated.
    expect((await get('/services')).html).toMatch(/<a href="\/chat\?back=%2Fservices" aria-label="Chat assistant"/)
  })

  it('indexes the chat page itself (the greeting and the suggestions) under /chat, with or without the page to go back to', async () => {
    for (const path of ['/chat', '/chat?back=%2Fservices']) {
      const r = await get(path)
      expect(r.status, path).toBe(200)
      expect(r.html, path).not.toContain('name="robots"')
      expect(r.html, path).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/chat"\/>/)
    }
  })
})
