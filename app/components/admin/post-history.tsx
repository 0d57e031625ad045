import { History, RotateCcw, X } from 'lucide'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { CsrfField } from '~/components/csrf-field.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { cardClass } from '~/components/ui/card.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { LocalTime } from './local-time.tsx'

export type RevisionItem = { id: number; title: string; createdAt: string }
/** A word diff (the `diff` package's parts): unchanged, added or removed runs of text. */
export type DiffPart = { value: string; added?: boolean; removed?: boolean }
export type Comparison = { id: number; createdAt: string; parts: DiffPart[] }

/**
 * Autosaved work newer than the last save: offered when the editor opens again (posts and
 * proposals). Restoring loads it into the editor (`?draft=autosave`, a plain link); discarding
 * drops it (a plain POST). `words` names the editor's own save and what it keeps; `note` adds a
 * sentence to the offer (a proposal: someone else saved since).
 */
export function AutosaveOffer({
  savedAt,
  restoreHref,
  showing,
  editHref,
  words = { unsaved: 'They are not public until you press Update.', showSaved: 'Show the saved post instead' },
  note,
}: {
  savedAt: string
  restoreHref: string
  showing: boolean
  editHref: string
  words?: { unsaved: string; showSaved: string }
  note?: ReactNode
}) {
  if (showing) {
    return (
      <div role="status" className="mb-4 rounded-lg border border-primary-300 bg-primary-50 p-4 text-sm text-ink-900">
        The editor shows your autosaved changes from <LocalTime iso={savedAt} />. {words.unsaved}{' '}
        <Link to={editHref} className="font-medium text-primary-800 underline">
          {words.showSaved}
        </Link>
      </div>
    )
  }
  return (
    <section
      aria-labelledby="autosave-offer"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-warning-300 bg-warning-50 p-4 text-sm text-ink-900"
    >
      <p id="autosave-offer">
        You have autosaved changes from <LocalTime iso={savedAt} /> that were never saved.
        {note && <span className="mt-1 block">{note}</span>}
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to={restoreHref} className={buttonClass({ size: 'sm' })}>
          <Icon node={RotateCcw} aria-hidden="true" className="size-4" /> Restore autosaved changes
        </Link>
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="intent" value="discard-autosave" />
          <Button type="submit" variant="secondary" size="sm">
            <Icon node={X} aria-hidden="true" className="size-4" /> Discard them
          </Button>
        </Form>
      </div>
    </section>
  )
}

/**
 * The saved revisions of a post or a proposal, newest first (the last 50 are kept): each can be
 * compared with the current text (`?compare=<id>`, a plain link, when `compareHref` is given)
 * and restored (a plain POST, `intent=restore`). `title` is the line under each one's time.
 */
export function RevisionsPanel({
  revisions,
  compareHref,
  comparing,
  restorable = true,
}: {
  revisions: RevisionItem[]
  compareHref?: (id: number) => string
  comparing?: number
  /** False once the work can no longer change (a decided proposal): the list without Restore. */
  restorable?: boolean
}) {
  const section = useRef<HTMLElement>(null)
  const shown = useRef(comparing)
  const [said, setSaid] = useState('')
  // Opening or closing a comparison only changes the query string, which the route announcer
  // leaves alone: say it here. "Close comparison" removes itself, so focus goes back to the
  // Compare link that opened it (or the heading) instead of falling to <body>.
  useEffect(() => {
    const before = shown.current
    shown.current = comparing
    if (before === comparing) return
    if (comparing !== undefined) return setSaid('Comparison shown above the revisions.')
    setSaid('Comparison closed.')
    if (document.activeElement && document.activeElement !== document.body) return
    const target =
      section.current?.querySelector<HTMLElement>(`[data-compare="${before}"]`) ?? section.current?.querySelector<HTMLElement>('h2')
    if (target?.tagName === 'H2') target.setAttribute('tabindex', '-1')
    target?.focus()
  }, [comparing])
  return (
    <section ref={section} aria-labelledby="revisions-title" className={cardClass({ className: 'mt-6 space-y-3' })}>
      <h2 id="revisions-title" className="flex items-center gap-2 font-semibold text-ink-900">
        <Icon node={History} aria-hidden="true" className="size-5" /> Revisions
      </h2>
      <p role="status" className="sr-only">
        {said}
      </p>
      {revisions.length === 0 ? (
        <p className="text-sm text-ink-600">No revisions yet: each save keeps one.</p>
      ) : (
        <ol className="divide-y divide-ink-200" aria-label="Saved revisions, newest first">
          {revisions.map((rev, i) => (
            <li key={rev.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <LocalTime iso={rev.createdAt} />
                {i === 0 && <span className="ml-2 rounded bg-ink-100 px-1.5 py-0.5 text-xs">current</span>}
                <span className="block text-ink-600">{rev.title}</span>
              </span>
              <span className="flex flex-wrap gap-2">
                {compareHref && (
                  <Link
                    to={compareHref(rev.id)}
                    preventScrollReset
                    data-compare={rev.id}
                    className={buttonClass({ variant: 'secondary', size: 'sm' })}
                  >
                    Compare
                    <span className="sr-only">
                      {' '}
                      the revision of <LocalTime iso={rev.createdAt} /> with the current text
                    </span>
                  </Link>
                )}
                {i > 0 && restorable && (
                  <Form method="post">
                    <CsrfField />
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="revision" value={rev.id} />
                    <Button type="submit" variant="secondary" size="sm">
                      Restore
                      <span className="sr-only">
                        {' '}
                        the revision of <LocalTime iso={rev.createdAt} />
                      </span>
                    </Button>
                  </Form>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/** A revision against the current text, word by word: removed words struck, added ones underlined, each said in words too. */
export function ComparePanel({ comparison, closeHref }: { comparison: Comparison; closeHref: string }) {
  const changed = comparison.parts.some((p) => p.added || p.removed)
  return (
    <section aria-labelledby="compare-title" className={cardClass({ className: 'mt-6 space-y-3' })}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="compare-title" className="font-semibold text-ink-900">
          Revision of <LocalTime iso={comparison.createdAt} /> compared with the current text
        </h2>
        <Link to={closeHref} preventScrollReset className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          Close comparison
        </Link>
      </div>
      <p className="text-sm text-ink-700">
        <del className="bg-danger-50 text-danger-800">Struck text</del> is only in the revision;{' '}
        <ins className="bg-success-50 text-success-900">underlined text</ins> is only in the current post.
      </p>
      {changed ? (
        <div
          className="max-h-[32rem] overflow-auto rounded-md border border-ink-200 p-3 text-sm leading-6 whitespace-pre-wrap text-ink-900"
          data-testid="revision-diff"
        >
          {comparison.parts.map((part, i) =>
            part.removed ? (
              <del key={i} className="bg-danger-50 text-danger-800">
                <span className="sr-only">[removed: </span>
                {part.value}
                <span className="sr-only">]</span>
              </del>
            ) : part.added ? (
              <ins key={i} className="bg-success-50 text-success-900">
                <span className="sr-only">[added: </span>
                {part.value}
                <span className="sr-only">]</span>
              </ins>
            ) : (
              <span key={i}>{part.value}</span>
            ),
          )}
        </div>
      ) : (
        <p className="text-sm text-ink-700">This revision is the same as the current text.</p>
      )}
    </section>
  )
}
