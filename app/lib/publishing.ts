/**
 * Pure helpers for post addresses, read time and publish times, used by the editor in the browser
 * and by the services on the server (no imports, so either can load it cheaply).
 */

// Letters NFKD does not split into a base letter and a mark.
const SPECIAL: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i', ŋ: 'n' }

export const SLUG_MAX = 80

/**
 * A post's address from its title: accents transliterated ("Café crème" -> "cafe-creme"),
 * lowercase ASCII words joined by single hyphens, at most 80 characters cut at a word. Never only
 * digits (`/blog/42` is an old id link), never empty.
 */
export function slugify(title: string): string {
  const ascii = title
    .toLowerCase()
    .replace(/[ßæœøđðłþıŋ]/g, (c) => SPECIAL[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
  let slug = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
  if (slug.length > SLUG_MAX) {
    const cut = slug.slice(0, SLUG_MAX + 1)
    slug = cut.includes('-') ? cut.slice(0, cut.lastIndexOf('-')) : cut.slice(0, SLUG_MAX)
  }
  if (!slug) return 'post'
  return /^\d+$/.test(slug) ? `post-${slug}` : slug
}

/** `base`, then `base-2`, `base-3`... kept within SLUG_MAX. */
export function numberedSlug(base: string, n: number): string {
  if (n <= 1) return base
  const suffix = `-${n}`
  return `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`
}

/** The words a reader reads: the HTML's text. */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/(p|div|h[1-6]|li|blockquote|pre|tr)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim()
}

/** "N min read" at 200 words a minute, at least 1. */
export function readTimeFor(html: string): string {
  const words = textOf(html).split(/\s+/).filter(Boolean).length
  return `${Math.max(1, Math.ceil(words / 200))} min read`
}

/** The zone's offset from UTC at `utcMs`, in minutes (positive east of Greenwich). */
function zoneOffsetMinutes(utcMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs))
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value)
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000)
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/**
 * A wall-clock time as a `datetime-local` input gives it ("2026-12-01T09:30") in `timeZone`, as
 * an ISO UTC string; '' when it is not a valid time (an unknown zone counts as UTC).
 */
export function zonedToUtcIso(local: string, timeZone: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim())
  if (!m) return ''
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC'
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0))
  if (Number.isNaN(wall)) return ''
  // Two passes settle the offset around daylight-saving changes.
  let utc = wall - zoneOffsetMinutes(wall, zone) * 60_000
  utc = wall - zoneOffsetMinutes(utc, zone) * 60_000
  return new Date(utc).toISOString()
}

/** An ISO time as the `datetime-local` value ("2026-12-01T09:30") it is in `timeZone`. */
export function utcIsoToZoned(iso: string, timeZone: string): string {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return ''
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC'
  const local = new Date(ms + zoneOffsetMinutes(ms, zone) * 60_000)
  return local.toISOString().slice(0, 16)
}

/** "Dec 1, 2026, 9:30 AM" in `timeZone` (the admin's), for lists and notices. */
export function formatPublishTime(iso: string, timeZone = 'UTC'): string {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return iso
  return new Intl.DateTimeFormat('en-US', { timeZone: isTimeZone(timeZone) ? timeZone : 'UTC', dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms))
}
