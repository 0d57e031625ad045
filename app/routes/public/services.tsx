import { Check, Code, LayoutDashboard, Megaphone, Search, ShoppingCart, Wrench, X } from 'lucide'
import { buttonClass } from '~/components/ui/button.tsx'
import { Icon, type IconNode } from '~/components/ui/icon.tsx'
import { Link } from 'react-router'
import type { Route } from './+types/services'
import { CheckList } from '~/components/site/check-list.tsx'
import { Band } from '~/components/site/band.tsx'
import { ClosingCta } from '~/components/site/closing-cta.tsx'
import { PublicPage } from '~/components/site/page-header.tsx'
import { useSite } from '~/components/site/use-site.ts'
import { COMPARISON, SERVICES, type ServiceIcon } from '~/content/services.ts'
import { QUOTED } from '~/content/pricing.ts'
import { STATS, SUPPORT_HOURS } from '~/content/site.ts'
import { pageMeta } from '~/components/site/page-meta.ts'
import { listTestimonials } from '~/services/portfolio.server.ts'
import { Testimonials } from '~/components/site/portfolio-grid.tsx'

export function meta(args: Route.MetaArgs) {
  return pageMeta('services', args)
}

/** Clients' words with their names, from the projects' quotes (one source). */
export async function loader({ context }: Route.LoaderArgs) {
  return { testimonials: await listTestimonials(context.app.db) }
}

const ICONS: Record<ServiceIcon, IconNode> = { Code, ShoppingCart, Search, LayoutDashboard, Megaphone, Wrench }

function Answer({ value }: { value: string }) {
  if (value === 'Yes')
    return (
      <span className="inline-flex items-center gap-1 font-semibold text-success-800">
        <Icon node={Check} aria-hidden="true" className="h-5 w-5" /> Yes
      </span>
    )
  if (value === 'No')
    return (
      <span className="inline-flex items-center gap-1 text-ink-600">
        <Icon node={X} aria-hidden="true" className="h-5 w-5" /> No
      </span>
    )
  return <span>{value}</span>
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const { site } = useSite()
  return (
    <PublicPage
      eyebrow="Services"
      title="Everything your business needs online"
      intro={`From a first website to an online store and the marketing that brings customers to it: fixed prices, websites live in ${QUOTED.websiteDelivery}, and real ${SUPPORT_HOURS.people}.`}
    >
      <section aria-label="Our services" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map((s) => {
            const icon = ICONS[s.icon]
            return (
              <li key={s.id} className="flex flex-col rounded-2xl border border-ink-200 bg-white p-7 shadow-sm">
                <Icon node={icon} aria-hidden="true" className="h-10 w-10 rounded-lg bg-primary-50 p-2 text-primary-700" />
                <h2 className="mt-5 text-xl font-bold text-ink-900">{s.title}</h2>
                <p className="mt-3 leading-7 text-ink-600">{s.description}</p>
                <CheckList items={s.features} label={`${s.title} features`} className="mt-5 flex-1 space-y-2" />
                <Link to="/proposal" className={buttonClass({ className: 'mt-6' })}>
                  Get Free Proposal
                </Link>
              </li>
            )
          })}
        </ul>
        <p className="mt-10 text-center text-ink-700">
          Not sure which service fits?{' '}
          <Link to="/book" className="font-semibold text-primary-800 underline">
            Book a free 15-minute discovery call
          </Link>
        </p>
      </section>

      <Band id="compare-title" title="How we compare" width="4xl" tinted>
        <div className="mt-8 overflow-x-auto rounded-2xl border border-ink-200 bg-white">
          <table className="w-full text-left">
            <caption className="sr-only">{site.siteName} compared with typical agencies</caption>
            <thead className="bg-ink-100 text-sm text-ink-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Feature
                </th>
                <th scope="col" className="px-4 py-3 font-semibold text-primary-800">
                  {site.siteName}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Typical agencies
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-200">
              {COMPARISON.map((row) => (
                <tr key={row.feature}>
                  <th scope="row" className="px-4 py-3 font-medium text-ink-900">
                    {row.feature}
                  </th>
                  <td className="px-4 py-3">
                    <Answer value={row.us} />
                  </td>
                  <td className="px-4 py-3">
                    <Answer value={row.typical} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Band>

      <Band id="stats-title" title="Results that speak for themselves">
        <dl className="mt-10 grid grid-cols-2 gap-6 md:grid-cols-4">
          {STATS.map((s) => (
            <div key={s.label} className="flex flex-col-reverse rounded-2xl bg-primary-50 p-6 text-center">
              <dt className="mt-2 text-sm font-medium text-ink-700">{s.label}</dt>
              <dd className="text-3xl font-extrabold text-primary-800">{s.value}</dd>
            </div>
          ))}
        </dl>
      </Band>
      <Testimonials items={loaderData.testimonials} />
      <ClosingCta />
    </PublicPage>
  )
}
