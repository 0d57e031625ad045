import { useReducer } from 'react'
import { buttonClass } from '~/components/ui/button.tsx'
import type { Route } from './+types/blog'
import { BlogCard } from '~/components/site/blog-card.tsx'
import { PageHeader } from '~/components/site/page-header.tsx'
import { blogCategories, blogListReducer, hasMore, initialBlogListState, visiblePosts } from '~/lib/blog-list.ts'
import { pageMeta } from '~/lib/seo.ts'
import { listPublishedPostSummaries } from '~/services/blog.server.ts'
import { pictureInfo } from '~/services/uploads.server.ts'

export function meta(args: Route.MetaArgs) {
  return pageMeta('blog', args)
}

/** Published posts for the cards (without their bodies), rendered on the server. */
export async function loader({ context }: Route.LoaderArgs) {
  const posts = await listPublishedPostSummaries(context.app.db)
  const pictures = await pictureInfo(context.app.images, posts.map((p) => p.image))
  return {
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

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData
  const [state, dispatch] = useReducer(blogListReducer, undefined, initialBlogListState)
  const categories = blogCategories(posts)
  const shown = visiblePosts(posts, state.category, state.visible)
  return (
    <main id="main-content">
      <PageHeader
        title="Our Blog"
        intro="Practical advice on web design, search, speed, security and new tools, written for busy small business owners."
      />
      <section aria-label="Articles" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <div role="group" aria-label="Filter articles by category" className="flex flex-wrap justify-center gap-2">
          {categories.map((c) => (
            <button
              key={c}
              type="button"
              aria-pressed={state.category === c}
              onClick={() => dispatch({ type: 'select', category: c })}
              className="rounded-full border border-ink-300 px-4 py-2 text-sm font-medium text-ink-700 hover:border-primary-700 hover:text-primary-800 aria-pressed:border-primary-700 aria-pressed:bg-primary-700 aria-pressed:text-white"
            >
              {c}
            </button>
          ))}
        </div>
        {shown.length === 0 ? (
          <p className="mt-12 text-center text-ink-600">No blog posts found in this category.</p>
        ) : (
          <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3" aria-label="Blog posts">
            {shown.map((p, i) => (
              <li key={p.id}>
                <BlogCard post={p} eager={i === 0} />
              </li>
            ))}
          </ul>
        )}
        {hasMore(posts, state.category, state.visible) && (
          <div className="mt-12 text-center">
            <button
              type="button"
              onClick={() => dispatch({ type: 'more' })}
              className={buttonClass({ variant: 'outline', size: 'lg' })}
            >
              Load More Articles
            </button>
          </div>
        )}
      </section>
    </main>
  )
}
