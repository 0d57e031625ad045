import { createHash } from 'node:crypto'
import { can, isRole, ROLE_LABELS, type Permission, type Role } from '~/lib/permissions.ts'
import { ForbiddenError } from '~/infra/errors.server.ts'

/**
 * The acting person, passed explicitly to every admin operation: who they are and their role
 * (app/lib/permissions.ts). `tokenHash` is the session's; a call with an API token has
 * `via: 'token'` and a tokenHash that matches no session (so it never has sudo mode).
 */
export type Admin = {
  id: number
  username: string
  role: Role
  /** The name shown on posts and signed replies (the username when none was given). */
  displayName: string
  tokenHash: string
  expiresAt: string
  /** Signed in with a one-time password (`npm run admin:create`/`admin:reset`): must choose their own first. */
  mustChangePassword?: boolean
  via?: 'session' | 'token'
}

/** A person's shown name: their display name, or the username. */
export const nameOf = (p: { displayName: string; username: string }) => p.displayName.trim() || p.username

/** What is kept of a secret token (a session's, a link's, an API token's): its SHA-256, in hex. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * The full address of the page a mailed link's token opens (an invitation, a password reset, a
 * proposal): the route knows the site's address and paths, the service only the token.
 */
export type LinkFor = (token: string) => string

/** Where a sign-in comes from: the address counts attempts, both are shown in the sessions list. */
export type Origin = { ip: string; userAgent?: string | null }

/** "Priya (owner)": a person's shown name and role, as security notices name them. */
export function personLabel(p: { displayName: string; username: string; role: string }): string {
  return `${nameOf(p)} (${isRole(p.role) ? ROLE_LABELS[p.role].toLowerCase() : p.role})`
}

/**
 * Throws ForbiddenError when the person acts with an API token: how a person signs in (their
 * password, factors, notice address, tokens) changes only from a signed-in session (issue 33).
 */
export function refuseApiToken(admin: Pick<Admin, 'via'>): void {
  if (admin.via === 'token') throw new ForbiddenError('session', 'An API token cannot change how a person signs in: use the back office.')
}

/** Throws ForbiddenError unless the acting person's role has `permission`. */
export function requirePermission(admin: Pick<Admin, 'role'>, permission: Permission): void {
  if (!can(admin.role, permission)) throw new ForbiddenError(permission)
}
