import { createHash } from 'node:crypto'
import type { Transaction } from 'kysely'
import type { Database } from '~/db/schema.ts'
import * as model from '~/models/submission-keys.server.ts'

/**
 * How long the same submission counts as the one already received: a browser posting a plain
 * form twice (a double click before the first answer, a reload of the post) sends it again
 * within seconds; the same text sent on purpose much later is a new request.
 */
export const SAME_SUBMISSION_MS = 10 * 60_000

/** What a visitor sent, as one key: the form's kind and its validated fields, in a fixed order. */
export function submissionKey(kind: string, fields: Record<string, unknown>): string {
  const sorted = Object.keys(fields)
    .sort()
    .map((k) => [k, fields[k] ?? null])
  return createHash('sha256')
    .update(JSON.stringify([kind, sorted]))
    .digest('base64url')
}

/**
 * Stores a public form's submission once (docs/decisions/045): within SAME_SUBMISSION_MS, the
 * same fields again get the item the first one stored, and `store` (with its mails) does not run.
 * Runs inside the caller's transaction, so a refused first submission (rate limit) frees the key.
 */
export async function storeOnce<T extends { id: number }>(
  trx: Transaction<Database>,
  key: string,
  kind: string,
  now: number,
  find: (id: number) => Promise<T | undefined>,
  store: () => Promise<T>,
): Promise<{ item: T; repeated: boolean }> {
  const stamp = new Date(now).toISOString()
  const windowStart = new Date(now - SAME_SUBMISSION_MS).toISOString()
  if (!(await model.claimKey(trx, key, kind, stamp, windowStart))) {
    const earlierId = await model.findKeyItem(trx, key)
    const earlier = earlierId === null ? undefined : await find(earlierId)
    if (earlier) return { item: earlier, repeated: true }
    // The first one was deleted since (or never stored): this one is new.
    await model.renewKey(trx, key, stamp)
  }
  await model.deleteKeysBefore(trx, windowStart)
  const item = await store()
  await model.setKeyItem(trx, key, item.id)
  return { item, repeated: false }
}
