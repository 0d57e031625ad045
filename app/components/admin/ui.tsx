import { AlertDialog } from 'radix-ui'
import { useState, type ButtonHTMLAttributes, type ReactNode } from 'react'
import { Form, Link } from 'react-router'

/** Shared look of the back office: buttons, badges, headings and the confirm dialog. */
export const btn = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-md bg-primary-700 px-4 py-2 text-sm font-medium text-white hover:bg-primary-800 disabled:cursor-not-allowed disabled:opacity-60',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-md border border-ink-300 bg-white px-4 py-2 text-sm font-medium text-ink-800 hover:bg-ink-50 disabled:cursor-not-allowed disabled:opacity-60',
  danger:
    'inline-flex items-center justify-center gap-2 rounded-md bg-danger-700 px-4 py-2 text-sm font-medium text-white hover:bg-danger-800 disabled:cursor-not-allowed disabled:opacity-60',
  icon: 'inline-flex items-center justify-center gap-1.5 rounded-md border border-ink-300 bg-white px-2.5 py-1.5 text-sm font-medium text-ink-800 hover:bg-ink-50 disabled:opacity-60',
  iconDanger:
    'inline-flex items-center justify-center gap-1.5 rounded-md border border-danger-300 bg-white px-2.5 py-1.5 text-sm font-medium text-danger-700 hover:bg-danger-50 disabled:opacity-60',
}

export const inputClass =
  'mt-1 block w-full rounded-md border border-ink-400 bg-white px-3 py-2 text-sm text-ink-900 placeholder:text-ink-500 aria-[invalid=true]:border-danger-700'
export const labelClass = 'block text-sm font-medium text-ink-800'

const BADGE: Record<string, string> = {
  pending: 'bg-warning-100 text-warning-900',
  reviewed: 'bg-primary-100 text-primary-900',
  completed: 'bg-success-100 text-success-900',
  published: 'bg-success-100 text-success-900',
  draft: 'bg-ink-200 text-ink-800',
  active: 'bg-success-100 text-success-900',
  archived: 'bg-ink-200 text-ink-800',
  live: 'bg-success-700 text-white',
}

export function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[tone] ?? BADGE.draft}`}>{children}</span>
}

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold text-ink-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-ink-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  )
}

/** Filter buttons as links that keep the search; the current one is marked for assistive tech. */
export function FilterLinks({ items, label }: { items: { label: string; count: number; href: string; current: boolean }[]; label: string }) {
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
          {f.label} ({f.count})
        </Link>
      ))}
    </nav>
  )
}

/** Page links for server-side paging. */
export function Pager({ page, pages, hrefFor, total, noun }: { page: number; pages: number; hrefFor: (p: number) => string; total: number; noun: string }) {
  if (pages <= 1) return null
  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm text-ink-700">
      <p>
        Page {page} of {pages} ({total} {noun})
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link className={btn.secondary} to={hrefFor(page - 1)} rel="prev">
            Previous page
          </Link>
        ) : null}
        {page < pages ? (
          <Link className={btn.secondary} to={hrefFor(page + 1)} rel="next">
            Next page
          </Link>
        ) : null}
      </div>
    </nav>
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
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <button type="button" {...buttonProps}>
          {children}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-ink-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-ink-700">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={btn.secondary}>Cancel</AlertDialog.Cancel>
            <button
              type="button"
              className={btn.danger}
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
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

/** A list page's search box: a GET form so the search lives in the URL and runs on the server. */
export function SearchForm({ q, placeholder, label, hidden = {} }: { q: string; placeholder: string; label: string; hidden?: Record<string, string> }) {
  return (
    <Form method="get" role="search" className="flex w-full gap-2 sm:max-w-md">
      {Object.entries(hidden).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
      <label className="sr-only" htmlFor="admin-search">
        {label}
      </label>
      <input id="admin-search" type="search" name="q" defaultValue={q} placeholder={placeholder} className={`${inputClass} mt-0`} />
      <button type="submit" className={btn.secondary}>
        Search
      </button>
    </Form>
  )
}

/** Dates as 'Jan 5, 2026', in UTC so the server's HTML and the browser agree. */
export function formatDate(iso: string): string {
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso)
  if (Number.isNaN(d.getTime())) return iso
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })
}

/** The asterisk after a required field's label (the field itself carries `required`). */
export const RequiredMark = () => (
  <span aria-hidden="true" className="text-danger-700">
    {' '}
    *
  </span>
)

/** Wires an input to its server-side error message (shown by FieldError with the same id). */
export function errorAria(id: string, message: string | undefined) {
  return { 'aria-invalid': message ? true : undefined, 'aria-describedby': message ? `${id}-error` : undefined }
}

/** A field's error message, beside the field, referenced by errorAria(). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-danger-700">
      {message}
    </p>
  ) : null
}
