import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { RateLimitedError } from '~/infra/errors.server.ts'
import { consume, limitKey, pruneLimits, refund, remember, remembered, reset, type Limit } from '~/infra/rate-limit.server.ts'
import { dialects } from '../helpers/app.ts'
import { freshDatabase, rejection } from './db.ts'

const MINUTE = 60_000
const T0 = Date.parse('2030-05-01T12:00:00.000Z')
/** Three per ten minutes; each test uses its own subject, so their counts never meet. */
const LIMIT: Limit = { name: 'svc-test', max: 3, windowMs: 10 * MINUTE, message: 'Slow down.' }

describe.each(dialects())('rate-limit service on %s', (_name, url) => {
  let h: DatabaseHandle
  beforeAll(async () => {
    h = await freshDatabase(url())
  })
  afterAll(async () => {
    await h.close()
  })

  const counter = (key: string) => h.db.selectFrom('rateLimits').selectAll().where('key', '=', key).executeTakeFirst()

  it('allows max attempts in a window, then throws RateLimitedError with the limit’s message and the wait', async () => {
    for (let i = 0; i < 3; i++) expect(await consume(h.db, LIMIT, 'a', T0 + i * MINUTE)).toBe(limitKey(LIMIT, 'a'))
    const err = await rejection(consume(h.db, LIMIT, 'a', T0 + 4 * MINUTE), RateLimitedError)
    expect(err.message).toBe('Slow down.')
    // The window opened at T0 and lasts ten minutes.
    expect(err.retryAfterSeconds).toBe(6 * 60)
    // Refused attempts still count: hammering does not shorten the wait.
    expect((await rejection(consume(h.db, LIMIT, 'a', T0 + 9 * MINUTE + 30_000), RateLimitedError)).retryAfterSeconds).toBe(30)
  })

  it('never says to wait less than a second or longer than the window', async () => {
    for (let i = 0; i < 3; i++) await consume(h.db, LIMIT, 'bounds', T0)
    expect((await rejection(consume(h.db, LIMIT, 'bounds', T0 + 10 * MINUTE - 1), RateLimitedError)).retryAfterSeconds).toBe(1)
    // A clock behind the window's start (another instance opened it) still answers within the window.
    expect((await rejection(consume(h.db, LIMIT, 'bounds', T0 - MINUTE), RateLimitedError)).retryAfterSeconds).toBe(10 * 60)
  })

  it('opens a new window once the old one has passed', async () => {
    for (let i = 0; i < 3; i++) await consume(h.db, LIMIT, 'window', T0)
    await rejection(consume(h.db, LIMIT, 'window', T0 + 10 * MINUTE - 1), RateLimitedError)
    for (let i = 0; i < 3; i++) await consume(h.db, LIMIT, 'window', T0 + 10 * MINUTE + i)
    await rejection(consume(h.db, LIMIT, 'window', T0 + 10 * MINUTE + 5), RateLimitedError)
  })

  it('counts each subject and each limit apart', async () => {
    for (let i = 0; i < 3; i++) await consume(h.db, LIMIT, 'one', T0)
    await rejection(consume(h.db, LIMIT, 'one', T0), RateLimitedError)
    await consume(h.db, LIMIT, 'two', T0)
    await consume(h.db, { ...LIMIT, name: 'svc-other' }, 'one', T0)
  })

  it('refund gives one attempt back, and never more than were counted', async () => {
    const key = limitKey(LIMIT, 'refund')
    for (let i = 0; i < 3; i++) await consume(h.db, LIMIT, 'refund', T0)
    await refund(h.db, key)
    await consume(h.db, LIMIT, 'refund', T0)
    await rejection(consume(h.db, LIMIT, 'refund', T0), RateLimitedError)

    // Refunds on a key with nothing counted (or no row at all) do not bank extra attempts.
    await refund(h.db, limitKey(LIMIT, 'never-counted'))
    const fresh = limitKey(LIMIT, 'refund-floor')
    await consume(h.db, LIMIT, 'refund-floor', T0)
    for (let i = 0; i < 4; i++) await refund(h.db, fresh)
    expect((await counter(fresh))?.count).toBe(0)
    for (let i = 0; i < 3; i++) await consume(h.db, LIMIT, 'refund-floor', T0)
    await rejection(consume(h.db, LIMIT, 'refund-floor', T0), RateLimitedError)
  })

  it('reset clears the count at once', async () => {
    for (let i = 0; i < 3; i++) await consume(h.db, LIMIT, 'reset', T0)
    await rejection(consume(h.db, LIMIT, 'reset', T0), RateLimitedError)
    await reset(h.db, limitKey(LIMIT, 'reset'))
    for (let i = 0; i < 3; i++) await consume(h.db, LIMIT, 'reset', T0 + 1)
    await rejection(consume(h.db, LIMIT, 'reset', T0 + 1), RateLimitedError)
  })

  it('counts exactly max of 30 parallel attempts (atomic on both databases)', async () => {
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => consume(h.db, LIMIT, 'burst', T0)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3)
    for (const r of results.filter((r) => r.status === 'rejected')) expect(r.reason).toBeInstanceOf(RateLimitedError)
  })

  it('does not count an attempt whose transaction rolled back', async () => {
    for (let i = 0; i < 3; i++) {
      await expect(
        h.db.transaction().execute(async (trx) => {
          await consume(trx, LIMIT, 'rollback', T0)
          throw new Error('the guarded work failed')
        }),
      ).rejects.toThrow('the guarded work failed')
    }
    for (let i = 0; i < 3; i++) await h.db.transaction().execute((trx) => consume(trx, LIMIT, 'rollback', T0))
    await rejection(consume(h.db, LIMIT, 'rollback', T0), RateLimitedError)
  })

  it('remembers a key for its window only', async () => {
    const key = 'svc-test:known:home'
    expect(await remembered(h.db, key, T0)).toBe(false)
    await remember(h.db, key, 5 * MINUTE, T0)
    expect(await remembered(h.db, key, T0 + 5 * MINUTE - 1)).toBe(true)
    expect(await remembered(h.db, key, T0 + 5 * MINUTE)).toBe(false)
    // Remembering again starts a new period.
    await remember(h.db, key, 5 * MINUTE, T0 + 4 * MINUTE)
    expect(await remembered(h.db, key, T0 + 8 * MINUTE)).toBe(true)
  })

  it('prunes only counters whose window has passed', async () => {
    await consume(h.db, LIMIT, 'prune-old', T0)
    await consume(h.db, LIMIT, 'prune-new', T0 + 5 * MINUTE)
    await pruneLimits(h.db, T0 + 10 * MINUTE)
    expect(await counter(limitKey(LIMIT, 'prune-old'))).toBeUndefined()
    expect((await counter(limitKey(LIMIT, 'prune-new')))?.count).toBe(1)
  })
})
