import type { Db } from '~/db/db.server.ts'
import * as model from '~/models/rate-events.server.ts'
import { RateLimitedError } from './errors.server.ts'

export type Limit = { bucket: string; max: number; windowMs: number; message: string }

export const LOGIN_LIMIT: Limit = {
  bucket: 'login-failure',
  max: 5,
  windowMs: 15 * 60_000,
  message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
}
export const PROPOSAL_LIMIT: Limit = {
  bucket: 'proposal',
  max: 5,
  windowMs: 60 * 60_000,
  message: 'Too many proposal requests from your address. Please try again later.',
}

/** Throws RateLimitedError when any key already has `max` events inside the window. */
export async function checkLimit(db: Db, limit: Limit, keys: string[], now = Date.now()): Promise<void> {
  const since = new Date(now - limit.windowMs).toISOString()
  for (const key of keys) {
    if ((await model.countRateEvents(db, limit.bucket, key, since, limit.max)) >= limit.max) {
      throw new RateLimitedError(limit.message, Math.ceil(limit.windowMs / 1000))
    }
  }
}

export async function recordEvent(db: Db, limit: Limit, keys: string[], now = Date.now()): Promise<void> {
  const at = new Date(now).toISOString()
  for (const key of keys) await model.insertRateEvent(db, limit.bucket, key, at)
}

export async function clearEvents(db: Db, limit: Limit, key: string): Promise<void> {
  await model.deleteRateEvents(db, limit.bucket, key)
}

/** Housekeeping: events older than a day count for nothing. */
export async function pruneEvents(db: Db, now = Date.now()): Promise<void> {
  await model.deleteRateEventsBefore(db, new Date(now - 24 * 60 * 60_000).toISOString())
}
