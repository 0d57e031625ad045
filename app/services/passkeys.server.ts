import { randomBytes } from 'node:crypto'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { Db } from '~/db/db.server.ts'
import { findAdminById } from '~/models/admin.server.ts'
import * as factors from '~/models/sign-in-factors.server.ts'
import { hashToken, type Admin, type Origin } from './actor.server.ts'
import { openSession } from './auth.server.ts'
import { securityChanged } from './security-notice.server.ts'
import { DomainValidationError, NotFoundError } from '~/infra/errors.server.ts'
import { addressSubject, consume, LOGIN_ADDRESS_LIMIT, reset, type Limit } from '~/infra/rate-limit.server.ts'
import { recordAccountActivity, recordActivity } from './activity-log.server.ts'
import { requireSudo } from './sudo.server.ts'

/** The relying party: its ID is SITE_URL's host name, its origin SITE_URL's origin. */
export type RelyingParty = { id: string; origin: string; name: string }

export function relyingParty(siteUrl: string, name: string): RelyingParty {
  const url = new URL(siteUrl)
  return { id: url.hostname, origin: url.origin, name }
}

const CEREMONY_MS = 5 * 60_000

export class PasskeySignInError extends Error {
  constructor() {
    super('That passkey could not sign you in. Try again, or use your password.')
  }
}

export type PasskeyView = { id: number; name: string; createdAt: string; lastUsedAt: string | null }

export async function listPasskeys(db: Db, admin: Admin): Promise<PasskeyView[]> {
  const rows = await factors.listPasskeys(db, admin.id)
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.createdAt, lastUsedAt: r.lastUsedAt }))
}

// --- registration (signed in, Settings > Security) --------------------------------------------

/** Keyed by the session that asked: a challenge cannot be finished from another browser. */
const registerKey = (admin: Admin) => hashToken(`passkey-register:${admin.tokenHash}`)

