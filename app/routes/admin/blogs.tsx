import { Eye, Plus } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { Link } from 'react-router'
import type { Route } from './+types/blogs'
import { listHref, readListParams } from '~/components/admin/list-params.ts'
import { adminMeta } from '~/components/admin/meta.ts'
import { PostPreviewDialog } from '~/components/admin/post-preview.tsx'
import { Badge, btn, capitalize, EditDeleteActions, FilterLinks, formatDate, PageHeader, Pager, SearchForm } from '~/components/admin/ui.tsx'
import { useAdminAction } from '~/components/admin/use-admin-action.ts'
import { useLoadErrorToast } from '~/components/admin/use-load-error.ts'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { api } from '~/lib/api-client.ts'
import { BLOG_STATUSES } from '~/lib/schemas.ts'
import { listPosts } from '~/services/blog.server.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const { q, status, page, limit, offset } = readListParams(request.url, BLOG_STATUSES)
  const base = { adminPath: context.app.config.adminPath, q, status: status ?? '', page }
  try {
    const { posts, counts } = await listPosts(context.app.db, admin, { q: q || undefined, status, limit, offset })
    const total = status ? counts[status] : counts.all
    return { ...base, posts, counts, total, pages: Math.max(1, Math.ceil(total / limit)), loadError: false }
  } catch (err) {
    context.app.logger.error({ err: (err as Error).message }, 'blog list load failed')
    return { ...base, posts: [], counts: { all: 0, published: 0, draft: 0 }, total: 0, pages: 1, loadError: true }
  }
}

export const meta: Route.MetaFunction = () => adminMeta('Blog Posts')

export default function Blogs({ loaderData }: Route.ComponentProps) {
  const { adminPath, q, status, page, posts, counts, total, pages, loadError } = loaderData
  useLoadErrorToast(loadError, 'Failed to load blog posts.')
  const run = useAdminAction()
  const path = `/${adminPath}/blogs`
  const filters = [
    { label: 'All', value: '', count: counts.all },
    { label: 'Published', value: 'published', count: counts.published },
    { label: 'Draft', value: 'draft', count: counts.draft },
  ].map((f) => ({ ...f, href: listHref(path, { q, status: f.value }), current: f.value === status }))

  return (
    <>
      <PageHeader
        title="Blog Management"
        description="Create, edit and publish your blog posts."
        actions={
          <Link to={`${path}/new`} className={btn.primary}>
            <Icon node={Plus} aria-hidden="true" className="size-4" /> New Post
          </Link>
        }
      />
      <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <SearchForm q={q} label="Search blog posts" placeholder="Search by title, category or author..." hidden={{ status }} />
        <FilterLinks label="Filter blog posts by status" items={filters} />
      </div>

      {posts.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-slate-600">{q || status ? 'No blog posts found matching your criteria.' : 'No blog posts yet.'}</p>
          <Link to={`${path}/new`} className={`${btn.primary} mt-4`}>
            <Icon node={Plus} aria-hidden="true" className="size-4" /> Create Your First Blog Post
          </Link>
        </div>
      ) : (
        <ul className="grid gap-5 md:grid-cols-2 2xl:grid-cols-3" aria-label="Blog posts">
          {posts.map((post) => (
            <li key={post.id} className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
              <article aria-labelledby={`post-${post.id}`} className="flex flex-1 flex-col">
                <div className="relative aspect-video bg-slate-100">
                  {post.image ? <img src={post.image} alt="" loading="lazy" className="size-full object-cover" /> : null}
                  <span className="absolute top-3 left-3">
                    <Badge tone={post.status}>{capitalize(post.status)}</Badge>
                  </span>
                </div>
                <div className="flex flex-1 flex-col p-5">
                  <h2 id={`post-${post.id}`} className="text-lg font-semibold break-words text-slate-900">
                    {post.title}
                  </h2>
                  <p className="mt-1 text-sm text-slate-600">
                    By {post.author} · {formatDate(post.date)}
                  </p>
                  <p className="mt-2 line-clamp-3 text-sm text-slate-800">{post.excerpt}</p>
                  <p className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-700">
                    <span className="rounded bg-slate-100 px-2 py-0.5">{post.category}</span>
                    <span className="flex items-center gap-1">
                      <Icon node={Eye} aria-hidden="true" className="size-4" /> {post.views} views
                    </span>
                  </p>
                  <div className="mt-auto flex flex-wrap items-center gap-2 pt-4">
                    <label className="sr-only" htmlFor={`post-status-${post.id}`}>
                      Status for {post.title}
                    </label>
                    <select
                      id={`post-status-${post.id}`}
                      value={post.status}
                      onChange={(e) => {
                        const next = e.target.value
                        void run(() => api(`/api/blogs/${post.id}`, { method: 'PUT', body: { status: next } }), {
                          success: { title: 'Status Updated', description: `Blog post status changed to ${next}` },
                          failure: 'Failed to update blog post status.',
                        })
                      }}
                      className="rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900"
                    >
                      {BLOG_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {capitalize(s)}
                        </option>
                      ))}
                    </select>
                    {post.status === 'published' ? (
                      <a href={`/blog/${post.id}`} target="_blank" rel="noreferrer" className={btn.icon} aria-label={`Preview ${post.title} (opens in a new tab)`}>
                        <Icon node={Eye} aria-hidden="true" className="size-4" />
                      </a>
                    ) : (
                      <PostPreviewDialog
                        post={post}
                        trigger={
                          <button type="button" className={btn.icon} aria-label={`Preview ${post.title}`}>
                            <Icon node={Eye} aria-hidden="true" className="size-4" />
                          </button>
                        }
                      />
                    )}
                    <EditDeleteActions
                      editHref={`${path}/edit/${post.id}`}
                      name={post.title}
                      noun="blog post"
                      onDelete={() =>
                        run(() => api(`/api/blogs/${post.id}`, { method: 'DELETE' }), {
                          success: { title: 'Blog Post Deleted', description: 'The blog post has been removed.' },
                          failure: 'Failed to delete blog post.',
                        })
                      }
                    />
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} total={total} noun="posts" hrefFor={(n) => listHref(path, { q, status, page: n })} />
    </>
  )
}
