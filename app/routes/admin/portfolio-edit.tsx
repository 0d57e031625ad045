import { Link } from 'react-router'
import type { Route } from './+types/portfolio-edit'
import { adminMeta } from '~/components/admin/meta.ts'
import { PortfolioEditor } from '~/components/admin/portfolio-editor.tsx'
import { btn } from '~/components/admin/ui.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { getPortfolioItem, listPortfolio } from '~/services/portfolio.server.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const adminPath = context.app.config.adminPath
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0
  const { categories } = await listPortfolio(context.app.db, admin).catch(() => ({ categories: [] as string[] }))
  try {
    return { adminPath, categories, item: id ? await getPortfolioItem(context.app.db, admin, id) : null }
  } catch (err) {
    // Spec: a failure loading an item for edit is only logged, with no notice.
    context.app.logger.warn({ err: (err as Error).message, id }, 'portfolio item load failed')
    return { adminPath, categories, item: null }
  }
}

export const meta: Route.MetaFunction = () => adminMeta('Edit Project')

export default function PortfolioEdit({ loaderData }: Route.ComponentProps) {
  const { adminPath, item, categories } = loaderData
  if (!item) {
    return (
      <div className="rounded-lg border border-slate-200 bg-white p-10 text-center">
        <h1 className="text-xl font-semibold text-slate-900">Project Not Found</h1>
        <p className="mt-2 text-slate-600">This portfolio item does not exist or was deleted.</p>
        <Link to={`/${adminPath}/portfolio`} className={`${btn.primary} mt-4`}>
          Back to Portfolio
        </Link>
      </div>
    )
  }
  const { title, description, category, image, liveUrl, technologies, isLive, status } = item
  return (
    <PortfolioEditor
      key={item.id}
      adminPath={adminPath}
      id={item.id}
      categories={categories}
      initial={{ title, description, category, image, liveUrl: liveUrl ?? '', technologies, isLive, status }}
    />
  )
}
