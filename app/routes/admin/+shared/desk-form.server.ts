import { data, type AppLoadContext } from 'react-router'
import { errorNotice } from '~/components/admin/notice.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readForm, validate } from '~/http/forms.server.ts'
import { CSRF_FIELD } from '~/lib/csrf.ts'
import { NextStepSchema, ProposalReplySchema, type ProposalReplyInput } from '~/lib/lead-desk-schemas.ts'
import { failureStatus, requireRowId } from './content-actions.server.ts'
import type { DeskAnswer } from './desk-answer.ts'

/**
 * The start of the action of a lead's page (a proposal request, a contact message): the person
 * (the page guard), the row's id, the posted form (CSRF checked), its `intent` (a 400 for one the
 * page does not have) and what was typed; then the ways to answer: `refused` (the red notice;
 * what was typed stays in the form), `ok` (the notice, and the history entry to focus) and
 * `replied` (a reply sent, or kept when mail is not set up). `unreadable` is the answer to give
 * at once when the form could not be read.
 */
export async function openDeskAction<I extends string>(
  { request, context, params }: { request: Request; context: AppLoadContext; params: { adminPath?: string; id?: string } },
  isIntent: (v: unknown) => v is I,
  failed: Record<I, string>,
) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const id = requireRowId(params.id)
  const read = await readForm(request)
  const intent = read.form?.get('intent')
  if (!isIntent(intent)) throw data(null, { status: 400 })
  const values = Object.fromEntries([...(read.form ?? [])].filter(([k]) => k !== CSRF_FIELD).map(([k, v]) => [k, String(v)]))
  const refused = (status: number, fields: Record<string, string> = {}, notice = errorNotice(failed[intent])) =>
    data({ ok: false, intent, notice, fields, values } satisfies DeskAnswer<I>, { status })
  const ok = (title: string, description: string, eventId?: number) =>
    ({ ok: true, intent, notice: { title, description }, fields: {}, eventId }) satisfies DeskAnswer<I>
  // Truthful about the mail (issue 36): on its way when mail is set up, kept when it is not.
  const replied = (mailConfigured: boolean, reply: { id: number; toAddress: string | null }) =>
    mailConfigured
      ? ok('Reply Queued', `Your reply to ${reply.toAddress} is on its way; it is kept in the history.`, reply.id)
      : ok(
          'Reply Kept',
          `Your reply to ${reply.toAddress} is kept in the outbox and the history, not sent: mail is not set up, so it will be sent when it is.`,
          reply.id,
        )
  const unreadable = read.ok ? null : refused(read.failure.status, {}, errorNotice(read.failure.formError ?? failed[intent]))
  return { admin, id, db: context.app.db, intent, values, refused, ok, replied, unreadable }
}

/** An opened lead's page action: the person, the row, the intent, what was typed and the ways to answer. */
export type OpenDesk<I extends string> = Awaited<ReturnType<typeof openDeskAction<I>>>

/**
 * The action of a lead's page: opens it (openDeskAction), answers an unreadable form at once,
 * runs the page's own writes (`write`), and turns a failure into the intent's red notice.
 */
export async function runDeskAction<I extends string, R>(
  args: Parameters<typeof openDeskAction<I>>[0],
  isIntent: (v: unknown) => v is I,
  failed: Record<I, string>,
  write: (desk: OpenDesk<I>) => Promise<R>,
) {
  const desk = await openDeskAction(args, isIntent, failed)
  if (desk.unreadable) return desk.unreadable
  try {
    return await write(desk)
  } catch (err) {
    return desk.refused(failureStatus(args.context, err, failed[desk.intent]))
  }
}

/** The triage's next step on any lead's page: checked, saved (`save`) and told. */
export async function saveNextStep<I extends string>(desk: OpenDesk<I>, save: (nextStep: string) => Promise<unknown>) {
  const checked = validate(NextStepSchema, { nextStep: desk.values.nextStep ?? '' })
  if (!checked.ok) return desk.refused(400, checked.failure.fields)
  await save(checked.data.nextStep)
  return desk.ok('Next Step Saved', checked.data.nextStep ? `Next step: ${checked.data.nextStep}` : 'The next step is cleared.')
}

/**
 * The reply by email on any lead's page: checked, sent or kept in the outbox (`send`), and told
 * with the same honest words (issue 36 §4): on its way, or kept.
 */
export async function sendReply<I extends string>(
  desk: OpenDesk<I>,
  mailConfigured: boolean,
  send: (reply: ProposalReplyInput) => Promise<{ id: number; toAddress: string | null }>,
) {
  const checked = validate(ProposalReplySchema, { subject: desk.values.subject, body: desk.values.body })
  if (!checked.ok) return desk.refused(400, checked.failure.fields)
  return desk.replied(mailConfigured, await send(checked.data))
}
