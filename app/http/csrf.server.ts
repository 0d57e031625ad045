import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { CSRF_COOKIE, readCookie, serializeCookie } from './cookies.server.ts'

/**
 * CSRF: double-submit token plus a same-origin check.
 * - Every POST/PUT/DELETE must come from our own origin (Sec-Fetch-Site / Origin), checked in
 *   Express for all routes.
 * - And must echo the `csrf` cookie's value, in the `X-CSRF-Token` header (fetch) or a `_csrf`
 *   form field (plain HTML forms, checked by the route action).
 * - Public pages set no cookie at all (issue 25): their forms carry a signed, dated token instead
 *   (newFormToken), which any instance sharing the sign-in key accepts for FORM_TOKEN_MAX_AGE_MS.
 *   Bound to no browser, it adds little beyond the same-origin check, which still applies; the
 *   back office keeps the double-submit cookie.
 */
export { CSRF_FIELD, CSRF_HEADER } from '~/lib/csrf.ts'

function newCsrfToken(): string {
  return randomBytes(24).toString('base64url')
}

/**
 * The back office's double-submit token, issued once for the API and the pages alike: the
 * browser's `csrf` cookie, or a new token with the Set-Cookie header that keeps it (handed to
 * `setCookie`, which adds it to the answer).
 */
export function csrfCookieToken(
  cookieHeader: string | undefined,
  config: Parameters<typeof serializeCookie>[0],
  setCookie: (header: string) => void,
): string {
  const known = readCookie(cookieHeader, CSRF_COOKIE)
  if (known) return known
  const token = newCsrfToken()
  setCookie(serializeCookie(config, CSRF_COOKIE, token, { httpOnly: false }))
  return token
}

const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60_000
let formKey: Buffer | undefined

/** Called once at start with the sign-in key (the same on every instance): signs public forms' tokens. */
export function setFormTokenKey(key: Buffer): void {
  formKey = createHmac('sha256', key).update('public form token').digest()
}

const formMac = (key: Buffer, stamp: string) => createHmac('sha256', key).update(stamp).digest('base64url')

/** A cookie-free form token for a public page: `f.<time>.<mac>`; undefined before setFormTokenKey. */
export function newFormToken(now = Date.now()): string | undefined {
  if (!formKey) return undefined
  const stamp = now.toString(36)
  return `f.${stamp}.${formMac(formKey, stamp)}`
}

export function formTokenValid(sent: string | null | undefined, now = Date.now()): boolean {
  const m = formKey && sent ? /^f\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(sent) : null
  if (!m || !formKey) return false
  const age = now - parseInt(m[1], 36)
  const a = Buffer.from(formMac(formKey, m[1]))
  const b = Buffer.from(m[2])
  return age >= -60_000 && age <= FORM_TOKEN_MAX_AGE_MS && a.length === b.length && timingSafeEqual(a, b)
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
export function isSameOrigin(
  headers: { origin?: string | null; secFetchSite?: string | null; host?: string | null },
  siteUrl: string,
): boolean {
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
