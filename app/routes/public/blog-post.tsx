import { User } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { Link, data, redirect } from 'react-router'
import type { Route } from './+types/blog-post'
import { withBylines } from '~/services/people.server.ts'
import { PostDateAndReadTime } from '~/components/site/blog-card.tsx'
import { useSite } from '~/components/site/use-site.ts'
import { ALL_CATEGORIES, blogListHref, blogTags, parseTags } from '~/lib/blog-list.ts'
import { blogPostingJsonLd } from '~/lib/json-ld.ts'
import { blogPostPath } from '~/lib/public-paths.ts'
import { resolvePostAddress } from '~/services/post-addresses.server.ts'
import { pictureInfo } from '~/services/image-variants.server.ts'
import { ArticleNotFound, ArticlePage, articleMeta } from '~/components/site/article-parts.tsx'

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const post = loaderData?.post
  return articleMeta(
    { matches, location },
    post && {
      meta: { title: post.title, description: post.excerpt, keywords: [post.category, 'small business website', 'web design tips'] },
      path: blogPostPath(post),
      image: post.image,
    },
    { title: 'Post Not Found', description: 'This blog post does not exist or is no longer published.' },
  )
}

/**
 * A published post at /blog/{slug} (each visitor read counts one view). Its id address (every
 * link shared before slugs) and its old slugs answer 301 to the current address, forever;
 * anything else is a 404 with the not-found UI.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await resolvePostAddress(context.app.db, params.slug, context.app.views)
  if (!found) return data({ post: null }, { status: 404 })
  if ('moved' in found) throw redirect(blogPostPath({ slug: found.moved }), 301)
  const [post] = await withBylines(context.app.db, [found.post])
  return {
    post,
    tags: blogTags(parseTags(found.post.tags)),
    picture: (await pictureInfo(context.app.images, [found.post.image]))[found.post.image] ?? null,
  }
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData
  const { siteUrl, site } = useSite()
  if (!post) {
    return (
      <ArticleNotFound
        title="Post Not Found"
        text="The article you are looking for does not exist or is no longer published."
        to="/blog"
        back="Back to Blog"
      />
    )
  }
  return (
    <ArticlePage
      list={{ to: '/blog', back: 'Back to Blog' }}
      category={post.category}
      title={post.title}
      head={
        <>
          {post.subheading && <p className="mt-3 text-xl leading-8 text-ink-600">{post.subheading}</p>}
          <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink-600">
            <span className="inline-flex items-center gap-1">
              {post.authorPicture ? (
                <img src={post.authorPicture} alt="" width={24} height={24} className="size-6 rounded-full object-cover" />
              ) : (
                <Icon node={User} aria-hidden="true" className="h-4 w-4" />
              )}
              <span className="sr-only">Author: </span>
              {post.author}
            </span>
            <PostDateAndReadTime date={post.date} readTime={post.readTime} />
          </div>
        </>
      }
      cover={post.image ? { kind: 'post', src: post.image, alt: post.imageAlt, picture: loaderData.picture } : undefined}
      closing="Want a website like this for your business?"
      jsonLd={blogPostingJsonLd(siteUrl, site.siteName, post)}
    >
      <div
        className="mt-10 text-lg leading-8 text-ink-700 [&_a]:text-primary-800 [&_a]:underline [&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-primary-700 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-ink-900 [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-ink-900 [&_img]:my-6 [&_img]:rounded-xl [&_li]:mt-2 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-5 [&_strong]:text-ink-900 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6"
        dangerouslySetInnerHTML={{ __html: post.content }}
      />
      {loaderData.tags.length > 0 && (
        <ul aria-label="Tags" className="mt-10 flex flex-wrap gap-2">
          {loaderData.tags.map((t) => (
            <li key={t.slug}>
              <Link
                to={blogListHref({ category: ALL_CATEGORIES, pages: 1, tag: t.slug })}
                className="inline-block rounded-full border border-ink-300 px-3 py-1 text-sm font-medium text-ink-700 hover:border-primary-700 hover:text-primary-800"
              >
                <span aria-hidden="true">#</span>
                {t.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ArticlePage>
  )
}
