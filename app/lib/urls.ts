/**
 * URL helpers shared by public and admin screens.
 */

const HAS_HTTP_SCHEME = /^https?:\/\//i
const DANGEROUS_SCHEME = /^(?:javascript|data|vbscript):/i
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i

/**
 * Turns a stored portfolio live URL (bare domain or full URL) into a safe
 * href for a new-tab link: prefixes https:// when no http(s) scheme is
 * present, and returns null for blank values, script/data schemes or
 * anything that is not a valid http(s) URL, so admin-entered data cannot
 * inject a script link.
 */
export function liveHref(url: string | null | undefined): string | null {
  if (typeof url !== 'string') return null
  // Strip whitespace and control characters browsers ignore inside schemes ('java\tscript:').
  // eslint-disable-next-line no-control-regex
  const compact = url.trim().replace(/[\u0000-\u001f\u007f]/g, '')
  if (!compact) return null
  if (DANGEROUS_SCHEME.test(compact)) return null
  if (OTHER_SCHEME.test(compact) && !HAS_HTTP_SCHEME.test(compact)) return null

  const candidate = HAS_HTTP_SCHEME.test(compact) ? compact : `https://${compact}`
  let parsed: URL
  try {
    parsed = new URL(candidate)
  } catch {
    return null
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null
  if (!parsed.hostname) return null
  return candidate
}
