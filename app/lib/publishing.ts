/**
 * Pure helpers for post addresses, read time and publish times, used by the editor in the browser
 * and by the services on the server. Times through luxon, the project's one date library
 * (docs/decisions/070); no public page's browser code imports this module.
 */
import { DateTime, FixedOffsetZone, IANAZone } from 'luxon'
import { isTimeZone } from './zone-check.ts'

// Letters NFKD does not split into a base letter and a mark.
const SPECIAL: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i', ŋ: 'n' }

export const SLUG_MAX = 80

/** Lowercase, the letters NFKD keeps whole spelled out, then NFKD: accents become marks of their own. */
const decomposed = (text: string) =>
  text
    .toLowerCase()
    .replace(/[ßæœøđðłþıŋ]/g, (c) => SPECIAL[c] ?? c)
    .normalize('NFKD')

/**
 * A post's address from its title: accents transliterated ("Café crème" -> "cafe-creme"),
 * lowercase ASCII words joined by single hyphens, at most 80 characters cut at a word. Never only
 * digits (`/blog/42` is an old id link), never empty.
 */
export function slugify(title: string): string {
  const ascii = decomposed(title).replace(/[\u0300-\u036f]/g, '')
  const slug = cutAtWord(ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, ''))
  if (!slug) return 'post'
  return /^\d+$/.test(slug) ? `post-${slug}` : slug
}

/** At most SLUG_MAX characters (code points, so no letter is split in two), cut at a hyphen when there is one. */
function cutAtWord(slug: string): string {
  const chars = [...slug]
  if (chars.length <= SLUG_MAX) return slug
  const cut = chars.slice(0, SLUG_MAX + 1).join('')
  return cut.includes('-') ? cut.slice(0, cut.lastIndexOf('-')) : chars.slice(0, SLUG_MAX).join('')
}

/**
 * A tag's slug, its list address `/blog?tag={slug}`, in any script: Latin accents folded as in
 * slugify, then the words, letters with their marks and digits of every script ("वेब डिज़ाइन" ->
 * "वेब-डिज़ाइन", "Веб-дизайн" -> "веб-дизайн"), lowercase, NFC, joined by hyphens. Marks are kept
 * because Devanagari's vowel signs are marks: without them "वेब" would read "वब". A tag whose
 * letters all fold to a-z gets exactly slugify's slug, so no existing tag address moves; post
 * addresses keep slugify's ASCII rule (docs/decisions/050). '' for a tag with no letter or digit
 * (it has no address).
 */
export function tagSlug(name: string): string {
  const folded = decomposed(name)
    // Only a Latin letter's accents: a Cyrillic й or a Japanese ガ keeps its mark.
    .replace(/([a-z])[\u0300-\u036f]+/g, '$1')
    .normalize('NFC')
    .toLowerCase()
  const slug = cutAtWord(
    folded
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .replace(/^\p{M}+/u, ''),
  )
  if (!/[\p{L}\p{N}]/u.test(slug)) return ''
  // As slugify has always made it, so a tag such as "2024" keeps its address.
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

const DAY_MS = 86_400_000

/** The zone's offset from UTC at `utcMs`, in minutes (positive east of Greenwich), from luxon's zone tables. */
const offsetAt = (utcMs: number, zone: IANAZone | FixedOffsetZone) => zone.offset(utcMs)

const zoneOf = (timeZone: string) => (isTimeZone(timeZone) ? IANAZone.create(timeZone) : FixedOffsetZone.utcInstance)

export { isTimeZone }

/**
 * A wall-clock time as a `datetime-local` input gives it ("2026-12-01T09:30") in `timeZone`, as
 * an ISO UTC string; '' when it is not a valid time (an unknown zone counts as UTC).
 * Daylight saving (docs/decisions/039), as Temporal's 'compatible' choice: a time the clocks skip
 * (2:30 on a spring-forward night) is moved forward by the jump (3:30 the new time); a time they
 * pass twice (1:30 on a fall-back night) is the first one (still summer time). NOTE: not luxon's
 * own `fromISO(wall, { zone })`, which picks one of two repeated times by the offset of today.
 */
export function zonedToUtcIso(local: string, timeZone: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim())
  if (!m) return ''
  const read = DateTime.fromISO(local.trim(), { zone: 'utc' })
  if (!read.isValid) return ''
  const wall = read.toMillis()
  const zone = zoneOf(timeZone)
  // The offsets a day either side: no zone changes twice within two days.
  const before = offsetAt(wall - DAY_MS, zone)
  const after = offsetAt(wall + DAY_MS, zone)
  const fits = (utc: number) => offsetAt(utc, zone) === (wall - utc) / 60_000
  const earlier = wall - Math.max(before, after) * 60_000
  const later = wall - Math.min(before, after) * 60_000
  // Both fit in an overlap (take the first), one fits on an ordinary day, none in a gap: the
  // offset from before the jump then reads the time as if the clocks had not changed yet.
  const utc = fits(earlier) ? earlier : fits(later) ? later : wall - before * 60_000
  return new Date(utc).toISOString()
}

const zoned = (iso: string, timeZone: string) => {
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? null : DateTime.fromMillis(ms, { zone: zoneOf(timeZone) }).setLocale('en-US')
}

/** An ISO time as the `datetime-local` value ("2026-12-01T09:30") it is in `timeZone`. */
export function utcIsoToZoned(iso: string, timeZone: string): string {
  return zoned(iso, timeZone)?.toFormat("yyyy-MM-dd'T'HH:mm") ?? ''
}

/**
 * "Dec 1, 2026, 9:30 AM" in `timeZone` (the reader's), for lists and notices. luxon writes en-US
 * from its own tables rather than through Intl, whose spacing differs between ICU versions: the
 * server's HTML and the browser's render must be the same text.
 */
export function formatPublishTime(iso: string, timeZone = 'UTC'): string {
  return zoned(iso, timeZone)?.toFormat('LLL d, yyyy, h:mm a') ?? iso
}

/** '2:11:05 PM' in `timeZone`: when an autosave happened (to the second, so each new one reads differently). */
export function formatClockTime(iso: string, timeZone = 'UTC'): string {
  return zoned(iso, timeZone)?.toFormat('h:mm:ss a') ?? iso
}

/** 'America/Los Angeles': a zone's name as people read it. */
export const readableZone = (zone: string) => zone.replace(/_/g, ' ')
