import { Mail, MailOpen } from 'lucide'
import { LeadAttributionList, UnknownSourceNote } from '~/components/admin/lead-attribution.tsx'
import { useEffect, useRef } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { Route } from './+types/messages'
import {
  DELETE_PARAM,
  DeleteButton,
  DeleteConfirmation,
  IntentFields,
  listClientAction,
  pendingIntent,
  useListFetcher,
} from '~/components/admin/list-actions.tsx'
import { adminMeta } from '~/components/admin/meta.ts'
import { Notice } from '~/components/admin/notice.tsx'
import { PageHeader } from '~/components/admin/ui.tsx'
import { useLoadErrorToast } from '~/components/admin/use-load-error.ts'
import { Badge } from '~/components/ui/badge.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { deleteContactMessage, listContactMessages, setContactMessageRead } from '~/services/contact-messages.server.ts'
import { listAction } from './+shared/content-actions.server.ts'
import { useReaderDay } from '~/components/admin/local-time.tsx'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const adminPath = context.app.config.adminPath
  try {
    return { adminPath, ...(await listContactMessages(context.app.db, admin)), loadError: false }
  } catch (err) {
    context.app.logger.error({ err: (err as Error).message }, 'messages load failed')
    return { adminPath, messages: [], unread: 0, loadError: true }
  }
}

const FAILED = {
  read: 'Failed to update the message.',
  unread: 'Failed to update the message.',
  delete: 'Failed to delete the message.',
}

/** A message's writes, posted by its fetcher (or a plain form without JavaScript): mark read or unread, or delete. */
export function action(args: Route.ActionArgs) {
  return listAction(args, FAILED, async ({ admin, db, intent, id }) => {
    if (intent === 'delete') {
      await deleteContactMessage(db, admin, id)
      return { title: 'Message Deleted', description: 'The message has been removed.' }
    }
    await setContactMessageRead(db, admin, id, intent === 'read')
    return { title: intent === 'read' ? 'Marked as Read' : 'Marked as Unread', description: 'The message has been updated.' }
  })
}

export const clientAction = listClientAction(FAILED, 'read')

export const meta: Route.MetaFunction = () => adminMeta('Messages')

type Message = Route.ComponentProps['loaderData']['messages'][number]

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const { adminPath, messages, unread, loadError } = loaderData
  useLoadErrorToast(loadError, 'Failed to load messages.')
  const [params] = useSearchParams()
  const here = `/${adminPath}/messages`
  const confirming = messages.find((m) => String(m.id) === params.get(DELETE_PARAM))
  const listRef = useRef<HTMLUListElement>(null)
  // When a message leaves the list (deleted), focus moves to the one that took its place, or the heading.
  const ids = messages.map((m) => m.id).join(',')
  const previous = useRef<number[]>(messages.map((m) => m.id))
  useEffect(() => {
    const before = previous.current
    const now = messages.map((m) => m.id)
    previous.current = now
    const goneIndex = before.findIndex((id) => !now.includes(id))
    if (goneIndex < 0 || !document.activeElement || document.activeElement !== document.body) return
    const cards = listRef.current?.querySelectorAll<HTMLElement>(':scope > li > article') ?? []
    const target = cards[Math.min(goneIndex, cards.length - 1)] ?? document.querySelector<HTMLElement>('main h1')
    if (!target) return
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
    target.focus()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids])

  return (
    <>
      <PageHeader title="Messages" description={`Messages sent with the contact page. ${unread} unread.`} />
      <Notice notice={actionData?.notice} />
      {confirming && <DeleteConfirmation id={confirming.id} name={`the message from ${confirming.name}`} noun="message" action={here} />}
      {messages.length === 0 ? (
        <p className="rounded-lg border border-dashed border-ink-300 bg-white p-10 text-center text-ink-600">No messages yet.</p>
      ) : (
        <ul ref={listRef} className="space-y-4" aria-label="Messages">
          {messages.map((m) => (
            <MessageCard key={m.id} message={m} action={here} />
          ))}
        </ul>
      )}
      {messages.some((m) => !m.visitSource) && <UnknownSourceNote />}
    </>
  )
}

function MessageCard({ message: m, action }: { message: Message; action: string }) {
  const day = useReaderDay()
  const fetcher = useListFetcher()
  const pending = pendingIntent(fetcher)
  // Optimistic: the card shows the state being saved.
  const isRead = pending === 'read' ? true : pending === 'unread' ? false : m.isRead
  return (
    <li className={`rounded-lg border bg-white p-5 shadow-sm ${isRead ? 'border-ink-200' : 'border-primary-300'}`}>
      <article
        aria-labelledby={`message-${m.id}`}
        tabIndex={-1}
        className="focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary-700"
      >
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={`message-${m.id}`} className="text-lg font-semibold break-words text-ink-900">
                {m.name}
              </h2>
              {!isRead && <Badge tone="pending">Unread</Badge>}
            </div>
            <a href={`mailto:${m.email}`} className="text-sm break-all text-primary-800 hover:underline">
              {m.email}
            </a>
          </div>
          <p className="text-sm text-ink-600">{day(m.createdAt)}</p>
        </div>
        <p className="mt-3 text-sm break-words whitespace-pre-wrap text-ink-800">{m.message}</p>
        <div className="mt-3 rounded-md bg-ink-50 px-3 py-2">
          <LeadAttributionList visit={m} explain={false} />
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <fetcher.Form method="post" action={action} className="contents">
            <IntentFields intent={isRead ? 'unread' : 'read'} id={m.id} />
            {/* aria-disabled, not disabled: a disabled button loses focus to <body> while the request runs. */}
            <Button
              type="submit"
              variant="secondary"
              size="sm"
              aria-disabled={pending !== undefined || undefined}
              onClick={(e) => pending !== undefined && e.preventDefault()}
              className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
            >
              <Icon node={isRead ? Mail : MailOpen} aria-hidden="true" className="size-4" />
              {isRead ? 'Mark as unread' : 'Mark as read'}
              <span className="sr-only"> (message from {m.name})</span>
            </Button>
          </fetcher.Form>
          <Link to={`${action}/${m.id}`} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            Open and reply<span className="sr-only"> (message from {m.name})</span>
          </Link>
          <DeleteButton id={m.id} name={`the message from ${m.name}`} noun="message" action={action} fetcher={fetcher} />
        </div>
      </article>
    </li>
  )
}
