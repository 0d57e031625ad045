import { CheckCircle2 } from 'lucide'
import type { ReactNode, Ref } from 'react'
import { Icon } from './icon.tsx'

/**
 * A public page's news that a step is done (a message sent, a call moved or cancelled), with a
 * check mark. The page moves focus to it (`ref`, tabIndex -1) when it appears, so it is heard.
 */
export function SuccessPanel({ ref, className, children }: { ref: Ref<HTMLDivElement>; className?: string; children: ReactNode }) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className={['flex gap-3 rounded-lg border border-success-300 bg-success-50 p-4 text-success-900', className]
        .filter(Boolean)
        .join(' ')}
    >
      <Icon node={CheckCircle2} aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success-700" />
      <div>{children}</div>
    </div>
  )
}
