import { randomBytes } from 'node:crypto'
import type { Db } from '~/db/db.server.ts'
import { addressLimitKey } from '~/infra/address-limit-key.server.ts'
import { isRole } from '~/lib/permissions.ts'
import * as model from '~/models/admin.server.ts'
import { deleteExpiredRows } from '~/models/expiry.server.ts'
import { deleteApiTokens } from '~/models/people.server.ts'
import * as factors from '~/models/sign-in-factors.server.ts'
import { hashToken, nameOf, type Admin, type Origin } from './actor.server.ts'
import { recordAccountActivity, recordActivity } from './activity-log.server.ts'
import { InvalidCredentialsError, RateLimitedError, UnauthorizedError } from '~/infra/errors.server.ts'
import { burnPasswordCheck, hashPassword, verifyPassword } from '~/infra/passwords.server.ts'
import { redeemRecoveryCode } from './recovery-codes.server.ts'
import type { SecretKey } from '~/infra/secret-box.server.ts'
import { securityChanged } from './security-notice.server.ts'
import { getSettings } from './settings.server.ts'
import { confirmPassword } from './sudo.server.ts'
import { acceptTotpCode, resetTwoStep } from './totp.server.ts'
import {
  KNOWN_ADDRESS_MS,
  LOGIN_ACCOUNT_LIMIT,
  LOGIN_ACCOUNT_SLOW_LANE,
  LOGIN_ADDRESS_LIMIT,
  addressSubject,
  consume,
  limitKey,
  refund,
  remember,
  remembered,
  reset,
} from '~/infra/rate-limit.server.ts'

/** Spec: an admin session lasts 24 hours from sign-in (absolute, not sliding). */
export const SESSION_LIFETIME_MS = 24 * 60 * 60_000
/** A right password waits this long for its second step. */
export const SECOND_STEP_MS = 5 * 60_000
/** Codes one waiting second step takes (right or wrong); after five wrong ones it is deleted. */
export const SECOND_STEP_TRIES = 5
/** "Last seen" is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000

/** The password was right and the account asks for a code: the browser keeps `token` for the next step. */
export class SecondStepRequiredError extends UnauthorizedError {
  constructor() {
    super('Two-step sign-in is on for this account: sign in on the login page.')
  }
}
/** The waiting second step ran out (or was used): start again with the password. */
export class SecondStepExpiredError extends UnauthorizedError {
  constructor() {
    super('Your sign-in timed out. Please enter your password again.')
  }
}
/** A waiting second step had its five wrong codes: it is gone, and sign-in starts again. */
export class SecondStepExhaustedError extends SecondStepExpiredError {
  constructor() {
    super()
    this.message = 'Too many wrong codes. Please enter your password again.'
  }
}
export class InvalidCodeError extends Error {
  constructor() {
    super('That code is not valid. Please try again.')
  }
}

export type PasswordStepResult =
  { kind: 'session'; token: string; expiresAt: string } | { kind: 'second-step'; token: string; expiresAt: string }

/** Opens a session for a user whose sign-in is complete. */
export async function openSession(db: Db, userId: number, origin: Origin, now = Date.now()): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now + SESSION_LIFETIME_MS).toISOString()
  await model.insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    createdAt: new Date(now).toISOString(),
    expiresAt,
    ip: origin.ip,
    userAgent: origin.userAgent?.slice(0, 512) ?? null,
  })
  return { token, expiresAt }
}

/**
 * Creates the first admin (the owner) on an empty database. Without ADMIN_PASSWORD a random one
 * is generated and returned so the caller can print it once. Their security notices go to
 * `email` (ADMIN_EMAIL), or without it to the site's contact email as it is at this first start.
 */
export async function ensureAdmin(
  db: Db,
  username: string,
  password: string | undefined,
  email?: string,
): Promise<{ created: boolean; generatedPassword?: string }> {
  if ((await model.countAdmins(db)) > 0) return { created: false }
  const generated = password ? undefined : randomBytes(12).toString('base64url')
  const noticeEmail = email ?? (await getSettings(db)).contactEmail
  await model.insertAdmin(db, username, await hashPassword(password ?? generated!), { email: noticeEmail })
  return { created: true, generatedPassword: generated }
}

/**
 * Checks the credentials and opens a session. Every attempt is counted before the password is
 * hashed, in one atomic step (rate-limit.server.ts), so a burst cannot outrun the count:
 * - per address: 5 attempts per 15 minutes;
 * - per account, from addresses that never signed in to it: 10 attempts per 15 minutes, then one
 *   every 10 seconds. A spray from many addresses stays slow, and no one address can lock the
 *   admin out of another; the admin's usual addresses skip this limit altogether.
 * A right password gives its attempts back and clears the address's count. With two-step sign-in
 * on, a right password only opens the second step (completeSecondStep), and the address's count
 * is cleared when that succeeds, not before: a known password does not reset the code guesses.
 */
