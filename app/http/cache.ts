/**
 * Cache-Control for what every visitor sees alike: browsers revalidate each time (a cheap 304),
 * a CDN may serve it for 30 s and serve it stale for 5 more minutes while it refreshes.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300'
