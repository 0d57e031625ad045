import { Link } from 'react-router'
import type { Route } from './+types/portfolio'
import { PageHeader } from '~/components/site/page-header.tsx'
import { PortfolioGrid, keepDataAcrossFilters } from '~/components/site/portfolio-grid.tsx'
import { pageMeta } from '~/lib/seo.ts'
import { listPublicPortfolio } from '~/services/portfolio.server.ts'
import { pictureInfo } from '~/services/uploads.server.ts'

export function meta(args: Route.MetaArgs) {
  return pageMeta('portfolio', args)
}

/** The filter (`?category=`) is read from the address: the data stays as it is. */
export const shouldRevalidate = keepDataAcrossFilters

/** Active projects only, rendered on the server; the grid filters them by `?category=`. */
export async function loader({ context }: Route.LoaderArgs) {
  const items = await listPublicPortfolio(context.app.db)
  const pictures = await pictureInfo(context.app.images, items.map((i) => i.image))
  return {
    items: items.map(({ id, title, description, category, image, imageAlt, technologies, isLive, liveUrl }) => ({
      id,
      title,
      description,
      category,
      image,
      imageAlt,
      picture: pictures[image] ?? null,
      technologies,
      isLive,
      liveUrl,
    })),
  }
}

export default function Portfolio({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main-content">
      <PageHeader
        title="Our Portfolio"
        intro="Websites and online stores we have designed, built and launched for restaurants, shops, clinics, schools and other local businesses."
      />
      <section aria-label="Projects" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <PortfolioGrid items={loaderData.items} eagerImages={1} headingLevel={2} />
      </section>
      <section className="focus-ring-inverse bg-primary-700">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-14 text-center sm:px-6">
          <h2 className="text-3xl font-bold text-white">Want your business here next?</h2>
          <p className="max-w-2xl text-primary-50">Tell us about your business and get a fixed-price proposal within 24 hours.</p>
          <Link to="/proposal" className="rounded-lg bg-white px-6 py-3 font-semibold text-primary-800 hover:bg-primary-50">
            Get Free Proposal
          </Link>
        </div>
      </section>
    </main>
  )
}
