import { Eye, Plus } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { Link, useSearchParams } from 'react-router'
import type { Route } from './+types/blogs'
import {
  DELETE_PARAM,
  DeleteButton,
  DeleteConfirmation,
  EditLink,
  StatusForm,
  listClientAction,
  useListFetcher,
} from '~/components/admin/list-actions.tsx'
import { listHref, readListParams, readListView } from '~/components/admin/list-params.ts'
import { ListTable, ViewSwitch } from '~/components/admin/view-switch.tsx'
import { LocalTime, useReaderDay } from '~/components/admin/local-time.tsx'
import { adminMeta } from '~/components/admin/meta.ts'
import { Notice, useSavedNotice } from '~/components/admin/notice.tsx'
import { PostPreviewDialog } from '~/components/admin/post-preview.tsx'
import { capitalize, EmptyList, FilterLinks, PageHeader, Pager, SearchForm } from '~/components/admin/ui.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { useLoadErrorToast } from '~/components/admin/use-load-error.ts'
import type { Toast } from '~/components/ui/toast.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { validate } from '~/http/forms.server.ts'
import { BLOG_STATUSES } from '~/lib/constants.ts'
import { BlogPostPatchSchema } from '~/lib/schemas.ts'
import { deletePost, listPosts, updatePost } from '~/services/blog.server.ts'
import { listAction } from './+shared/content-actions.server.ts'

/** The blog list opens as a compact table (issue 36: cards took 2,546 px for 7 posts); cards are one click away. */
const BLOG_LIST_VIEW = 'table'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const { q, status, page, limit, offset } = readListParams(request.url, BLOG_STATUSES)
  const base = {
    adminPath: context.app.config.adminPath,
    q,
    status: status ?? '',
    page,
    view: readListView(request.url, BLOG_LIST_VIEW),
  }
  try {
    const { posts, counts } = await listPosts(context.app.db, admin, {
      q: q || undefined,
      status,
      limit,
      offset,
    })
    const total = status ? counts[status] : counts.all
    return {
      ...base,
      posts,
      counts,
      total,
      pages: Math.max(1, Math.ceil(total / limit)),
      loadError: false,
    }
  } catch (err) {
    context.app.logger.error({ err: (err as Error).message }, 'blog list load failed')
    return {
      ...base,
      posts: [],
      counts: { all: 0, published: 0, draft: 0, scheduled: 0 },
      total: 0,
      pages: 1,
      loadError: true,
    }
  }
}

const FAILED = {
  status: 'Failed to update blog post status.',
  delete: 'Failed to delete blog post.',
}

/**
 * The cards' writes, posted by a fetcher (or a plain form without JavaScript): `intent=status`
 * with the new status (checked with the API's BlogPostPatchSchema) or `intent=delete`. Answers the
 * spec's notice; React Router then reloads the list.
 */
export function action(args: Route.ActionArgs) {
  return listAction(args, FAILED, async ({ admin, db, form, intent, id }) => {
    if (intent === 'delete') {
      await deletePost(db, admin, id)
      return { title: 'Blog Post Deleted', description: 'The blog post has been removed.' }
    }
    const checked = validate(BlogPostPatchSchema, { status: form.get('status') })
    if (!checked.ok || !checked.data.status) return null
    const post = await updatePost(db, admin, id, checked.data)
    return { title: 'Status Updated', description: `Blog post status changed to ${post.status}` }
  })
}

/** A write whose answer is not the action's own (connection lost, a proxy's error page) shows the spec's failure notice. */
export const clientAction = listClientAction(FAILED, 'status')

export const meta: Route.MetaFunction = () => adminMeta('Blog Posts')

/** Shown after the editor's action redirects here with `?saved=`. */
const SAVED_NOTICES: Record<string, Toast> = {
  created: {
    title: 'Blog Created',
    description: 'Blog post has been created successfully.',
  },
  updated: {
    title: 'Blog Updated',
    description: 'Blog post has been updated successfully.',
  },
}

