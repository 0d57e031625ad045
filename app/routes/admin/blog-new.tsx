import type { Route } from './+types/blog-new'
import { BlogEditor, EMPTY_POST } from '~/components/admin/blog-editor.tsx'
import { adminMeta } from '~/components/admin/meta.ts'
import { requireAdminPage } from '~/http/admin-guard.server.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context, params.adminPath)
  return { adminPath: context.app.config.adminPath }
}

export const meta: Route.MetaFunction = () => adminMeta('New Blog Post')

export default function BlogNew({ loaderData }: Route.ComponentProps) {
  return <BlogEditor adminPath={loaderData.adminPath} initial={EMPTY_POST} />
}
