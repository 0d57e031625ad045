import { ArrowLeft } from 'lucide'
import type { ReactNode } from 'react'
import { Link, type MetaDescriptor } from 'react-router'
import { buttonClass } from '~/components/ui/button.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import type { PageMeta } from '~/content/seo.ts'
import { seoMeta } from '~/components/site/page-meta.ts'
import { siteFromMatches, type MetaArgs } from '~/lib/seo.ts'
import { ARTICLE_SIZES, type PictureInfo } from '~/lib/picture.ts'
import { ClosingCta } from './closing-cta.tsx'
import { JsonLd } from './json-ld.tsx'
import { CoverImage } from './responsive-image.tsx'

/** The way back from a post or a case page to its list, at the top and the foot of the page. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-2 font-semibold text-primary-800 hover:underline">
      <Icon node={ArrowLeft} aria-hidden="true" className="h-5 w-5" />
      {children}
    </Link>
  )
}

/** A post or project that does not exist (or is not public): what is missing and the way back to its list. */
export function ArticleNotFound({ title, text, to, back }: { title: string; text: string; to: string; back: string }) {
  return (
    <main id="main-content" className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <h1 className="text-4xl font-extrabold text-ink-900">{title}</h1>
      <p className="mt-4 text-lg text-ink-600">{text}</p>
      <Link to={to} className={buttonClass({ size: 'lg', className: 'mt-8' })}>
        <Icon node={ArrowLeft} aria-hidden="true" className="h-5 w-5" />
        {back}
      </Link>
    </main>
  )
}

/** The head of a post or case page: its category, its title, and what follows the title. */
export function ArticleHeader({ category, title, children }: { category: string; title: string; children?: ReactNode }) {
  return (
    <header className="mt-8">
      <p>
        <span className="rounded-full bg-primary-50 px-3 py-1 text-sm font-semibold text-primary-800">{category}</span>
      </p>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">{title}</h1>
      {children}
    </header>
  )
}

/**
 * A post's or a case's page: the way back to its list, its head (`category`, `title`, then `head`),
 * its cover picture when it has one, the article itself, its foot (`foot`, when the page has one, then the way back again), the closing
 * band, and its structured data.
 */
export function ArticlePage({
  list,
  category,
  title,
  head,
  cover,
  foot,
  closing,
  jsonLd,
  children,
}: {
  list: { to: string; back: string }
  category: string
  title: string
  head: ReactNode
  cover?: { kind: 'post' | 'project'; src: string; alt: string; picture?: PictureInfo | null }
  foot?: ReactNode
  closing: string
  jsonLd: unknown
  children: ReactNode
}) {
  return (
    <main id="main-content">
      <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <BackLink to={list.to}>{list.back}</BackLink>
        <ArticleHeader category={category} title={title}>
          {head}
        </ArticleHeader>
        {cover && <CoverImage {...cover} sizes={ARTICLE_SIZES} priority className="mt-8 rounded-2xl" />}
        {children}
        <footer
          className={foot ? 'mt-12 flex flex-wrap items-center gap-6 border-t border-ink-200 pt-8' : 'mt-12 border-t border-ink-200 pt-8'}
        >
          {foot}
          <BackLink to={list.to}>{list.back}</BackLink>
        </footer>
      </article>
      <ClosingCta title={closing} />
      <JsonLd data={jsonLd} />
    </main>
  )
}

/**
 * Meta for an article page (a blog post, a case study): its own, as an article with its image,
 * or, when there is none (`article` null), the not-found page's, kept out of search results.
 */
export function articleMeta(
  args: MetaArgs,
  article: { meta: PageMeta; path: string; image: string } | null,
  notFound: { title: string; description: string },
): MetaDescriptor[] {
  const site = siteFromMatches(args.matches)
  if (!article) return seoMeta({ ...notFound, keywords: [] }, { ...site, path: args.location.pathname, noindex: true })
  return seoMeta(article.meta, { ...site, path: article.path, image: article.image || undefined, type: 'article' })
}
