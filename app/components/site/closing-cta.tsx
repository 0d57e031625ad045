import { Link } from 'react-router'
import { RenderedOnce } from '~/components/rendered-once.tsx'
import { HIRE_LINKS } from './site-header.tsx'

const BUTTON = 'inline-flex items-center justify-center rounded-lg border-2 border-white px-6 py-3 font-semibold'

/**
 * The band that ends a public page: the two ways to hire us side by side, "Get Free Proposal" and
 * "Book a call" (issue 35). Its markup depends only on its texts, so the server renders it once
 * per text (docs/decisions/026); hence a fixed id, never useId (one band per page). Kept small:
 * it is in the home page's first JavaScript (tests/e2e/budget.spec.ts).
 */
export function ClosingCta({
  title = 'Ready to start your project?',
  text = 'Tell us about your business and get a fixed-price proposal within 24 hours, or book a free call to talk it through first.',
}: {
  title?: string
  text?: string
}) {
  return (
    <RenderedOnce
      as="section"
      renderKey={`closing cta\n${title}\n${text}`}
      aria-labelledby="closing-cta-title"
      className="focus-ring-inverse bg-primary-700"
    >
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-14 text-center sm:px-6">
        <h2 id="closing-cta-title" className="text-3xl font-bold text-white">
          {title}
        </h2>
        <p className="max-w-2xl text-lg text-primary-50">{text}</p>
        <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <Link to={HIRE_LINKS.proposal.to} className={`${BUTTON} bg-white text-primary-800 hover:bg-primary-50`}>
            {HIRE_LINKS.proposal.label}
          </Link>
          <Link to={HIRE_LINKS.book.to} className={`${BUTTON} text-white hover:bg-primary-800`}>
            {HIRE_LINKS.book.label}
          </Link>
        </div>
      </div>
    </RenderedOnce>
  )
}
