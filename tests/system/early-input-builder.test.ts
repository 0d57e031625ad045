import { describe, expect, it } from 'vitest'
import { builderHref, encodeCompactDesign } from '~/lib/builder-query.ts'
import { createDefaultConfig } from '~/lib/builder.ts'
import { chooseTemplate, setIndustry } from '~/components/builder/builder-model.ts'
import { DESIGN_PARAM, decodeDesign } from '~/lib/proposal-source.ts'
import { serverOnFreshSqlite, type RunningServer } from './server.ts'

/**
 * Issue 22 (ADR 034): the demo builder's GET form answered by the production build, through the
 * page cache: the address's design is rendered for that request and never stored; the bare page
 * (and any other query) is the stored default page.
 */
describe('the demo builder as a GET form', () => {
  let s: RunningServer
  serverOnFreshSqlite((server) => (s = server))

  const get = async (p: string) => {
    const res = await fetch(`${s.url}${p}`, { redirect: 'manual' })
    const body = await res.text()
    // A stored copy allows its scripts by hash; a page rendered for the request, by its nonce.
    return {
      status: res.status,
      location: res.headers.get('location'),
      stored: !/'nonce-/.test(res.headers.get('content-security-policy') ?? ''),
      etag: res.headers.get('etag'),
      body,
    }
  }
  const restaurant = () => setIndustry({ ...createDefaultConfig(), businessName: 'Harbor <Cafe>' }, 'restaurant')

  it('renders the chosen tab and design for the request, never from or into the cache', async () => {
    await get('/demo-builder')
    const copy = await get('/demo-builder')
    expect(copy.stored).toBe(true)
    expect(copy.body).toMatch(/aria-selected="true"[^>]*>Basic</)
    expect((await get('/demo-builder?cb=1')).etag).toBe(copy.etag)

    // The form as sent when a template card is pressed on the Templates tab.
    const q = new URLSearchParams({ [DESIGN_PARAM]: encodeCompactDesign(restaurant()), panel: 'templates', template: 'fine-dining' })
    const page = await get(`/demo-builder?${q.toString()}`)
    expect(page.status).toBe(200)
    expect(page.stored).toBe(false)
    expect(page.body).toMatch(/aria-selected="true"[^>]*>Templates</)
    expect(page.body).toMatch(/aria-pressed="true"[^>]*value="fine-dining"|value="fine-dining"[^>]*aria-pressed="true"/)
    expect(page.body).toMatch(/Template: (<!-- -->)?Fine Dining/)
    // Typed text is escaped, as any text React renders.
    expect(page.body).toContain('Harbor &lt;Cafe&gt;')
    expect(page.body).not.toContain('Harbor <Cafe>')

    // A link to a design (the lead desk's) is rendered too; none of these replaced the stored page.
    const linked = await get(builderHref(chooseTemplate(restaurant(), 'casual-eatery'), 'design', 'mobile'))
    expect(linked.stored).toBe(false)
    expect(linked.body).toContain('data-device="mobile"')
    expect((await get('/demo-builder')).etag).toBe(copy.etag)
  })

  it('Convert answers a redirect to the proposal form with the design as sent, fields included', async () => {
    const q = new URLSearchParams({
      [DESIGN_PARAM]: encodeCompactDesign(restaurant()),
      panel: 'basic',
      businessName: 'Typed Early',
      convert: '1',
    })
    const res = await get(`/demo-builder?${q.toString()}`)
    expect(res.status).toBe(302)
    const to = new URL(res.location!, s.url)
    expect(to.pathname).toBe('/proposal')
    expect(to.searchParams.get('from')).toBe('builder')
    expect(to.searchParams.get('summary')).toMatch(/^Business name: Typed Early\nIndustry: Restaurant & Food\n/)
    expect(decodeDesign(to.searchParams.get(DESIGN_PARAM))).toMatchObject({ businessName: 'Typed Early', industry: 'restaurant' })
    const proposal = await get(`${to.pathname}${to.search}`)
    expect(proposal.status).toBe(200)
    expect(proposal.body).toContain('Business name: Typed Early')
  })

  it('a hostile or broken address still gives a page: the defaults where it makes no sense', async () => {
    for (const q of [
      'design=%%%',
      'design=e30&tab=admin&device=watch',
      'design=e30&panel=features&feature=__proto__&pages=1e9',
      `design=e30&panel=basic&businessName=${'x'.repeat(3000)}`,
    ]) {
      const res = await get(`/demo-builder?${q}`)
      expect(res.status, q).toBe(200)
      expect(res.stored, q).toBe(false)
    }
  })
})
