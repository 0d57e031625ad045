import { createHash } from 'node:crypto'
import http from 'node:http'
import { describe, expect, it } from 'vitest'
import { FAQS } from '~/content/faq.ts'
import { searchFaqs } from '~/lib/faq-search.ts'
import { BROWSER_AGENT } from '../helpers/app.ts'
import { ADMIN, serverOnFreshSqlite, type RunningServer } from './server.ts'

/**
 * A conditional GET as a browser revalidating its copy sends it. (fetch() would add
 * `Cache-Control: no-cache` to a request with a manual If-None-Match, which Express honours.)
 */
function revalidate(url: string, etag: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } }, (res) => {
        res.resume()
        resolve(res.statusCode!)
      })
      .on('error', reject)
  })
}

describe('HTTP caching of public pages and reads', () => {
  let s: RunningServer
  serverOnFreshSqlite((server) => (s = server))

  it('serves public pages with a validator and CDN-friendly Cache-Control, and answers 304 to a match', async () => {
    await (await fetch(`${s.url}/services`)).text() // the first render fills the cache
    const res = await fetch(`${s.url}/services`)
    expect(res.status).toBe(200)
    const etag = res.headers.get('etag')!
    expect(etag).toMatch(/^W\/".+"$/)
    expect(res.headers.get('cache-control')).toMatch(/public/)
    expect(res.headers.get('cache-control')).toMatch(/stale-while-revalidate=\d+/)
    const html = await res.text()
    // The cached copy allows exactly its own inline scripts, by hash: no nonce shared by visitors.
    const policy = res.headers.get('content-security-policy')!
    expect(policy).not.toMatch(/nonce-/)
    const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1])
    expect(inline.length).toBeGreaterThan(2)
    const allowed = /script-src ([^;]+)/.exec(policy)![1].split(' ')
    for (const code of inline) expect(allowed).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`)
    expect(allowed.filter((s) => s.startsWith("'sha256-")).length).toBe(new Set(inline).size)
    expect(await revalidate(`${s.url}/services`, etag)).toBe(304)
  })

  it('answers a hit from copies compressed once (brotli, gzip or none), with every security header', async () => {
    await (await fetch(`${s.url}/faq`)).text()
    const get = (encoding: string, method = 'GET') =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }>((resolve, reject) => {
        const req = http.request(`${s.url}/faq`, { method, headers: { 'accept-encoding': encoding } }, (res) => {
          let bytes = 0
          res.on('data', (d: Buffer) => (bytes += d.length))
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes }))
        })
        req.on('error', reject)
        req.end()
      })
    // Brotli is made off the main thread after the page is stored: wait for it.
    await expect.poll(async () => (await get('br, gzip')).headers['content-encoding'], { timeout: 60_000 }).toBe('br')
    const br = await get('gzip, deflate, br')
    const gzip = await get('gzip')
    const plain = await get('identity')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(br.bytes).toBeLessThan(gzip.bytes)
    expect(gzip.bytes).toBeLessThan(plain.bytes)
    for (const r of [br, gzip, plain]) {
      expect(Number(r.headers['content-length'])).toBe(r.bytes)
      expect(r.headers.vary).toBe('Accept-Encoding')
      expect(r.headers['x-content-type-options']).toBe('nosniff')
      expect(r.headers['x-frame-options']).toBe('DENY')
      expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(r.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/)
      expect(r.headers.etag).toBe(br.headers.etag)
    }
    const head = await get('gzip', 'HEAD')
    expect(head.status).toBe(200)
    expect(head.bytes).toBe(0)
    expect(head.headers['content-length']).toBe(gzip.headers['content-length'])
  })

  it('renders a request carrying a parameter its page reads for itself, never stored; other queries get the stored page (issue 22)', async () => {
    // A stored copy allows its scripts by hash; a page rendered for the request, by its nonce.
    const get = async (p: string) => {
      const res = await fetch(`${s.url}${p}`)
      const body = await res.text()
      expect(res.status, p).toBe(200)
      return { stored: !/'nonce-/.test(res.headers.get('content-security-policy') ?? ''), etag: res.headers.get('etag'), body }
    }
    const pages: [string, string[]][] = [
      ['/', ['category=Business']],
      ['/portfolio', ['category=Restaurant']],
      ['/blog', ['page=2', 'category=SEO', 'category=SEO&page=2', 'cb=1&page=2']],
      ['/faq', ['q=gwalior', 'q=', '%71=gwalior']],
    ]
    for (const [path, reading] of pages) {
      await get(path) // the first render fills the cache
      const copy = await get(path)
      expect(copy.stored, path).toBe(true)
      // Other parameters (a cache buster, a tracking tag, another case) get the stored copy.
      for (const other of ['cb=1', 'utm_source=mail&cb=2', 'Q=gwalior', 'Category=SEO']) {
        const hit = await get(`${path}?${other}`)
        expect(hit.stored && hit.etag === copy.etag, `${path}?${other}`).toBe(true)
      }
      for (const q of reading) expect((await get(`${path}?${q}`)).stored, `${path}?${q}`).toBe(false)
      // None of them replaced the stored copy.
      expect((await get(path)).etag, path).toBe(copy.etag)
    }

    // Each is the page its address asks for, and the bare page stays whole.
    const questions = (html: string) => html.match(/<summary/g)?.length ?? 0
    const faq = await get('/faq?q=gwalior')
    expect(faq.body).toContain('value="gwalior"')
    expect(questions(faq.body)).toBe(searchFaqs(FAQS, 'gwalior').length)
    expect(questions((await get('/faq')).body)).toBe(FAQS.length)
    const morePosts = await get('/blog?page=2')
    expect(morePosts.body).toContain('id="article-7"')
    expect((await get('/blog')).body).not.toContain('id="article-7"')
    const restaurants = await get('/portfolio?category=Restaurant')
    expect(restaurants.body).toMatch(/aria-current="true"[^>]*>Restaurant</)
    expect((await get('/portfolio')).body).toMatch(/aria-current="true"[^>]*>All Projects</)

    // A flood of queries the page reads fills nothing: the stored copy is still answered.
    const blog = (await get('/blog')).etag
    await Promise.all(Array.from({ length: 40 }, (_, i) => fetch(`${s.url}/blog?page=${i + 1}`).then((r) => r.text())))
    expect((await get('/blog?cb=9')).etag).toBe(blog)
  })

  it('never caches pages carrying a form token or personal data', async () => {
    const proposal = await fetch(`${s.url}/proposal`)
    expect(proposal.headers.get('cache-control') ?? '').not.toMatch(/public/)
    const admin = await fetch(`${s.url}/admin/login`)
    expect(admin.headers.get('cache-control') ?? '').not.toMatch(/public/)
  })

  it('sends a rendered page whole, with its length, and the home portfolio in the markup', async () => {
    // /proposal carries a form token, so it is rendered for every request. (Uncompressed: gzip
    // replaces the length with chunks.)
    const page = await fetch(`${s.url}/proposal`, { headers: { 'accept-encoding': 'identity' } })
    const body = Buffer.from(await page.arrayBuffer())
    expect(page.headers.get('transfer-encoding')).toBeNull()
    expect(Number(page.headers.get('content-length'))).toBe(body.length)
    expect(body.toString('utf8').trimEnd()).toMatch(/<\/html>$/)
    // The home page's portfolio is deferred data: it is in the first answer, not a fallback.
    const [first] = (await (await fetch(`${s.url}/api/portfolio`)).json()) as { title: string }[]
    const home = await (await fetch(`${s.url}/`)).text()
    const main = home.slice(home.indexOf('<main'), home.indexOf('</main>'))
    expect(main).toContain(first.title)
    expect(main).not.toContain('Loading portfolio...')
  })

  it('public API reads carry validators and answer 304', async () => {
    const res = await fetch(`${s.url}/api/portfolio`)
    const etag = res.headers.get('etag')!
    expect(etag).toBeTruthy()
    expect(res.headers.get('cache-control')).toMatch(/public/)
    expect(await revalidate(`${s.url}/api/portfolio`, etag)).toBe(304)
  })

  it("counts a view for every read of a post by a person, cached or not; never a bot's", async () => {
    const posts = (await (await fetch(`${s.url}/api/blogs`)).json()) as { id: number }[]
    const id = posts[0].id
    const browser = { 'user-agent': BROWSER_AGENT }
    // A crawler's reads count nowhere (issue 36): not even on the cached copy.
    for (let i = 0; i < 2; i++)
      await (
        await fetch(`${s.url}/blog/${id}`, {
          headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
        })
      ).text()
    for (let i = 0; i < 3; i++) await (await fetch(`${s.url}/blog/${id}`, { headers: browser })).text()
    const admin = await s.client().login(ADMIN.username, ADMIN.password)
    const views = async () => ((await (await admin.get(`/api/blogs/${id}`)).json()) as { views: number }).views
    await expect.poll(views, { timeout: 60_000, interval: 250 }).toBe(3)
  })

  it('takes the cookie-free page-view beacon without a CSRF token, but only from our own origin', async () => {
    const beacon = (headers: Record<string, string>) =>
      fetch(`${s.url}/api/pageviews`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ path: '/about' }),
      })
    const ok = await beacon({ origin: s.url, 'sec-fetch-site': 'same-origin' })
    expect(ok.status).toBe(204)
    expect(ok.headers.get('set-cookie')).toBeNull()
    expect((await beacon({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403)
  })

  it('changes as soon as the administrator changes content', async () => {
    const first = await fetch(`${s.url}/`)
    await first.text()
    const warm = await fetch(`${s.url}/`)
    const etag = warm.headers.get('etag')!
    const admin = s.client()
    await admin.login(ADMIN.username, ADMIN.password)
    const items = (await (await admin.get('/api/portfolio')).json()) as { id: number; title: string }[]
    expect((await admin.put(`/api/portfolio/${items[0].id}`, { title: 'Freshly Renamed Project' })).status).toBe(200)
    expect(await revalidate(`${s.url}/`, etag)).toBe(200)
    const after = await fetch(`${s.url}/`)
    expect(await after.text()).toContain('Freshly Renamed Project')
  })
})
