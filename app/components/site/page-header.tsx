import type { ReactNode } from 'react'

/** The heading band at the top of inner pages. */
export function PageHeader({ title, intro, eyebrow }: { title: string; intro?: string; eyebrow?: string }) {
  return (
    <div className="bg-gradient-to-b from-primary-50 to-white">
      <div className="mx-auto max-w-4xl px-4 pt-14 pb-10 text-center sm:px-6 sm:pt-20">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-primary-800 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">{title}</h1>
        {intro && <p className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-ink-600">{intro}</p>}
      </div>
    </div>
  )
}

/** An inner public page: its main landmark (the skip link's target), opened by the heading band. */
export function PublicPage({ children, ...header }: Parameters<typeof PageHeader>[0] & { children: ReactNode }) {
  return (
    <main id="main-content">
      <PageHeader {...header} />
      {children}
    </main>
  )
}
