/** The public pages that exist, besides one page per published post (`/blog/{id}`). */
export const PUBLIC_PAGES = ['/', '/services', '/portfolio', '/blog', '/about', '/faq', '/pricing', '/contact', '/privacy', '/terms', '/proposal', '/demo-builder'] as const

/** A blog post's address; the capture is its id, written the one way (`/blog/01` is not a post). */
export const BLOG_POST_PATH = /^\/blog\/([1-9]\d{0,8})$/

/** The post id in a blog post path, or undefined. */
export function blogPostId(path: string): number | undefined {
  const m = BLOG_POST_PATH.exec(path)
  return m ? Number(m[1]) : undefined
}

/**
 * What is the same for every visitor, so the page cache may keep it: the public pages without
 * forms, the feeds and the public API reads. Everything else (forms with a token, the back
 * office) is rendered per request.
 */
const CACHEABLE = new Set(['/', '/services', '/portfolio', '/blog', '/about', '/faq', '/pricing', '/contact', '/privacy', '/terms', '/demo-builder', '/sitemap.xml', '/robots.txt', '/rss.xml', '/api/portfolio', '/api/blogs'])

export function isCacheablePath(path: string): boolean {
  return CACHEABLE.has(path) || BLOG_POST_PATH.test(path)
}
