import type { Route } from './+types/blog-new'
import { BlogEditor } from '~/components/admin/blog-editor.tsx'
import { useAgencyZone } from '~/components/admin/local-time.tsx'
import { BLOG_SAVE_FAILED, EMPTY_POST, readBlogForm, toBlogInput } from '~/components/admin/blog-form.ts'
import { adminMeta } from '~/components/admin/meta.ts'
import { SAVED_PARAM } from '~/components/admin/notice.tsx'
import { readerZone } from '~/services/clock.server.ts'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readForm } from '~/http/forms.server.ts'
import { serverActionOr } from '~/lib/client-action.ts'
import { BlogPostSchema } from '~/lib/schemas.ts'
import { createPost } from '~/services/blog.server.ts'
import { saveEditor } from './+shared/content-actions.server.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context, params.adminPath)
  return { adminPath: context.app.config.adminPath, siteUrl: context.app.config.siteUrl }
}

/**
 * Creates the post: the editor's form, checked with BlogPostSchema (as POST /api/blogs checks
 * JSON), then createPost, then back to the list, which shows 'Blog Created' (?saved=created).
 * A refused form answers 400 (403 without the CSRF token) with the messages and what was typed.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const read = await readForm(request)
  // A publish time posted without its zone is in the reader's (their own, else the agency's: docs/decisions/070).
  const zone = (await readerZone(context.app.db, admin)).id
  return saveEditor(context, read, {
    values: (form) => readBlogForm(form, zone),
    schema: BlogPostSchema,
    input: toBlogInput,
    save: (post) => createPost(context.app.db, admin, post),
    failed: BLOG_SAVE_FAILED,
    done: `/${context.app.config.adminPath}/blogs?${SAVED_PARAM}=created`,
    fieldsBeside: true,
  })
}

/** A save whose answer is not the action's own (connection lost, a proxy's error page) shows the spec's failure notice and keeps what was typed. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return serverActionOr(serverAction, { ok: false as const, formError: BLOG_SAVE_FAILED, fields: {} })
}

export const meta: Route.MetaFunction = () => adminMeta('New Blog Post')

export default function BlogNew({ loaderData, actionData }: Route.ComponentProps) {
  const zone = useAgencyZone().id
  return (
    <BlogEditor
      adminPath={loaderData.adminPath}
      siteUrl={loaderData.siteUrl}
      initial={{ ...EMPTY_POST, timeZone: zone }}
      schema={BlogPostSchema}
      result={actionData}
    />
  )
}
