import type { ReactNode } from 'react'

/**
 * A figure's definition beside its name: a "?" button (a native disclosure, so it opens with the
 * keyboard, a tap or a click, with or without JavaScript, and stays until closed) whose text
 * opens over the card it sits in (the card is `relative`). The same words are in docs/METRICS.md.
 */
export function Definition({ term, children }: { term: string; children: ReactNode }) {
  return (
    <details className="inline-block align-middle">
      <summary
        className="inline-flex size-6 cursor-pointer list-none items-center justify-center rounded-full border border-ink-300 text-xs font-semibold text-ink-700 hover:bg-ink-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700 [&::-webkit-details-marker]:hidden"
        title={`What ${term} means`}
      >
        <span aria-hidden="true">?</span>
        <span className="sr-only">What {term} means</span>
      </summary>
      <span
        role="note"
        className="absolute inset-x-2 top-11 z-10 block rounded-md border border-ink-300 bg-white p-3 text-left text-xs font-normal text-ink-800 shadow-lg"
      >
        {children}
      </span>
    </details>
  )
}
