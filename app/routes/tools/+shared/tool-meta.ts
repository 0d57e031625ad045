import type { MetaDescriptor } from 'react-router'
import { PAGE_META, TITLE_SUFFIX, type PageKey } from '~/content/seo.ts'

/** Title, description, keywords, social tags and canonical link for a tool page (spec section 2). */
export function toolMeta(key: PageKey, path: string, siteUrl: string | undefined): MetaDescriptor[] {
  const m = PAGE_META[key]
  const base = siteUrl ?? ''
  const title = `${m.title}${TITLE_SUFFIX}`
  return [
    { title },
    { name: 'description', content: m.description },
    { name: 'keywords', content: m.keywords.join(', ') },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: m.description },
    { property: 'og:url', content: `${base}${path}` },
    { property: 'og:image', content: `${base}/images/og-default.png` },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: m.description },
    { name: 'twitter:image', content: `${base}/images/og-default.png` },
    { tagName: 'link', rel: 'canonical', href: `${base}${path}` },
  ]
}
