import { randomBytes } from 'node:crypto'
import type { Db } from '~/db/db.server.ts'
import { can, openBeforeSetUp, ROLE_LABELS, type Role } from '~/lib/permissions.ts'
import * as admins from '~/models/admin.server.ts'
import * as model from '~/models/people.server.ts'
import { findSettingValues, upsertSettingValues } from '~/models/settings.server.ts'
import { nameOf, refuseApiToken, requirePermission, type Admin, type Origin } from './actor.server.ts'
import { securityChanged } from './security-notice.server.ts'
import { DomainValidationError, NotFoundError } from '~/infra/errors.server.ts'
import { hashPassword } from '~/infra/passwords.server.ts'
import { recordActivity } from './activity-log.server.ts'
import { requireSudo } from './sudo.server.ts'
import { announceContentChange } from '~/infra/content-events.server.ts'

export type { PersonRow } from '~/models/people.server.ts'

/*
 * The people of the back office: the set-up gate (a one-time password to replace, a second factor
 * the owner requires), roles and access, one's own profile and notice address, and the person made
 * from the shell. Invitations are in invitations.server.ts, API tokens in api-tokens.server.ts.
 */

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
