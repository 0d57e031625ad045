import { Plus } from 'lucide'
import { useState, type ButtonHTMLAttributes, type ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '~/components/ui/dialog.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { Input } from '~/components/ui/input.tsx'
import { formatZonedDate } from '~/lib/agency-time.ts'
import { TimesIn } from './local-time.tsx'

/** The back office's page furniture: headings, filters, paging, search and the confirm button (primitives are in ~/components/ui). */
export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** `times`: the screen shows times, and names their zone here, once ("Times in Pacific Time (Los Angeles)."). */
export function PageHeader({
  title,
  description,
  actions,
  times,
}: {
  title: string
  description?: string
  actions?: ReactNode
  times?: boolean
}) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold text-ink-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-ink-600">{description}</p>}
        {times && <TimesIn className="mt-1 text-sm text-ink-600" />}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  )
}

/** Filter buttons as links that keep the search; the current one is marked for assistive tech. A count, when given, follows the label. */
export function FilterLinks({
  items,
  label,
}: {
  items: { label: string; count?: number; href: string; current: boolean }[]
  label: string
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {items.map((f) => (
        <Link
          key={f.label}
          to={f.href}
          aria-current={f.current ? 'page' : undefined}
          preventScrollReset
          className={`rounded-full border px-3 py-1.5 text-sm font-medium ${
            f.current ? 'border-primary-700 bg-primary-700 text-white' : 'border-ink-300 bg-white text-ink-800 hover:bg-ink-50'
          }`}
        >
          {f.count === undefined ? f.label : `${f.label} (${f.count})`}
        </Link>
      ))}
    </nav>
  )
}

/** Page links for server-side paging. */
export function Pager({
  page,
  pages,
  hrefFor,
  total,
  noun,
}: {
  page: number
  pages: number
  hrefFor: (p: number) => string
  total: number
  noun: string
}) {
  if (pages <= 1) return null
  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm text-ink-700">
      <p>
        Page {page} of {pages} ({total} {noun})
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link className={buttonClass({ variant: 'secondary' })} to={hrefFor(page - 1)} rel="prev">
            Previous page
          </Link>
        ) : null}
        {page < pages ? (
          <Link className={buttonClass({ variant: 'secondary' })} to={hrefFor(page + 1)} rel="next">
            Next page
          </Link>
        ) : null}
      </div>
    </nav>
  )
}

/** A list with nothing in it: why (nothing yet, or nothing matches) and the way to add the first one. */
export function EmptyList({ text, newHref, newLabel }: { text: string; newHref: string; newLabel: string }) {
  return (
    <div className="rounded-lg border border-dashed border-ink-300 bg-white p-10 text-center">
      <p className="text-ink-600">{text}</p>
      <Link to={newHref} className={buttonClass({ className: 'mt-4' })}>
        <Icon node={Plus} aria-hidden="true" className="size-4" /> {newLabel}
      </Link>
    </div>
  )
}

/** An editor's item that does not exist (or was deleted meanwhile), and the way back to its list. */
export function ItemNotFound({ title, text, listHref, back }: { title: string; text: string; listHref: string; back: string }) {
  return (
    <div className="rounded-lg border border-ink-200 bg-white p-10 text-center">
      <h1 className="text-xl font-semibold text-ink-900">{title}</h1>
      <p className="mt-2 text-ink-600">{text}</p>
      <Link to={listHref} className={buttonClass({ className: 'mt-4' })}>
        {back}
      </Link>
    </div>
  )
}

/** A button that asks before doing something that cannot be undone. */
export function ConfirmButton({
  title,
  description,
  confirmLabel = 'Delete',
  onConfirm,
  children,
  ...buttonProps
}: {
  title: string
  description: string
  confirmLabel?: string
  onConfirm: () => Promise<unknown> | void
  children: ReactNode
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <button type="button" {...buttonProps}>
          {children}
        </button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <AlertDialogCancel className={buttonClass({ variant: 'secondary' })}>Cancel</AlertDialogCancel>
          <Button
            variant="danger"
            disabled={busy}
            onClick={async () => {
              setBusy(true)
              try {
                await onConfirm()
              } finally {
                setBusy(false)
                setOpen(false)
              }
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  )
}

/** A list page's search box: a GET form so the search lives in the URL and runs on the server. */
export function SearchForm({
  q,
  placeholder,
  label,
  hidden = {},
}: {
  q: string
  placeholder: string
  label: string
  hidden?: Record<string, string>
}) {
  return (
    <Form method="get" role="search" className="flex w-full gap-2 sm:max-w-md">
      {Object.entries(hidden).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
      <label className="sr-only" htmlFor="admin-search">
        {label}
      </label>
      <Input id="admin-search" type="search" name="q" defaultValue={q} placeholder={placeholder} />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </Form>
  )
}

/**
 * Dates as 'Jan 5, 2026': the day a moment falls on in `zone` (the reader's, useAgencyZone(); a
 * bare day stays that day). Written by luxon from its own tables, so the server's HTML and the
 * browser agree.
 */
export function formatDate(iso: string, zone = 'UTC'): string {
  return formatZonedDate(iso, zone)
}
