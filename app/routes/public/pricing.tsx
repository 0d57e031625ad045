import { Link } from 'react-router'
import type { Route } from './+types/pricing'
import { CostEstimator } from '~/components/estimator/cost-estimator.tsx'
import { readEstimatorQuery } from '~/lib/estimator-query.ts'
import { ESTIMATOR } from '~/components/estimator/price-list.ts'
import { Accordion } from '~/components/site/accordion.tsx'
import { JsonLd } from '~/components/site/json-ld.tsx'
import { CheckList } from '~/components/site/check-list.tsx'
import { Band } from '~/components/site/band.tsx'
import { ClosingCta } from '~/components/site/closing-cta.tsx'
import { PublicPage } from '~/components/site/page-header.tsx'
import { useSite } from '~/components/site/use-site.ts'
import { PLANS, PRICING_ADDONS, PRICING_FAQS, QUOTED } from '~/content/pricing.ts'
import { plansJsonLd } from '~/lib/json-ld.ts'
import { pageMeta } from '~/components/site/page-meta.ts'

export function meta(args: Route.MetaArgs) {
  return pageMeta('pricing', args)
}

/**
 * The estimator's choices from the address (its GET form's Calculate before hydration or without
 * JavaScript, and the lead desk's reopen link), priced here. Only requests that carry them skip
 * the page cache (QUERY_READING_PAGES in app/lib/public-paths.ts); `/pricing` alone gives null.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { estimator: readEstimatorQuery(new URL(request.url).searchParams, ESTIMATOR) }
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { siteUrl, site } = useSite()
  return (
    <PublicPage
      eyebrow="Pricing"
      title="Simple, transparent pricing"
      intro={`One fixed price, agreed before we start. Every plan includes free hosting and a free domain for the first year and a ${QUOTED.moneyBack} money-back guarantee.`}
    >
      <section aria-label="Plans" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <ul className="grid gap-8 lg:grid-cols-3">
          {PLANS.map((p) => (
            <li
              key={p.id}
              className={`relative flex flex-col rounded-2xl bg-white p-8 shadow-sm ${p.mostPopular ? 'ring-2 ring-primary-700' : 'ring-1 ring-ink-200'}`}
            >
              {p.mostPopular && (
                <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary-700 px-3 py-1 text-xs font-semibold text-white">
                  Most Popular
                </p>
              )}
              <h2 className="text-xl font-bold text-ink-900">{p.name}</h2>
              <p className="mt-2 text-ink-600">{p.description}</p>
              <p className="mt-6">
                <span className="text-4xl font-extrabold text-ink-900">${p.price}</span>
                <span className="text-ink-600"> one-time</span>
              </p>
              <CheckList items={p.features} label={`${p.name} plan includes`} className="mt-6 flex-1 space-y-3" />
              <Link
                to="/proposal"
                className={`mt-8 inline-flex items-center justify-center rounded-lg px-4 py-3 font-semibold ${
                  p.mostPopular
                    ? 'bg-primary-700 text-white hover:bg-primary-800'
                    : 'border border-primary-700 text-primary-800 hover:bg-primary-50'
                }`}
              >
                {p.cta}
                <span className="sr-only"> with the {p.name} plan</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-sm text-ink-600">
          After the first year: hosting {QUOTED.hostingPerMonth}/month and domain renewal {QUOTED.domainPerYear}/year. Support plans from{' '}
          {QUOTED.maintenanceFrom}/month.
        </p>
      </section>

      <Band id="addons-title" title="Add-ons" width="5xl" tinted>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2">
          {PRICING_ADDONS.map((a) => (
            <li key={a.name} className="rounded-2xl bg-white p-6 ring-1 ring-ink-200">
              <div className="flex items-baseline justify-between gap-4">
                <h3 className="font-bold text-ink-900">{a.name}</h3>
                <p className="shrink-0 font-semibold text-primary-800">
                  +${a.price}
                  {a.unit && <span className="text-sm font-normal text-ink-600"> {a.unit}</span>}
                </p>
              </div>
              <p className="mt-2 text-ink-600">{a.description}</p>
            </li>
          ))}
        </ul>
      </Band>

      <Band id="estimator-title" title="Estimate your project" width="5xl">
        <div className="mt-8">
          <CostEstimator initial={loaderData.estimator} />
        </div>
      </Band>

      <Band id="pricing-faq-title" title="Pricing questions" width="3xl" tinted>
        <div className="mt-8">
          <Accordion items={PRICING_FAQS} name="pricing-faq" />
        </div>
      </Band>
      <ClosingCta title="Not sure which plan fits?" />
      <JsonLd data={plansJsonLd(siteUrl, site.siteName, PLANS)} />
    </PublicPage>
  )
}
