import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { BLOG_SLUG_PATH, blogPostSlug, isCacheablePath } from '~/lib/public-paths'
import { formatPublishTime, numberedSlug, readTimeFor, slugify, utcIsoToZoned, zonedToUtcIso } from '~/lib/publishing'
import { DEFAULT_AGENCY_ZONE } from '~/content/site'
import { settingsPatchSchema } from '~/lib/schemas'

describe('post addresses', () => {
  it('makes lowercase ASCII words joined by hyphens from a title', () => {
    expect(slugify('Hello, World!')).toBe('hello-world')
    expect(slugify('  Crème brûlée à la Straße  ')).toBe('creme-brulee-a-la-strasse')
    expect(slugify('Æsir & Øresund — Łódź')).toBe('aesir-oresund-lodz')
    expect(slugify('!!!')).toBe('post')
    expect(slugify('404')).toBe('post-404')
  })

  it('cuts a long title at a word, and numbers within the limit', () => {
    const long = slugify('word '.repeat(40))
    expect(long.length).toBeLessThanOrEqual(80)
    expect(long).toMatch(/^word(-word)*$/)
    expect(numberedSlug(long, 12).length).toBeLessThanOrEqual(80)
    expect(numberedSlug('hello', 1)).toBe('hello')
    expect(numberedSlug('hello', 3)).toBe('hello-3')
  })

  it('caches post addresses only, not ids or odd paths', () => {
    expect(blogPostSlug('/blog/hello-world')).toBe('hello-world')
    for (const path of ['/blog/123', '/blog/Hello', '/blog/a--b', '/blog/-a', '/blog/a/b', '/blog/a.b', `/blog/${'a'.repeat(81)}`]) {
      expect(BLOG_SLUG_PATH.test(path), path).toBe(false)
      expect(isCacheablePath(path), path).toBe(false)
    }
    expect(isCacheablePath('/blog/hello-world')).toBe(true)
  })
})

