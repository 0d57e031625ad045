import { data, redirect, type AppLoadContext } from 'react-router'
import { z } from '~/lib/zod.ts'
import type { ListActionResult } from '~/components/admin/list-actions.tsx'
import { errorNotice } from '~/components/admin/notice.tsx'
import type { Toast } from '~/components/ui/toast.tsx'
import type { Db } from '~/db/db.server.ts'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { formFailure, readForm, validate } from '~/http/forms.server.ts'
import { DomainValidationError } from '~/infra/errors.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { refusalOf } from '~/http/refusal.server.ts'

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
 * (deleted in another tab), 403 when the person's role does not allow it, 400 when the service
 * refused the input (issue 33: both were 500s), otherwise logged and 500. Either way the page
 * shows a red notice rather than an error page.
 */
export function failureStatus(context: AppLoadContext, err: unknown, what: string): 400 | 403 | 404 | 500 {
  const refusal = refusalOf(err)
  if (refusal?.kind === 'not-found' || refusal?.kind === 'forbidden' || refusal?.kind === 'invalid')
    return refusal.status as 400 | 403 | 404
  context.app.logger.error({ err: (err as Error)?.message }, what)
  return 500
}

/**
 * An editor's answer when the service refused or failed: the same shape as `formFailure`'s. A
 * refusal says why (the service's words: the person can act on them); a failure, `message`.
 */
export function saveFailed<V>(context: AppLoadContext, err: unknown, message: string, values: V) {
  const status = failureStatus(context, err, message)
  const said = status === 403 || status === 400 ? (err as Error).message : message
  // A refusal that names its field (a slug another project has) is shown beside that field.
  const fields: Record<string, string> = refusalOf(err)?.fields ?? {}
  return data({ ok: false as const, formError: said, fields, values }, { status })
}

/**
 * An edit page's load: `load` for the row at `:id` (0 when `:id` cannot be a row id), or `missing`
 * when it fails. Spec: a failure loading an item for edit is only logged, with no notice; the page
 * then says the item was not found.
 */
export async function loadForEdit<T, M>(
  context: AppLoadContext,
  rawId: string,
  what: string,
  missing: M,
  load: (id: number) => Promise<T | M>,
): Promise<T | M> {
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0
  try {
    return await load(id)
  } catch (err) {
    context.app.logger.warn({ err: (err as Error).message, id }, `${what} load failed`)
    return missing
  }
}

/**
 * An editor's save (a post or a project, new or edited), from its form as `readForm` read it: the
 * editor's `values`, checked with the API's `schema` (after `input`, when the schema wants them
 * otherwise), then `save`, then back to the list at `done` (e.g. `/admin/blogs?saved=created`),
 * which shows the spec's notice. A refused form answers 400 (403 without the CSRF token) with the
 * messages and what was typed; a failed save, saveFailed's answer with `failed`; with
 * `fieldsBeside`, a save the service refused field by field shows only the messages beside them.
 */
export async function saveEditor<V, S extends z.ZodType>(
  context: AppLoadContext,
  read: Awaited<ReturnType<typeof readForm>>,
  o: {
    values: (form: FormData) => V
    schema: S
    input?: (values: V) => unknown
    save: (checked: z.infer<S>) => Promise<unknown>
    failed: string
    done: string
    fieldsBeside?: boolean
  },
) {
  if (!read.ok) return formFailure(read.failure, read.form && o.values(read.form))
  const values = o.values(read.form)
  const checked = validate(o.schema, o.input ? o.input(values) : values)
  if (!checked.ok) return formFailure(checked.failure, values)
  try {
    await o.save(checked.data)
  } catch (err) {
    if (o.fieldsBeside && err instanceof DomainValidationError) return formFailure({ status: 400, fields: err.fields }, values)
    return saveFailed(context, err, o.failed, values)
  }
  return redirect(o.done, 303)
}

/** What a list card's write gets: the acting admin, the form, and which write on which row. */
export type ListWrite<I extends string> = { admin: Admin; db: Db; form: FormData; intent: I; id: number }

/**
 * A list page's action (blogs, portfolio, proposals): the admin check, the form and its token,
 * which write (`intent`) on which row (`id`), then `write`. Answers the spec's notice `write`
 * returns, or the red failure notice for that intent (400 when `write` returns null, i.e. its
 * fields were refused; 404/500 when the service failed).
 */
export async function listAction<I extends string>(
  { request, context, params }: { request: Request; context: AppLoadContext; params: { adminPath?: string } },
  failed: Record<I, string>,
  write: (w: ListWrite<I>) => Promise<Toast | null>,
) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const read = await readForm(request)
  const intents = Object.keys(failed) as [I, ...I[]]
  const parsed = listIntentSchema(intents).safeParse(Object.fromEntries(read.form ?? []))
  if (!parsed.success) throw data(null, { status: 400 })
  const intent = parsed.data.intent as I
  const refused = (status: number) => data({ ok: false, notice: errorNotice(failed[intent]) } satisfies ListActionResult, { status })
  if (!read.ok) return refused(read.failure.status)
  try {
    const notice = await write({ admin, db: context.app.db, form: read.form, intent, id: parsed.data.id })
    return notice ? ({ ok: true, notice } satisfies ListActionResult) : refused(400)
  } catch (err) {
    return refused(failureStatus(context, err, failed[intent]))
  }
}

/**
 * A page's form post with an `intent` field: the form as readForm read it (CSRF checked) and the
 * intent, one of `intents`; any other intent is a 400 (no form of the page sends it).
 */
export async function readIntentForm<I extends string>(request: Request, intents: readonly [I, ...I[]]) {
  const read = await readForm(request)
  const parsed = z.object({ intent: z.enum(intents) }).safeParse({ intent: read.form?.get('intent') })
  if (!parsed.success) throw data(null, { status: 400 })
  return { read, intent: parsed.data.intent as I }
}
