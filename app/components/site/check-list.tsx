import { Check } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'

/** What a plan or a service includes, each item after a green tick. `className` spaces the list. */
export function CheckList({ items, label, className }: { items: readonly string[]; label: string; className: string }) {
  return (
    <ul className={className} aria-label={label}>
      {items.map((f) => (
        <li key={f} className="flex gap-2 text-ink-700">
          <Icon node={Check} aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-success-700" />
          {f}
        </li>
      ))}
    </ul>
  )
}
