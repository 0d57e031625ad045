/**
 * The public pages that exist, besides one page per published post (`/blog/{slug}`) and per
 * active project (`/portfolio/{slug}`), in the sitemap's order.
 */
export const PUBLIC_PAGES = [
  '/',
  '/services',
  '/portfolio',
  '/blog',
  '/about',
  '/faq',
  '/pricing',
  '/contact',
  '/proposal',
  '/book',
  '/demo-builder',
  '/privacy',
  '/terms',
] as const

/** Public pages whose form carries a token: rendered for each visitor, never from the page cache. */
const PAGES_WITH_FORMS: readonly string[] = ['/contact', '/proposal', '/book']

/**
 * An old post address by id, written the one way (`/blog/01` is not a post). It answers 301 to
 * the post's slug address, so it is never a page of its own.
 */
export const BLOG_POST_PATH = /^\/blog\/([1-9]\d{0,8})$/

/**
 * A post's address: lowercase ASCII words joined by single hyphens, at most 80 characters, not only
 * digits (the same rule as SLUG_PATTERN in app/lib/schemas.ts). Anything else under /blog/ is not a
 * post, so it never reaches the page cache.
 */
export const BLOG_SLUG_PATH = /^\/blog\/((?!\d+$)(?=[a-z0-9-]{1,80}$)[a-z0-9]+(?:-[a-z0-9]+)*)$/

/** The post id in an old id address, or undefined. */
export function blogPostId(path: string): number | undefined {
  const m = BLOG_POST_PATH.exec(path)
  return m ? Number(m[1]) : undefined
}

/** The slug in a post address, or undefined. */
export function blogPostSlug(path: string): string | undefined {
  return BLOG_SLUG_PATH.exec(path)?.[1]
}

/** The public address of a post. */
export const blogPostPath = (post: { slug: string }) => `/blog/${post.slug}`

/** A project's case page (issue 35 §5): the slug rule of posts, under /portfolio/. */
export const PORTFOLIO_SLUG_PATH = /^\/portfolio\/((?!\d+$)(?=[a-z0-9-]{1,80}$)[a-z0-9]+(?:-[a-z0-9]+)*)$/

/** The public address of a project's case page. */
export const portfolioCasePath = (item: { slug: string }) => `/portfolio/${item.slug}`

/**
 * What is the same for every visitor, so the page cache may keep it: the public pages without
 * forms, the feeds, the public API reads and post pages (only 200 answers are stored, so a slug
 * that is no post, or an old address's 301, is never kept). Everything else (forms with a token,
 * the back office) is rendered per request.
 */
const CACHEABLE = new Set([
  ...PUBLIC_PAGES.filter((p) => !PAGES_WITH_FORMS.includes(p)),
  '/sitemap.xml',
  '/robots.txt',
  '/rss.xml',
  '/api/portfolio',
  '/api/blogs',
])

export function isCacheablePath(path: string): boolean {
  return CACHEABLE.has(path) || BLOG_SLUG_PATH.test(path) || PORTFOLIO_SLUG_PATH.test(path)
}

/**
 * Cacheable pages that read some query parameters (issue 22): a request carrying any of them is
 * rendered for itself, since the cache keys on the path alone. Any other query (`/pricing?cb=N`)
 * still gets the stored page. /pricing: the cost estimator's GET form (app/lib/estimator-query.ts).
 */
export const QUERY_READING_PAGES: Readonly<Record<string, readonly string[]>> = {
  '/pricing': ['type', 'pages', 'addons', 'urgency'],
  // The demo builder's GET form and links (app/lib/builder-form.ts): without these its loader gives the default page.
  '/demo-builder': ['design', 'reset', 'tab', 'panel', 'device', 'view'],
  // The portfolio filter (app/components/site/portfolio-grid.tsx), also in the home page's section;
  // `p`: an imported WordPress post's old address (/?p=ID), which redirects.
  '/': ['category', 'p'],
  '/portfolio': ['category'],
  // The blog's category and tag filters and 'Load More Articles' (app/lib/blog-list.ts).
  '/blog': ['category', 'tag', 'page'],
  // The FAQ search form.
  '/faq': ['q'],
}

/**
 * Whether a request for a cacheable path may use the page cache given its query string (without
 * the `?`): false when it carries a parameter its page reads. The cache's store and its fast hit
 * path both ask this, so they agree.
 */
export function isCacheableQuery(path: string, search: string): boolean {
  const params = QUERY_READING_PAGES[path]
  if (!params || search === '') return true
  const q = new URLSearchParams(search)
  return !params.some((p) => q.has(p))
}
