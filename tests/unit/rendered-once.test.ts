import { createElement as h } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { MarkupOnceProvider, type MarkupOnce } from '~/components/rendered-once'
import { SiteFooter } from '~/components/site/site-footer'
import { SiteHeader } from '~/components/site/site-header'
import type { SiteData } from '~/components/site/use-site'
import { createMarkupOnce } from '~/markup-once.server'

const SITE: SiteData['site'] = {
  siteName: 'Launchpad Web Studio',
  siteDescription: 'Websites for small businesses.',
  contactEmail: 'hello@example.com',
  contactPhone: '+1 (415) 555-0134',
  address: '548 Harrison St, Suite 310, San Francisco, CA 94105',
  hours: 'Mon-Fri 9-6',
  gwaliorAddress: 'Lashkar, Gwalior 474009',
  gwaliorPhone: '+91 751 555 0187',
  gwaliorHours: 'Mon-Sat 10-7',
}

/** The public frame as the page render sees it: React's streaming renderer, a router at `path`. */
async function shell(path: string, site: SiteData['site'], markupOnceAt?: (pathname: string) => MarkupOnce) {
  const tree = h(MemoryRouter, { initialEntries: [path] }, h(SiteHeader, { siteName: site.siteName }), h(SiteFooter, { site }))
  const { prelude } = await prerenderToNodeStream(markupOnceAt ? h(MarkupOnceProvider, { value: markupOnceAt(path) }, tree) : tree)
  let html = ''
  for await (const chunk of prelude) html += chunk
  return html
}

describe('header and footer rendered once', () => {
  it('send exactly the markup an inline render gives, for every path, also when the saved copy is reused', async () => {
    const markupOnceAt = createMarkupOnce()
    const paths = [
      '/',
      '/blog',
      '/blog/local-seo-basics',
      '/blog/another-post',
      '/Blog/',
      '/services',
      '/services/',
      '/about-us',
      '/faq',
      '/pricing',
      '/contact',
      '/privacy',
      '/nowhere',
      '/',
    ]
    for (const path of paths) {
      expect(await shell(path, SITE, markupOnceAt), path).toBe(await shell(path, SITE))
    }
  })

  it('mark the current page in the header', async () => {
    const markupOnceAt = createMarkupOnce()
    const html = await shell('/blog/local-seo-basics', SITE, markupOnceAt)
    expect(html).toMatch(/<a aria-current="page" class="[^"]*" href="\/blog"/)
    expect((await shell('/', SITE, markupOnceAt)).match(/aria-current="page"[^>]*href="([^"]+)"/)?.[1]).toBe('/')
    // Pricing and Contact are in the navigation since issue 35; a page outside it marks nothing.
    expect(await shell('/pricing', SITE, markupOnceAt)).toMatch(/<a aria-current="page" class="[^"]*" href="\/pricing"/)
    expect(await shell('/privacy', SITE, markupOnceAt)).not.toContain('aria-current')
  })

  it('follow the settings: a new phone number or office address shows at once, the old one nowhere', async () => {
    const markupOnceAt = createMarkupOnce()
    expect(await shell('/', SITE, markupOnceAt)).toContain('+1 (415) 555-0134')
    const moved = { ...SITE, contactPhone: '+1 (628) 555-0199', address: '1 Market St, San Francisco, CA 94105' }
    const html = await shell('/', moved, markupOnceAt)
    expect(html).toContain('+1 (628) 555-0199')
    expect(html).toContain('1 Market St')
    expect(html).not.toContain('555-0134')
    expect(html).not.toContain('548 Harrison')
  })
})
