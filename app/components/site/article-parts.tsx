import { ArrowLeft } from 'lucide'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonClass } from '~/components/ui/button.tsx'
import { Icon } from '~/components/ui/icon.tsx'

/** The way back from a post or a case page to its list, at the top and the foot of the page. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-2 font-semibold text-primary-800 hover:underline">
      <Icon node={ArrowLeft} aria-hidden="true" className="h-5 w-5" />
      {children}
    </Link>
  )
}

/** A post or project that does not exist (or is not public): what is missing and the way back to its list. */
export function ArticleNotFound({ title, text, to, back }: { title: string; text: string; to: string; back: string }) {
  return (
    <main id="main-content" className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <h1 className="text-4xl font-extrabold text-ink-900">{title}</h1>
      <p className="mt-4 text-lg text-ink-600">{text}</p>
      <Link to={to} className={buttonClass({ size: 'lg', className: 'mt-8' })}>
        <Icon node={ArrowLeft} aria-hidden="true" className="h-5 w-5" />
        {back}
      </Link>
    </main>
  )
}

/** The head of a post or case page: its category, its title, and what follows the title. */
export function ArticleHeader({ category, title, children }: { category: string; title: string; children?: ReactNode }) {
  return (
    <header className="mt-8">
      <p>
        <span className="rounded-full bg-primary-50 px-3 py-1 text-sm font-semibold text-primary-800">{category}</span>
      </p>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">{title}</h1>
      {children}
    </header>
  )
}
