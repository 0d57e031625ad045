import { data, type AppLoadContext } from 'react-router'
import { z } from 'zod'
import { NotFoundError } from '~/services/errors.server.ts'

/**
 * What the blog and portfolio lists' forms post: which write (`intent`) on which row (`id`). The
 * write's own fields (a status, the live flag) are then checked with the API's patch schema.
 */
export function listIntentSchema<const I extends readonly [string, ...string[]]>(intents: I) {
  return z.object({ intent: z.enum(intents), id: z.coerce.number().int().positive().max(999_999_999) })
}

/** The `:id` of an edit page; anything but a row id cannot exist (404). */
export function requireRowId(raw: string | undefined): number {
  if (!raw || !/^\d{1,9}$/.test(raw) || Number(raw) === 0) throw data(null, { status: 404 })
  return Number(raw)
}

/**
 * A service call that failed, as the status the action answers with: 404 when the row is gone
 * (deleted in another tab), otherwise logged and 500. Either way the page shows the spec's red
 * 'Error' notice rather than an error page.
 */
export function failureStatus(context: AppLoadContext, err: unknown, what: string): 404 | 500 {
  if (err instanceof NotFoundError) return 404
  context.app.logger.error({ err: (err as Error)?.message }, what)
  return 500
}

/** An editor's answer when the service refused or failed: the same shape as `formFailure`'s. */
export function saveFailed<V>(context: AppLoadContext, err: unknown, message: string, values: V) {
  return data({ ok: false as const, formError: message, fields: {} as Record<string, string>, values }, { status: failureStatus(context, err, message) })
}
