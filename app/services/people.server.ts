import { randomBytes } from 'node:crypto'
import type { Db } from '~/db/db.server.ts'
import { can, isRole, openBeforeSetUp, ROLE_LABELS, type Role } from '~/lib/permissions.ts'
import * as admins from '~/models/admin.server.ts'
import { insertOutboxMail } from '~/models/outbox.server.ts'
import * as model from '~/models/people.server.ts'
import { findSettingValues, upsertSettingValues } from '~/models/settings.server.ts'
import { API_TOKEN_DEFAULT_DAYS, INVITATION_DAYS } from '~/lib/people-schemas.ts'
import { isUniqueViolation } from '~/models/blog.server.ts'
import { hashToken, nameOf, refuseApiToken, requirePermission, type Admin, type Origin } from './actor.server.ts'
import { openSession } from './auth.server.ts'
import { securityChanged } from './security-notice.server.ts'
import { DomainValidationError, NotFoundError } from './errors.server.ts'
import { hashPassword } from './passwords.server.ts'
import { recordActivity } from './activity-log.server.ts'
import { getSettings } from './settings.server.ts'
import { requireSudo } from './sudo.server.ts'
import { announceContentChange } from './content-events.server.ts'

export type { PersonRow } from '~/models/people.server.ts'

const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60_000
/** The settings key of "require two-step sign-in or a passkey for everyone". */
const REQUIRE_SECOND_FACTOR = 'people.requireSecondFactor'

/** What a person must do before anything else: replace a one-time password, or add a second factor the owner requires. */
export type SetUpNeeded = 'password' | 'second-factor' | null

/**
 * The one "finish setting up your sign-in first" gate, for the API and the pages alike: what the
 * person must do before opening `key` (an API call, or a page's path below the admin path), or
 * null when nothing is needed or `key` is one of the set-up calls and pages (BEFORE_SET_UP).
 */
export async function setUpBefore(
  db: Db,
  admin: Pick<Admin, 'id' | 'mustChangePassword'>,
  where: 'api' | 'pages',
  key: string,
): Promise<SetUpNeeded> {
  return openBeforeSetUp(where, key) ? null : setUpNeeded(db, admin)
}

export async function setUpNeeded(db: Db, admin: Pick<Admin, 'id' | 'mustChangePassword'>): Promise<SetUpNeeded> {
  if (admin.mustChangePassword) return 'password'
  if (!(await secondFactorRequired(db))) return null
  if (await model.hasTotp(db, admin.id)) return null
  return (await model.countPasskeys(db, admin.id)) > 0 ? null : 'second-factor'
}

export async function secondFactorRequired(db: Db): Promise<boolean> {
  return (await findSettingValues(db))[REQUIRE_SECOND_FACTOR] === true
}

/** The owner requires (or stops requiring) two-step sign-in or a passkey for everyone (sudo mode). */
export async function setSecondFactorRequired(db: Db, admin: Admin, on: boolean, now = Date.now()): Promise<void> {
  requirePermission(admin, 'people')
  await requireSudo(db, admin, now)
  await upsertSettingValues(db, { [REQUIRE_SECOND_FACTOR]: on })
  await recordActivity(db, {
    action: 'people.second-factor',
    itemType: 'settings',
    itemLabel: 'People',
    detail: on ? 'Two-step sign-in or a passkey required for everyone.' : 'No longer required for everyone.',
  })
}

export async function listPeople(
  db: Db,
  admin: Admin,
): Promise<{ people: model.PersonRow[]; invitations: Awaited<ReturnType<typeof model.findOpenInvitations>> }> {
  requirePermission(admin, 'people')
  return { people: await model.findPeople(db), invitations: await model.findOpenInvitations(db) }
}

/** The people a lead can be assigned to: the active ones whose role includes the lead desk. */
export async function listAssignees(db: Db): Promise<{ id: number; name: string }[]> {
  return (await model.findPeople(db))
    .filter((p) => p.status === 'active' && can(p.role, 'leads'))
    .map((p) => ({ id: p.id, name: nameOf(p) }))
}

/**
 * Invites a person (sudo mode): a random link token, kept as its SHA-256, valid 7 days, mailed
 * through the outbox to `email`. `linkFor` makes the link from the token (the route knows the
 * site's address and the admin path). Returns the invitation's id.
 */
