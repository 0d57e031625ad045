import { describe, expect, it } from 'vitest'
import { BROWSER_AGENT, dialects, type Client } from '../helpers/app.ts'
import { serverWithAdmin, type RunningServer } from './server.ts'

/**
 * Issue 36 §3: a page counts as a view when it is served, also from the page cache's fast path
 * (no Express, no cookie), with the campaign of its address; bots, Do Not Track and staff never.
 */
describe.each(dialects())('views counted when pages are served (%s)', (dialect, url) => {
  let s: RunningServer
  let admin: Client
  serverWithAdmin(dialect, url, (server, signedIn) => {
    s = server
    admin = signedIn
  })

  const traffic = async () =>
    (await (await admin.get('/api/dashboard/traffic?period=7d')).json()) as {
      totals: { visitors: number; pageViews: number }
      campaigns: { source: string; campaign: string; visitors: number }[]
      pages: { path: string; views: number }[]
    }

  it('counts a page served from the cache, with its campaign and no cookie; not a bot, Do Not Track or staff', async () => {
    // The first render fills the cache (a script's user agent: not counted).
    await (await fetch(`${s.url}/services`)).text()
    const before = await traffic()
    expect(before.totals).toEqual(expect.objectContaining({ visitors: 0, pageViews: 0 }))

    const res = await fetch(`${s.url}/services?utm_source=cached&utm_campaign=fast-path`, { headers: { 'user-agent': BROWSER_AGENT } })
    expect(res.status).toBe(200)
    await res.text()
    // From the stored copy: its policy allows inline scripts by hash, never a per-request nonce.
    expect(res.headers.get('content-security-policy')).not.toMatch(/nonce-/)
    expect(res.headers.get('set-cookie')).toBeNull()
    // Not counted: a crawler, Do Not Track, Global Privacy Control, someone signed in.
    await (
      await fetch(`${s.url}/services`, {
        headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      })
    ).text()
    await (await fetch(`${s.url}/services`, { headers: { 'user-agent': BROWSER_AGENT, dnt: '1' } })).text()
    await (await fetch(`${s.url}/services`, { headers: { 'user-agent': BROWSER_AGENT, 'sec-gpc': '1' } })).text()
    await (await admin.get('/services', { 'user-agent': BROWSER_AGENT })).text()

    // Written in a batch within about a second.
    await expect.poll(async () => (await traffic()).totals.pageViews, { timeout: 60_000 }).toBe(1)
    const t = await traffic()
    expect(t.totals).toEqual(expect.objectContaining({ visitors: 1, pageViews: 1 }))
    expect(t.campaigns).toEqual([expect.objectContaining({ source: 'cached', campaign: 'fast-path', visitors: 1 })])
    expect(t.pages).toEqual([{ path: '/services', views: 1 }])
  })
})
