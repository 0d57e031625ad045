import { Search } from 'lucide'
import { buttonClass } from '~/components/ui/button.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { useState } from 'react'
import { Form, Link } from 'react-router'
import type { Route } from './+types/faq'
import { Accordion } from '~/components/site/accordion.tsx'
import { JsonLd } from '~/components/site/json-ld.tsx'
import { ClosingCta } from '~/components/site/closing-cta.tsx'
import { PublicPage } from '~/components/site/page-header.tsx'
import { FAQS } from '~/content/faq.ts'
import { searchFaqs } from '~/lib/faq-search.ts'
import { faqPageJsonLd } from '~/lib/json-ld.ts'
import { pageMeta } from '~/components/site/page-meta.ts'

export function meta(args: Route.MetaArgs) {
  return pageMeta('faq', args)
}

/** Longest search kept: questions are a few words, and the value is written back into the page. */
const MAX_QUERY = 200

/**
 * The search box is a GET form (issue 22): before the page's script runs, or without it,
 * `/faq?q=…` is answered with the matching questions. Only such requests skip the page cache
 * (QUERY_READING_PAGES in app/lib/public-paths.ts).
 */
export function loader({ request }: Route.LoaderArgs) {
  return { q: (new URL(request.url).searchParams.get('q') ?? '').slice(0, MAX_QUERY) }
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { q } = loaderData
  // Filters as the visitor types; a new address (the form sent, Back) starts from its own search.
  const [query, setQuery] = useState(q)
  const [searched, setSearched] = useState(q)
  if (q !== searched) {
    setSearched(q)
    setQuery(q)
  }
  const results = searchFaqs(FAQS, query)
  return (
    <PublicPage
      title="Frequently Asked Questions"
      intro="Everything about delivery times, prices, hosting, support and our money-back guarantee. Can't find your answer? Ask us in the chat or request a free proposal."
    >
      <section aria-label="Questions and answers" className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        <Form method="get" action="/faq" role="search" preventScrollReset className="flex gap-2">
          <div className="relative flex-1">
            <label htmlFor="faq-search" className="sr-only">
              Search FAQs
            </label>
            <Icon
              node={Search}
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-ink-500"
            />
            <input
              id="faq-search"
              name="q"
              type="search"
              placeholder="Search FAQs..."
              maxLength={MAX_QUERY}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="w-full rounded-xl border border-ink-300 py-3 pr-4 pl-12 text-base placeholder:text-ink-500 focus:border-primary-700"
            />
          </div>
          <button type="submit" className={buttonClass({ variant: 'outline', size: 'lg', className: 'rounded-xl' })}>
            Search
          </button>
        </Form>
        <p className="mt-3 text-sm text-ink-600" role="status">
          {query.trim() ? `${results.length} of ${FAQS.length} questions match` : `${FAQS.length} questions`}
        </p>
        <div className="mt-6">
          {results.length === 0 ? (
            <p className="rounded-2xl border border-ink-200 p-8 text-center text-ink-600">No FAQs found matching your search.</p>
          ) : (
            <Accordion items={results} name="faq" headingLevel={2} showCategory />
          )}
        </div>
        <p className="mt-10 text-center text-ink-700">
          Still have a question?{' '}
          <Link to="/contact" className="font-semibold text-primary-800 hover:underline">
            Contact us
          </Link>{' '}
          or{' '}
          <Link to="/proposal" className="font-semibold text-primary-800 hover:underline">
            get a free proposal
          </Link>
          .
        </p>
      </section>
      <ClosingCta />
      <JsonLd data={faqPageJsonLd(FAQS)} />
    </PublicPage>
  )
}
