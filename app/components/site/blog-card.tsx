import { Calendar, Clock, User } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { Link } from 'react-router'
import { CARD_SIZES, type PictureInfo } from '~/lib/picture.ts'
import { formatDate } from './format.ts'
import { CoverImage } from './responsive-image.tsx'

export type BlogCardPost = {
  id: number
  /** The post's address is /blog/{slug}. */
  slug: string
  title: string
  excerpt: string
  category: string
  author: string
  image: string
  /** The cover's alt text ('' decorative). */
  imageAlt: string
  /** The cover's widths and formats, when it is an upload (app/lib/picture.ts). */
  picture?: PictureInfo | null
  readTime: string
  date: string
}

/** A post in the /blog grid: image, category, date, read time, title, excerpt, author and 'Read More'. */
export function BlogCard({ post, eager = false }: { post: BlogCardPost; eager?: boolean }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-sm">
      {post.image ? (
        <CoverImage kind="post" src={post.image} alt={post.imageAlt} picture={post.picture} sizes={CARD_SIZES} priority={eager} />
      ) : (
        <div aria-hidden="true" className="aspect-[40/21] w-full bg-gradient-to-br from-primary-100 to-ink-100" />
      )}
      <div className="flex flex-1 flex-col p-6">
        {/* The category on its own line, then date and read time: side by side when the card is
            wide enough for both, else one under the other. Cards of a row have one width, so they
            all choose the same arrangement and their titles line up. */}
        <div data-testid="post-meta" className="@container flex flex-col items-start gap-2 text-sm text-ink-600">
          <span className="max-w-full truncate rounded-full bg-primary-50 px-3 py-1 text-xs font-semibold text-primary-800">
            {post.category}
          </span>
          <div className="flex flex-col gap-1 whitespace-nowrap @[17rem]:flex-row @[17rem]:gap-4">
            <PostDateAndReadTime date={post.date} readTime={post.readTime} />
          </div>
        </div>
        <h2 className="mt-4 text-xl font-bold text-ink-900">
          <Link to={`/blog/${post.slug}`} className="hover:text-primary-800">
            {post.title}
          </Link>
        </h2>
        <p className="mt-3 flex-1 leading-7 text-ink-600">{post.excerpt}</p>
        <div className="mt-5 flex items-center justify-between gap-4">
          <span className="inline-flex items-center gap-1 text-sm text-ink-600">
            <Icon node={User} aria-hidden="true" className="h-4 w-4" />
            {post.author}
          </span>
          <Link to={`/blog/${post.slug}`} className="text-sm font-semibold text-primary-800 hover:underline">
            Read More<span className="sr-only">: {post.title}</span>
          </Link>
        </div>
      </div>
    </article>
  )
}

/** A post's date and reading time, as the blog list and the post page show them. */
export function PostDateAndReadTime({ date, readTime }: { date: string; readTime: string }) {
  return (
    <>
      <span className="inline-flex items-center gap-1">
        <Icon node={Calendar} aria-hidden="true" className="h-4 w-4" />
        <time dateTime={date}>{formatDate(date)}</time>
      </span>
      <span className="inline-flex items-center gap-1">
        <Icon node={Clock} aria-hidden="true" className="h-4 w-4" />
        {readTime}
      </span>
    </>
  )
}
