import path from 'node:path'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '~/db/db.server.ts'
import { dialects, resetPostgres, type Client } from '../helpers/app.ts'
import { ADMIN, postForm, startServer, tempDir, type RunningServer } from './server.ts'

const TAKEN = 'Sorry, that time was just booked by someone else.'
/** The times offered on a page, as its radio buttons or its calendar's time links carry them. */
const startsIn = (html: string) =>
  [...html.matchAll(/name="start" value="([^"]+)"|[?&](?:amp;)?start=([^"&#]+)/g)].map((m) => m[1] ?? decodeURIComponent(m[2]))

/**
 * Times of the second day /book lists, without its first: today's are few late in the day, and
 * the earliest time may pass the minimum notice while a test runs.
 */
async function bookable(c: Client): Promise<string[]> {
  // The calendar shows a month: the next one too, late in a month.
  const page = await (await c.get('/book')).text()
  const nextMonth = /month=(\d{4}-\d{2})"[^>]*>Next month/.exec(page)?.[1]
  const html = page + (nextMonth ? await (await c.get(`/book?month=${nextMonth}`)).text() : '')
  const days = [...new Set([...html.matchAll(/[?&]amp;day=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]))].sort()
  return startsIn(await (await c.get(`/book?day=${days[1]}`)).text()).slice(1)
}
const details = (email: string, start: string) => ({
  start,
  tz: 'America/Los_Angeles',
  name: 'Priya Visitor',
  email,
  phone: '',
  note: 'A site for my bakery',
  website: '',
})

async function visitor(s: RunningServer): Promise<Client> {
  const c = s.client()
  await c.get('/book')
  await c.session()
  return c
}

/** Every invitation sent to `to`, read with ical.js (not the library that wrote them). */
async function invitations(dbUrl: string, to: string) {
  const { db, close } = openDatabase(dbUrl)
  try {
    const rows = await db.selectFrom('mailOutbox').select(['subject', 'body', 'ics']).where('toAddress', '=', to).orderBy('id').execute()
    return rows.map((r) => {
      const cal = new ICAL.Component(ICAL.parse(r.ics!))
      const event = cal.getFirstSubcomponent('vevent')!
      return {
        subject: r.subject,
        body: r.body,
        method: cal.getFirstPropertyValue('method'),
        uid: event.getFirstPropertyValue('uid'),
        sequence: event.getFirstPropertyValue('sequence'),
        start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
      }
    })
  } finally {
    await close()
  }
}

