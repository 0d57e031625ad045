import { randomBytes } from 'node:crypto'
import type { Db } from '~/db/db.server.ts'
import { isRole } from '~/lib/permissions.ts'
import * as model from '~/models/people.server.ts'
import { API_TOKEN_DEFAULT_DAYS } from '~/lib/people-schemas.ts'
import { hashToken, nameOf, refuseApiToken, type Admin, type Origin } from './actor.server.ts'
import { securityChanged } from './security-notice.server.ts'
import { DomainValidationError, NotFoundError } from '~/infra/errors.server.ts'
import { recordActivity } from './activity-log.server.ts'
import { requireSudo } from './sudo.server.ts'

/**
 * A person's API tokens (issue 33, docs/decisions/052): made by the person themself in sudo mode,
 * shown once and kept as their SHA-256, listed, revoked, and read back from an
 * `Authorization: Bearer` header as the person they act for.
 */

export const API_TOKEN_PREFIX = 'lws_'

/**
 * A new API token for the person themself, in sudo mode (a stolen session cookie must not mint a
 * credential that outlives it): returned once, only its SHA-256 kept, valid until `expiresAt`
 * (30 days unless chosen; docs/decisions/052). A notice is mailed, as for any sign-in change.
 */
export async function createApiToken(
  db: Db,
  admin: Admin,
  name: string,
  opts: { expiresAt?: string; now?: number; origin?: Origin } = {},
): Promise<{ id: number; token: string; expiresAt: string }> {
  const now = opts.now ?? Date.now()
  refuseApiToken(admin)
  await requireSudo(db, admin, now)
  const expiresAt = opts.expiresAt ?? new Date(now + API_TOKEN_DEFAULT_DAYS * 24 * 60 * 60_000).toISOString()
  if (!(Date.parse(expiresAt) > now)) throw new DomainValidationError({ expiresOn: 'Choose a day after today.' })
  const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url')
  const id = await model.insertApiToken(db, {
    userId: admin.id,
    name,
    tokenHash: hashToken(token),
    createdAt: new Date(now).toISOString(),
    expiresAt,
  })
  await recordActivity(db, {
    action: 'token.create',
    itemType: 'token',
    itemId: id,
    itemLabel: name,
    detail: `Expires ${expiresAt.slice(0, 10)}.`,
  })
  await securityChanged(
    db,
    admin,
    (who) => `An API token ("${name}") was made for ${who}; it works until ${new Date(expiresAt).toUTCString()}.`,
    opts.origin,
    { keepSessions: true },
  )
  return { id, token, expiresAt }
}

export async function listApiTokens(db: Db, admin: Admin) {
  return model.findApiTokens(db, admin.id)
}

/** How many API tokens the person has (the Security page says a password change revokes them). */
export async function countOwnApiTokens(db: Db, admin: Admin): Promise<number> {
  return model.countApiTokens(db, admin.id)
}

export async function revokeApiToken(db: Db, admin: Admin, id: number): Promise<void> {
  if (!(await model.deleteApiToken(db, admin.id, id))) throw new NotFoundError('No such token.')
  await recordActivity(db, { action: 'token.revoke', itemType: 'token', itemId: id, itemLabel: `Token ${id}` })
}

/**
 * The person an `Authorization: Bearer` token belongs to, while they are active and the token
 * has not expired; undefined for an unknown, revoked or expired token or a suspended or removed
 * person. "Last used" is written at most once a minute.
 */
export async function authenticateApiToken(db: Db, token: string, now = Date.now()): Promise<Admin | undefined> {
  const tokenHash = hashToken(token)
  const row = await model.findApiTokenPerson(db, tokenHash)
  if (!row || !row.expiresAt || !(Date.parse(row.expiresAt) > now)) return undefined
  if (!row.lastUsedAt || Date.parse(row.lastUsedAt) < now - 60_000) await model.touchApiToken(db, row.tokenId, new Date(now).toISOString())
  return {
    id: row.userId,
    username: row.username,
    role: isRole(row.role) ? row.role : 'author',
    displayName: nameOf(row),
    // Matches no session: a token never has sudo mode.
    tokenHash: `api-token:${tokenHash}`,
    expiresAt: row.expiresAt,
    mustChangePassword: Boolean(row.mustChangePassword),
    via: 'token',
  }
}