export async function invitePerson(
  db: Db,
  admin: Admin,
  input: { email: string; role: Role; displayName?: string },
  linkFor: (token: string) => string,
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
  linkFor: (token: string) => string,
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

async function otherPerson(db: Db, admin: Admin, id: number): Promise<model.PersonRow> {
  const person = await model.findPerson(db, id)
  if (!person || person.status === 'removed') throw new NotFoundError('No such person.')
  if (person.id === admin.id) throw new DomainValidationError({ id: 'You cannot change your own role or access here. Another owner can.' })
  return person
}

/** The last active owner keeps the role: the site always has someone who can manage people. */
async function keepAnOwner(db: Db, person: model.PersonRow): Promise<void> {
  if (person.role === 'owner' && person.status === 'active' && (await model.countActiveOwners(db)) <= 1) {
    throw new DomainValidationError({ id: 'The site needs an owner: make someone else owner first.' })
  }
}

/** A new role (sudo mode). The person's sessions stay; every page checks the role afresh. */
export async function changeRole(db: Db, admin: Admin, id: number, role: Role, now = Date.now()): Promise<void> {
  requirePermission(admin, 'people')
  await requireSudo(db, admin, now)
  const person = await otherPerson(db, admin, id)
  if (role !== 'owner') await keepAnOwner(db, person)
  await model.updatePerson(db, id, { role })
  await recordActivity(db, {
    action: 'person.role',
    itemType: 'person',
    itemId: id,
    itemLabel: person.username,
    detail: `${ROLE_LABELS[person.role as Role] ?? person.role} to ${ROLE_LABELS[role]}.`,
  })
}

/**
 * Suspends, restores or removes a person (sudo mode). Suspending or removing ends their sessions
 * at once (they live in the database, so on every instance) and deletes their API tokens, so
 * restoring a suspended person brings none back; every session read also checks the person is
 * active. A removed person's row stays for their posts' byline.
 */
export async function setPersonStatus(
  db: Db,
  admin: Admin,
  id: number,
  status: 'active' | 'suspended' | 'removed',
  now = Date.now(),
): Promise<void> {
  requirePermission(admin, 'people')
  await requireSudo(db, admin, now)
  const person = await otherPerson(db, admin, id)
  if (status !== 'active') await keepAnOwner(db, person)
  await model.updatePerson(db, id, { status })
  if (status !== 'active') {
    await admins.deleteAllSessions(db, id)
    await model.deleteApiTokens(db, id)
  }
  const action = status === 'active' ? 'person.restore' : status === 'suspended' ? 'person.suspend' : 'person.remove'
  await recordActivity(db, { action, itemType: 'person', itemId: id, itemLabel: person.username })
}

/** One's own name (shown on posts and signed replies) and picture. */
export async function updateProfile(db: Db, admin: Admin, input: { displayName: string; picture: string }): Promise<void> {
  await model.updatePerson(db, admin.id, input)
  await recordActivity(db, {
    action: 'person.profile',
    itemType: 'person',
    itemId: admin.id,
    itemLabel: admin.username,
    detail: `Display name "${input.displayName}".`,
  })
  // Their posts' pages and the feed show the new byline.
  await announceContentChange(db)
}

/**
 * Posts with their author as a person: a post written by someone with a display name shows that
 * name and their picture; the sample and imported posts (no person) keep their `author` text.
 */
export async function withBylines<T extends { authorId: number | null; author: string }>(
  db: Db,
  posts: T[],
): Promise<(T & { authorPicture: string })[]> {
  const names = await model.findNames(db, [...new Set(posts.map((p) => p.authorId).filter((id): id is number => id !== null))])
  return posts.map((p) => {
    const person = p.authorId === null ? undefined : names.get(p.authorId)
    const name = person?.displayName.trim()
    return { ...p, author: name || p.author, authorPicture: (name && person?.picture) || '' }
  })
}

/** Sets (or, with '', clears) the zone one reads the back office in (docs/decisions/070); the zone was checked (OwnTimeZoneSchema). */
export async function setOwnTimeZone(db: Db, admin: Admin, zone: string): Promise<void> {
  await model.updatePerson(db, admin.id, { timeZone: zone || null })
  await recordActivity(db, {
    action: 'person.profile',
    itemType: 'person',
    itemId: admin.id,
    itemLabel: admin.username,
    detail: zone ? `Own time zone ${zone}.` : "Time zone: the agency's.",
  })
}

export async function getProfile(db: Db, admin: Admin): Promise<model.PersonRow> {
  const person = await model.findPerson(db, admin.id)
  if (!person) throw new NotFoundError()
  return person
}

/**
 * `npm run admin:create`: a person made from the shell with a one-time password, returned to be
 * printed once; they must choose their own at first sign-in. `email` is where their security
 * notices (and password reset links) go; the notice of their creation goes there too.
 */
export async function createPersonFromShell(db: Db, username: string, role: Role, email?: string): Promise<{ password: string }> {
  if (await model.usernameTaken(db, username))
    throw new DomainValidationError({
      username: `A person named "${username}" already exists: use npm run admin:reset -- --username ${username}`,
    })
  if (email && (await model.emailTaken(db, email)))
    throw new DomainValidationError({ email: `Someone in the back office already has the email address ${email}.` })
  const password = randomBytes(12).toString('base64url')
  const id = await admins.insertAdmin(db, username, await hashPassword(password), { role, mustChangePassword: true, email: email ?? null })
  await recordActivity(db, {
    action: 'person.create',
    itemType: 'person',
    itemId: id,
    itemLabel: username,
    detail: `As ${ROLE_LABELS[role]}, with a one-time password.`,
  })
  await securityChanged(db, { id }, (who) => `${who} was created on the server (npm run admin:create).`, undefined, { keepSessions: true })
  return { password }
}

/**
 * One's own email address, where one's security notices and password reset links go (sudo mode:
 * a stolen session must not move the notices first and then change the sign-in quietly). The
 * notice of the change goes to where notices went before it: the old address (or, with none on
 * file, the owners').
 */
export async function updateNoticeEmail(db: Db, admin: Admin, email: string, now = Date.now(), origin?: Origin): Promise<void> {
  refuseApiToken(admin)
  const person = await admins.findAdminById(db, admin.id)
  if (!person) throw new NotFoundError()
  if ((person.email ?? '').toLowerCase() === email.toLowerCase()) return
  await requireSudo(db, admin, now)
  if (await model.emailTaken(db, email, admin.id))
    throw new DomainValidationError({ email: 'Someone in the back office already has this email address.' })
  const before = await model.findNoticeAddresses(db, admin.id)
  await model.updatePerson(db, admin.id, { email })
  await recordActivity(db, {
    action: 'person.email',
    itemType: 'person',
    itemId: admin.id,
    itemLabel: admin.username,
    detail: 'New email address for security notices.',
  })
  await securityChanged(
    db,
    admin,
    (who) => `The email address of ${who}, where their security notices go, was changed from ${person.email ?? 'none'} to ${email}.`,
    origin,
    {
      notify: before,
      keepSessions: true,
    },
  )
}

// --- API tokens -----------------------------------------------------------------------------

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
