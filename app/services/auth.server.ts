import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '~/db/db.server.ts'
import * as model from '~/models/admin.server.ts'
import { InvalidCredentialsError, DomainValidationError, RateLimitedError, UnauthorizedError } from './errors.server.ts'
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.server.ts'
import {
  KNOWN_ADDRESS_MS,
  LOGIN_ACCOUNT_LIMIT,
  LOGIN_ACCOUNT_SLOW_LANE,
  LOGIN_ADDRESS_LIMIT,
  PASSWORD_CHANGE_LIMIT,
  consume,
  limitKey,
  refund,
  remember,
  remembered,
  reset,
} from './rate-limit.server.ts'

/** The acting administrator, passed explicitly to every admin operation. */
export type Admin = { id: number; username: string; tokenHash: string; expiresAt: string }

/** Spec: an admin session lasts 24 hours from sign-in (absolute, not sliding). */
export const SESSION_LIFETIME_MS = 24 * 60 * 60_000

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Creates the first admin on an empty database. Without ADMIN_PASSWORD a random one is
 * generated and returned so the caller can print it once.
 */
export async function ensureAdmin(db: Db, username: string, password: string | undefined): Promise<{ created: boolean; generatedPassword?: string }> {
  if ((await model.countAdmins(db)) > 0) return { created: false }
  const generated = password ? undefined : randomBytes(12).toString('base64url')
  await model.insertAdmin(db, username, await hashPassword(password ?? generated!))
  return { created: true, generatedPassword: generated }
}

/**
 * Checks the credentials and opens a session. Every attempt is counted before the password is
 * hashed, in one atomic step (rate-limit.server.ts), so a burst cannot outrun the count:
 * - per address: 5 attempts per 15 minutes;
 * - per account, from addresses that never signed in to it: 10 attempts per 15 minutes, then one
 *   every 10 seconds. A spray from many addresses stays slow, and no one address can lock the
 *   admin out of another; the admin's usual addresses skip this limit altogether.
 * A right password gives its attempts back and clears the address's count.
 */
export async function login(db: Db, input: { username: string; password: string; ip: string }, now = Date.now()): Promise<{ token: string; expiresAt: string }> {
  const account = input.username.toLowerCase()
  const addressKey = await consume(db, LOGIN_ADDRESS_LIMIT, input.ip, now)
  const knownKey = `login:known:${account}:${input.ip}`
  let accountKey: string | undefined
  if (!(await remembered(db, knownKey, now))) {
    try {
      accountKey = await consumeAccountAttempt(db, account, now)
    } catch (err) {
      // A refused attempt was never tried: it must not use up the address's own allowance.
      await refund(db, addressKey)
      throw err
    }
  }
  const user = await model.findAdminByUsername(db, input.username)
  let ok: boolean
  try {
    ok = user ? await verifyPassword(input.password, user.passwordHash) : await burnPasswordCheck(input.password).then(() => false)
  } catch (err) {
    // Refused before the check (the hashing queue is full): the attempt was never tried.
    await refund(db, addressKey)
    if (accountKey) await refund(db, accountKey)
    throw err
  }
  if (!user || !ok) throw new InvalidCredentialsError()
  await reset(db, addressKey)
  if (accountKey) await refund(db, accountKey)
  await remember(db, knownKey, KNOWN_ADDRESS_MS, now)
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now + SESSION_LIFETIME_MS).toISOString()
  await model.insertSession(db, { tokenHash: hashToken(token), userId: user.id, createdAt: new Date(now).toISOString(), expiresAt })
  return { token, expiresAt }
}

/** Returns the key to refund on success, or undefined when the attempt took a slow-lane slot. */
async function consumeAccountAttempt(db: Db, account: string, now: number): Promise<string | undefined> {
  try {
    return await consume(db, LOGIN_ACCOUNT_LIMIT, account, now)
  } catch (err) {
    if (!(err instanceof RateLimitedError)) throw err
    // Over the free allowance: the count stays at the limit and the account takes one attempt
    // per slow-lane window, whoever sends it.
    await refund(db, limitKey(LOGIN_ACCOUNT_LIMIT, account))
    await consume(db, LOGIN_ACCOUNT_SLOW_LANE, account, now)
    return undefined
  }
}

export type SessionState = { admin: Admin } | { admin: null; expired: boolean }

/** Resolves a cookie token to the admin; an expired row is deleted and reported as expired. */
export async function getSession(db: Db, token: string | undefined, now = Date.now()): Promise<SessionState> {
  if (!token) return { admin: null, expired: false }
  const tokenHash = hashToken(token)
  const row = await model.findSessionWithUser(db, tokenHash)
  if (!row) return { admin: null, expired: false }
  if (row.expiresAt <= new Date(now).toISOString()) {
    await model.deleteSessionByHash(db, tokenHash)
    return { admin: null, expired: true }
  }
  return { admin: { id: row.userId, username: row.username, tokenHash, expiresAt: row.expiresAt } }
}

export async function requireSession(db: Db, token: string | undefined): Promise<Admin> {
  const s = await getSession(db, token)
  if (!s.admin) throw new UnauthorizedError(s.expired ? 'Session expired' : 'Authentication required')
  return s.admin
}

export async function logout(db: Db, token: string | undefined): Promise<void> {
  if (token) await model.deleteSessionByHash(db, hashToken(token))
}

/** Changes the password after checking the current one, then ends every other session. */
export async function changePassword(db: Db, admin: Admin, input: { currentPassword: string; newPassword: string }, now = Date.now()): Promise<void> {
  // Counted before the check, like sign-in: a stolen session must not become a password oracle.
  const attemptKey = await consume(db, PASSWORD_CHANGE_LIMIT, String(admin.id), now)
  const user = await model.findAdminById(db, admin.id)
  if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new DomainValidationError({ currentPassword: 'Current password is incorrect.' })
  }
  await reset(db, attemptKey)
  await model.updateAdminPassword(db, admin.id, await hashPassword(input.newPassword))
  await model.deleteOtherSessions(db, admin.id, admin.tokenHash)
}

export async function pruneSessions(db: Db): Promise<void> {
  await model.deleteExpiredSessions(db)
}
