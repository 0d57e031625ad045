import { LayoutGrid, Table2 } from 'lucide'
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
