import type { ReactNode } from 'react'

/**
 * A white card named by its heading (aria-labelledby `id`), with an optional line under the
 * heading: the sections of a lead's page and of the proposal document editor. The editor's
 * headings keep the colour of the text around them (`inheritColour`).
 */
export function TitledCard({
  id,
  title,
  intro,
  inheritColour = false,
  children,
}: {
  id: string
  title: ReactNode
  intro?: ReactNode
  inheritColour?: boolean
  children: ReactNode
}) {
  const heading = [intro ? '' : 'mb-3 ', 'text-lg font-semibold', inheritColour ? '' : ' text-ink-900'].join('')
  return (
    <section aria-labelledby={id} className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
      <h2 id={id} className={heading}>
        {title}
      </h2>
      {intro && <p className="mt-1 mb-3 text-sm text-ink-600">{intro}</p>}
      {children}
    </section>
  )
}
