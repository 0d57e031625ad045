import type { Db } from '~/db/db.server.ts'
import * as model from '~/models/admin.server.ts'
import { deleteApiTokens } from '~/models/people.server.ts'
import type { Admin } from './actor.server.ts'
import { describeDevice } from '~/infra/device.server.ts'
import { NotFoundError } from '~/infra/errors.server.ts'
import { recordAccountActivity } from './activity-log.server.ts'
import { requireSudo } from './sudo.server.ts'

export type SessionView = {
  id: number
  device: string
  ip: string | null
  createdAt: string
  lastSeenAt: string | null
  current: boolean
}

export async function listSessions(db: Db, admin: Admin): Promise<SessionView[]> {
  const rows = await model.listSessions(db, admin.id)
  return rows.map((r) => ({
    id: r.id,
    device: describeDevice(r.userAgent),
    ip: r.ip,
    createdAt: r.createdAt,
    lastSeenAt: r.lastSeenAt,
    current: r.tokenHash === admin.tokenHash,
  }))
}

/**
 * Ends one of the admin's sessions (this one too, if asked: that is signing out). Ending another
 * one needs sudo mode: a stolen session must not sign the admin out.
 */
export async function endSession(db: Db, admin: Admin, id: number, now = Date.now()): Promise<void> {
  const tokenHash = await model.findSessionTokenHashById(db, admin.id, id)
  if (!tokenHash) throw new NotFoundError('That session has already ended.')
  if (tokenHash !== admin.tokenHash) await requireSudo(db, admin, now)
  if (!(await model.deleteSessionById(db, admin.id, id))) throw new NotFoundError('That session has already ended.')
  await recordAccountActivity(db, admin, 'session.end', {
    detail: tokenHash === admin.tokenHash ? 'This session (signed out).' : `Session ${id}.`,
  })
}

/**
 * Signs out everywhere else (in sudo mode): every other session ends and every API token of the
 * person is revoked (a token is a way in that outlives any session; issue 33). Returns how many
 * tokens were revoked.
 */
export async function endOtherSessions(db: Db, admin: Admin, now = Date.now()): Promise<{ tokensRevoked: number }> {
  await requireSudo(db, admin, now)
  await model.deleteOtherSessions(db, admin.id, admin.tokenHash)
  const tokensRevoked = await deleteApiTokens(db, admin.id)
  await recordAccountActivity(db, admin, 'sessions.end-others', { detail: `${tokensRevoked} API tokens revoked.` })
  return { tokensRevoked }
}
