import type { Db } from '~/db/db.server.ts'
import * as model from '~/models/admin.server.ts'
import { insertOutboxMail } from '~/models/outbox.server.ts'
import { deleteApiTokens, findNoticeAddresses } from '~/models/people.server.ts'
import { personLabel, type Admin, type Origin } from './actor.server.ts'
import { describeDevice } from '~/infra/device.server.ts'
import { getSettings } from './settings.server.ts'

/**
 * After a change to how a person signs in: every other session ends (every session, without
 * `tokenHash`), and a notice goes through the outbox to that person's own email (for someone
 * with none on file, to the active owners'), so a change they did not make is noticed; nobody
 * else can redirect it. `what` words the change with the person's name and role ("The password
 * of Priya (owner) was changed."). `notify` is the address (or addresses) on file before the change, when the
 * change is to that address itself; `keepSessions` leaves the other sessions alone (a change to
 * where notices go, not to sign-in); `revokeTokens` deletes every API token of the person.
 */
export async function securityChanged(
  db: Db,
  admin: Pick<Admin, 'id'> & { tokenHash?: string },
  what: (who: string) => string,
  origin?: Origin,
  opts: { notify?: string | string[]; keepSessions?: boolean; revokeTokens?: boolean } = {},
): Promise<void> {
  const person = await model.findAdminById(db, admin.id)
  if (!person) return
  if (!opts.keepSessions) {
    if (admin.tokenHash) await model.deleteOtherSessions(db, admin.id, admin.tokenHash)
    else await model.deleteAllSessions(db, admin.id)
  }
  const tokensRevoked = opts.revokeTokens ? await deleteApiTokens(db, admin.id) : 0
  const settings = await getSettings(db)
  const change = what(personLabel(person))
  const lines = [
    `Security change on the back office of ${settings.siteName}:`,
    '',
    change,
    '',
    `Account: ${person.username}`,
    `When: ${new Date().toUTCString()}`,
    ...(origin ? [`From address: ${origin.ip}`, ...(origin.userAgent ? [`Device: ${describeDevice(origin.userAgent)}`] : [])] : []),
    '',
    opts.keepSessions
      ? 'Signed-in sessions were not changed.'
      : admin.tokenHash
        ? 'Every other signed-in session has been ended.'
        : 'Every signed-in session has been ended.',
    ...(opts.revokeTokens ? [`Every API token of this account has been revoked (${tokensRevoked}): make new ones under Profile.`] : []),
    'If this was not you, sign in and change the password now, or run `npm run admin:reset` on the server.',
  ]
  const to = opts.notify !== undefined ? [opts.notify].flat() : await findNoticeAddresses(db, admin.id)
  for (const toAddress of new Set(to)) {
    await insertOutboxMail(db, { toAddress, subject: `Security change: ${change.replace(/\.$/, '')}`, body: lines.join('\n') })
  }
}
