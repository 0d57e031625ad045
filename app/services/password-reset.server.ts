import { randomBytes } from 'node:crypto'
import type { Db } from '~/db/db.server.ts'
import { PASSWORD_RESET_MINUTES } from '~/lib/people-schemas.ts'
import * as admins from '~/models/admin.server.ts'
import { insertOutboxMail } from '~/models/outbox.server.ts'
import * as people from '~/models/people.server.ts'
import * as factors from '~/models/sign-in-factors.server.ts'
import { recordAccountActivity } from './activity-log.server.ts'
import type { AfterAnswer } from '~/infra/after-answer.server.ts'
import { hashToken, type Admin, type LinkFor, type Origin } from './actor.server.ts'
import { securityChanged } from './security-notice.server.ts'
import { DomainValidationError, NotFoundError } from '~/infra/errors.server.ts'
import { hashPassword } from '~/infra/passwords.server.ts'
import { requirePermission } from './actor.server.ts'
import {
  PASSWORD_RESET_ACCOUNT_LIMIT,
  PASSWORD_RESET_ADDRESS_LIMIT,
  addressSubject,
  consume,
  withinLimit,
} from '~/infra/rate-limit.server.ts'
import { getSettings } from './settings.server.ts'
import { requireSudo } from './sudo.server.ts'

/**
 * Password reset by mail (issue 23, docs/decisions/047). A link carries a 32-byte random token;
 * only its SHA-256 is kept, as an `auth_challenges` row of kind `password-reset` for the person,
 * valid one hour. A newer link deletes the older ones; following one (once: the row is deleted in
 * the statement that takes it) sets the password and ends every session. The person's second
 * factor, passkeys and API tokens are left as they were: a link replaces only the password.
 */
const KIND = 'password-reset'
const RESET_MS = PASSWORD_RESET_MINUTES * 60_000

/** The one answer "Forgot your password?" gives, whoever was named. */
export const RESET_REQUESTED = 'If that account exists, a link is on its way to its email address.'
/**
 * The same one answer while mail is not set up (no SMTP_URL; issue 36): the link is made and
 * kept in the outbox, so saying it was sent would leave the person waiting for nothing. It names
 * no account either.
 */
export const RESET_REQUESTED_NO_MAIL =
  'If that account exists, a link for its email address is kept in the outbox of this site, but the site cannot send mail yet: ask the owner of the site to set mail up, or to reset your password.'

export class ResetLinkUnusableError extends Error {
  constructor() {
    super('This password reset link is not valid: it was used, a newer one was sent, or it has expired. Ask for a new one.')
  }
}

/** Makes a new link for the person (older ones stop working) and mails it through the outbox. */
async function mailResetLink(
  db: Db,
  person: { id: number; username: string; email: string },
  linkFor: LinkFor,
  now: number,
  askedBy: string,
): Promise<void> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now + RESET_MS)
  await factors.deleteUserChallenges(db, person.id, KIND)
  await factors.insertChallenge(db, {
    tokenHash: hashToken(token),
    kind: KIND,
    userId: person.id,
    data: '{}',
    expiresAt: expiresAt.toISOString(),
  })
  const { siteName } = await getSettings(db)
  await insertOutboxMail(db, {
    toAddress: person.email,
    subject: `Choose a new password for the back office of ${siteName}`,
    body: [
      `${askedBy} asked for a new password for your account "${person.username}" on the back office of ${siteName}.`,
      '',
      `Choose it here (the link works once, for ${PASSWORD_RESET_MINUTES} minutes, until ${expiresAt.toUTCString()}):`,
      linkFor(token),
      '',
      'Your two-step sign-in and passkeys stay as they are: you will still need them to sign in.',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  })
}

/**
 * The owner sends a person a reset link (Settings > People, sudo mode), to the email address on
 * file. A person without one, or suspended or removed, gets none (a field error says why).
 */
