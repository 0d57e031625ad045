import { ArrowRight, CheckCircle2, Code, Compass, Palette, Rocket } from 'lucide'
import { buttonClass } from '~/components/ui/button.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { Suspense } from 'react'
import { Await, Link, redirect } from 'react-router'
import type { Route } from './+types/home'
import { blogPostPath } from '~/lib/public-paths.ts'
import { resolveOldAddress } from '~/services/post-addresses.server.ts'
import { DiscoveryPopup } from '~/components/discovery-popup.tsx'
import { Accordion } from '~/components/site/accordion.tsx'
import { Band } from '~/components/site/band.tsx'
import { ClosingCta } from '~/components/site/closing-cta.tsx'
import { PortfolioGrid, Testimonials, keepDataAcrossFilters } from '~/components/site/portfolio-grid.tsx'
import { RenderedOnce } from '~/components/rendered-once.tsx'
import { HOME_FAQS } from '~/content/faq.ts'
import { BADGES, CLIENT_LOGOS, HERO, OFFLINE_SECTION, PROCESS_STEPS, PROCESS_TITLE } from '~/content/site.ts'
import { seoMeta } from '~/components/site/page-meta.ts'
import { listPublicPortfolioOnce, testimonialsOf } from '~/services/portfolio.server.ts'
import { portfolioCards } from './+shared/portfolio-cards.server.ts'
import { getPublicSettings } from '~/services/settings.server.ts'

/** Built by the loader: the browser then loads no page's metadata to show the home page. */
export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData?.meta ?? []
}

/** "7 days", "7 weeks": a number and the word after it never part at a line break (the text is unchanged). */
function keepNumbersWithWords(text: string) {
  return text.split(/(\d+\s+[^\s,.;:!?]+)/).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  )
}

/** The portfolio sits below the fold, so it streams in after the first paint instead of holding it up. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // WordPress's plain permalink, /?p=ID, of an imported post moves permanently to its new address.
  const p = new URL(request.url).searchParams.get('p')
  if (p && /^\d{1,12}$/.test(p)) {
    const moved = await resolveOldAddress(context.app.db, `/?p=${p}`)
    if (moved) throw redirect(blogPostPath({ slug: moved }), 301)
  }
  const projects = listPublicPortfolioOnce(context.app.db, context.app.contentMemo)
  // Clients' words come from the projects' quotes (one source), streamed with the portfolio.
  const testimonials = projects.then(testimonialsOf)
  const portfolio = projects.then((items) => portfolioCards(context.app.images, items))
  // The three questions travel as loader data: the full FAQ list stays out of the home page bundle.
  const { siteName } = await getPublicSettings(context.app.db, context.app.contentMemo)
  const meta = seoMeta('home', { siteUrl: context.app.config.siteUrl, siteName, path: '/' })
  return { meta, portfolio, testimonials, faqs: HOME_FAQS }
}

/** The portfolio filter (`?category=`) is read from the address: the data stays as it is. */
export const shouldRevalidate = keepDataAcrossFilters

