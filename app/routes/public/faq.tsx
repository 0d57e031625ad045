import { Search } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { useState } from 'react'
import { Link } from 'react-router'
import type { Route } from './+types/faq'
import { Accordion } from '~/components/site/accordion.tsx'
import { JsonLd } from '~/components/site/json-ld.tsx'
import { PageHeader } from '~/components/site/page-header.tsx'
import { FAQS } from '~/content/faq.ts'
import { accordionToggle, searchFaqs } from '~/lib/faq-search.ts'
import { faqPageJsonLd } from '~/lib/json-ld.ts'
import { pageMeta } from '~/lib/seo.ts'

export function meta(args: Route.MetaArgs) {
  return pageMeta('faq', args)
}

export default function Faq() {
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState<number | null>(0)
  const results = searchFaqs(FAQS, query)
  return (
    <main id="main-content">
      <PageHeader
        title="Frequently Asked Questions"
        intro="Everything about delivery times, prices, hosting, support and our money-back guarantee. Can't find your answer? Ask us in the chat or request a free proposal."
      />
      <section aria-label="Questions and answers" className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        <div className="relative">
          <label htmlFor="faq-search" className="sr-only">
            Search FAQs
          </label>
          <Icon node={Search} aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-ink-500" />
          <input
            id="faq-search"
            type="search"
            placeholder="Search FAQs..."
            value={query}
            onChange={(e) => {
              setQuery(e.target.value)
              setOpen(0)
            }}
            className="w-full rounded-xl border border-ink-300 py-3 pr-4 pl-12 text-base placeholder:text-ink-500 focus:border-primary-700"
          />
        </div>
        <p className="mt-3 text-sm text-ink-600" role="status">
          {query.trim() ? `${results.length} of ${FAQS.length} questions match` : `${FAQS.length} questions`}
        </p>
        <div className="mt-6">
          {results.length === 0 ? (
            <p className="rounded-2xl border border-ink-200 p-8 text-center text-ink-600">No FAQs found matching your search.</p>
          ) : (
            <Accordion items={results} openIndex={open} onToggle={(i) => setOpen((cur) => accordionToggle(cur, i))} headingLevel={2} showCategory />
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
      <JsonLd data={faqPageJsonLd(FAQS)} />
    </main>
  )
}