export async function sendPasswordReset(db: Db, admin: Admin, id: number, linkFor: LinkFor, now = Date.now()): Promise<void> {
  requirePermission(admin, 'people')
  await requireSudo(db, admin, now)
  const person = await people.findPerson(db, id)
  if (!person || person.status === 'removed') throw new NotFoundError('No such person.')
  if (person.status !== 'active') throw new DomainValidationError({ id: 'Restore this person before sending them a reset link.' })
  if (!person.email)
    throw new DomainValidationError({
      id: `${person.username} has no email address on file: use npm run admin:reset -- --username ${person.username} on the server.`,
    })
  await mailResetLink(db, { id: person.id, username: person.username, email: person.email }, linkFor, now, admin.displayName)
  await recordAccountActivity(db, person, 'password.reset-link', {
    detail: 'Made by the owner for the email address on file, through the outbox.',
  })
}

/**
 * "Forgot your password?": `account` is a username or an email address. Counted per address
 * (RateLimitedError beyond five an hour, whatever was named); an active person with an email
 * address on file is mailed a link, at most three an hour. Nobody, a suspended or removed
 * person, a person without an email address, or one over their three get nothing, and the caller
 * gives the same answer (RESET_REQUESTED) in every case.
 * Only the address's count happens before the answer: who was named, and their link, are handed
 * to `later` (issue 33: making and mailing the link before answering told known names by time).
 */
export async function requestPasswordReset(
  db: Db,
  input: { account: string } & Origin,
  linkFor: LinkFor,
  later: Pick<AfterAnswer, 'add'>,
  now = Date.now(),
): Promise<void> {
  await consume(db, PASSWORD_RESET_ADDRESS_LIMIT, addressSubject(input.ip), now)
  later.add('password reset link', () => mailRequestedLink(db, input.account, linkFor, now))
}

/** The part of "Forgot your password?" nobody waits for: the named person's link, if they get one. */
async function mailRequestedLink(db: Db, account: string, linkFor: LinkFor, now: number): Promise<void> {
  const person = await people.findActivePersonByAccount(db, account)
  if (!person?.email) return
  if (!(await withinLimit(db, PASSWORD_RESET_ACCOUNT_LIMIT, String(person.id), now))) return
  await mailResetLink(db, { id: person.id, username: person.username, email: person.email }, linkFor, now, 'Someone (you, we hope)')
  await recordAccountActivity(db, person, 'password.reset-link', {
    detail: 'Asked for on the sign-in page; for the email address on file, through the outbox.',
    person: { id: null, name: 'Not signed in' },
  })
}

/** The person a link is for while it works (unused, newest, unexpired, person active), else undefined. */
export async function findResetLink(db: Db, token: string, now = Date.now()): Promise<{ username: string } | undefined> {
  const row = await factors.findChallenge(db, hashToken(token), KIND, new Date(now).toISOString())
  const person = row?.userId ? await people.findPerson(db, row.userId) : undefined
  return person?.status === 'active' ? { username: person.username } : undefined
}

/**
 * Sets the password the link's person chose: the link is taken (once, even if sent twice at
 * once), every session of theirs ends and any other waiting link or sign-in step is dropped, a
 * notice is mailed as for any password change, and the change is recorded (never the token).
 * Their API tokens are revoked, as for any password change (issue 33); their two-step sign-in and passkeys stay. They sign in afterwards, as usual.
 */
export async function resetPasswordWithLink(
  db: Db,
  token: string,
  newPassword: string,
  origin: Origin,
  now = Date.now(),
): Promise<{ username: string }> {
  if (!(await findResetLink(db, token, now))) throw new ResetLinkUnusableError()
  const passwordHash = await hashPassword(newPassword)
  const taken = await factors.takeChallenge(db, hashToken(token), KIND, new Date(now).toISOString())
  const person = taken?.userId ? await admins.findAdminById(db, taken.userId) : undefined
  if (!person || person.status !== 'active') throw new ResetLinkUnusableError()
  await admins.updateAdminPassword(db, person.id, passwordHash)
  await factors.deleteUserChallenges(db, person.id, KIND)
  await factors.deleteUserChallenges(db, person.id, 'second-step')
  const who = { id: person.id, name: person.username }
  await recordAccountActivity(db, person, 'password.reset-by-link', {
    detail: 'New password chosen from a mailed link; every session ended, every API token revoked.',
    person: who,
  })
  // Every session ends (no session of theirs is kept) and, as for any password change, every
  // API token (issue 33); the notice goes to the person's own email.
  await securityChanged(db, { id: person.id }, (label) => `The password of ${label} was reset with a link mailed to them.`, origin, {
    revokeTokens: true,
  })
  return { username: person.username }
}