export default function Blogs({ loaderData, actionData }: Route.ComponentProps) {
  const { adminPath, q, status, page, view, posts, counts, total, pages, loadError } = loaderData
  useLoadErrorToast(loadError, 'Failed to load blog posts.')
  const saved = useSavedNotice(SAVED_NOTICES)
  const [params] = useSearchParams()
  const path = `/${adminPath}/blogs`
  const listView = view === BLOG_LIST_VIEW ? undefined : view
  const here = listHref(path, { q, status, page, view: listView })
  const confirming = posts.find((p) => String(p.id) === params.get(DELETE_PARAM))
  const filters = [
    { label: 'All', value: '', count: counts.all },
    { label: 'Published', value: 'published', count: counts.published },
    { label: 'Scheduled', value: 'scheduled', count: counts.scheduled },
    { label: 'Draft', value: 'draft', count: counts.draft },
  ].map((f) => ({
    ...f,
    href: listHref(path, { q, status: f.value, view: listView }),
    current: f.value === status,
  }))

  return (
    <>
      <PageHeader
        title="Blog Management"
        description="Create, edit and publish your blog posts."
        times
        actions={
          <Link to={`${path}/new`} className={buttonClass()}>
            <Icon node={Plus} aria-hidden="true" className="size-4" /> New Post
          </Link>
        }
      />
      <Notice notice={actionData?.notice ?? saved} />
      {confirming && <DeleteConfirmation id={confirming.id} name={confirming.title} noun="blog post" action={here} />}
      <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <SearchForm
          q={q}
          label="Search blog posts"
          placeholder="Search by title, category or author..."
          hidden={{ status, view: listView ?? '' }}
        />
        <FilterLinks label="Filter blog posts by status" items={filters} />
      </div>
      <ViewSwitch current={view} hrefFor={(v) => listHref(path, { q, status, page, view: v === BLOG_LIST_VIEW ? undefined : v })} />

      {posts.length === 0 ? (
        <EmptyList
          text={q || status ? 'No blog posts found matching your criteria.' : 'No blog posts yet.'}
          newHref={`${path}/new`}
          newLabel="Create Your First Blog Post"
        />
      ) : view === 'table' ? (
        <BlogTable posts={posts} path={path} action={here} />
      ) : (
        <ul className="grid gap-5 md:grid-cols-2 2xl:grid-cols-3" aria-label="Blog posts">
          {posts.map((post) => (
            <BlogCard key={post.id} post={post} editHref={`${path}/edit/${post.id}`} action={here} />
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} total={total} noun="posts" hrefFor={(n) => listHref(path, { q, status, page: n, view: listView })} />
    </>
  )
}

type Post = Route.ComponentProps['loaderData']['posts'][number]

/** A scheduled post's status line: when it goes public, in the admin's time zone. */
function WhenScheduled({ post }: { post: Post }) {
  if (post.status !== 'scheduled' || !post.publishAt) return null
  return (
    <span className="text-sm text-ink-700">
      Publishes <LocalTime iso={post.publishAt} />
    </span>
  )
}

/** The statuses a post's dropdown offers: `scheduled` only to a post that has a time already. */
const statusesFor = (post: Post) => BLOG_STATUSES.filter((s) => s !== 'scheduled' || post.status === 'scheduled')

/** A post's status dropdown, preview, edit and delete, posting through one fetcher to this route's action. */
function PostActions({ post, editHref, action }: { post: Post; editHref: string; action: string }) {
  const fetcher = useListFetcher()
  return (
    <>
      <StatusForm
        selectId={`post-status-${post.id}`}
        id={post.id}
        name={post.title}
        status={post.status}
        statuses={statusesFor(post)}
        action={action}
        fetcher={fetcher}
      />
      {post.status === 'published' ? (
        <a
          href={`/blog/${post.slug}`}
          target="_blank"
          rel="noreferrer"
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
          aria-label={`Preview ${post.title} (opens in a new tab)`}
        >
          <Icon node={Eye} aria-hidden="true" className="size-4" />
        </a>
      ) : (
        <PostPreviewDialog
          post={post}
          trigger={
            <button type="button" className={buttonClass({ variant: 'secondary', size: 'sm' })} aria-label={`Preview ${post.title}`}>
              <Icon node={Eye} aria-hidden="true" className="size-4" />
            </button>
          }
        />
      )}
      <EditLink to={editHref} name={post.title} />
      <DeleteButton id={post.id} name={post.title} noun="blog post" action={action} fetcher={fetcher} />
    </>
  )
}

/** The compact view: one row per post with its title, status, date and actions. */
function BlogTable({ posts, path, action }: { posts: Post[]; path: string; action: string }) {
  const day = useReaderDay()
  return (
    <ListTable
      caption="Blog posts"
      columns={[
        { label: 'Title' },
        { label: 'Status' },
        { label: 'Date', wide: true },
        { label: 'Views', wide: true },
        { label: 'Actions' },
      ]}
    >
      {posts.map((post) => (
        <tr key={post.id} className="align-top">
          <th scope="row" className="px-4 py-3 font-medium text-ink-900">
            <span className="block break-words">{post.title}</span>
            <span className="block text-xs font-normal break-all text-ink-600">/blog/{post.slug}</span>
          </th>
          <td className="px-4 py-3">
            <Badge tone={post.status}>{capitalize(post.status)}</Badge>
            <div className="mt-1">
              <WhenScheduled post={post} />
            </div>
          </td>
          <td className="hidden px-4 py-3 whitespace-nowrap text-ink-700 sm:table-cell">{day(post.date)}</td>
          <td className="hidden px-4 py-3 text-ink-700 sm:table-cell">{post.views}</td>
          <td className="px-4 py-3">
            <div className="flex flex-wrap items-center gap-2">
              <PostActions post={post} editHref={`${path}/edit/${post.id}`} action={action} />
            </div>
          </td>
        </tr>
      ))}
    </ListTable>
  )
}

/** One post as a card: picture, status, text and its actions. */
function BlogCard({ post, editHref, action }: { post: Post; editHref: string; action: string }) {
  const day = useReaderDay()
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-ink-200 bg-white shadow-sm">
      <article aria-labelledby={`post-${post.id}`} className="flex flex-1 flex-col">
        <div className="relative aspect-video bg-ink-100">
          {post.image ? <img src={post.image} alt="" loading="lazy" className="size-full object-cover" /> : null}
          <span className="absolute top-3 left-3">
            <Badge tone={post.status}>{capitalize(post.status)}</Badge>
          </span>
        </div>
        <div className="flex flex-1 flex-col p-5">
          <h2 id={`post-${post.id}`} className="text-lg font-semibold break-words text-ink-900">
            {post.title}
          </h2>
          <p className="mt-1 text-sm text-ink-600">
            By {post.author} · {day(post.date)}
          </p>
          <WhenScheduled post={post} />
          <p className="mt-2 line-clamp-3 text-sm text-ink-800">{post.excerpt}</p>
          <p className="mt-3 flex flex-wrap items-center gap-3 text-sm text-ink-700">
            <span className="rounded bg-ink-100 px-2 py-0.5">{post.category}</span>
            <span className="flex items-center gap-1">
              <Icon node={Eye} aria-hidden="true" className="size-4" /> {post.views} views
            </span>
          </p>
          <div className="mt-auto flex flex-wrap items-center gap-2 pt-4">
            <PostActions post={post} editHref={editHref} action={action} />
          </div>
        </div>
      </article>
    </li>
  )
}
