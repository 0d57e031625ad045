import { Link, redirect } from 'react-router'
import type { Route } from './+types/blog-edit'
import { BlogEditor } from '~/components/admin/blog-editor.tsx'
import { BLOG_SAVE_FAILED, readBlogForm } from '~/components/admin/blog-form.ts'
import { adminMeta } from '~/components/admin/meta.ts'
import { SAVED_PARAM } from '~/components/admin/notice.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { useLoadErrorToast } from '~/components/admin/use-load-error.ts'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { formFailure, readForm, validate } from '~/http/forms.server.ts'
import { serverActionOr } from '~/lib/client-action.ts'
import { BlogPostPatchSchema } from '~/lib/schemas.ts'
import { readPost, updatePost } from '~/services/blog.server.ts'
import { requireRowId, saveFailed } from './+shared/content-actions.server.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const adminPath = context.app.config.adminPath
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0
  try {
    // The admin's read never counts a view.
    return {
      adminPath,
      post: id ? await readPost(context.app.db, admin, id, context.app.views) : null,
    }
  } catch (err) {
    context.app.logger.warn({ err: (err as Error).message, id }, 'blog post load failed')
    return { adminPath, post: null }
  }
}

/**
 * Saves the post: the editor's form, checked with BlogPostPatchSchema (as PUT /api/blogs/{id}
 * checks JSON), then updatePost, then back to the list, which shows 'Blog Updated'
 * (?saved=updated). A refused form answers 400 (403 without the CSRF token) with the messages
 * and what was typed; a post deleted meanwhile answers 404 with the spec's failure notice.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const id = requireRowId(params.id)
  const read = await readForm(request)
  if (!read.ok) return formFailure(read.failure, read.form && readBlogForm(read.form))
  const values = readBlogForm(read.form)
  const checked = validate(BlogPostPatchSchema, values)
  if (!checked.ok) return formFailure(checked.failure, values)
  try {
    await updatePost(context.app.db, admin, id, checked.data)
  } catch (err) {
    return saveFailed(context, err, BLOG_SAVE_FAILED, values)
  }
  return redirect(`/${context.app.config.adminPath}/blogs?${SAVED_PARAM}=updated`, 303)
}

/** A save whose answer is not the action's own (connection lost, a proxy's error page) shows the spec's failure notice and keeps what was typed. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return serverActionOr(serverAction, {
    ok: false as const,
    formError: BLOG_SAVE_FAILED,
    fields: {},
  })
}

export const meta: Route.MetaFunction = () => adminMeta('Edit Blog Post')

export default function BlogEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { adminPath, post } = loaderData
  useLoadErrorToast(!post, 'Failed to load blog post.')
  if (!post) {
    return (
      <div className="rounded-lg border border-ink-200 bg-white p-10 text-center">
        <h1 className="text-xl font-semibold text-ink-900">Post Not Found</h1>
        <p className="mt-2 text-ink-600">This blog post does not exist or was deleted.</p>
        <Link to={`/${adminPath}/blogs`} className={buttonClass({ className: 'mt-4' })}>
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
      initial={{
        title,
        subheading,
        excerpt,
        content,
        status,
        author,
        category,
        readTime,
        image,
      }}
      saved={{ id: post.id, status: post.status, date: post.date }}
      schema={BlogPostPatchSchema}
      result={actionData}
    />
  )
}
