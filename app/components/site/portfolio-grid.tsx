import { ExternalLink } from 'lucide'
import { buttonClass } from '~/components/ui/button.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import type { MouseEvent } from 'react'
import { Link, useLocation, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { PORTFOLIO_FILTERS as SHARED_PORTFOLIO_FILTERS } from '~/lib/constants.ts'
import { CARD_SIZES, type PictureInfo } from '~/lib/picture.ts'
import { liveHref } from '~/lib/urls.ts'
import { CoverImage } from './responsive-image.tsx'

export type PortfolioCardItem = {
  id: number
  /** The case page's address: /portfolio/{slug}. */
  slug: string
  title: string
  description: string
  category: string
  image: string
  /** The cover's alt text ('' decorative). */
  imageAlt: string
  /** The cover's widths and formats, when it is an upload (app/lib/picture.ts). */
  picture?: PictureInfo | null
  technologies: string[]
  isLive: boolean
  liveUrl: string | null
}

/**
 * The public filter buttons. NOTE: repeated rather than imported from ~/lib/constants.ts, whose
 * shared chunk would add a request and ~0.4 KB gzipped to the home page; `satisfies` checks
 * (at compile time only) that the list is exactly the shared one, in the same order.
 */
const PORTFOLIO_FILTERS = [
  'All Projects',
  'E-commerce',
  'Business',
  'Education',
  'Restaurant',
] as const satisfies typeof SHARED_PORTFOLIO_FILTERS
const ALL = PORTFOLIO_FILTERS[0]
/** Cards show this many tags (what the site does for the client), then '+N more'. */
const MAX_TECH = 3

/** The query parameter of the filter: `?category=Restaurant` (none for All Projects). */
const CATEGORY_PARAM = 'category'

/** The filter an address asks for; All Projects when it names none of the five. */
function filterOf(params: URLSearchParams): string {
  const asked = params.get(CATEGORY_PARAM)
  return PORTFOLIO_FILTERS.find((f) => f !== ALL && f === asked) ?? ALL
}

/**
 * For the routes that show the grid: choosing a filter changes only `?category=`, which the grid
 * reads from the address itself, so the page's data is not loaded again.
 */
export function keepDataAcrossFilters({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate
  const rest = (url: URL) => {
    const params = new URLSearchParams(url.search)
    params.delete(CATEGORY_PARAM)
    params.sort()
    return params.toString()
  }
  return rest(currentUrl) === rest(nextUrl) ? false : defaultShouldRevalidate
}

/**
 * Filter links (All Projects, E-commerce, Business, Education, Restaurant) over a grid of project
 * cards. The filter is the address's `?category=` (issue 22): before the page's script runs, or
 * without it, a filter is a link the server answers, and `#anchor` (the home page's section)
 * brings the visitor back to the grid. Once the script runs, React Router follows it in place,
 * without the anchor's jump. The routes keep it out of the page cache (QUERY_READING_PAGES in
 * app/lib/public-paths.ts) and out of their data reloads (keepDataAcrossFilters).
 */
export function PortfolioGrid({
  items,
  eagerImages = 0,
  headingLevel = 3,
  anchor,
}: {
  items: readonly PortfolioCardItem[]
  eagerImages?: number
  /** Level of the card titles: 2 on the portfolio page (under its h1), 3 in the home section. */
  headingLevel?: 2 | 3
  /** The id of the section holding the grid, when it is not at the top of its page. */
  anchor?: string
}) {
  const [params] = useSearchParams()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const filter = filterOf(params)
  const shown = filter === ALL ? items : items.filter((i) => i.category === filter)
  return (
    <div>
      <div role="group" aria-label="Filter projects by category" className="flex flex-wrap justify-center gap-2">
        {PORTFOLIO_FILTERS.map((f) => {
          const search = f === ALL ? '' : `?${new URLSearchParams({ [CATEGORY_PARAM]: f })}`
          const inPlace = (e: MouseEvent<HTMLAnchorElement>) => {
            // A new tab or window (modifier keys, middle button) gets the link as it is.
            if (!anchor || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return
            e.preventDefault()
            void navigate(`${pathname}${search}`, { preventScrollReset: true })
          }
          return (
            <Link
              key={f}
              to={`${pathname}${search}${anchor ? `#${anchor}` : ''}`}
              preventScrollReset
              onClick={inPlace}
              aria-current={filter === f ? 'true' : undefined}
              className="rounded-full border border-ink-300 px-4 py-2 text-sm font-medium text-ink-700 hover:border-primary-700 hover:text-primary-800 aria-[current=true]:border-primary-700 aria-[current=true]:bg-primary-700 aria-[current=true]:text-white"
            >
              {f}
            </Link>
          )
        })}
      </div>
      {shown.length === 0 ? (
        <p className="mt-10 text-center text-ink-600">No projects found in this category.</p>
      ) : (
        <ul className={`mt-10 grid gap-8 sm:grid-cols-2 ${gridColumns(shown.length)}`} aria-label="Projects">
          {shown.map((item, i) => (
            <li key={item.id}>
              <PortfolioCard item={item} eager={i < eagerImages} headingLevel={headingLevel} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/**
 * Wide-screen columns that leave no card alone on the last row: three by default; an even count
 * that three would leave one over (4, 10, ...) is laid out two by two instead, a little narrower
 * so the cards keep their proportions.
 */
function gridColumns(count: number): string {
  return count % 3 === 1 && count % 2 === 0 ? 'lg:mx-auto lg:max-w-5xl' : 'lg:grid-cols-3'
}

function PortfolioCard({ item, eager, headingLevel }: { item: PortfolioCardItem; eager: boolean; headingLevel: 2 | 3 }) {
  const Title = headingLevel === 2 ? 'h2' : 'h3'
  const href = item.isLive ? liveHref(item.liveUrl) : null
  const extra = item.technologies.length - MAX_TECH
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-sm">
      <CoverImage kind="project" src={item.image} alt={item.imageAlt} picture={item.picture} sizes={CARD_SIZES} priority={eager} />
      <div className="flex flex-1 flex-col p-6">
        <p>
          <span className="inline-block rounded-full bg-primary-50 px-3 py-1 text-xs font-semibold text-primary-800">{item.category}</span>
        </p>
        <Title className="mt-3 text-xl font-bold text-ink-900">{item.title}</Title>
        {/* Tags follow the description in every card; the links sit at the bottom (mt-auto). */}
        <p className="mt-2 leading-7 text-ink-600">{item.description}</p>
        <ul className="mt-4 mb-5 flex flex-wrap gap-2" aria-label="What the site does">
          {item.technologies.slice(0, MAX_TECH).map((t) => (
            <li key={t} className="rounded-md bg-ink-100 px-2 py-1 text-xs font-medium text-ink-700">
              {t}
            </li>
          ))}
          {extra > 0 && <li className="rounded-md bg-ink-100 px-2 py-1 text-xs font-medium text-ink-700">+{extra} more</li>}
        </ul>
        {/* Every card links to its case page; the live site, when there is one, beside it. */}
        <div className="mt-auto flex flex-wrap items-center gap-5">
          <Link to={`/portfolio/${item.slug}`} className={buttonClass()}>
            Read the case study
            <span className="sr-only">: {item.title}</span>
          </Link>
          {href && (
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-semibold text-primary-800 hover:underline"
            >
              View Live Site
              <span className="sr-only">: {item.title} (opens in a new tab)</span>
              <Icon node={ExternalLink} aria-hidden="true" className="h-4 w-4" />
            </a>
          )}
        </div>
      </div>
    </article>
  )
}

export type TestimonialItem = { quote: string; author: string; role: string; project: string; slug: string }

/**
 * Clients' words with their names (issue 35 §5), on the home page and /services: taken from the
 * active projects' quotes (one source, edited with the project), each linking to its case page.
 * NOTE: here rather than in a module of its own, and kept small: the home page loads this module
 * anyway, and a chunk of its own cost the home page's JavaScript budget a file (tests/e2e/budget.spec.ts).
 */
export function Testimonials({ items, tone = 'grey' }: { items: readonly TestimonialItem[]; tone?: 'grey' | 'white' }) {
  if (items.length === 0) return null
  return (
    <section aria-labelledby="testimonials-title" className={tone === 'grey' ? 'bg-ink-50' : 'border-t border-ink-200'}>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="testimonials-title" className="text-center text-3xl font-bold text-ink-900">
          What our clients say
        </h2>
        <ul aria-label="Client testimonials" className="mt-10 grid gap-6 md:grid-cols-2">
          {items.map((t) => (
            <li key={t.slug}>
              <figure className="h-full rounded-2xl border border-ink-200 bg-white p-6">
                <blockquote className="text-lg leading-8 text-ink-800">“{t.quote}”</blockquote>
                <figcaption className="mt-5 text-sm text-ink-600">
                  <b className="block text-base text-ink-900">{t.author}</b>
                  {t.role}
                  <Link to={`/portfolio/${t.slug}`} className="mt-3 block font-semibold text-primary-800 underline">
                    Read the {t.project} story
                  </Link>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
