import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { buttonClass } from '~/components/ui/button.tsx'
import type { Route } from './+types/blog'
import { BlogCard } from '~/components/site/blog-card.tsx'
import { ClosingCta } from '~/components/site/closing-cta.tsx'
import { PublicPage } from '~/components/site/page-header.tsx'
import {
  ALL_CATEGORIES,
  BLOG_PAGE_SIZE,
  blogCategories,
  blogListHref,
  hasMore,
  readBlogListQuery,
  tagName,
  visiblePosts,
} from '~/lib/blog-list.ts'
import { pageMeta } from '~/components/site/page-meta.ts'
import { listPublishedPostSummariesOnce } from '~/services/blog.server.ts'
import { pictureInfo } from '~/services/image-variants.server.ts'

export function meta(args: Route.MetaArgs) {
  return pageMeta('blog', args)
}

/**
 * The cards the address asks for (without the posts' bodies), rendered on the server: the
 * category filter, a post's tags and 'Load More Articles' are links (`?category=`, `?tag=`,
 * `?page=`), so they work before the page's script runs (issues 22 and 24). Only such requests skip the page cache
 * (QUERY_READING_PAGES in app/lib/public-paths.ts).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const query = readBlogListQuery(new URL(request.url).searchParams)
  const published = await listPublishedPostSummariesOnce(context.app.db, context.app.contentMemo)
  const posts = visiblePosts(published, query.category, query.pages * BLOG_PAGE_SIZE, query.tag)
  const pictures = await pictureInfo(
    context.app.images,
    posts.map((p) => p.image),
  )
  return {
    ...query,
    tag: query.tag ? { slug: query.tag, name: tagName(published, query.tag) } : null,
    categories: blogCategories(published),
    more: hasMore(published, query.category, query.pages * BLOG_PAGE_SIZE, query.tag),
    posts: posts.map(({ id, slug, title, excerpt, category, author, image, imageAlt, readTime, date }) => ({
      id,
      slug,
      title,
      excerpt,
      category,
      author,
      image,
      imageAlt,
      picture: pictures[image] ?? null,
      readTime,
      date,
    })),
  }
}

/**
 * The list item of the n-th card (from 1). 'Load More Articles' points at the first new one, so
 * the next page opens there, whether the server answers the link or React Router follows it.
 */
const articleId = (n: number) => `article-${n}`

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, categories, category, tag, pages, more } = loaderData
  // After 'Load More Articles', focus goes to the first new card, where reading goes on.
  const loadingFrom = useRef<number | null>(null)
  useEffect(() => {
    const from = loadingFrom.current
    if (from === null || pages <= from) return
    loadingFrom.current = null
    document
      .getElementById(articleId(from * BLOG_PAGE_SIZE + 1))
      ?.querySelector('a')
      ?.focus()
  }, [pages])
  return (
    <PublicPage
      title="Our Blog"
      intro="Practical advice on web design, search, speed, security and new tools, written for busy small business owners."
    >
      <section aria-label="Articles" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <div role="group" aria-label="Filter articles by category" className="flex flex-wrap justify-center gap-2">
          {categories.map((c) => (
            <Link
              key={c}
              to={blogListHref({ category: c, pages: 1 })}
              preventScrollReset
              aria-current={c === category && !tag ? 'true' : undefined}
              className="rounded-full border border-ink-300 px-4 py-2 text-sm font-medium text-ink-700 hover:border-primary-700 hover:text-primary-800 aria-[current=true]:border-primary-700 aria-[current=true]:bg-primary-700 aria-[current=true]:text-white"
            >
              {c}
            </Link>
          ))}
        </div>
        {tag && (
          <p className="mt-8 text-center text-ink-700">
            Posts tagged <strong className="text-ink-900">{tag.name}</strong>
            {category !== ALL_CATEGORIES && <> in {category}</>}.{' '}
            <Link to={blogListHref({ category, pages: 1 })} className="font-semibold text-primary-800 underline">
              Show all {category === ALL_CATEGORIES ? 'posts' : category}
            </Link>
          </p>
        )}
        {posts.length === 0 ? (
          <p className="mt-12 text-center text-ink-600">
            {tag ? 'No blog posts found with this tag.' : 'No blog posts found in this category.'}
          </p>
        ) : (
          <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3" aria-label="Blog posts">
            {posts.map((p, i) => (
              <li key={p.id} id={articleId(i + 1)}>
                <BlogCard post={p} eager={i === 0} />
              </li>
            ))}
          </ul>
        )}
        {more && (
          <div className="mt-12 text-center">
            <Link
              to={`${blogListHref({ category, pages: pages + 1, tag: tag?.slug })}#${articleId(pages * BLOG_PAGE_SIZE + 1)}`}
              onClick={(e) => {
                if (e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey) loadingFrom.current = pages
              }}
              className={buttonClass({ variant: 'outline', size: 'lg' })}
            >
              Load More Articles
            </Link>
          </div>
        )}
      </section>
      <ClosingCta />
    </PublicPage>
  )
}