/** /book and its manage page as a browser without JavaScript uses them, and the back office's Calls. */
describe.each(dialects())('booking a discovery call on %s', (name, url) => {
  let s: RunningServer
  let admin: Client
  let dbUrl: string
  beforeAll(async () => {
    dbUrl = name === 'sqlite' ? path.join(tempDir(), 'site.db') : url()
    if (name === 'postgres') await resetPostgres(dbUrl)
    s = await startServer({ DATABASE_URL: dbUrl, DATA_DIR: tempDir(), PROPOSAL_RATE_LIMIT_PER_HOUR: '3' })
    admin = await s.client().login(ADMIN.username, ADMIN.password)
  })
  afterAll(async () => {
    await s?.stop()
  })

  it('lists free times in the visitor zone, never from a cache, and refuses bad input beside the fields', async () => {
    const page = await s.client().get('/book')
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toContain('no-store')
    const html = await page.text()
    expect(html).toMatch(/Times are in Los Angeles time \(P[SD]T\)\./)
    expect(startsIn(html).length).toBeGreaterThan(0)
    // Every time on the quarter hour (issue 35), in UTC and so in every zone.
    expect(startsIn(html).filter((t) => Date.parse(t) % 900_000 !== 0)).toEqual([])
    expect(await (await s.client().get('/book?tz=Asia%2FKolkata')).text()).toContain('Times are in Kolkata time (GMT+5:30).')

    const c = await visitor(s)
    const refused = await postForm(c, '/book', { ...details('not-an-email', ''), name: '' })
    expect(refused.status).toBe(400)
    const refusedHtml = await refused.text()
    expect(refusedHtml).toContain('Enter a valid email address')
    expect(refusedHtml).toContain('Name is required')
    expect(refusedHtml).toContain('Choose a time')
    const honeypot = await postForm(c, '/book', { ...details('bot@example.com', startsIn(html)[1]), website: 'https://spam.example' })
    expect(honeypot.status).toBe(400)
    const noToken = await postForm(c, '/book', details('x@example.com', startsIn(html)[1]), 'wrong-token')
    expect(noToken.status).toBe(403)
  })

  it('books, confirms, refuses the same time with the next free ones, lists it for the admin, moves and cancels it', async () => {
    const c = await visitor(s)
    const [first, second, third] = await bookable(c)
    const booked = await postForm(c, '/book', details('priya@example.com', first))
    expect(booked.status).toBe(302)
    const manage = booked.headers.get('location')!
    expect(manage).toMatch(/^\/book\/manage\/[\w-]{40,}\?booked=1$/)
    const confirmation = await (await c.get(manage)).text()
    expect(confirmation).toContain('Your call is booked')
    expect(confirmation).toContain('priya@example.com')
    // No SMTP_URL here: the mail is only kept, so the page says it will follow and shows its own link.
    expect(confirmation).toContain('Your confirmation will follow by email to priya@example.com.')
    expect(confirmation).not.toMatch(/We sent|on its way/)
    expect(confirmation).toContain(`>${s.url}${manage.replace(/\?.*$/, '')}</a>`)
    // What, when (both zones), who and where, and the ways to add it to a calendar.
    expect(confirmation).toContain('Free 15-minute discovery call with')
    expect(confirmation).toMatch(/Maya Robinson|Arjun Sharma/)
    expect(confirmation).toContain('Phone call: we call the number you gave, or call us on')
    expect(confirmation).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE')
    expect(confirmation).toContain('https://outlook.live.com/calendar/0/deeplink/compose?')
    // The calendars' links never carry the manage link (its token is the visitor's key).
    expect([...confirmation.matchAll(/href="(https:\/\/(calendar\.google|outlook\.live)[^"]+)"/g)].map((m) => m[1])).toHaveLength(2)
    for (const m of confirmation.matchAll(/href="(https:\/\/(calendar\.google|outlook\.live)[^"]+)"/g))
      expect(decodeURIComponent(m[1])).not.toContain('/book/manage/')
    expect(confirmation).toContain('Change the time')
    // The picker is behind the link: /book's month calendar and the day's times, then the chosen time to confirm.
    expect(startsIn(confirmation)).toEqual([])
    const changing = await (await c.get(`${manage.replace(/\?.*$/, '')}?change=1`)).text()
    const offered = startsIn(changing)
    expect(offered.length, 'the calendar offers times').toBeGreaterThan(0)
    expect(changing).toContain('aria-current="date"')
    expect(changing).not.toContain('Move to this time')
    const confirming = await (await c.get(`${manage.replace(/\?.*$/, '')}?change=1&start=${encodeURIComponent(offered[0])}`)).text()
    expect(confirming).toContain('Move to this time')
    expect(confirming).toContain(`name="start" value="${offered[0]}"`)
    const download = await c.get(`${manage.replace(/\?.*$/, '')}/invite.ics`)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toContain('text/calendar')
    expect(download.headers.get('cache-control')).toContain('no-store')
    const event = new ICAL.Component(ICAL.parse(await download.text())).getFirstSubcomponent('vevent')!
    expect(String(event.getFirstPropertyValue('location'))).toMatch(/^Phone: \+/)
    expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(first)
    expect((await c.get('/book/manage/not-a-real-token-not-a-real-token/invite.ics')).status).toBe(404)

    const late = await postForm(await visitor(s), '/book', details('late@example.com', first))
    expect(late.status).toBe(409)
    const lateHtml = await late.text()
    expect(lateHtml).toContain(TAKEN)
    expect(startsIn(lateHtml)).toContain(second)
    expect(startsIn(lateHtml)).not.toContain(first)

    const calls = await (await admin.get('/admin/calls')).text()
    expect(calls).toContain('Priya Visitor')
    expect(calls).toMatch(/(San Francisco|Gwalior) office, host (Maya Robinson|Arjun Sharma)/)
    const lead = /href="\/admin\/proposals\/(\d+)"/.exec(calls)
    expect(lead).not.toBeNull()
    const desk = await (await admin.get(`/admin/proposals/${lead![1]}`)).text()
    expect(desk).toContain('priya@example.com')
    expect(desk).toContain('Discovery call booked for')
    // The lead lists its call, as the Calls page reads it (San Francisco's time), with a way there.
    const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'America/Los_Angeles' })
      .format(new Date(first))
      .replace(/\u202f/g, ' ')
    expect(desk).toContain('Discovery calls')
    expect(desk.replace(/\u202f/g, ' ')).toContain(when)
    expect(desk).toContain('Open in Calls')

    const base = manage.replace(/\?.*$/, '')
    const moved = await postForm(c, base, { intent: 'move', start: third, tz: 'America/Los_Angeles' })
    expect(moved.status).toBe(302)
    expect(moved.headers.get('location')).toBe(`${base}?moved=1`)
    expect(await (await c.get(`${base}?moved=1`)).text()).toContain('Your call is moved')
    const cancelled = await postForm(c, base, { intent: 'cancel' })
    expect(cancelled.headers.get('location')).toBe(`${base}?cancelled=1`)
    expect(await (await c.get(`${base}?cancelled=1`)).text()).toContain('Cancelled call')
    const afterCancel = await (await admin.get(`/admin/proposals/${lead![1]}`)).text()
    expect(afterCancel).toContain('Cancelled')
    expect(afterCancel).not.toContain('Open in Calls')
    expect((await postForm(c, base, { intent: 'move', start: second })).status).toBe(409)
    expect((await c.get('/book/manage/not-a-real-token-not-a-real-token')).status).toBe(404)

    const sent = await invitations(dbUrl, 'priya@example.com')
    expect(sent.map((m) => [m.method, m.sequence])).toEqual([
      ['REQUEST', 0],
      ['REQUEST', 1],
      ['CANCEL', 2],
    ])
    expect(new Set(sent.map((m) => m.uid)).size).toBe(1)
    expect(sent[1].start).toBe(third)
    expect(sent[0].body).toContain(`${s.url}${base}`)
    expect(sent[0].body).not.toContain('Priya') // nothing the visitor typed (ADR 030)
  })

  it('lets the admin move and cancel a call, and limits bookings per address like the proposal form', async () => {
    const c = await visitor(s)
    const starts = await bookable(c)
    const booked = await postForm(c, '/book', details('sam@example.com', starts[0]))
    expect(booked.status).toBe(302)
    const id = /\/admin\/calls\?[^"]*move=(\d+)/.exec(await (await admin.get('/admin/calls')).text())![1]
    // The last free time of the second day the form lists: the first day may have one time left, or none.
    const moveForm = await (await admin.get(`/admin/calls?move=${id}`)).text()
    const moveDays = [...new Set([...moveForm.matchAll(/[?&]amp;day=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]))]
    const target = startsIn(await (await admin.get(`/admin/calls?move=${id}&day=${moveDays[1]}`)).text()).at(-1)
    expect(target, 'the move form lists free times').toBeDefined()
    const moved = await postForm(admin, '/admin/calls', { intent: 'move', id, start: target! })
    expect(moved.status).toBe(200)
    expect(await moved.text()).toContain('Call Moved')
    const cancelled = await postForm(admin, '/admin/calls', { intent: 'cancel', id })
    expect(await cancelled.text()).toContain('Call Cancelled')
    expect((await invitations(dbUrl, 'sam@example.com')).map((m) => m.sequence)).toEqual([0, 1, 2])

    // Two successful bookings from this address so far; the limit is 3 an hour.
    expect((await postForm(c, '/book', details('third@example.com', starts[2]))).status).toBe(302)
    const over = await postForm(c, '/book', details('fourth@example.com', starts[3]))
    expect(over.status).toBe(429)
    expect(await over.text()).toContain('Too many')
  })

  it('saves booking hours, and refuses bad ones beside the field', async () => {
    const fields: Record<string, string> = { callMinutes: '15', bufferMinutes: '5', noticeHours: '4', horizonDays: '0', daysOff: '' }
    for (let o = 0; o < 2; o++)
      for (let d = 0; d < 7; d++)
        Object.assign(fields, { [`o${o}d${d}start`]: d < 5 ? '09:00' : '', [`o${o}d${d}end`]: d < 5 ? '17:00' : '' })
    const refused = await postForm(admin, '/admin/settings/booking', fields)
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('Days ahead must be at least 1')
    const saved = await postForm(admin, '/admin/settings/booking', { ...fields, horizonDays: '2', o0d5start: '10:00', o0d5end: '12:00' })
    expect(saved.status).toBe(200)
    expect(await saved.text()).toContain('Booking Hours Saved')
    expect(await (await admin.get('/admin/settings/booking')).text()).toMatch(/name="o0d5start"[^>]*value="10:00"/)
    // Each office's host and where its calls happen.
    const badLink = await postForm(admin, '/admin/settings/booking', {
      ...fields,
      horizonDays: '2',
      o0videoUrl: 'http://meet.example.com/sf',
    })
    expect(badLink.status).toBe(400)
    expect(await badLink.text()).toContain('Give a video link starting with https://')
    const withLink = await postForm(admin, '/admin/settings/booking', {
      ...fields,
      horizonDays: '2',
      o0host: 'Sofia Martinez',
      o0videoUrl: 'https://meet.example.com/sf',
      o1phone: '+91 751 555 0100',
    })
    expect(withLink.status).toBe(200)
    const form = await (await admin.get('/admin/settings/booking')).text()
    expect(form).toMatch(/name="o0videoUrl"[^>]*value="https:\/\/meet.example.com\/sf"/)
    expect(form).toMatch(/name="o0host"[^>]*value="Sofia Martinez"/)
    expect(form).toMatch(/name="o1phone"[^>]*value="\+91 751 555 0100"/)
  })
})

