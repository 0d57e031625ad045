import type { HTMLAttributes, ReactNode } from 'react'

/** The white, bordered panel of the back office's forms and lists. `flush` drops the padding (a card with an image on top). */
export function cardClass({ flush = false, className }: { flush?: boolean; className?: string } = {}): string {
  return ['rounded-lg border border-ink-200 bg-white shadow-sm', flush ? 'overflow-hidden' : 'p-5', className].filter(Boolean).join(' ')
}

type CardProps = {
  as?: 'div' | 'section' | 'li'
  flush?: boolean
} & HTMLAttributes<HTMLElement>

export function Card({ as: As = 'div', flush, className, ...props }: CardProps) {
  return <As className={cardClass({ flush, className })} {...props} />
}

/** A card with a heading (it names the section) and a line of description. */
export function SectionCard({
  id,
  title,
  description,
  className,
  children,
}: {
  id: string
  title: string
  description?: string
  className?: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className={cardClass({ className })}>
      <h2 id={id} className="text-lg font-semibold text-ink-900">
        {title}
      </h2>
      {description && <p className="mb-4 text-sm text-ink-600">{description}</p>}
      {children}
    </section>
  )
}
