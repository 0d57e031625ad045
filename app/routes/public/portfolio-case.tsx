import { ExternalLink } from 'lucide'
import { data, redirect } from 'react-router'
import type { Route } from './+types/portfolio-case'
import { ArticleNotFound, ArticlePage, articleMeta } from '~/components/site/article-parts.tsx'
import { useSite } from '~/components/site/use-site.ts'
import { buttonClass } from '~/components/ui/button.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { caseStudyJsonLd } from '~/lib/json-ld.ts'
import { PORTFOLIO_SLUG_PATH, portfolioCasePath } from '~/lib/public-paths.ts'
import { liveHref } from '~/lib/urls.ts'
import { resolveCaseAddress } from '~/services/portfolio.server.ts'
import { pictureInfo } from '~/services/image-variants.server.ts'

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const item = loaderData?.item
  return articleMeta(
    { matches, location },
    item && {
      meta: {
        title: `${item.title}: case study`,
        description: item.description,
        keywords: [item.category, 'case study', 'small business website', 'web design portfolio'],
      },
      path: portfolioCasePath(item),
      image: item.image,
    },
    { title: 'Project Not Found', description: 'This project does not exist or is no longer in our portfolio.' },
  )
}

/**
 * An active project's case page at /portfolio/{slug}: the problem, what was built, results, the
 * client's words, before and after. A project's old slug answers 301 to its current address;
 * anything else (archived projects too) is a 404 with the not-found words.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  // An address that cannot be a slug is no project: answered without asking the database.
  const found = PORTFOLIO_SLUG_PATH.test(portfolioCasePath({ slug: params.slug }))
    ? await resolveCaseAddress(context.app.db, params.slug)
    : null
  if (!found) return data({ item: null, picture: null }, { status: 404 })
  if ('moved' in found) throw redirect(portfolioCasePath({ slug: found.moved }), 301)
  const { item } = found
  return {
    item: {
      slug: item.slug,
      title: item.title,
      description: item.description,
      category: item.category,
      image: item.image,
      imageAlt: item.imageAlt,
      technologies: item.technologies,
      features: item.features,
      isLive: item.isLive,
      liveUrl: item.liveUrl,
      problem: item.problem,
      solution: item.solution,
      results: item.results,
      quote: item.quote,
      quoteAuthor: item.quoteAuthor,
      quoteRole: item.quoteRole,
      beforeText: item.beforeText,
      afterText: item.afterText,
      createdAt: item.createdAt,
      updatedAt: item.updatedAt,
    },
    picture: (await pictureInfo(context.app.images, [item.image]))[item.image] ?? null,
  }
}

const h2Class = 'mt-12 text-2xl font-bold text-ink-900'

export default function PortfolioCase({ loaderData }: Route.ComponentProps) {
  const { item } = loaderData
  const { siteUrl, site } = useSite()
  if (!item) {
    return (
      <ArticleNotFound
        title="Project Not Found"
        text="The project you are looking for does not exist or is no longer in our portfolio."
        to="/portfolio"
        back="Back to Portfolio"
      />
    )
  }
  const live = item.isLive ? liveHref(item.liveUrl) : null
  return (
    <ArticlePage
      list={{ to: '/portfolio', back: 'Back to Portfolio' }}
      category={item.category}
      title={item.title}
      head={<p className="mt-3 text-xl leading-8 text-ink-600">{item.description}</p>}
      foot={
        live && (
          <a href={live} target="_blank" rel="noopener noreferrer" className={buttonClass()}>
            View Live Site
            <span className="sr-only">: {item.title} (opens in a new tab)</span>
            <Icon node={ExternalLink} aria-hidden="true" className="h-4 w-4" />
          </a>
        )
      }
      cover={{ kind: 'project', src: item.image, alt: item.imageAlt, picture: loaderData.picture }}
      closing="Want results like these for your business?"
      jsonLd={caseStudyJsonLd(siteUrl, site.siteName, item)}
    >
      {item.results.length > 0 && (
        <section aria-labelledby="case-results">
          <h2 id="case-results" className={h2Class}>
            Results
          </h2>
          <dl className="mt-6 grid gap-4 sm:grid-cols-3">
            {item.results.map((r) => (
              <div key={`${r.figure} ${r.label}`} className="flex flex-col-reverse rounded-2xl bg-primary-50 p-5">
                <dt className="mt-1 text-sm leading-6 text-ink-700">{r.label}</dt>
                <dd className="text-3xl font-extrabold text-primary-800">{r.figure}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      {item.problem && (
        <section aria-labelledby="case-problem">
          <h2 id="case-problem" className={h2Class}>
            The problem
          </h2>
          <p className="mt-4 text-lg leading-8 text-ink-700">{item.problem}</p>
        </section>
      )}

      {(item.solution || item.features.length > 0) && (
        <section aria-labelledby="case-solution">
          <h2 id="case-solution" className={h2Class}>
            What we built
          </h2>
          {item.solution && <p className="mt-4 text-lg leading-8 text-ink-700">{item.solution}</p>}
          {item.features.length > 0 && (
            <ul className="mt-4 list-disc space-y-2 pl-6 text-lg leading-8 text-ink-700">
              {item.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          )}
        </section>
      )}

      {item.quote && item.quoteAuthor && (
        <figure className="mt-12 rounded-2xl border-l-4 border-primary-700 bg-ink-50 p-6">
          <blockquote className="text-xl leading-8 text-ink-800">
            <p>
              <span aria-hidden="true">“</span>
              {item.quote}
              <span aria-hidden="true">”</span>
            </p>
          </blockquote>
          <figcaption className="mt-4">
            <span className="block font-semibold text-ink-900">{item.quoteAuthor}</span>
            {item.quoteRole && <span className="block text-sm text-ink-600">{item.quoteRole}</span>}
          </figcaption>
        </figure>
      )}

      {(item.beforeText || item.afterText) && (
        <section aria-labelledby="case-before-after">
          <h2 id="case-before-after" className={h2Class}>
            Before and after
          </h2>
          <div className="mt-6 grid gap-4 sm:grid-cols-2">
            {item.beforeText && (
              <div className="rounded-2xl border border-ink-200 p-5">
                <h3 className="font-semibold text-ink-900">Before</h3>
                <p className="mt-2 leading-7 text-ink-700">{item.beforeText}</p>
              </div>
            )}
            {item.afterText && (
              <div className="rounded-2xl border border-success-300 bg-success-50 p-5">
                <h3 className="font-semibold text-ink-900">After</h3>
                <p className="mt-2 leading-7 text-ink-700">{item.afterText}</p>
              </div>
            )}
          </div>
        </section>
      )}

      {item.technologies.length > 0 && (
        <section aria-labelledby="case-tags">
          <h2 id="case-tags" className={h2Class}>
            What the site does
          </h2>
          <ul className="mt-4 flex flex-wrap gap-2">
            {item.technologies.map((t) => (
              <li key={t} className="rounded-md bg-ink-100 px-3 py-1 text-sm font-medium text-ink-700">
                {t}
              </li>
            ))}
          </ul>
        </section>
      )}
    </ArticlePage>
  )
}
