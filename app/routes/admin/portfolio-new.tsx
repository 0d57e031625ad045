import type { Route } from './+types/portfolio-new'
import { adminMeta } from '~/components/admin/meta.ts'
import { EMPTY_ITEM, PortfolioEditor } from '~/components/admin/portfolio-editor.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { listPortfolio } from '~/services/portfolio.server.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const { categories } = await listPortfolio(context.app.db, admin).catch(() => ({ categories: [] as string[] }))
  return { adminPath: context.app.config.adminPath, categories }
}

export const meta: Route.MetaFunction = () => adminMeta('New Project')

export default function PortfolioNew({ loaderData }: Route.ComponentProps) {
  return <PortfolioEditor adminPath={loaderData.adminPath} initial={EMPTY_ITEM} categories={loaderData.categories} />
}
