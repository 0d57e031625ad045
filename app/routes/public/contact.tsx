import { Clock, Mail, MapPin, Phone } from 'lucide'
import { buttonClass } from '~/components/ui/button.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { Link } from 'react-router'
import type { Route } from './+types/contact'
import { PageHeader } from '~/components/site/page-header.tsx'
import { useSite } from '~/components/site/use-site.ts'
import { CONTACT_INTRO } from '~/content/contact.ts'
import { OFFICES } from '~/content/site.ts'
import { pageMeta } from '~/lib/seo.ts'

export function meta(args: Route.MetaArgs) {
  return pageMeta('contact', args)
}

const tel = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`

export default function Contact() {
  const { site } = useSite()
  return (
    <main id="main-content">
      <PageHeader title={CONTACT_INTRO.title} intro={CONTACT_INTRO.body} />
      <section aria-labelledby="reach-title" className="mx-auto max-w-5xl px-4 pb-12 sm:px-6">
        <h2 id="reach-title" className="sr-only">
          How to reach us
        </h2>
        <ul className="grid gap-6 sm:grid-cols-3">
          <li className="rounded-2xl border border-ink-200 p-6">
            <Icon node={Mail} aria-hidden="true" className="h-6 w-6 text-primary-700" />
            <h3 className="mt-3 font-bold text-ink-900">Email</h3>
            <a href={`mailto:${site.contactEmail}`} className="mt-1 block break-words text-primary-800 hover:underline">
              {site.contactEmail}
            </a>
          </li>
          {site.contactPhone && (
            <li className="rounded-2xl border border-ink-200 p-6">
              <Icon node={Phone} aria-hidden="true" className="h-6 w-6 text-primary-700" />
              <h3 className="mt-3 font-bold text-ink-900">Phone</h3>
              <a href={tel(site.contactPhone)} className="mt-1 block text-primary-800 hover:underline">
                {site.contactPhone}
              </a>
            </li>
          )}
          {site.address && (
            <li className="rounded-2xl border border-ink-200 p-6">
              <Icon node={MapPin} aria-hidden="true" className="h-6 w-6 text-primary-700" />
              <h3 className="mt-3 font-bold text-ink-900">Address</h3>
              <p className="mt-1 text-ink-700">{site.address}</p>
            </li>
          )}
        </ul>
      </section>

      <section aria-labelledby="offices-title" className="bg-ink-50">
        <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6">
          <h2 id="offices-title" className="text-center text-3xl font-bold text-ink-900">
            Our offices
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {OFFICES.map((o) => (
              <li key={o.id} className="rounded-2xl bg-white p-6 ring-1 ring-ink-200">
                <p className="text-sm font-semibold tracking-wide text-primary-800 uppercase">{o.label}</p>
                <h3 className="mt-1 text-xl font-bold text-ink-900">
                  {o.city}, {o.country}
                </h3>
                <p className="mt-3 flex gap-2 text-ink-700">
                  <Icon node={MapPin} aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-ink-500" />
                  {o.address}
                </p>
                <p className="mt-2 flex gap-2 text-ink-700">
                  <Icon node={Phone} aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-ink-500" />
                  <a href={tel(o.phone)} className="hover:underline">
                    {o.phone}
                  </a>
                </p>
                <p className="mt-2 flex gap-2 text-ink-700">
                  <Icon node={Clock} aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-ink-500" />
                  {o.hours}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h2 className="text-3xl font-bold text-ink-900">Ready to start your project?</h2>
        <p className="mt-4 text-lg text-ink-600">Tell us about your business and receive a fixed-price proposal within 24 hours.</p>
        <Link to="/proposal" className={buttonClass({ size: 'lg', className: 'mt-8' })}>
          Get Free Proposal
        </Link>
      </section>
    </main>
  )
}
