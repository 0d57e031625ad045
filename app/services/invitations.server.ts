import { randomBytes } from 'node:crypto'
import type { Db } from '~/db/db.server.ts'
import { isRole, ROLE_LABELS, type Role } from '~/lib/permissions.ts'
import * as admins from '~/models/admin.server.ts'
import { insertOutboxMail } from '~/models/outbox.server.ts'
import * as model from '~/models/people.server.ts'
import { INVITATION_DAYS } from '~/lib/people-schemas.ts'
import { isUniqueViolation } from '~/models/blog.server.ts'
import { hashToken, requirePermission, type Admin, type LinkFor, type Origin } from './actor.server.ts'
import { openSession } from './auth.server.ts'
import { DomainValidationError, NotFoundError } from '~/infra/errors.server.ts'
import { hashPassword } from '~/infra/passwords.server.ts'
import { recordActivity } from './activity-log.server.ts'
import { getSettings } from './settings.server.ts'
import { requireSudo } from './sudo.server.ts'

/**
 * Inviting people to the back office: the owner's invitations (made, renewed and revoked in sudo
 * mode, each a link whose token is kept only as its SHA-256) and the invitee's side, who chooses a
 * username and password with the link and is signed in.
 */

const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60_000

/**
 * Invites a person (sudo mode): a random link token, kept as its SHA-256, valid 7 days, mailed
 * through the outbox to `email`. `linkFor` makes the link from the token (the route knows the
 * site's address and the admin path). Returns the invitation's id.
 */
export async function invitePerson(
  db: Db,
  admin: Admin,
  input: { email: string; role: Role; displayName?: string },
  linkFor: LinkFor,
  now = Date.now(),
): Promise<number> {
  requirePermission(admin, 'people')
  await requireSudo(db, admin, now)
  if (await model.emailTaken(db, input.email))
    throw new DomainValidationError({ email: 'Someone in the back office already has this email address.' })
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now + INVITATION_MS)
  const id = await model.insertInvitation(db, {
    tokenHash: hashToken(token),
    email: input.email,
    role: input.role,
    displayName: input.displayName ?? '',
    invitedBy: admin.id,
    createdAt: new Date(now).toISOString(),
    expiresAt: expiresAt.toISOString(),
  })
  await recordActivity(db, {
    action: 'person.invite',
    itemType: 'person',
    itemLabel: input.email,
    detail: `As ${ROLE_LABELS[input.role]}; invitation ${id}.`,
  })
  const { siteName } = await getSettings(db)
  await insertOutboxMail(db, {
    toAddress: input.email,
    subject: `You are invited to the back office of ${siteName}`,
    body: [
      `${admin.displayName} invited you to the back office of ${siteName} as ${ROLE_LABELS[input.role]}.`,
      '',
      'Choose your username and password here (the link works once, until ' + expiresAt.toUTCString() + '):',
      linkFor(token),
      '',
      'If you did not expect this, ignore this mail: nothing happens without the link.',
    ].join('\n'),
  })
  return id
}

export async function revokeInvitation(db: Db, admin: Admin, id: number, now = Date.now()): Promise<void> {
  requirePermission(admin, 'people')
  await requireSudo(db, admin, now)
  if (!(await model.revokeInvitation(db, id, new Date(now).toISOString())))
    throw new NotFoundError('That invitation was already used or revoked.')
  await recordActivity(db, { action: 'person.invitation-revoke', itemType: 'person', itemLabel: `Invitation ${id}` })
}

/**
 * A new link for an open invitation (sudo mode; issue 36): only the token's hash is stored, so the
 * link mailed first cannot be shown again. This makes a new token, keeps its hash in place of the
 * old one (the mailed link stops working; the expiry stays) and returns the new link, to be shown
 * once and sent by hand.
 */
export async function renewInvitationLink(
  db: Db,
  admin: Admin,
  id: number,
  linkFor: LinkFor,
  now = Date.now(),
): Promise<{ email: string; link: string }> {
  requirePermission(admin, 'people')
  await requireSudo(db, admin, now)
  const token = randomBytes(32).toString('base64url')
  const row = await model.replaceInvitationToken(db, id, hashToken(token), new Date(now).toISOString())
  if (!row) throw new NotFoundError('That invitation was already used, revoked or has expired.')
  await recordActivity(db, {
    action: 'person.invitation-link',
    itemType: 'person',
    itemLabel: row.email,
    detail: `New link for invitation ${id}; the old one no longer works.`,
  })
  return { email: row.email, link: linkFor(token) }
}

export class InvitationUnusableError extends Error {
  constructor() {
    super('This invitation link is not valid: it was used, revoked or has expired. Ask the person who invited you for a new one.')
  }
}

/** The open invitation a link's token belongs to, or undefined. */
export async function findOpenInvitation(
  db: Db,
  token: string,
  now = Date.now(),
): Promise<{ email: string; role: Role; displayName: string } | undefined> {
  const row = await model.findInvitationByHash(db, hashToken(token))
  if (!row || row.usedAt || row.revokedAt || row.expiresAt <= new Date(now).toISOString() || !isRole(row.role)) return undefined
  return { email: row.email, role: row.role, displayName: row.displayName }
}

/**
 * The invitee chooses a username and password: the invitation is used (once, even if sent twice
 * at once), the person is made with the invited role and signed in. Their passkeys and two-step
 * sign-in are their own to add afterwards (Settings > Security). The invitation is used in the
 * transaction that makes the person: when another invitation took the same username a moment
 * before (any letter case), this one answers "That username was just taken" and stays usable.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  input: { username: string; displayName: string; newPassword: string },
  origin: Origin,
  now = Date.now(),
): Promise<{ token: string; expiresAt: string }> {
  const invitation = await findOpenInvitation(db, token, now)
  if (!invitation) throw new InvitationUnusableError()
  if (await model.usernameTaken(db, input.username))
    throw new DomainValidationError({ username: 'That username is taken. Choose another.' })
  const passwordHash = await hashPassword(input.newPassword)
  let id: number
  try {
    id = await db.transaction().execute(async (trx) => {
      if (!(await model.claimInvitation(trx, hashToken(token), new Date(now).toISOString()))) throw new InvitationUnusableError()
      return admins.insertAdmin(trx, input.username, passwordHash, {
        role: invitation.role,
        displayName: input.displayName,
        email: invitation.email,
      })
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainValidationError({ username: 'That username was just taken. Choose another.' })
    throw err
  }
  await recordActivity(db, {
    action: 'person.join',
    itemType: 'person',
    itemId: id,
    itemLabel: input.username,
    detail: `As ${ROLE_LABELS[invitation.role]}, invited at ${invitation.email}.`,
    person: { id, name: input.username },
  })
  return openSession(db, id, origin, now)
}