/** Adding a passkey needs sudo mode (docs/decisions/027): asking for the options and saving it. */
export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  admin: Admin,
  now = Date.now(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  await requireSudo(db, admin, now)
  const existing = await factors.listPasskeys(db, admin.id)
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: admin.username,
    userID: new TextEncoder().encode(`admin-${admin.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: parseTransports(p.transports) })),
    // Discoverable (resident) and user-verified: the passkey alone signs in, with no username.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  await factors.deleteChallenge(db, registerKey(admin))
  await factors.insertChallenge(db, {
    tokenHash: registerKey(admin),
    kind: 'passkey-register',
    userId: admin.id,
    data: JSON.stringify({ challenge: options.challenge }),
    expiresAt: new Date(now + CEREMONY_MS).toISOString(),
  })
  return options
}

export async function registerPasskey(
  db: Db,
  rp: RelyingParty,
  admin: Admin,
  input: { response: RegistrationResponseJSON; name: string },
  now = Date.now(),
  origin?: Origin,
): Promise<PasskeyView> {
  await requireSudo(db, admin, now)
  const row = await factors.takeChallenge(db, registerKey(admin), 'passkey-register', new Date(now).toISOString())
  if (!row) throw new DomainValidationError({ passkey: 'Adding the passkey timed out. Please try again.' })
  const { challenge } = JSON.parse(row.data) as { challenge: string }
  const verification = await verifiedOr(
    () => verifyRegistrationResponse({ response: input.response, ...expected(rp, challenge) }),
    () => new DomainValidationError({ passkey: 'The passkey could not be checked. Please try again.' }),
  )
  const { credential } = verification.registrationInfo
  await factors.insertPasskey(db, {
    userId: admin.id,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ? JSON.stringify(credential.transports) : null,
    name: input.name,
  })
  await recordAccountActivity(db, admin, 'passkey.add', { detail: `Passkey "${input.name}".` })
  await securityChanged(db, admin, (who) => `A passkey ("${input.name}") was added for ${who}.`, origin)
  const saved = (await factors.listPasskeys(db, admin.id)).find((p) => p.credentialId === credential.id)!
  return { id: saved.id, name: saved.name, createdAt: saved.createdAt, lastUsedAt: saved.lastUsedAt }
}

export async function renamePasskey(db: Db, admin: Admin, id: number, name: string): Promise<void> {
  if (!(await factors.renamePasskey(db, admin.id, id, name))) throw new NotFoundError('That passkey is no longer registered.')
  await recordAccountActivity(db, admin, 'passkey.rename', { detail: `Passkey ${id} is now "${name}".` })
}

export async function removePasskey(db: Db, admin: Admin, id: number, origin?: Origin, now = Date.now()): Promise<void> {
  await requireSudo(db, admin, now)
  const removed = await factors.deletePasskey(db, admin.id, id)
  if (!removed) throw new NotFoundError('That passkey is no longer registered.')
  await recordAccountActivity(db, admin, 'passkey.remove', { detail: `Passkey "${removed.name}".` })
  await securityChanged(db, admin, (who) => `A passkey ("${removed.name}") of ${who} was removed.`, origin)
}

// --- sign-in (signed out, the login page) ----------------------------------------------------

/** Challenges handed out to one address (each is a row until it expires): plenty for a person. */
const OPTIONS_LIMIT: Limit = {
  name: 'passkey-options',
  max: 60,
  windowMs: 15 * 60_000,
  message: 'Too many passkey sign-in attempts. Please wait a few minutes.',
}

/** Options for a discoverable-credential sign-in; the browser keeps `token` for the answer. */
export async function signInOptions(
  db: Db,
  rp: RelyingParty,
  ip: string,
  now = Date.now(),
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; token: string; expiresAt: string }> {
  await consume(db, OPTIONS_LIMIT, addressSubject(ip), now)
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' })
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now + CEREMONY_MS).toISOString()
  await factors.insertChallenge(db, {
    tokenHash: hashToken(token),
    kind: 'passkey-sign-in',
    userId: null,
    data: JSON.stringify({ challenge: options.challenge }),
    expiresAt,
  })
  return { options, token, expiresAt }
}

/**
 * Checks a passkey's signature over our one-time challenge and opens a session. A user-verified
 * passkey is two factors in itself (the device, and the PIN or biometric that unlocks it), so no
 * code is asked for. Failures count against the address like wrong passwords.
 */
export async function signInWithPasskey(
  db: Db,
  rp: RelyingParty,
  input: { token: string | undefined; response: AuthenticationResponseJSON } & Origin,
  now = Date.now(),
): Promise<{ token: string; expiresAt: string }> {
  const addressKey = await consume(db, LOGIN_ADDRESS_LIMIT, addressSubject(input.ip), now)
  const row = input.token
    ? await factors.takeChallenge(db, hashToken(input.token), 'passkey-sign-in', new Date(now).toISOString())
    : undefined
  const passkey = row ? await factors.findPasskeyByCredentialId(db, input.response.id) : undefined
  if (!row || !passkey) throw new PasskeySignInError()
  const { challenge } = JSON.parse(row.data) as { challenge: string }
  const verification = await verifiedOr(
    () =>
      verifyAuthenticationResponse({
        response: input.response,
        ...expected(rp, challenge),
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: Number(passkey.counter),
          transports: parseTransports(passkey.transports) as never,
        },
      }),
    () => new PasskeySignInError(),
  )
  // A suspended or removed person's passkey still verifies: it must not open a session.
  const user = await findAdminById(db, passkey.userId)
  if (!user || user.status !== 'active') throw new PasskeySignInError()
  await factors.markPasskeyUsed(db, passkey.id, verification.authenticationInfo.newCounter)
  await reset(db, addressKey)
  await recordActivity(db, {
    action: 'sign-in',
    itemType: 'account',
    itemId: passkey.userId,
    itemLabel: user?.username ?? '',
    detail: `With the passkey "${passkey.name}".`,
    person: { id: passkey.userId, name: user?.username ?? '' },
  })
  return openSession(db, passkey.userId, input, now)
}

/** What every check of a passkey's answer expects: our challenge, our origin and id, and the person verified (PIN, fingerprint, face). */
const expected = (rp: RelyingParty, challenge: string) => ({
  expectedChallenge: challenge,
  expectedOrigin: rp.origin,
  expectedRPID: rp.id,
  requireUserVerification: true,
})

/** The library's verdict when it verifies; `refusal` when it does not, or cannot read the answer at all. */
async function verifiedOr<T extends { verified: boolean }>(
  verify: () => Promise<T>,
  refusal: () => Error,
): Promise<T & { verified: true }> {
  let verdict: T
  try {
    verdict = await verify()
  } catch {
    throw refusal()
  }
  if (!verdict.verified) throw refusal()
  return verdict as T & { verified: true }
}

function parseTransports(json: string | null): string[] | undefined {
  if (!json) return undefined
  try {
    const v: unknown = JSON.parse(json)
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : undefined
  } catch {
    return undefined
  }
}