const STEP_ICONS = [Compass, Palette, Code, Rocket]

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main-content">
      <section className="bg-gradient-to-b from-primary-50 to-white">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
          {/* The hero image stays outside: React turns its fetchPriority into a preload in <head>. */}
          <RenderedOnce as="div" renderKey="home hero">
            <h1 className="text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl lg:text-6xl">
              {keepNumbersWithWords(HERO.title)}
            </h1>
            <p className="mt-6 text-lg leading-8 text-ink-600">{HERO.subtitle}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to={HERO.primaryCta.href} className={buttonClass({ size: 'lg', className: 'shadow' })}>
                {HERO.primaryCta.label}
                <Icon node={ArrowRight} aria-hidden="true" className="h-5 w-5" />
              </Link>
              <Link
                to={HERO.secondaryCta.href}
                className="inline-flex items-center justify-center rounded-lg border border-ink-300 bg-white px-6 py-3 text-base font-semibold text-ink-800 hover:border-primary-700 hover:text-primary-800"
              >
                {HERO.secondaryCta.label}
              </Link>
            </div>
            <ul className="mt-8 flex flex-wrap gap-2" aria-label="Why choose us">
              {BADGES.map((b) => (
                <li
                  key={b}
                  className="inline-flex items-center gap-1 rounded-full bg-white px-3 py-1 text-sm font-medium text-ink-700 ring-1 ring-ink-200"
                >
                  <Icon node={CheckCircle2} aria-hidden="true" className="h-4 w-4 text-success-700" />
                  {b}
                </li>
              ))}
            </ul>
          </RenderedOnce>
          <img
            src="/images/hero.svg"
            alt="Illustration of a small business website on a laptop and a phone"
            width={1200}
            height={900}
            fetchPriority="high"
            className="hidden h-auto w-full lg:block"
          />
        </div>
      </section>

      <RenderedOnce as="section" renderKey="home offline" aria-labelledby="offline-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="grid gap-10 lg:grid-cols-2">
          <div>
            <h2 id="offline-title" className="text-3xl font-bold text-ink-900">
              {OFFLINE_SECTION.title}
            </h2>
            <p className="mt-4 text-lg leading-8 text-ink-600">{OFFLINE_SECTION.body}</p>
          </div>
          <ul className="space-y-3">
            {OFFLINE_SECTION.points.map((p) => (
              <li key={p} className="flex gap-3 rounded-xl bg-ink-50 p-4 text-ink-700">
                <Icon node={CheckCircle2} aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-primary-700" />
                {p}
              </li>
            ))}
          </ul>
        </div>
      </RenderedOnce>

      <RenderedOnce as="section" renderKey="home process" aria-labelledby="process-title" className="bg-ink-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="process-title" className="text-center text-3xl font-bold text-ink-900">
            {PROCESS_TITLE}
          </h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {PROCESS_STEPS.map((step, i) => {
              const icon = STEP_ICONS[i]
              return (
                <li key={step.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-200">
                  <div className="flex items-center justify-between">
                    <Icon node={icon} aria-hidden="true" className="h-8 w-8 text-primary-700" />
                    <span className="text-sm font-semibold text-ink-600">{step.duration}</span>
                  </div>
                  <h3 className="mt-4 text-lg font-bold text-ink-900">
                    <span className="sr-only">Step {i + 1}: </span>
                    {step.title}
                  </h3>
                  <p className="mt-2 leading-7 text-ink-600">{step.description}</p>
                </li>
              )
            })}
          </ol>
        </div>
      </RenderedOnce>

      <section id="portfolio" aria-labelledby="portfolio-title" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6">
        <h2 id="portfolio-title" className="text-center text-3xl font-bold text-ink-900">
          Our Portfolio
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-ink-600">
          A few of the websites and online stores we have launched for small businesses.
        </p>
        <div className="mt-8">
          <Suspense fallback={<p className="py-16 text-center text-ink-600">Loading portfolio...</p>}>
            <Await resolve={loaderData.portfolio}>{(items) => <PortfolioGrid items={items} anchor="portfolio" />}</Await>
          </Suspense>
        </div>
        <div className="mt-10 text-center">
          <Link to="/portfolio" className={buttonClass({ variant: 'outline', size: 'lg' })}>
            View All Projects
            <Icon node={ArrowRight} aria-hidden="true" className="h-5 w-5" />
          </Link>
        </div>
      </section>

      <Suspense fallback={null}>
        <Await resolve={loaderData.testimonials}>{(items) => <Testimonials items={items} tone="white" />}</Await>
      </Suspense>

      <Band id="faq-title" title="Frequently Asked Questions" width="3xl" tinted>
        <div className="mt-8">
          <Accordion items={loaderData.faqs} name="home-faq" />
        </div>
        <p className="mt-8 text-center">
          <Link to="/faq" className="font-semibold text-primary-800 hover:underline">
            View All FAQs
          </Link>
        </p>
      </Band>

      <RenderedOnce as="section" renderKey="home logos" aria-labelledby="logos-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 id="logos-title" className="text-center text-sm font-semibold tracking-wide text-ink-600 uppercase">
          Trusted by local businesses
        </h2>
        <ul className="mt-8 grid grid-cols-2 items-center gap-8 sm:grid-cols-3 lg:grid-cols-6">
          {CLIENT_LOGOS.map((l) => (
            <li key={l.name} className="flex justify-center">
              <img src={l.src} alt={l.name} width={160} height={48} loading="lazy" decoding="async" className="h-12 w-auto" />
            </li>
          ))}
        </ul>
      </RenderedOnce>

      <ClosingCta />
      <DiscoveryPopup />
    </main>
  )
}
