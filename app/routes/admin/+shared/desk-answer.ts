import { errorNotice } from '~/components/admin/notice.tsx'
import type { Toast } from '~/components/ui/toast.tsx'
import { serverActionOr, submittedIntent } from '~/lib/client-action.ts'

/**
 * What each form of a lead's page (a proposal request, a contact message) gets back from its
 * action: the notice, the messages beside the fields, what was typed, and the history entry made.
 */
export type DeskAnswer<I extends string> = {
  ok: boolean
  intent: I
  notice?: Toast
  fields: Record<string, string>
  values?: Record<string, string>
  eventId?: number
}

/**
 * A lead page's clientAction: an answer that is not the action's own (a proxy's error page, no
 * connection) still gets the red notice of the form that posted (`fallback` when the intent is
 * not one of the page's), and what was typed stays.
 */
export async function deskClientAction<I extends string>(
  { request, serverAction }: { request: Request; serverAction: () => Promise<unknown> },
  isIntent: (v: unknown) => v is I,
  fallback: I,
  failed: Record<I, string>,
) {
  const intent = await submittedIntent(request)
  const safe = isIntent(intent) ? intent : fallback
  const form = await request.clone().formData()
  const values = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]))
  return serverActionOr(serverAction, {
    ok: false,
    intent: safe,
    notice: errorNotice(failed[safe]),
    fields: {},
    values,
  } satisfies DeskAnswer<I>)
}
