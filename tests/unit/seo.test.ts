import { describe, expect, it } from 'vitest'
import { FAQS } from '~/content/faq'
import { PLANS } from '~/content/pricing'
import { PAGE_META, TITLE_SUFFIX } from '~/content/seo'
import { COMPANY, DEFAULT_CONTACT, SOCIAL_LINKS, officesOf } from '~/content/site'
import { blogPostingJsonLd, faqPageJsonLd, organizationJsonLd, plansJsonLd, serializeJsonLd } from '~/lib/json-ld'
import { pageMeta, seoMeta } from '~/components/site/page-meta'
import { fullTitle } from '~/content/site-name'
import { absoluteUrl, siteFromMatches } from '~/lib/seo'

const SITE = 'https://studio.example'

function find(tags: ReturnType<typeof seoMeta>, key: string, value: string) {
  return tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, string> | undefined
}

describe('seo meta', () => {
  it('joins SITE_URL and paths without doubled or missing slashes', () => {
    expect(absoluteUrl('https://a.example/', '/blog')).toBe('https://a.example/blog')
    expect(absoluteUrl('https://a.example', 'blog')).toBe('https://a.example/blog')
    expect(absoluteUrl('https://a.example', 'https://cdn.example/x.png')).toBe('https://cdn.example/x.png')
  })

  it('suffixes titles with the saved site name, or the static suffix without one', () => {
    expect(fullTitle('Our Blog', 'Acme Sites')).toBe('Our Blog | Acme Sites')
    expect(fullTitle('Our Blog')).toBe(`Our Blog${TITLE_SUFFIX}`)
  })

  it('builds title, description, keywords, Open Graph, Twitter and canonical tags for a page', () => {
    const tags = seoMeta('services', { siteUrl: SITE, path: '/services', siteName: 'Launchpad Web Studio' })
    expect(tags[0]).toEqual({ title: `${PAGE_META.services.title} | Launchpad Web Studio` })
    expect(find(tags, 'name', 'description')?.content).toBe(PAGE_META.services.description)
    expect(find(tags, 'name', 'keywords')?.content).toBe(PAGE_META.services.keywords.join(', '))
    expect(find(tags, 'property', 'og:url')?.content).toBe(`${SITE}/services`)
    expect(find(tags, 'property', 'og:image')?.content).toBe(`${SITE}/images/og-default.png`)
    expect(find(tags, 'property', 'og:title')?.content).toContain(PAGE_META.services.title)
    expect(find(tags, 'name', 'twitter:card')?.content).toBe('summary_large_image')
    expect(find(tags, 'name', 'twitter:description')?.content).toBe(PAGE_META.services.description)
    expect(find(tags, 'rel', 'canonical')).toEqual({ tagName: 'link', rel: 'canonical', href: `${SITE}/services` })
    expect(find(tags, 'name', 'robots')).toBeUndefined()
  })

  it('marks not-found pages noindex and gives them no canonical link', () => {
    const tags = seoMeta({ title: '404 Page Not Found', description: 'x', keywords: [] }, { siteUrl: SITE, path: '/nope', noindex: true })
    expect(find(tags, 'name', 'robots')?.content).toBe('noindex')
    expect(find(tags, 'rel', 'canonical')).toBeUndefined()
  })

  it('reads SITE_URL and the site name from the root match', () => {
    const matches = [
      { id: 'root', loaderData: { siteUrl: SITE, site: { siteName: 'Acme' } } },
      { id: 'routes/public/layout', loaderData: undefined },
    ]
    expect(siteFromMatches(matches)).toEqual({ siteUrl: SITE, siteName: 'Acme' })
    const tags = pageMeta('faq', { matches, location: { pathname: '/faq' } })
    expect(tags[0]).toEqual({ title: `${PAGE_META.faq.title} | Acme` })
    expect(find(tags, 'rel', 'canonical')?.href).toBe(`${SITE}/faq`)
  })

  it('has metadata for every page the spec prepares', () => {
    for (const key of ['home', 'services', 'portfolio', 'blog', 'about', 'contact', 'pricing', 'demoBuilder', 'faq', 'proposal'] as const) {
      expect(PAGE_META[key].title.length).toBeGreaterThan(0)
      expect(PAGE_META[key].description.length).toBeGreaterThanOrEqual(100)
      expect(PAGE_META[key].keywords.length).toBeGreaterThan(0)
    }
  })
})

describe('JSON-LD', () => {
  const input = {
    siteUrl: SITE,
    siteName: 'Launchpad Web Studio',
    ...DEFAULT_CONTACT,
    contactEmail: 'a@b.example',
    contactPhone: '+1 555',
  }
  const org = organizationJsonLd(input, { ...COMPANY, offices: officesOf(input), socialLinks: SOCIAL_LINKS })

  it('describes the organization with both offices', () => {
    expect(org['@type']).toBe('Organization')
    expect(org.url).toBe(`${SITE}/`)
    const places = org.location as { address: { addressLocality: string; addressCountry: string } }[]
    expect(places.map((p) => p.address.addressLocality)).toEqual(['San Francisco', 'Gwalior'])
    expect(places[1].address.addressCountry).toBe('India')
    expect(org.email).toBe('a@b.example')
  })

  it('describes a post, the FAQ page and the plans', () => {
    const post = blogPostingJsonLd(SITE, 'Acme', {
      id: 3,
      slug: 't-post',
      title: 'T',
      subheading: 'S',
      excerpt: 'E',
      category: 'SEO',
      author: 'Ann',
      image: '/images/blog/x.svg',
      date: '2026-01-02',
      updatedAt: '2026-01-05T10:00:00.000Z',
    })
    expect(post).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'T',
      url: `${SITE}/blog/t-post`,
      image: `${SITE}/images/blog/x.svg`,
      datePublished: '2026-01-02',
    })
    expect(post.author).toEqual({ '@type': 'Person', name: 'Ann' })

    const faq = faqPageJsonLd(FAQS)
    expect((faq.mainEntity as unknown[]).length).toBe(FAQS.length)

    const offers = plansJsonLd(SITE, 'Acme', PLANS).offers as { price: string; priceCurrency: string }[]
    expect(offers.map((o) => o.price)).toEqual(['299.00', '599.00', '999.00'])
    expect(offers.every((o) => o.priceCurrency === 'USD')).toBe(true)
  })

  it('serializes so that no text can close the script element', () => {
    const json = serializeJsonLd({ name: '</script><script>alert(1)</script>' })
    expect(json).not.toContain('</script>')
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' })
  })
})
