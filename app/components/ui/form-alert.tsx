import type { ReactNode, Ref } from 'react'

/**
 * A public form's refusal of the whole form (a time taken meanwhile, too many tries), above its
 * fields. With `ref`, the page moves focus to it after the answer (tabIndex -1), so it is heard.
 */
export function FormAlert({ ref, children }: { ref?: Ref<HTMLDivElement>; children: ReactNode }) {
  return (
    <div
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      role="alert"
      className="rounded-md border border-danger-300 bg-danger-50 p-3 text-sm text-danger-800"
    >
      {children}
    </div>
  )
}