export async function signInWithPassword(
  db: Db,
  input: { username: string; password: string } & Origin,
  now = Date.now(),
): Promise<PasswordStepResult> {
  const account = input.username.toLowerCase()
  const addressKey = await consume(db, LOGIN_ADDRESS_LIMIT, addressSubject(input.ip), now)
  const knownKey = knownAddressKey(account, input.ip)
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
  // What a stranger typed as a username is not kept (it may be a password typed in the wrong field).
  if (!user || !ok)
    await recordActivity(db, {
      action: 'sign-in.failed',
      itemType: 'account',
      itemId: user?.id,
      itemLabel: user?.username ?? '(unknown username)',
      detail: user ? 'Wrong password.' : 'No such username.',
      person: NOT_SIGNED_IN,
    })
  // A suspended or removed person cannot sign in, whatever the password.
  if (!user || !ok || user.status !== 'active') throw new InvalidCredentialsError()
  if (accountKey) await refund(db, accountKey)
  if (user.totpSecret) {
    await refund(db, addressKey)
    const token = randomBytes(32).toString('base64url')
    const expiresAt = new Date(now + SECOND_STEP_MS).toISOString()
    await factors.insertChallenge(db, { tokenHash: hashToken(token), kind: 'second-step', userId: user.id, data: '{}', expiresAt })
    return { kind: 'second-step', token, expiresAt }
  }
  await reset(db, addressKey)
  await remember(db, knownKey, KNOWN_ADDRESS_MS, now)
  await recordAccountActivity(db, user, 'sign-in', { detail: 'With the password.', person: { id: user.id, name: user.username } })
  return { kind: 'session', ...(await openSession(db, user.id, input, now)) }
}

/**
 * Password-only sign-in (the JSON API): an account with two-step sign-in on is refused with
 * SecondStepRequiredError, since the API has no second step.
 */
export async function login(
  db: Db,
  input: { username: string; password: string } & Origin,
  now = Date.now(),
): Promise<{ token: string; expiresAt: string }> {
  const result = await signInWithPassword(db, input, now)
  if (result.kind === 'second-step') {
    await factors.deleteChallenge(db, hashToken(result.token))
    throw new SecondStepRequiredError()
  }
  return { token: result.token, expiresAt: result.expiresAt }
}

/** The username a waiting second step belongs to, or undefined when it ran out. */
export async function pendingSecondStep(db: Db, token: string | undefined, now = Date.now()): Promise<{ username: string } | undefined> {
  if (!token) return undefined
  const row = await factors.findChallenge(db, hashToken(token), 'second-step', new Date(now).toISOString())
  const user = row?.userId ? await model.findAdminById(db, row.userId) : undefined
  return user ? { username: user.username } : undefined
}

export async function cancelSecondStep(db: Db, token: string | undefined): Promise<void> {
  if (token) await factors.deleteChallenge(db, hashToken(token))
}

/**
 * The second step: a 6-digit authenticator code, or one of the recovery codes. Wrong codes count
 * like wrong passwords, in the same buckets: per address, and account-wide (slowing, never
 * locking) unless the code comes from an address the admin signed in from before, so a spray of
 * wrong passwords from strangers never slows the admin's own code. Each waiting step also takes
 * at most five codes (SECOND_STEP_TRIES): then it is deleted and the password is asked again,
 * which is throttled account-wide from unknown addresses.
 */
export async function completeSecondStep(
  db: Db,
  key: SecretKey,
  input: { token: string | undefined; code: string } & Origin,
  now = Date.now(),
): Promise<{ token: string; expiresAt: string; usedRecoveryCode: boolean }> {
  const tokenHash = input.token ? hashToken(input.token) : undefined
  const pending = tokenHash ? await factors.findChallenge(db, tokenHash, 'second-step', new Date(now).toISOString()) : undefined
  const user = pending?.userId ? await model.findAdminById(db, pending.userId) : undefined
  if (!tokenHash || !user || !user.totpSecret || user.status !== 'active') throw new SecondStepExpiredError()
  const account = user.username.toLowerCase()
  const addressKey = await consume(db, LOGIN_ADDRESS_LIMIT, addressSubject(input.ip), now)
  let accountKey: string | undefined
  if (!(await remembered(db, knownAddressKey(account, input.ip), now))) {
    try {
      accountKey = await consumeAccountAttempt(db, account, now)
    } catch (err) {
      await refund(db, addressKey)
      throw err
    }
  }
  // The step's own tries, counted in one statement (parallel codes cannot outrun it).
  if (!(await factors.countChallengeAttempt(db, tokenHash, 'second-step', SECOND_STEP_TRIES))) {
    await factors.deleteChallenge(db, tokenHash)
    await refund(db, addressKey)
    if (accountKey) await refund(db, accountKey)
    throw new SecondStepExhaustedError()
  }
  const code = input.code.trim()
  let usedRecoveryCode = false
  let ok: boolean
  if (/^\d{6}$/.test(code)) {
    try {
      ok = await acceptTotpCode(db, key, user, code, now)
    } catch (err) {
      // This server cannot open the secret (another SECRET_KEY): no code was tried.
      await refund(db, addressKey)
      if (accountKey) await refund(db, accountKey)
      throw err
    }
  } else {
    ok = await redeemRecoveryCode(db, user.id, code)
    usedRecoveryCode = ok
  }
  if (!ok) {
    await recordAccountActivity(db, user, 'sign-in.failed', { detail: 'Wrong two-step code.', person: NOT_SIGNED_IN })
    if (await factors.deleteSpentChallenge(db, tokenHash, 'second-step', SECOND_STEP_TRIES)) throw new SecondStepExhaustedError()
    throw new InvalidCodeError()
  }
  // One waiting step opens one session, even if two right codes raced.
  if (!(await factors.takeChallenge(db, tokenHash, 'second-step', new Date(now).toISOString()))) throw new SecondStepExpiredError()
  await reset(db, addressKey)
  if (accountKey) await refund(db, accountKey)
  await remember(db, knownAddressKey(account, input.ip), KNOWN_ADDRESS_MS, now)
  await recordAccountActivity(db, user, 'sign-in', {
    detail: usedRecoveryCode ? 'With the password and a recovery code.' : 'With the password and an authenticator code.',
    person: { id: user.id, name: user.username },
  })
  return { ...(await openSession(db, user.id, input, now)), usedRecoveryCode }
}

