import type { ReactNode } from 'react'

const WIDTHS = { '3xl': 'max-w-3xl', '4xl': 'max-w-4xl', '5xl': 'max-w-5xl', '7xl': 'max-w-7xl' }

/**
 * A band of a public page under its centred heading (`id` names the heading): on the grey ground
 * across the whole width (`tinted`), else on the page's own; its content `width` at the most.
 */
export function Band({
  id,
  title,
  width = '7xl',
  tinted = false,
  children,
}: {
  id: string
  title: ReactNode
  width?: keyof typeof WIDTHS
  tinted?: boolean
  children: ReactNode
}) {
  const column = `mx-auto ${WIDTHS[width]} px-4 py-16 sm:px-6`
  const content = (
    <>
      <h2 id={id} className="text-center text-3xl font-bold text-ink-900">
        {title}
      </h2>
      {children}
    </>
  )
  return tinted ? (
    <section aria-labelledby={id} className="bg-ink-50">
      <div className={column}>{content}</div>
    </section>
  ) : (
    <section aria-labelledby={id} className={column}>
      {content}
    </section>
  )
}