describe('read time and publish times', () => {
  it('counts 200 words a minute, at least one', () => {
    expect(readTimeFor('<p>Hi</p>')).toBe('1 min read')
    expect(readTimeFor(`<p>${'word '.repeat(401)}</p>`)).toBe('3 min read')
  })

  it('turns a wall-clock time in a zone into UTC and back, across daylight saving', () => {
    expect(zonedToUtcIso('2030-01-15T09:30', 'America/New_York')).toBe('2030-01-15T14:30:00.000Z')
    expect(zonedToUtcIso('2030-07-15T09:30', 'America/New_York')).toBe('2030-07-15T13:30:00.000Z')
    expect(zonedToUtcIso('2030-07-15T09:30', 'Asia/Kolkata')).toBe('2030-07-15T04:00:00.000Z')
    expect(zonedToUtcIso('2030-07-15T09:30', 'UTC')).toBe('2030-07-15T09:30:00.000Z')
    expect(zonedToUtcIso('not a time', 'UTC')).toBe('')
    expect(utcIsoToZoned('2030-01-15T14:30:00.000Z', 'America/New_York')).toBe('2030-01-15T09:30')
  })

  // docs/decisions/039: a skipped time moves forward by the jump; a repeated time is the first.
  it('the agency zone (Los Angeles) in March: 2:30 does not exist and is read as 3:30 PDT', () => {
    // 2026-03-08: at 2:00 PST the clocks go to 3:00 PDT (10:00 UTC).
    expect(zonedToUtcIso('2026-03-08T01:59', 'America/Los_Angeles')).toBe('2026-03-08T09:59:00.000Z')
    expect(zonedToUtcIso('2026-03-08T02:00', 'America/Los_Angeles')).toBe('2026-03-08T10:00:00.000Z')
    expect(zonedToUtcIso('2026-03-08T02:30', 'America/Los_Angeles')).toBe('2026-03-08T10:30:00.000Z')
    expect(utcIsoToZoned('2026-03-08T10:30:00.000Z', 'America/Los_Angeles')).toBe('2026-03-08T03:30')
    expect(zonedToUtcIso('2026-03-08T03:00', 'America/Los_Angeles')).toBe('2026-03-08T10:00:00.000Z')
    expect(zonedToUtcIso('2026-03-08T03:30', 'America/Los_Angeles')).toBe('2026-03-08T10:30:00.000Z')
  })

  it('the agency zone (Los Angeles) in November: 1:30 happens twice and is the first (PDT)', () => {
    // 2026-11-01: at 2:00 PDT the clocks go back to 1:00 PST (9:00 UTC).
    expect(zonedToUtcIso('2026-11-01T00:59', 'America/Los_Angeles')).toBe('2026-11-01T07:59:00.000Z')
    expect(zonedToUtcIso('2026-11-01T01:30', 'America/Los_Angeles')).toBe('2026-11-01T08:30:00.000Z')
    expect(zonedToUtcIso('2026-11-01T02:00', 'America/Los_Angeles')).toBe('2026-11-01T10:00:00.000Z')
    // Both 1:30s show as 1:30; the second is only reached from a stored time.
    expect(utcIsoToZoned('2026-11-01T08:30:00.000Z', 'America/Los_Angeles')).toBe('2026-11-01T01:30')
    expect(utcIsoToZoned('2026-11-01T09:30:00.000Z', 'America/Los_Angeles')).toBe('2026-11-01T01:30')
  })

  it('the same rule east of Greenwich and for a half-hour jump', () => {
    // Berlin, 2026-03-29: 2:00 CET -> 3:00 CEST (01:00 UTC); 2026-10-25: 3:00 CEST -> 2:00 CET (01:00 UTC).
    expect(zonedToUtcIso('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z')
    expect(zonedToUtcIso('2026-10-25T02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z')
    // Lord Howe Island moves by 30 minutes: 2026-10-04 2:00 -> 2:30 (+10:30 -> +11:00, 15:30 UTC).
    expect(zonedToUtcIso('2026-10-04T02:15', 'Australia/Lord_Howe')).toBe('2026-10-03T15:45:00.000Z')
    // 2026-04-05: 2:00 -> 1:30 (+11:00 -> +10:30, 15:00 UTC); 1:45 comes twice, the first at +11:00.
    expect(zonedToUtcIso('2026-04-05T01:45', 'Australia/Lord_Howe')).toBe('2026-04-04T14:45:00.000Z')
  })

  it("agrees with luxon (issue 26's library) on every quarter hour of the 2026 change days, but for a repeated hour, where it takes the first", () => {
    const days: [string, string[]][] = [
      ['America/Los_Angeles', ['2026-03-08', '2026-11-01']],
      ['Europe/Berlin', ['2026-03-29', '2026-10-25']],
      ['Australia/Lord_Howe', ['2026-04-05', '2026-10-04']],
      ['Asia/Kolkata', ['2026-03-08']],
    ]
    let repeated = 0
    for (const [zone, dates] of days)
      for (const date of dates)
        for (let m = 0; m < 24 * 60; m += 15) {
          const wall = `${date}T${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
          const ours = Date.parse(zonedToUtcIso(wall, zone))
          const theirs = DateTime.fromISO(wall, { zone }).toMillis()
          // luxon reads a repeated time as the second; both readings show that same wall time.
          if (ours !== theirs) {
            repeated++
            expect(ours, wall).toBeLessThan(theirs)
            expect(utcIsoToZoned(new Date(ours).toISOString(), zone), wall).toBe(wall)
            expect(utcIsoToZoned(new Date(theirs).toISOString(), zone), wall).toBe(wall)
          }
        }
    // The hour repeated in Los Angeles and Berlin (at Lord Howe's repeated half hour luxon too takes the first).
    expect(repeated).toBe(4 + 4)
  })

  it('names a moment the same way on the server and in any browser', () => {
    expect(formatPublishTime('2030-01-15T17:30:00.000Z', 'America/Los_Angeles')).toBe('Jan 15, 2030, 9:30 AM')
    expect(formatPublishTime('2030-07-01T00:05:00.000Z', 'America/Los_Angeles')).toBe('Jun 30, 2030, 5:05 PM')
    expect(formatPublishTime('2030-07-01T00:05:00.000Z', 'UTC')).toBe('Jul 1, 2030, 12:05 AM')
    expect(formatPublishTime('not a time', 'UTC')).toBe('not a time')
  })

  it('the settings take an IANA zone, not an offset or a made-up name', () => {
    const SettingsPatchSchema = settingsPatchSchema(DEFAULT_AGENCY_ZONE)
    expect(SettingsPatchSchema.parse({ timeZone: ' Europe/Paris ' }).timeZone).toBe('Europe/Paris')
    expect(SettingsPatchSchema.parse({ timeZone: 'UTC' }).timeZone).toBe('UTC')
    for (const bad of ['Mars/Olympus_Mons', '+05:30', 'GMT+5', '', 'Europe/Paris; drop table']) {
      const r = SettingsPatchSchema.safeParse({ timeZone: bad })
      expect(r.success, bad).toBe(false)
      expect(r.error?.issues[0]).toMatchObject({
        path: ['timeZone'],
        message: 'Choose a time zone from the list, such as America/Los_Angeles',
      })
    }
  })
})