/** Who a sign-in that failed is recorded as: nobody is signed in yet. */
const NOT_SIGNED_IN = { id: null, name: 'Not signed in' }

/** An address the admin signed in from, known by its limit key (an IPv6 address by its /64: privacy addresses rotate in it). */
const knownAddressKey = (account: string, ip: string) => `login:known:${account}:${addressLimitKey(ip)}`

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
  if (!row.lastSeenAt || Date.parse(row.lastSeenAt) < now - TOUCH_EVERY_MS)
    await model.touchSession(db, tokenHash, new Date(now).toISOString())
  // An unknown role (a database edited by hand) gets the least: an author's.
  return {
    admin: {
      id: row.userId,
      username: row.username,
      role: isRole(row.role) ? row.role : 'author',
      displayName: nameOf(row),
      tokenHash,
      expiresAt: row.expiresAt,
      mustChangePassword: Boolean(row.mustChangePassword),
      via: 'session',
    },
  }
}

export async function requireSession(db: Db, token: string | undefined): Promise<Admin> {
  const s = await getSession(db, token)
  if (!s.admin) throw new UnauthorizedError(s.expired ? 'Session expired' : 'Authentication required')
  return s.admin
}

export async function logout(db: Db, token: string | undefined): Promise<void> {
  if (token) await model.deleteSessionByHash(db, hashToken(token))
}

/**
 * Changes the password after checking the current one, then ends every other session, revokes
 * every API token of the person (one may have been made by whoever knew the old password) and
 * says so by mail.
 */
export async function changePassword(
  db: Db,
  admin: Admin,
  input: { currentPassword: string; newPassword: string },
  now = Date.now(),
  origin?: Origin,
): Promise<void> {
  await confirmPassword(db, admin, input.currentPassword, now)
  await model.updateAdminPassword(db, admin.id, await hashPassword(input.newPassword))
  await recordAccountActivity(db, admin, 'password.change')
  await securityChanged(db, admin, (who) => `The password of ${who} was changed.`, origin, { revokeTokens: true })
}

/**
 * `npm run admin:reset`: the last resort, for whoever runs the server. A new random password
 * (returned to be printed once), two-step sign-in off, every passkey removed (one added with a
 * stolen session would otherwise outlive the reset), every session ended, every API token
 * revoked, and a notice mailed.
 */
export async function resetAdminAccess(
  db: Db,
  username: string,
): Promise<{ password: string; passkeysRemoved: number; tokensRevoked: number } | undefined> {
  const user = await model.findAdminByUsername(db, username)
  if (!user) return undefined
  const password = randomBytes(12).toString('base64url')
  await model.updateAdminPassword(db, user.id, await hashPassword(password))
  await resetTwoStep(db, user.id)
  const passkeysRemoved = await factors.deleteUserPasskeys(db, user.id)
  const tokensRevoked = await deleteApiTokens(db, user.id)
  await recordAccountActivity(db, user, 'password.reset', {
    detail: `New password, two-step sign-in off, ${passkeysRemoved} passkeys removed, ${tokensRevoked} API tokens revoked.`,
  })
  await securityChanged(
    db,
    { id: user.id },
    (who) =>
      `The password of ${who} was reset on the server (npm run admin:reset), two-step sign-in was turned off, every passkey (${passkeysRemoved}) was removed and every API token (${tokensRevoked}) was revoked.`,
  )
  return { password, passkeysRemoved, tokensRevoked }
}

export async function pruneSessions(db: Db): Promise<void> {
  await deleteExpiredRows(db, 'sessions')
  await deleteExpiredRows(db, 'authChallenges')
}
