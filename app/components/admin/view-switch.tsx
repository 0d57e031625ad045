import { LayoutGrid, Table2 } from 'lucide'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Icon } from '~/components/ui/icon.tsx'
import type { ListView } from './list-params.ts'

/** Cards (pictures first) or a compact table; the choice stays in the URL (`?view=table`). */
export function ViewSwitch({ current, hrefFor }: { current: ListView; hrefFor: (v: ListView) => string }) {
  const item = (v: ListView, label: string, icon: typeof Table2) => (
    <Link
      to={hrefFor(v)}
      preventScrollReset
      aria-current={current === v ? 'true' : undefined}
      className={`inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ${current === v ? 'bg-primary-700 text-white' : 'text-ink-800 hover:bg-ink-100'}`}
    >
      <Icon node={icon} aria-hidden="true" className="size-4" /> {label}
    </Link>
  )
  return (
    <nav aria-label="List layout" className="mb-4 flex justify-end">
      <div className="inline-flex gap-1 rounded-lg border border-ink-200 bg-white p-1">
        {item('grid', 'Cards', LayoutGrid)}
        {item('table', 'Table', Table2)}
      </div>
    </nav>
  )
}

/**
 * The frame of a list's table view: the caption (for screen readers), the column headings and
 * one `<tr>` per row from `children`. Columns marked `wide` show from `sm` up only: a phone keeps
 * the columns a person acts on; the rest are on the cards.
 */
export function ListTable({
  caption,
  columns,
  children,
}: {
  caption: string
  columns: { label: string; wide?: boolean }[]
  children: ReactNode
}) {
  return (
    // Scrolls sideways on a narrow screen: the box takes focus (arrow keys scroll it) and is named.
    <div className="overflow-x-auto rounded-lg border border-ink-200 bg-white" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-left text-sm [&_td]:px-2 [&_th]:px-2 sm:[&_td]:px-4 sm:[&_th]:px-4">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-ink-200 bg-ink-50 text-ink-700">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={`py-2 font-semibold ${c.wide ? 'hidden sm:table-cell' : ''}`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-200">{children}</tbody>
      </table>
    </div>
  )
}
