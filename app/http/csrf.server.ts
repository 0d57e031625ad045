import { randomBytes, timingSafeEqual } from 'node:crypto'
import { CSRF_COOKIE, readCookie } from './cookies.server.ts'

/**
 * CSRF: double-submit token plus a same-origin check.
 * - Every POST/PUT/DELETE must come from our own origin (Sec-Fetch-Site / Origin), checked in
 *   Express for all routes.
 * - And must echo the `csrf` cookie's value, in the `X-CSRF-Token` header (fetch) or a `_csrf`
 *   form field (plain HTML forms, checked by the route action).
 */
export { CSRF_FIELD, CSRF_HEADER } from '~/lib/csrf.ts'

export function newCsrfToken(): string {
  return randomBytes(24).toString('base64url')
}

export function csrfTokenMatches(cookieHeader: string | null | undefined, sent: string | null | undefined): boolean {
  const expected = readCookie(cookieHeader, CSRF_COOKIE)
  if (!expected || !sent) return false
  const a = Buffer.from(expected)
  const b = Buffer.from(sent)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Same-origin check from browser-sent headers. Requests without either header come from
 * non-browser clients (scripts), which cannot be driven by a hostile page; the token still applies.
 */
export function isSameOrigin(headers: { origin?: string | null; secFetchSite?: string | null; host?: string | null }, siteUrl: string): boolean {
  if (headers.secFetchSite && !['same-origin', 'none'].includes(headers.secFetchSite)) return false
  if (headers.origin && headers.origin !== 'null') {
    const origin = headers.origin
    if (origin === new URL(siteUrl).origin) return true
    try {
      return new URL(origin).host === headers.host
    } catch {
      return false
    }
  }
  return headers.origin !== 'null'
}
