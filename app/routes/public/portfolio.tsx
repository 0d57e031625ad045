import type { Route } from './+types/portfolio'
import { ClosingCta } from '~/components/site/closing-cta.tsx'
import { PublicPage } from '~/components/site/page-header.tsx'
import { PortfolioGrid, keepDataAcrossFilters } from '~/components/site/portfolio-grid.tsx'
import { pageMeta } from '~/components/site/page-meta.ts'
import { listPublicPortfolioOnce } from '~/services/portfolio.server.ts'
import { portfolioCards } from './+shared/portfolio-cards.server.ts'

export function meta(args: Route.MetaArgs) {
  return pageMeta('portfolio', args)
}

/** The filter (`?category=`) is read from the address: the data stays as it is. */
export const shouldRevalidate = keepDataAcrossFilters

/** Active projects only, rendered on the server; the grid filters them by `?category=`. */
export async function loader({ context }: Route.LoaderArgs) {
  const items = await listPublicPortfolioOnce(context.app.db, context.app.contentMemo)
  return { items: await portfolioCards(context.app.images, items) }
}

export default function Portfolio({ loaderData }: Route.ComponentProps) {
  return (
    <PublicPage
      title="Our Portfolio"
      intro="Websites and online stores we have designed, built and launched for restaurants, shops, clinics, schools and other local businesses."
    >
      <section aria-label="Projects" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <PortfolioGrid items={loaderData.items} eagerImages={1} headingLevel={2} />
      </section>
      <ClosingCta title="Want your business here next?" />
    </PublicPage>
  )
}
