import { Pencil, Trash2 } from 'lucide'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Form, Link, useFetcher, type FetcherWithComponents } from 'react-router'
import { CsrfField } from '~/components/csrf-field.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { useToast, type Toast } from '~/components/ui/toast.tsx'
import { capitalize } from './ui.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogTitle } from '~/components/ui/dialog.tsx'
import { Options, Select } from '~/components/ui/input.tsx'
import { useHydrated } from './use-hydrated.ts'
import { errorNotice } from './notice.tsx'
import { serverActionOr, submittedIntent } from '~/lib/client-action.ts'

/** What a list route's action answers to a card's write: the spec's notice to show. */
export type ListActionResult = { ok: boolean; notice: Toast }
type ListFetcher = FetcherWithComponents<ListActionResult>

/** The search parameter of the confirmation step without JavaScript: `?delete=<id>`. */
export const DELETE_PARAM = 'delete'

/**
 * One card's writes (status, live, delete) post through this fetcher to the list route's action.
 * The answer's notice is toasted and React Router reloads the list (the answer arrives while the
 * list reloads, so a deleted card is still there to show it).
 */
export function useListFetcher(): ListFetcher {
  const fetcher = useFetcher<ListActionResult>()
  const toast = useToast()
  useEffect(() => {
    if (fetcher.data?.notice) toast(fetcher.data.notice)
  }, [fetcher.data, toast])
  return fetcher
}

/** The hidden fields of every list write: the CSRF token, which write, on which row. */
export function IntentFields({ intent, id }: { intent: string; id: number }) {
  return (
    <>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
    </>
  )
}

/** The intent a card's fetcher is sending now, if any (for pending and optimistic states). */
export const pendingIntent = (fetcher: ListFetcher) => (fetcher.state === 'idle' ? undefined : fetcher.formData?.get('intent'))

/**
 * A card's status dropdown: choosing a value posts `intent=status` at once. Without JavaScript
 * an Apply button (rendered only until the page is hydrated) posts the same form.
 */
export function StatusForm({
  selectId,
  id,
  name,
  status,
  statuses,
  action,
  fetcher,
}: {
  selectId: string
  id: number
  name: string
  status: string
  statuses: readonly string[]
  action: string
  fetcher: ListFetcher
}) {
  const sending = pendingIntent(fetcher) === 'status' ? String(fetcher.formData?.get('status')) : undefined
  return (
    <fetcher.Form method="post" action={action} className="contents">
      <IntentFields intent="status" id={id} />
      <label className="sr-only" htmlFor={selectId}>
        Status for {name}
      </label>
      <Select
        size="compact"
        id={selectId}
        name="status"
        value={sending ?? status}
        onChange={(e) => {
          if (e.currentTarget.form) void fetcher.submit(e.currentTarget.form)
        }}
      >
        <Options items={statuses} label={capitalize} />
      </Select>
      <ApplyUntilHydrated>
        Apply<span className="sr-only"> status for {name}</span>
      </ApplyUntilHydrated>
    </fetcher.Form>
  )
}

/**
 * The submit button of a control that posts by itself once scripts run, rendered only until then.
 * NOTE: a component of its own so that hydration re-renders only this button: re-rendering the
 * controlled <select> beside it would reset a choice made while the page was still hydrating,
 * and the change event React replays afterwards would then send the old value.
 */
function ApplyUntilHydrated({ children }: { children: ReactNode }) {
  return useHydrated() ? null : (
    <button type="submit" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
      {children}
    </button>
  )
}

type DeleteProps = {
  id: number
  name: string
  /** 'blog post', 'portfolio item' */
  noun: string
  /** The list's address with its current search: the action takes the post there, and the confirmation step keeps the search. */
  action: string
  fetcher: ListFetcher
}

/**
 * Delete, always with the confirmation step:
 * - in the browser the button opens the confirm dialog, whose Delete posts `intent=delete`
 *   through the card's fetcher;
 * - before or without JavaScript the button submits a GET form to the list with `?delete=<id>`,
 *   and the list shows <DeleteConfirmation>, a plain POST form to the same action. The GET only
 *   asks; nothing changes until the POST.
 */