/** Two app processes on one PostgreSQL database, as behind a load balancer, asked for one time at once. */
describe('one slot booked 30 times at once on two instances sharing PostgreSQL', () => {
  let a: RunningServer
  let b: RunningServer
  let dbUrl: string
  beforeAll(async () => {
    dbUrl = process.env.TEST_PG_URL ?? ''
    if (!dbUrl) throw new Error('TEST_PG_URL is not set: run the tests with `npm test`')
    await resetPostgres(dbUrl)
    const env = { DATABASE_URL: dbUrl, PROPOSAL_RATE_LIMIT_PER_HOUR: '1000' }
    a = await startServer({ ...env, DATA_DIR: tempDir() })
    b = await startServer({ ...env, DATA_DIR: tempDir() })
  })
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
  })

  it('gives the time to exactly one, and the other 29 the taken message', async () => {
    const ca = await visitor(a)
    const cb = b.client()
    cb.cookies = ca.cookies
    cb.csrf = ca.csrf
    const [slot] = await bookable(ca)
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postForm(i % 2 ? cb : ca, '/book', details(`racer${i}@example.com`, slot)).then(async (r) => ({
          status: r.status,
          text: await r.text(),
        })),
      ),
    )
    expect(answers.filter((r) => r.status === 302)).toHaveLength(1)
    const refused = answers.filter((r) => r.status !== 302)
    expect(refused.map((r) => r.status)).toEqual(Array(29).fill(409))
    for (const r of refused) expect(r.text).toContain(TAKEN)
    const { db, close } = openDatabase(dbUrl)
    try {
      const live = await db.selectFrom('bookings').select(['startAt']).where('status', '=', 'booked').execute()
      expect(live).toEqual([{ startAt: slot }])
    } finally {
      await close()
    }
  })
})
