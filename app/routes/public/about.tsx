import { Award, Clock, HeartHandshake, MapPin, Phone, Target, Users } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import type { Route } from './+types/about'
import { LazyMap } from '~/components/site/lazy-map.tsx'
import { Band } from '~/components/site/band.tsx'
import { ClosingCta } from '~/components/site/closing-cta.tsx'
import { PublicPage } from '~/components/site/page-header.tsx'
import { useOffices } from '~/components/site/use-site.ts'
import { REMOTE_TEAM, STORY, TEAM, VALUES } from '~/content/about.ts'
import { CLIENTS_PROSE } from '~/content/site.ts'
import { pageMeta } from '~/components/site/page-meta.ts'

export function meta(args: Route.MetaArgs) {
  return pageMeta('about', args)
}

const VALUE_ICONS: Record<string, typeof Target> = { Target, HeartHandshake, Award, Users }

export default function About() {
  const offices = useOffices()
  return (
    <PublicPage
      eyebrow="About us"
      title="Helping small businesses grow online since 2020"
      intro={`A small, senior team in San Francisco and Gwalior that has ${CLIENTS_PROSE} for businesses in the United States, each one made to work for its owner.`}
    >
      <section aria-labelledby="story-title" className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <h2 id="story-title" className="text-3xl font-bold text-ink-900">
          {STORY.title}
        </h2>
        {STORY.paragraphs.map((p) => (
          <p key={p.slice(0, 24)} className="mt-5 text-lg leading-8 text-ink-700">
            {p}
          </p>
        ))}
      </section>

      <Band id="values-title" title="Our Values" tinted>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((v) => {
            const icon = VALUE_ICONS[v.icon] ?? Target
            return (
              <li key={v.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-200">
                <Icon node={icon} aria-hidden="true" className="h-10 w-10 rounded-lg bg-primary-50 p-2 text-primary-700" />
                <h3 className="mt-4 text-lg font-bold text-ink-900">{v.title}</h3>
                <p className="mt-2 leading-7 text-ink-600">{v.description}</p>
              </li>
            )
          })}
        </ul>
      </Band>

      <Band id="offices-title" title={REMOTE_TEAM.title}>
        <p className="mx-auto mt-4 max-w-3xl text-center text-lg leading-8 text-ink-600">{REMOTE_TEAM.body}</p>
        <ul className="mt-10 grid gap-8 lg:grid-cols-2">
          {offices.map((o) => (
            <li key={o.id} className="rounded-2xl border border-ink-200 p-6">
              <p className="text-sm font-semibold tracking-wide text-primary-800 uppercase">{o.label}</p>
              <h3 className="mt-1 text-2xl font-bold text-ink-900">
                {o.city}, {o.id === 'gwalior' ? 'India' : 'USA'}
              </h3>
              <ul className="mt-4 space-y-2 text-ink-700">
                <li className="flex gap-2">
                  <Icon node={MapPin} aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-ink-500" />
                  {o.address}
                </li>
                <li className="flex gap-2">
                  <Icon node={Phone} aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-ink-500" />
                  <a href={`tel:${o.phone.replace(/[^+\d]/g, '')}`} className="hover:underline">
                    {o.phone}
                  </a>
                </li>
                <li className="flex gap-2">
                  <Icon node={Clock} aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-ink-500" />
                  {o.hours}
                </li>
              </ul>
              <div className="mt-6">
                <LazyMap query={o.mapQuery} title={`Map of our ${o.city} office`} address={o.address} />
              </div>
            </li>
          ))}
        </ul>
      </Band>

      <Band id="team-title" title="Meet the Team" tinted>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {TEAM.map((m) => (
            <li key={m.name} className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-ink-200">
              <img
                src={m.avatar}
                alt={`Illustrated portrait of ${m.name}`}
                width={256}
                height={256}
                loading="lazy"
                decoding="async"
                className="mx-auto h-28 w-28 rounded-full bg-ink-100"
              />
              <h3 className="mt-4 text-lg font-bold text-ink-900">{m.name}</h3>
              <p className="text-sm font-medium text-primary-800">{m.role}</p>
              <p className="mt-3 text-sm leading-6 text-ink-600">{m.bio}</p>
            </li>
          ))}
        </ul>
      </Band>
      <ClosingCta title="Work with us" />
    </PublicPage>
  )
}
