import { Form, data, useNavigation } from 'react-router'
import type { Route } from './+types/outbox'
import { LocalTime } from '~/components/admin/local-time.tsx'
import { MailNotDelivered, useMailSetUp } from '~/components/admin/mail-banner.tsx'
import { adminMeta } from '~/components/admin/meta.ts'
import { Notice, errorNotice } from '~/components/admin/notice.tsx'
import { PageHeader, Pager } from '~/components/admin/ui.tsx'
import { listHref, readListParams } from '~/components/admin/list-params.ts'
import { CsrfField } from '~/components/csrf-field.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import type { Toast } from '~/components/ui/toast.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { validate } from '~/http/forms.server.ts'
import { fileSize } from '~/lib/file-size.ts'
import { IdSchema } from '~/lib/security-schemas.ts'
import type { MailOutcome } from '~/infra/mail.server.ts'
import { ATTEMPT_TITLES, attemptWords, listOutbox, retryMail, sendTestMail } from '~/services/outbox.server.ts'
import { failureStatus, readIntentForm } from './+shared/content-actions.server.ts'

export const meta: Route.MetaFunction = () => adminMeta('Outbox')

/** Every mail the site made, newest first, with its state, its files and the mail server's answer (issues 36, 38). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const { page } = readListParams(request.url, [])
  const list = await listOutbox(context.app.db, admin, page, context.app.mailer)
  return { adminPath: context.app.config.adminPath, page, ...list }
}

/** The notice, and for a try the mail's id and state. */
export type OutboxAnswer = { notice: Toast; id?: number; outcome?: MailOutcome }
type Answer = OutboxAnswer

/**
 * `intent=retry` with `id`: tries that mail now; `intent=test-mail` (the Settings page's button,
 * which posts here): mails the signed-in person a test. Either says what came of it, as plain
 * forms with or without JavaScript.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const { read, intent } = await readIntentForm(request, ['retry', 'test-mail'])
  if (!read.ok)
    return data<Answer>({ notice: errorNotice(read.failure.formError ?? 'The form could not be read.') }, { status: read.failure.status })
  const checked = intent === 'retry' ? validate(IdSchema, { id: read.form.get('id') }) : undefined
  if (checked && !checked.ok) return data<Answer>({ notice: errorNotice('Which mail? The form named none.') }, { status: 400 })
  const { db, mailer } = context.app
  try {
    const result = checked ? await retryMail(db, mailer, admin, checked.data.id) : await sendTestMail(db, mailer, admin)
    const notice: Toast = {
      title: ATTEMPT_TITLES[result.outcome],
      description: attemptWords(result),
      variant: result.outcome === 'failed' ? 'destructive' : undefined,
    }
    return data<Answer>({ notice, id: result.id, outcome: result.outcome })
  } catch (err) {
    const status = failureStatus(context, err, intent === 'retry' ? 'retrying a mail failed' : 'the test mail failed')
    return data<Answer>(
      { notice: errorNotice(status === 500 ? 'The mail could not be tried. Try again.' : (err as Error).message) },
      { status },
    )
  }
}

const STATE_LABEL = { waiting: 'Waiting', delivered: 'Delivered', failed: 'Failed' } as const
const STATE_TONE = { waiting: 'pending', delivered: 'completed', failed: 'failed' } as const

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
  const { adminPath, entries, total, page, pages, counts } = loaderData
  const navigation = useNavigation()
  const trying = (id: number) => navigation.state === 'submitting' && navigation.formData?.get('id') === String(id)
  const path = `/${adminPath}/settings/outbox`
  const { configured } = useMailSetUp()
  return (
    <>
      <PageHeader
        title="Outbox"
        description={`Every mail the site made, newest first: to whom, when, whether it left, and what the mail server answered. ${counts.waiting} waiting, ${counts.failed} failed.`}
        times
      />
      <Notice notice={actionData?.notice} />
      <MailNotDelivered className="mb-6" />
      {entries.length === 0 ? (
        <p className="rounded-lg border border-ink-200 bg-white p-5 text-sm text-ink-700 shadow-sm">No mail yet.</p>
      ) : (
        <ul aria-label="Mail" className="divide-y divide-ink-100 rounded-lg border border-ink-200 bg-white shadow-sm">
          {entries.map((m) => (
            <li
              key={m.id}
              className="grid gap-2 p-4 text-sm lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,2fr)_auto] lg:items-start lg:gap-4"
            >
              <div className="min-w-0">
                <p className="font-medium break-words text-ink-900">{m.subject}</p>
                <p className="break-all text-ink-700">To {m.toAddress}</p>
                {m.attachments.length > 0 && (
                  <p className="break-words text-ink-700">
                    {`${m.attachments.length === 1 ? 'File attached' : `${m.attachments.length} files attached`}: ${m.attachments.map((f) => `${f.filename} (${fileSize(f.size)})`).join(', ')}`}
                  </p>
                )}
              </div>
              <div className="text-ink-700">
                <p>
                  Made <LocalTime iso={m.createdAt} />
                </p>
                {m.deliveredAt && (
                  <p>
                    Delivered <LocalTime iso={m.deliveredAt} />
                  </p>
                )}
              </div>
              <div className="min-w-0">
                <Badge tone={STATE_TONE[m.state]}>{STATE_LABEL[m.state]}</Badge>
                <p className="mt-1 break-words text-ink-800">{stateWords(m, configured)}</p>
                {m.answer && (
                  <p className="mt-1 break-words text-ink-700">
                    Mail server&apos;s answer: <q className="font-mono text-xs">{m.answer}</q>
                  </p>
                )}
                {m.nextTryAt && m.state === 'failed' && (
                  <p className="mt-1 text-ink-700">
                    Tried {m.attempts} {m.attempts === 1 ? 'time' : 'times'}; next try by itself <LocalTime iso={m.nextTryAt} />.
                  </p>
                )}
              </div>
              {m.state !== 'delivered' && (
                <Form method="post" className="lg:justify-self-end">
                  <CsrfField />
                  <input type="hidden" name="intent" value="retry" />
                  <input type="hidden" name="id" value={m.id} />
                  <Button
                    type="submit"
                    variant="outline"
                    size="sm"
                    disabled={trying(m.id)}
                    aria-label={`Retry the mail "${m.subject}" to ${m.toAddress}`}
                  >
                    {trying(m.id) ? 'Trying…' : 'Retry'}
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} total={total} noun="mails" hrefFor={(p) => listHref(path, { page: p })} />
    </>
  )
}

/** The state in words: what happened, and what will. */
function stateWords(m: { state: 'waiting' | 'delivered' | 'failed'; nextTryAt: string | null }, configured: boolean): string {
  if (m.state === 'delivered') return 'The mail server accepted it.'
  if (m.state === 'waiting') {
    if (m.nextTryAt) return 'Not sent yet: it goes out within a minute.'
    return configured
      ? 'Kept, not sent: it is older than 7 days, so it goes out only if you press Retry.'
      : 'Kept, not sent: it will be sent when mail is set up.'
  }
  if (!configured) return 'Not delivered; mail is not set up now, so it is kept until it is.'
  return m.nextTryAt
    ? 'The last try did not get through; it will be tried again by itself.'
    : 'Not delivered. It is not tried again by itself: press Retry once the cause is fixed.'
}
