import { Link } from 'react-router'
import type { Route } from './+types/blog-edit'
import { BlogEditor } from '~/components/admin/blog-editor.tsx'
import { adminMeta } from '~/components/admin/meta.ts'
import { btn } from '~/components/admin/ui.tsx'
import { useLoadErrorToast } from '~/components/admin/use-load-error.ts'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readPost } from '~/services/blog.server.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const adminPath = context.app.config.adminPath
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0
  try {
    // The admin's read never counts a view.
    return { adminPath, post: id ? await readPost(context.app.db, admin, id) : null }
  } catch (err) {
    context.app.logger.warn({ err: (err as Error).message, id }, 'blog post load failed')
    return { adminPath, post: null }
  }
}

export const meta: Route.MetaFunction = () => adminMeta('Edit Blog Post')

export default function BlogEdit({ loaderData }: Route.ComponentProps) {
  const { adminPath, post } = loaderData
  useLoadErrorToast(!post, 'Failed to load blog post.')
  if (!post) {
    return (
      <div className="rounded-lg border border-slate-200 bg-white p-10 text-center">
        <h1 className="text-xl font-semibold text-slate-900">Post Not Found</h1>
        <p className="mt-2 text-slate-600">This blog post does not exist or was deleted.</p>
        <Link to={`/${adminPath}/blogs`} className={`${btn.primary} mt-4`}>
          Back to Blogs
        </Link>
      </div>
    )
  }
  const { title, subheading, excerpt, content, status, author, category, readTime, image } = post
  return (
    <BlogEditor
      key={post.id}
      adminPath={adminPath}
      initial={{ title, subheading, excerpt, content, status, author, category, readTime, image }}
      saved={{ id: post.id, status: post.status, date: post.date }}
    />
  )
}