/** The pencil that opens an item's editor, named for a screen reader. */
export function EditLink({ to, name }: { to: string; name: string }) {
  return (
    <Link to={to} className={buttonClass({ variant: 'secondary', size: 'sm' })} aria-label={`Edit ${name}`}>
      <Icon node={Pencil} aria-hidden="true" className="size-4" />
    </Link>
  )
}

export function DeleteButton({ id, name, noun, action, fetcher }: DeleteProps) {
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  const [path, query = ''] = action.split('?')
  return (
    <>
      <form
        method="get"
        action={path}
        className="contents"
        onSubmit={(e) => {
          e.preventDefault()
          setOpen(true)
        }}
      >
        {[...new URLSearchParams(query)].map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <input type="hidden" name={DELETE_PARAM} value={id} />
        <button
          ref={trigger}
          type="submit"
          aria-haspopup="dialog"
          disabled={pendingIntent(fetcher) === 'delete'}
          className={buttonClass({ variant: 'danger-outline', size: 'sm' })}
          aria-label={`Delete ${name}`}
        >
          <Icon node={Trash2} aria-hidden="true" className="size-4" />
        </button>
      </form>
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogContent
          onCloseAutoFocus={(e) => {
            e.preventDefault()
            trigger.current?.focus()
          }}
        >
          <AlertDialogTitle>Delete this {noun}?</AlertDialogTitle>
          <AlertDialogDescription>&quot;{name}&quot; will be permanently removed. This cannot be undone.</AlertDialogDescription>
          {/* Closed on submit: the fetcher has read the form by then, and the card shows the answer. */}
          <fetcher.Form method="post" action={action} onSubmit={() => setOpen(false)} className="mt-6 flex justify-end gap-2">
            <IntentFields intent="delete" id={id} />
            <AlertDialogCancel className={buttonClass({ variant: 'secondary' })}>Cancel</AlertDialogCancel>
            <Button type="submit" variant="danger">
              Delete
            </Button>
          </fetcher.Form>
        </AlertDialogContent>
      </AlertDialog>
    </>
  )
}

/** The confirmation step without JavaScript (the list at `?delete=<id>`): a plain POST form. */
export function DeleteConfirmation({ id, name, noun, action }: { id: number; name: string; noun: string; action: string }) {
  return (
    <section
      role="alertdialog"
      aria-labelledby="delete-confirm-title"
      aria-describedby="delete-confirm-description"
      className="mb-6 rounded-lg border border-danger-300 bg-white p-5 shadow-sm"
    >
      <h2 id="delete-confirm-title" className="text-lg font-semibold text-ink-900">
        Delete this {noun}?
      </h2>
      <p id="delete-confirm-description" className="mt-2 text-sm text-ink-700">
        &quot;{name}&quot; will be permanently removed. This cannot be undone.
      </p>
      <Form method="post" action={action} className="mt-4 flex flex-wrap justify-end gap-2">
        <IntentFields intent="delete" id={id} />
        <Link to={action} className={buttonClass({ variant: 'secondary' })}>
          Cancel
        </Link>
        <Button type="submit" variant="danger">
          Delete
        </Button>
      </Form>
    </section>
  )
}

/** The list page's clientAction: an answer that is not the action's own still gets the intent's red notice. */
export function listClientAction<I extends string>(failed: Record<I, string>, fallback: I) {
  return async ({ request, serverAction }: { request: Request; serverAction: () => Promise<unknown> }): Promise<ListActionResult> => {
    const intent = await submittedIntent(request)
    const message = Object.hasOwn(failed, intent) ? failed[intent as I] : failed[fallback]
    // The server action's own answers are ListActionResults (listAction above).
    return (await serverActionOr(serverAction, { ok: false, notice: errorNotice(message) } satisfies ListActionResult)) as ListActionResult
  }
}
