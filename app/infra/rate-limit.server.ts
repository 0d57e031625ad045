import type { Transaction } from 'kysely'
import type { Db } from '~/db/db.server.ts'
import type { Database } from '~/db/schema.ts'
import { deleteExpiredRows } from '~/models/expiry.server.ts'
import * as model from '~/models/rate-limits.server.ts'
import { addressLimitKey } from './address-limit-key.server.ts'
import { RateLimitedError } from './errors.server.ts'

export type Limit = { name: string; max: number; windowMs: number; message: string }

/** Sign-in: five attempts per address per 15 minutes (refunded when the password was right). */
export const LOGIN_ADDRESS_LIMIT: Limit = {
  name: 'login:ip',
  max: 5,
  windowMs: 15 * 60_000,
  message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
}
/**
 * Sign-in, account-wide, from addresses that never signed in successfully: ten attempts per
 * 15 minutes run at full speed; beyond that the account takes one attempt per 10 seconds
 * (ACCOUNT_SLOW_LANE). It slows a spray from many addresses without locking the admin out.
 */
export const LOGIN_ACCOUNT_LIMIT: Limit = {
  name: 'login:account',
  max: 10,
  windowMs: 15 * 60_000,
  message: 'Too many failed sign-in attempts for this account. Please wait a few seconds and try again.',
}
export const LOGIN_ACCOUNT_SLOW_LANE: Limit = { ...LOGIN_ACCOUNT_LIMIT, name: 'login:account-slot', max: 1, windowMs: 10_000 }
/** An address that signed in successfully stays known (and skips the account-wide limit) this long. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000
/** Changing the password: five wrong current passwords per admin per 15 minutes. */
export const PASSWORD_CHANGE_LIMIT: Limit = {
  name: 'password-change',
  max: 5,
  windowMs: 15 * 60_000,
  message: 'Too many wrong current passwords. Please wait 15 minutes and try again.',
}
/** "Forgot your password?" forms: five an hour per address, whatever they name (docs/decisions/047). */
export const PASSWORD_RESET_ADDRESS_LIMIT: Limit = {
  name: 'password-reset:ip',
  max: 5,
  windowMs: 60 * 60_000,
  message: 'Too many password reset requests from your address. Please wait an hour and try again.',
}
/** Reset links mailed to one person from the form: three an hour, from any addresses; beyond that none, and the same answer. */
export const PASSWORD_RESET_ACCOUNT_LIMIT: Limit = {
  name: 'password-reset:account',
  max: 3,
  windowMs: 60 * 60_000,
  message: 'Reset links for this account are paused for an hour.',
}
export const PROPOSAL_LIMIT: Limit = {
  name: 'proposal',
  max: 5,
  windowMs: 60 * 60_000,
  message: 'Too many proposal requests from your address. Please try again later.',
}
/** Page-view beacons per address per hour: a real visitor never comes close. */
export const PAGE_VIEW_LIMIT: Limit = {
  name: 'pageview',
  max: 600,
  windowMs: 60 * 60_000,
  message: 'Too many page views from your address.',
}
/**
 * Receipts to the address a visitor typed (unverified), for the whole site: 20 an hour. Beyond it
 * the request is still stored and the agency notified; only the receipt is skipped (ADR 030).
 */
export const RECEIPT_LIMIT: Limit = {
  name: 'receipt',
  max: 20,
  windowMs: 60 * 60_000,
  message: 'The site has sent as many receipts as it may this hour.',
}
/** The subject of a limit counted once for the whole site (on every instance). */
export const WHOLE_SITE = 'site'

/** The subject a client address is counted under: IPv4 itself, IPv6 its /64 (ADR 030). */
export const addressSubject = (ip: string) => `ip:${addressLimitKey(ip)}`

export const limitKey = (limit: Limit, subject: string) => `${limit.name}:${subject}`

/**
 * Counts this attempt and throws RateLimitedError when it is over the limit, as one atomic step
 * in the database (see models/rate-limits). Returns the key so the caller can refund the attempt.
 * Pass a transaction to count in the same commit as the work it guards.
 */
export async function consume(db: Db | Transaction<Database>, limit: Limit, subject: string, now = Date.now()): Promise<string> {
  const key = limitKey(limit, subject)
  const { count, windowStart } = await model.countEvent(db, key, limit.windowMs, now)
  if (count > limit.max) {
    const retryAfterMs = Date.parse(windowStart) + limit.windowMs - now
    // `now` was read before this request's earlier awaits; another may have opened the window since.
    const seconds = Math.min(limit.windowMs, Math.max(1000, retryAfterMs)) / 1000
    throw new RateLimitedError(limit.message, Math.ceil(seconds))
  }
  return key
}

/** Like `consume`, but answers false over the limit instead of throwing (the event still counts). */
export async function withinLimit(db: Db | Transaction<Database>, limit: Limit, subject: string, now = Date.now()): Promise<boolean> {
  const { count } = await model.countEvent(db, limitKey(limit, subject), limit.windowMs, now)
  return count <= limit.max
}

/** Gives back an attempt counted by `consume` (e.g. the password was right after all). */
export function refund(db: Db, key: string): Promise<void> {
  return model.uncountEvent(db, key)
}

export function reset(db: Db, key: string): Promise<void> {
  return model.deleteKey(db, key)
}

/** Remembers something for `windowMs` (e.g. an address that signed in); `remembered` asks. */
export async function remember(db: Db, key: string, windowMs: number, now = Date.now()): Promise<void> {
  await model.deleteKey(db, key)
  await model.countEvent(db, key, windowMs, now)
}

export async function remembered(db: Db, key: string, now = Date.now()): Promise<boolean> {
  return (await model.readCount(db, key, now)) > 0
}

/** Housekeeping: counters whose window has passed count for nothing. */
export async function pruneLimits(db: Db, now = Date.now()): Promise<void> {
  await deleteExpiredRows(db, 'rateLimits', new Date(now).toISOString())
}
