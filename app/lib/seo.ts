/**
 * Page metadata for every public page: title with the site-name suffix, description, keywords,
 * Open Graph and Twitter tags and a canonical link, all built from SITE_URL (passed down by the
 * root loader) so that previews and search engines see absolute addresses.
 */
import type { MetaDescriptor } from 'react-router'
import type { PageMeta } from '~/content/seo.ts'

/** The shared image for link previews when a page has none of its own. */
export const DEFAULT_OG_IMAGE = '/images/og-default.png'

export type SeoOptions = {
  siteUrl: string
  /** Path of the page (no query string); used for the canonical link and og:url. */
  path: string
  /** Saved site name; the site's own name (given to seoHelpers) is used when it is missing. */
  siteName?: string
  /** Site-relative or absolute image for og:image and twitter:image. */
  image?: string
  type?: 'website' | 'article'
  /** For pages that must not be indexed (404s). */
  noindex?: boolean
}

/** Joins SITE_URL and a site-relative path; absolute URLs pass through unchanged. */
export function absoluteUrl(siteUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path
  const base = siteUrl.replace(/\/+$/, '')
  return `${base}${path.startsWith('/') ? path : `/${path}`}`
}

type RootMatchData = { siteUrl?: string; site?: { siteName?: string } }

/** SITE_URL and the site name from the root loader's data among a meta function's matches. */
export function siteFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): {
  siteUrl: string
  siteName?: string
} {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as RootMatchData | undefined
  return { siteUrl: root?.siteUrl ?? '', siteName: root?.site?.siteName }
}

/** What a route's meta function is given, as far as the page metadata needs it. */
export type MetaArgs = {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>
  location: { pathname: string }
}

/**
 * The page metadata helpers for a site's page texts and its own name (shown in titles until a
 * name is saved). The content binds them once (app/components/site/page-meta.ts); this module
 * only builds the tags.
 */
export function seoHelpers<K extends string>(pages: Record<K, PageMeta>, defaultSiteName: string) {
  /** Meta descriptors for one page, from its entry in `pages` (or an ad-hoc entry such as a post). */
  function seoMeta(page: K | PageMeta, opts: SeoOptions): MetaDescriptor[] {
    const meta = typeof page === 'string' ? pages[page] : page
    const siteName = opts.siteName || defaultSiteName
    const title = `${meta.title} | ${siteName}`
    const url = absoluteUrl(opts.siteUrl, opts.path)
    const image = absoluteUrl(opts.siteUrl, opts.image || DEFAULT_OG_IMAGE)
    const tags: MetaDescriptor[] = [
      { title },
      { name: 'description', content: meta.description },
      { name: 'keywords', content: meta.keywords.join(', ') },
      { property: 'og:type', content: opts.type ?? 'website' },
      { property: 'og:site_name', content: siteName },
      { property: 'og:title', content: title },
      { property: 'og:description', content: meta.description },
      { property: 'og:url', content: url },
      { property: 'og:image', content: image },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: meta.description },
      { name: 'twitter:image', content: image },
    ]
    if (opts.noindex) tags.push({ name: 'robots', content: 'noindex' })
    else tags.push({ tagName: 'link', rel: 'canonical', href: url })
    return tags
  }

  /** Shorthand used by most pages: meta for a page's key at the current location. */
  function pageMeta(key: K, args: MetaArgs): MetaDescriptor[] {
    const site = siteFromMatches(args.matches)
    return seoMeta(key, { ...site, path: args.location.pathname })
  }

  return { seoMeta, pageMeta }
}
